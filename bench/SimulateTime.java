import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.decode.Hex;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.sim.CoreSpec;
import dev.uopsim.sim.Engine;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.SimulationInput;
import dev.uopsim.sim.Simulator;
import dev.uopsim.sim.TimingTable;
import dev.uopsim.traces.KernelReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Times the simulate phase of {@code uopsim bench} (the blocks decoded once, then Simulator.run per
 * block with 100 fixed iterations on skylake, as Bench does) pass after pass, in this thread's CPU
 * time as well as wall time: on a shared machine other work inflates wall time far more than the
 * thread's own CPU time, so two builds compare better by the latter (see bench/simulate-time.sh).
 */
public class SimulateTime {
    public static void main(String[] args) throws Exception {
        Path bhive = Path.of(args[0]);
        int blocks = Integer.parseInt(args[1]);
        int passes = Integer.parseInt(args[2]);
        List<KernelReader.BhiveRow> rows = KernelReader.readBhive(bhive);
        rows = rows.subList(0, Math.min(blocks, rows.size()));
        List<byte[]> code = new ArrayList<>();
        for (var r : rows) code.add(Hex.parse(r.hex(), bhive.toString(), r.line(), 0));
        List<SimulationInput> inputs = new ArrayList<>();
        for (var b : new ObjdumpDecoder(FormTable.shipped()).decode(code, bhive.toString())) {
            if (b.ok() && !b.instructions().isEmpty()) inputs.add(new SimulationInput("block", b.instructions(), false, true, Map.of()));
        }
        BoundModel bound = ModelBinder.bind(ModelLoader.load("skylake", List.of()));
        CoreSpec core = ModelCore.core(bound);
        TimingTable timings = ModelCore.timings(bound);
        Simulator.Options options = new Simulator.Options(100, 100, List.of());
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double best = Double.MAX_VALUE, sum = 0;
        int counted = 0;
        for (int p = 0; p < passes; p++) {
            long c0 = threads.getCurrentThreadCpuTime(), t0 = System.nanoTime();
            long instructions = 0, cycles = 0;
            for (SimulationInput in : inputs) {
                try {
                    var r = Simulator.run(core, timings, in, options);
                    instructions += (long) r.instructionsPerIteration() * r.iterations();
                    cycles += r.cycles();
                } catch (Engine.MissingTimingException e) {
                    // not simulated, as in Bench
                }
            }
            double cpu = (threads.getCurrentThreadCpuTime() - c0) / 1e6, wall = (System.nanoTime() - t0) / 1e6;
            System.out.printf(Locale.ROOT, "pass %d: cpu %.1f ms, wall %.1f ms (%d instructions, %d cycles)%n", p, cpu, wall, instructions, cycles);
            // The first passes pay for the JIT compiling the engine: the later half is the steady state.
            if (p >= passes / 2) {
                best = Math.min(best, cpu);
                sum += cpu;
                counted++;
            }
        }
        System.out.printf(Locale.ROOT, "simulate cpu over passes %d..%d: min %.1f ms, mean %.1f ms%n", passes / 2, passes - 1, best, sum / counted);
    }
}
