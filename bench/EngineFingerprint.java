import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.decode.Hex;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.ModelRegistry;
import dev.uopsim.sim.CoreSpec;
import dev.uopsim.sim.Engine;
import dev.uopsim.sim.EngineListener;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.SimulationInput;
import dev.uopsim.sim.SimulationResult;
import dev.uopsim.sim.Simulator;
import dev.uopsim.sim.Stall;
import dev.uopsim.sim.TimingTable;
import dev.uopsim.traces.KernelReader;
import dev.uopsim.traces.ShippedKernels;
import dev.uopsim.traces.Simulations;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints what the engine computes for the shipped kernels on every model and for a sample of BHive
 * blocks: cycles per iteration, iterations, cycles, and a digest of every listener event. Two
 * builds that print the same lines simulate the same way (see bench/engine-fingerprint.sh).
 */
public class EngineFingerprint {
    /** Counts and hashes every event with its arguments. */
    static final class Digest implements EngineListener {
        long events, hash = 17;

        private void mix(long... v) {
            events++;
            for (long x : v) hash = hash * 1_000_003L + x;
        }

        @Override public void delivered(long id, int index, int iteration, long cycle) { mix(1, id, index, iteration, cycle); }
        @Override public void renamed(long id, int index, int iteration, long cycle) { mix(2, id, index, iteration, cycle); }
        @Override public void dispatched(long id, int index, int uop, int port, long cycle) { mix(3, id, index, uop, port, cycle); }
        @Override public void completed(long id, int index, long cycle) { mix(4, id, index, cycle); }
        @Override public void retired(long id, int index, int iteration, long cycle) { mix(5, id, index, iteration, cycle); }
        @Override public void stalled(long cycle, Stall cause, long id, int index, int detail) { mix(6, cycle, cause.ordinal(), id, index, detail); }
        @Override public void waitedFor(long c, int ci, long p, int pi, long r) { mix(7, c, ci, p, pi, r); }
    }

    public static void main(String[] args) throws Exception {
        Path bhive = Path.of(args[0]);
        int blocks = Integer.parseInt(args[1]);
        FormTable forms = FormTable.shipped();
        KernelReader reader = new KernelReader(forms);
        List<String> models = args.length > 2 ? List.of(args[2].split(",")) : ModelRegistry.shippedNames();
        for (String uarch : models) {
            BoundModel bound = ModelBinder.bind(ModelLoader.load(uarch, List.of()));
            CoreSpec core = ModelCore.core(bound);
            TimingTable timings = ModelCore.timings(bound);
            for (String k : ShippedKernels.names()) {
                SimulationInput in = Simulations.input(reader.read(k, KernelReader.Options.DEFAULT));
                print(uarch, k, core, timings, in, Simulator.Options.DEFAULT);
                print(uarch, k + "/fixed100", core, timings, in, new Simulator.Options(100, 100, List.of()));
            }
        }
        List<KernelReader.BhiveRow> rows = KernelReader.readBhive(bhive);
        rows = rows.subList(0, Math.min(blocks, rows.size()));
        List<byte[]> code = new ArrayList<>();
        for (var r : rows) code.add(Hex.parse(r.hex(), bhive.toString(), r.line(), 0));
        var decoded = new ObjdumpDecoder(forms).decode(code, bhive.toString());
        for (String uarch : List.of("skylake", "icelake", "zen2", "zen3")) {
            BoundModel bound = ModelBinder.bind(ModelLoader.load(uarch, List.of()));
            CoreSpec core = ModelCore.core(bound);
            TimingTable timings = ModelCore.timings(bound);
            for (int b = 0; b < decoded.size(); b++) {
                var block = decoded.get(b);
                if (!block.ok()) continue;
                SimulationInput in = new SimulationInput("line " + rows.get(b).line(), block.instructions(), false, true, Map.of());
                String name = "bhive-" + rows.get(b).line();
                // Every block in steady-state mode on skylake; a third on the others; fixed-100 runs on all.
                if (uarch.equals("skylake") || b % 3 == 0) print(uarch, name, core, timings, in, Simulator.Options.DEFAULT);
                print(uarch, name + "/fixed100", core, timings, in, new Simulator.Options(100, 100, List.of()));
            }
        }
    }

    static void print(String uarch, String name, CoreSpec core, TimingTable timings, SimulationInput in, Simulator.Options o) {
        Digest d = new Digest();
        String line;
        try {
            SimulationResult r = Simulator.run(core, timings, in, o.withListeners(List.of(d)));
            SimulationResult plain = Simulator.run(core, timings, in, o);
            line = String.format(Locale.ROOT, "%.9f %s %d %d events %d %x%s", r.cyclesPerIteration(), r.settled(), r.iterations(),
                    r.cycles(), d.events, d.hash, plain.equals(r) ? "" : " LISTENER-CHANGES-RESULT");
        } catch (Engine.MissingTimingException e) {
            line = "missing " + e.instruction().form().name();
        } catch (RuntimeException e) {
            line = "error " + e;
        }
        System.out.println(uarch + " " + name + " " + line);
    }
}
