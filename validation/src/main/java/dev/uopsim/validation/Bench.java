package dev.uopsim.validation;

import dev.uopsim.common.InputException;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.decode.Hex;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.sim.CoreSpec;
import dev.uopsim.sim.Engine;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.SimulationInput;
import dev.uopsim.sim.Simulator;
import dev.uopsim.sim.TimingTable;
import dev.uopsim.traces.KernelReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Simulation speed: the first blocks of a BHive-format file through uopsim (one thread) and through
 * llvm-mca (one process, one region per block), the same iterations per block, on this machine in
 * one run. Wall time includes decoding for both: for uopsim hex to objdump to forms to the engine,
 * for llvm-mca writing the assembly regions and running it.
 *
 * <p>uopsim runs on a JVM: its first pass over the blocks also pays for loading classes and for the
 * JIT compiling the decoder and the engine. That pass is timed and reported ({@code cold}), followed
 * by untimed ones up to {@code warmups}; the rate is taken from later passes over the same blocks,
 * as llvm-mca's is from compiled code. Binding the
 * machine model (reading its JSON, once per model, not per block) is reported apart. Both tools run
 * {@code repeats} times, in turn, and each keeps its fastest run: other work on the machine only
 * ever slows a run down.
 */
public final class Bench {
    private Bench() {}

    /** One tool's figures: blocks it reported, instructions simulated (per block × iterations), seconds. */
    public record Figures(int blocks, long instructions, double seconds, Map<String, Double> phases) {
        public double instructionsPerSecond() {
            return seconds > 0 ? instructions / seconds : 0;
        }
    }

    /**
     * The blocks both tools ran: uopsim decoded and simulated them; llvm-mca gets the same ones.
     * {@code uopsimCold} is uopsim's first pass (JIT warm-up included), {@code modelSeconds} binding the model.
     */
    public record Result(Figures uopsim, Figures uopsimCold, double modelSeconds, Figures llvmMca, String llvmMcaNote,
                         int blocksRead, int skipped) {
        public Double ratio() {
            return llvmMca == null || llvmMca.instructionsPerSecond() == 0 ? null
                    : uopsim.instructionsPerSecond() / llvmMca.instructionsPerSecond();
        }
    }

    /**
     * Runs both tools over the first {@code blocks} rows of {@code file}.
     *
     * @param model  binds the machine model (timed as part of uopsim's run; it happens once)
     * @param mca    llvm-mca, or null to leave it out
     */
    public static Result run(Path file, int blocks, int iterations, Supplier<BoundModel> model, LlvmMca mca, String mcaCpu,
                             int warmups, int repeats) throws IOException, InterruptedException {
        List<KernelReader.BhiveRow> rows = KernelReader.readBhive(file);
        rows = rows.subList(0, Math.min(blocks, rows.size()));

        // ---- uopsim: the model once, then hex -> objdump -> forms -> engine, twice ----
        long m0 = System.nanoTime();
        BoundModel bound = model.get();
        CoreSpec core = ModelCore.core(bound);
        TimingTable timings = ModelCore.timings(bound);
        double modelSeconds = seconds(System.nanoTime() - m0);
        Map<String, List<Instruction>> simulated = new LinkedHashMap<>();
        Figures cold = uopsim(file, rows, iterations, core, timings, simulated);
        // More untimed passes: the JIT compiles the hot paths in tiers, over a few passes.
        for (int w = 1; w < warmups; w++) uopsim(file, rows, iterations, core, timings, new LinkedHashMap<>());
        Figures ours = null;
        Figures theirs = null;
        String note = mca == null ? "llvm-mca is not installed" : null;
        for (int r = 0; r < Math.max(1, repeats); r++) {
            simulated.clear();
            Figures u = uopsim(file, rows, iterations, core, timings, simulated);
            if (ours == null || u.seconds() < ours.seconds()) ours = u;
            if (mca == null) continue;
            // ---- llvm-mca: the same blocks, written as regions, one process ----
            long l0 = System.nanoTime();
            Map<String, Double> cycles = mca.cyclesPerIteration(simulated, mcaCpu, iterations);
            long l1 = System.nanoTime();
            long mcaInstructions = 0;
            for (String name : cycles.keySet()) mcaInstructions += (long) simulated.get(name).size() * iterations;
            Figures m = new Figures(cycles.size(), mcaInstructions, seconds(l1 - l0), Map.of());
            if (theirs == null || m.seconds() < theirs.seconds()) theirs = m;
            if (cycles.size() < simulated.size()) note = (simulated.size() - cycles.size()) + " blocks not reported by llvm-mca";
        }
        return new Result(ours, cold, modelSeconds, theirs, note, rows.size(), rows.size() - simulated.size());
    }

    /** One uopsim pass: decode the rows in one objdump run, simulate each block; fills {@code simulated}. */
    private static Figures uopsim(Path file, List<KernelReader.BhiveRow> rows, int iterations, CoreSpec core, TimingTable timings,
                                  Map<String, List<Instruction>> simulated) {
        long t1 = System.nanoTime();
        List<byte[]> code = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        for (KernelReader.BhiveRow r : rows) {
            try {
                code.add(Hex.parse(r.hex(), file.toString(), r.line(), 0));
                lines.add(r.line());
            } catch (InputException e) {
                // a malformed row is skipped, as validate bhive does
            }
        }
        List<ObjdumpDecoder.Block> decoded = new ObjdumpDecoder(FormTable.shipped())
                .decode(code, file.toString(), lines.stream().mapToInt(Integer::intValue).toArray());
        long t2 = System.nanoTime();
        Simulator.Options options = new Simulator.Options(iterations, iterations, List.of());
        long instructions = 0;
        for (ObjdumpDecoder.Block b : decoded) {
            if (!b.ok() || b.instructions().isEmpty()) continue;
            SimulationInput input = new SimulationInput("line " + lines.get(b.index()), b.instructions(), false, true, Map.of());
            try {
                var r = Simulator.run(core, timings, input, options);
                instructions += (long) r.instructionsPerIteration() * r.iterations();
                simulated.put("line" + lines.get(b.index()), b.instructions());
            } catch (Engine.MissingTimingException e) {
                // the model lacks the form: not simulated, and not given to llvm-mca either
            }
        }
        long t3 = System.nanoTime();
        Map<String, Double> phases = new LinkedHashMap<>();
        phases.put("decode", seconds(t2 - t1));
        phases.put("simulate", seconds(t3 - t2));
        return new Figures(simulated.size(), instructions, seconds(t3 - t1), phases);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
