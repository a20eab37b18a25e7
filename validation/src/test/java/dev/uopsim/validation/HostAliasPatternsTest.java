package dev.uopsim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uopsim.characterize.measure.BlockMeasurer;
import dev.uopsim.characterize.measure.Session;
import dev.uopsim.isa.FormTable;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.ModelRegistry;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.SimulationResult;
import dev.uopsim.sim.Simulator;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import dev.uopsim.traces.Simulations;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Alias patterns that are not among the memdep kernels A-H, measured on this machine with the
 * measurement behind {@code uopsim measure} and simulated with the shipped model of this core: the
 * engine's store forwarding, failed forwarding, memory renaming and store commit must come out
 * right for patterns no parameter was fitted on. Two patterns calibrate one parameter each (their
 * files say which); they are checked too, so a change that breaks the calibration shows.
 *
 * <p>Only models whose memory unit was measured on a host of their family take part: on another
 * core the test is skipped, saying so, since its model's memory figures come from published
 * tables of other loops.
 */
class HostAliasPatternsTest {
    private static final List<String> PATTERNS = List.of("I", "J", "K", "L", "P", "Q", "R", "S", "T", "U");
    /** Shipped models whose memory unit comes from measurements on a host of that core. */
    private static final Set<String> HOST_MEASURED_MODELS = Set.of("sapphirerapids");
    /** Relative error allowed: the clock (TSC calibrated against a 1-cycle chain) alone varies by ~1%. */
    private static final double TOLERANCE = 0.10;

    @Test
    void simulationMatchesTheMeasurementOfNewAliasPatterns() throws IOException {
        assumeTrue(Session.unavailable().isEmpty(), () -> "skipped: " + Session.unavailable().orElse(""));
        KernelReader reader = new KernelReader(FormTable.shipped());
        List<Kernel> kernels = new ArrayList<>();
        for (String p : PATTERNS) kernels.add(reader.parse("alias-" + p, resourceLines("alias-" + p + ".s"), KernelReader.Options.DEFAULT));
        try (Session session = Session.open()) {
            String guess = session.host().cpu().uarchGuess();
            String model = shippedModelFor(guess);
            assumeTrue(model != null && HOST_MEASURED_MODELS.contains(model), () -> "skipped: this core (" + guess
                    + ") has no shipped model with a memory unit measured on such a host; models measured so: " + HOST_MEASURED_MODELS);
            var bound = ModelBinder.bind(ModelLoader.load(model));
            var core = ModelCore.core(bound);
            var timings = ModelCore.timings(bound);
            List<BlockMeasurer.Result> measured = new BlockMeasurer(session).measure(kernels, n -> { });
            List<String> misses = new ArrayList<>();
            StringBuilder table = new StringBuilder("pattern  measured  simulated (" + model + ")\n");
            for (int i = 0; i < kernels.size(); i++) {
                BlockMeasurer.Result m = measured.get(i);
                assertTrue(m.ok(), kernels.get(i).name() + ": " + m.cause());
                SimulationResult s = Simulator.run(core, timings, Simulations.input(kernels.get(i)), Simulator.Options.DEFAULT);
                double error = s.cyclesPerIteration() / m.cyclesPerIteration() - 1;
                table.append(String.format(Locale.ROOT, "%-8s %8.2f  %8.2f  %+5.1f%%%n", PATTERNS.get(i),
                        m.cyclesPerIteration(), s.cyclesPerIteration(), 100 * error));
                if (Math.abs(error) > TOLERANCE) misses.add(PATTERNS.get(i));
            }
            System.out.print(table);
            assertEquals(List.of(), misses, "patterns off by more than " + (int) (100 * TOLERANCE) + "%:\n" + table);
        }
    }

    /** The shipped model named like characterize's guess ({@code alderlakep} is {@code alderlake-p}). */
    private static String shippedModelFor(String guess) {
        for (String name : ModelRegistry.shippedNames()) {
            if (name.replace("-", "").equalsIgnoreCase(guess)) return name;
        }
        return null;
    }

    private static List<String> resourceLines(String file) throws IOException {
        try (InputStream in = HostAliasPatternsTest.class.getResourceAsStream("alias-patterns/" + file)) {
            if (in == null) throw new IOException("missing test resource alias-patterns/" + file);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
