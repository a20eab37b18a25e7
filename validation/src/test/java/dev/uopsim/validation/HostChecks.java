package dev.uopsim.validation;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uopsim.characterize.measure.BlockMeasurer;
import dev.uopsim.characterize.measure.Session;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.ModelRegistry;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.SimulationResult;
import dev.uopsim.sim.Simulator;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.Simulations;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Kernels measured on this machine (the measurement behind {@code uopsim measure}) beside their
 * simulation with the shipped model of this core. Only models whose figures for the mechanism
 * under test were measured on a host of their family take part; elsewhere the caller's test is
 * skipped, saying so, since those models' figures come from published tables of other code.
 */
final class HostChecks {
    /** Shipped models with a memory unit and front end measured on a host of that core. */
    static final Set<String> HOST_MEASURED_MODELS = Set.of("sapphirerapids");

    private HostChecks() {}

    /** The kernels off by more than the tolerance, a table of every kernel's figures, and the figures (measured, simulated) by kernel. */
    record Comparison(String model, List<String> misses, String table, java.util.Map<String, double[]> figures) {}

    static Comparison measureAndSimulate(List<Kernel> kernels, double tolerance) throws IOException {
        assumeTrue(Session.unavailable().isEmpty(), () -> "skipped: " + Session.unavailable().orElse(""));
        try (Session session = Session.open()) {
            String guess = session.host().cpu().uarchGuess();
            String model = ModelRegistry.shippedFor(guess).orElse(null);
            assumeTrue(model != null && HOST_MEASURED_MODELS.contains(model), () -> "skipped: this core (" + guess
                    + ") has no shipped model measured on such a host; models measured so: " + HOST_MEASURED_MODELS);
            var bound = ModelBinder.bind(ModelLoader.load(model));
            var core = ModelCore.core(bound);
            var timings = ModelCore.timings(bound);
            List<BlockMeasurer.Result> results = new BlockMeasurer(session).measure(kernels, n -> { });
            List<String> misses = new ArrayList<>();
            java.util.Map<String, double[]> figures = new java.util.LinkedHashMap<>();
            StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "%-10s %9s %9s  (%s)%n", "kernel", "measured", "simulated", model));
            for (int i = 0; i < kernels.size(); i++) {
                Kernel k = kernels.get(i);
                BlockMeasurer.Result m = results.get(i);
                assertTrue(m.ok(), k.name() + ": " + m.cause());
                // Unrolled kernels are measured as a loop over a few hundred copies, which the µop cache holds.
                SimulationResult s = Simulator.run(core, timings, Simulations.input(k).withUnrolledFromUopCache(true), Simulator.Options.DEFAULT);
                double error = s.cyclesPerIteration() / m.cyclesPerIteration() - 1;
                table.append(String.format(Locale.ROOT, "%-10s %9.2f %9.2f  %+5.1f%%%n", k.name(), m.cyclesPerIteration(),
                        s.cyclesPerIteration(), 100 * error));
                if (Math.abs(error) > tolerance) misses.add(k.name());
                figures.put(k.name(), new double[]{m.cyclesPerIteration(), s.cyclesPerIteration()});
            }
            System.out.print(table);
            return new Comparison(model, misses, table.toString(), figures);
        }
    }
}
