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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One build's simulate phase of {@code uopsim bench}, a pass at a time, as SimulateTime runs it (the
 * blocks decoded once, Simulator.run per block with 100 fixed iterations on skylake). SimulateAB
 * loads it once per build, each in its own class loader, and calls it through reflection.
 */
public class SimulatePass {
    private static final List<SimulationInput> INPUTS = new ArrayList<>();
    private static CoreSpec core;
    private static TimingTable timings;
    private static final Simulator.Options OPTIONS = new Simulator.Options(100, 100, List.of());

    public static void init(String csv, int blocks) throws Exception {
        Path bhive = Path.of(csv);
        List<KernelReader.BhiveRow> rows = KernelReader.readBhive(bhive);
        rows = rows.subList(0, Math.min(blocks, rows.size()));
        List<byte[]> code = new ArrayList<>();
        for (var r : rows) code.add(Hex.parse(r.hex(), bhive.toString(), r.line(), 0));
        for (var b : new ObjdumpDecoder(FormTable.shipped()).decode(code, bhive.toString())) {
            if (b.ok() && !b.instructions().isEmpty()) INPUTS.add(new SimulationInput("block", b.instructions(), false, true, Map.of()));
        }
        BoundModel bound = ModelBinder.bind(ModelLoader.load("skylake", List.of()));
        core = ModelCore.core(bound);
        timings = ModelCore.timings(bound);
    }

    /** Simulates every block once; returns the cycles simulated (the builds compared should agree). */
    public static long pass() {
        long cycles = 0;
        for (SimulationInput in : INPUTS) {
            try {
                cycles += Simulator.run(core, timings, in, OPTIONS).cycles();
            } catch (Engine.MissingTimingException e) {
                // not simulated, as in Bench
            }
        }
        return cycles;
    }
}
