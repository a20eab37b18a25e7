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

    /**
     * CPUID model numbers of the hosts the shipped model's loop front end was measured on: the
     * development host of 2026-11-22/23 reported 167 (masked by its hypervisor). A host reporting 0xcf
     * (Emerald Rapids) runs loops of 9-11 slots at 2.00 cycles where that one ran 1.50-1.83
     * (characterize/REPORT.md, 2026-11-26): the model does not describe its loop delivery.
     */
    static final Set<Integer> LOOP_FRONT_END_HOSTS = Set.of(0xa7);

    /**
     * Further measurements of a kernel found off by more than the tolerance. Six, after pauses of 1 to
     * 32 s (a minute in all): in a CI run of 2026-11-27 three loads in three banks of a line kept 1.25 cycles, the
     * figure its four retries over 15 s confirmed, and 1.01 three minutes later.
     */
    private static final int REMEASUREMENTS = 6;
    /** Two measurements within this fraction of each other confirm one another. */
    private static final double CONFIRMED = 0.05;

    private HostChecks() {}

    /** The kernels off by more than the tolerance, a table of every kernel's figures, and the figures (measured, simulated) by kernel. */
    record Comparison(String model, List<String> misses, String table, java.util.Map<String, double[]> figures) {}

    static Comparison measureAndSimulate(List<Kernel> kernels, double tolerance) throws IOException {
        return measureAndSimulate(kernels, tolerance, null);
    }

    /**
     * The same, on a host whose CPUID model number is among {@code hosts} (null: any host of a measured
     * model's family); elsewhere the test is skipped, saying why.
     */
    static Comparison measureAndSimulate(List<Kernel> kernels, double tolerance, Set<Integer> hosts) throws IOException {
        assumeTrue(Session.unavailable().isEmpty(), () -> "skipped: " + Session.unavailable().orElse(""));
        double[] measured = new double[kernels.size()], simulated = new double[kernels.size()];
        String model;
        try (Session session = Session.open()) {
            int cpuModel = session.host().cpu().model();
            assumeTrue(hosts == null || hosts.contains(cpuModel), () -> String.format(
                    "skipped: the model's figures for this mechanism were measured on hosts reporting CPUID model %s; this one reports 0x%x",
                    hosts.stream().map(h -> String.format("0x%x", h)).toList(), cpuModel));
            String guess = session.host().cpu().uarchGuess();
            model = ModelRegistry.shippedFor(guess).orElse(null);
            assumeTrue(model != null && HOST_MEASURED_MODELS.contains(model), () -> "skipped: this core (" + guess
                    + ") has no shipped model measured on such a host; models measured so: " + HOST_MEASURED_MODELS);
            List<BlockMeasurer.Result> results = new BlockMeasurer(session).measure(kernels, n -> { });
            for (int i = 0; i < kernels.size(); i++) {
                assertTrue(results.get(i).ok(), kernels.get(i).name() + ": " + results.get(i).cause());
                measured[i] = results.get(i).cyclesPerIteration();
            }
        }
        var bound = ModelBinder.bind(ModelLoader.load(model));
        var core = ModelCore.core(bound);
        var timings = ModelCore.timings(bound);
        for (int i = 0; i < kernels.size(); i++) {
            // Unrolled kernels are measured as a loop over a few hundred copies, which the µop cache holds.
            SimulationResult s = Simulator.run(core, timings, Simulations.input(kernels.get(i)).withUnrolledFromUopCache(true), Simulator.Options.DEFAULT);
            simulated[i] = s.cyclesPerIteration();
        }
        // A kernel off by more than the tolerance is measured again, each time in a fresh worker, and the
        // lowest figure another measurement confirms (within 5%) counts, else the median. Other work on the
        // machine slows a measurement down (seen here once: a loop of 16 adds at 5.00 cycles, 2.99 in the
        // next three runs); a figure can stay slow for a whole worker process (a 15-byte NOP block: 0.17
        // cycles in six processes of eight, 0.25 and 0.285 in the others); and a disturbed calibration
        // can make a single run read fast (a read-modify-write chain at 6.92 among runs of 7.36-7.38).
        List<Integer> off = new ArrayList<>();
        for (int i = 0; i < kernels.size(); i++) if (Math.abs(simulated[i] / measured[i] - 1) > tolerance) off.add(i);
        if (!off.isEmpty()) {
            double[][] runs = new double[off.size()][REMEASUREMENTS + 1];
            for (int j = 0; j < off.size(); j++) runs[j][0] = measured[off.get(j)];
            for (int retry = 1; retry <= REMEASUREMENTS; retry++) {
                // A pause before each (1, 2, 4 ... 32 s): another tenant's work comes in bursts, and retries
                // back to back can all fall in one (a CI run of 2026-11-26: the 15-byte NOPs at 0.23 in all five).
                try {
                    Thread.sleep(1000L << (retry - 1));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted between measurements", e);
                }
                try (Session fresh = Session.open()) {
                    List<BlockMeasurer.Result> again = new BlockMeasurer(fresh).measure(off.stream().map(kernels::get).toList(), n -> { });
                    for (int j = 0; j < off.size(); j++) runs[j][retry] = again.get(j).ok() ? again.get(j).cyclesPerIteration() : Double.NaN;
                }
            }
            for (int j = 0; j < off.size(); j++) measured[off.get(j)] = lowestConfirmed(runs[j]);
        }
        List<String> misses = new ArrayList<>();
        java.util.Map<String, double[]> figures = new java.util.LinkedHashMap<>();
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "%-10s %9s %9s  (%s)%n", "kernel", "measured", "simulated", model));
        for (int i = 0; i < kernels.size(); i++) {
            String name = kernels.get(i).name();
            double error = simulated[i] / measured[i] - 1;
            table.append(String.format(Locale.ROOT, "%-10s %9.2f %9.2f  %+5.1f%%%n", name, measured[i], simulated[i], 100 * error));
            if (Math.abs(error) > tolerance) misses.add(name);
            figures.put(name, new double[]{measured[i], simulated[i]});
        }
        System.out.print(table);
        return new Comparison(model, misses, table.toString(), figures);
    }

    /** The lowest value another one lies within {@link #CONFIRMED} of; the median when none is confirmed. */
    static double lowestConfirmed(double[] values) {
        double[] v = java.util.Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
        for (int i = 0; i + 1 < v.length; i++) if (v[i + 1] <= v[i] * (1 + CONFIRMED)) return v[i];
        if (v.length == 0) return Double.NaN;
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
