package dev.uopsim.validation;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.runner.ControlPage;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.asm.Syntax;
import dev.uopsim.sim.Bounds;
import dev.uopsim.sim.CoreSpec;
import dev.uopsim.sim.SimulationInput;
import dev.uopsim.sim.Simulator;
import dev.uopsim.sim.TimingTable;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import java.util.ArrayList;
import java.util.List;

/**
 * A characterize microbenchmark run by the simulator as the worker runs it: a loop of its copies,
 * every register in its own region (the benchmarks address memory from one base register with
 * displacements that keep instances apart).
 */
public final class BenchmarkSimulation {
    private static final KernelReader.Options OPTIONS = new KernelReader.Options(false, Syntax.INTEL, Kernel.Mode.LOOP,
            Kernel.InitPolicy.DISTINCT);

    private BenchmarkSimulation() {}

    /** Simulated cycles per copy divided by the benchmark's per-copy count, and the analytical limiter. */
    public record Outcome(double cycles, String limiter, String problem) {}

    public static Outcome simulate(Benchmark b, CoreSpec core, TimingTable timings) {
        try {
            SimulationInput n = input(b, b.copies());
            SimulationInput n2 = input(b, 2 * b.copies());
            double c1 = run(core, timings, n), c2 = run(core, timings, n2);
            if (!(c1 > 0 && c2 > 0 && c1 < STALLED && c2 < STALLED)) return new Outcome(Double.NaN, null, "the engine made no progress (a µop never issued)");
            String limiter;
            try {
                limiter = Bounds.of(core, timings, n2).limiter();
            } catch (RuntimeException e) {
                limiter = "?";
            }
            return new Outcome((c2 - c1) / b.copies() / b.perCopy(), limiter, null);
        } catch (RuntimeException e) {
            return new Outcome(Double.NaN, null, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** Cycles per iteration beyond this mean the engine ran into its cycle limit. */
    private static final double STALLED = 1e6;

    /** A fixed number of iterations (about 3,000 instructions), averaged over the second half: enough for these loops. */
    private static double run(CoreSpec core, TimingTable timings, SimulationInput in) {
        int iterations = Math.max(12, Math.min(200, 3000 / Math.max(1, in.instructions().size())));
        return Simulator.run(core, timings, in, new Simulator.Options(iterations, iterations, List.of())).cyclesPerIteration();
    }

    /**
     * The loop the worker runs: per-iteration lines, {@code copies} copies, the counter in memory
     * ({@code dec} and {@code jnz}, as the harness writes it). N and 2N copies are simulated and
     * differenced as they are measured, so the loop's own cost cancels the same way.
     */
    static SimulationInput input(Benchmark b, int copies) {
        List<String> lines = new ArrayList<>();
        lines.add("uopsim_loop:");
        lines.addAll(b.perIteration());
        lines.addAll(b.body(copies));
        lines.add("dec " + ControlPage.qword(ControlPage.COUNTER));
        lines.add("jnz uopsim_loop");
        Kernel k = new KernelReader(FormTable.shipped()).parse(b.name(), lines, OPTIONS);
        return new SimulationInput(b.name(), k.instructions(), true, false, k.bindings());
    }
}
