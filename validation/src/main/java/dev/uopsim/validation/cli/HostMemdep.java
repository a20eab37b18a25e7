package dev.uopsim.validation.cli;

import dev.uopsim.characterize.measure.BlockMeasurer;
import dev.uopsim.characterize.measure.Session;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.common.Json;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Instruction;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import dev.uopsim.validation.LlvmMca;
import dev.uopsim.validation.MemdepTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;

/**
 * {@code uopsim validate memdep --host}: the memory-dependency kernels measured on this machine,
 * in the rows of {@code validate memdep} with {@code measured} filled and uarch {@code host}. The
 * simulated column uses the host's model ({@code --model}, else the last one {@code characterize
 * --out} wrote).
 */
final class HostMemdep {
    private static final int STATEMENTS_PER_ITERATION = 4;
    private static final int LLVM_ITERATIONS = 1000;
    /** llvm-mca's -mcpu for the cores characterize can recognise. */
    private static final Map<String, String> LLVM_CPU = Map.ofEntries(Map.entry("sapphirerapids", "sapphirerapids"),
            Map.entry("alderlakep", "alderlake"), Map.entry("icelake", "icelake-server"), Map.entry("tigerlake", "tigerlake"),
            Map.entry("rocketlake", "rocketlake"), Map.entry("skylake", "skylake"), Map.entry("skylakex", "skylake-avx512"),
            Map.entry("haswell", "haswell"), Map.entry("broadwell", "broadwell"), Map.entry("zen", "znver1"),
            Map.entry("zen2", "znver2"), Map.entry("zen3", "znver3"), Map.entry("zen4", "znver3"));

    private HostMemdep() {}

    static int run(CommandLine line, Console console, MemdepCommand alsoPublished) throws Exception {
        Optional<String> unavailable = Session.unavailable();
        if (unavailable.isPresent()) {
            console.err().println("uopsim: cannot measure on this machine: " + unavailable.get());
            return ExitCode.CHECK_FAILED;
        }
        MemdepTable table = MemdepTable.published();
        KernelReader reader = new KernelReader(FormTable.shipped());
        Map<String, Kernel> kernels = new LinkedHashMap<>();
        for (String k : table.kernels()) kernels.put(k, reader.read("memdep-" + k, KernelReader.Options.DEFAULT));
        List<Map<String, Object>> rows = new ArrayList<>();
        // The host's model: --model, else the last one 'characterize --out' wrote on this machine.
        Optional<java.nio.file.Path> modelPath = line.hasOption("model") ? Optional.of(java.nio.file.Path.of(line.getOptionValue("model")))
                : dev.uopsim.characterize.measure.HostJournals.lastModel();
        Map<String, Double> simulated = new LinkedHashMap<>();
        String modelName = null;
        if (modelPath.isPresent()) {
            var bound = dev.uopsim.machine.ModelBinder.bind(dev.uopsim.model.ModelLoader.load(modelPath.get().toString()));
            modelName = bound.name() + " (" + modelPath.get() + ")";
            var core = dev.uopsim.sim.ModelCore.core(bound);
            var timings = dev.uopsim.sim.ModelCore.timings(bound);
            for (var e : kernels.entrySet()) {
                simulated.put(e.getKey(), dev.uopsim.sim.Simulator.run(core, timings, dev.uopsim.traces.Simulations.input(e.getValue()),
                        dev.uopsim.sim.Simulator.Options.DEFAULT).cyclesPerIteration() / STATEMENTS_PER_ITERATION);
            }
        }
        String mcaCpu = null;
        Map<String, Double> mca = Map.of();
        try (Session session = Session.open()) {
            List<BlockMeasurer.Result> measured = new BlockMeasurer(session).measure(new ArrayList<>(kernels.values()), n -> { });
            LlvmMca llvm = line.hasOption("no-llvm-mca") ? null : LlvmMca.find();
            mcaCpu = LLVM_CPU.get(session.host().cpu().uarchGuess());
            if (llvm != null && mcaCpu != null) {
                Map<String, List<Instruction>> blocks = new LinkedHashMap<>();
                kernels.forEach((k, kernel) -> blocks.put(k, kernel.instructions()));
                try {
                    mca = llvm.cyclesPerIteration(blocks, mcaCpu, LLVM_ITERATIONS);
                } catch (java.io.IOException e) {
                    console.warn(e.getMessage());
                }
            }
            int i = 0;
            for (String k : kernels.keySet()) {
                BlockMeasurer.Result r = measured.get(i++);
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("uarch", "host");
                m.put("cpu", session.host().cpu().brand() + " (" + session.host().cpu().uarchGuess() + ")");
                m.put("kernel", k);
                m.put("published", null);
                m.put("measured", r.ok() ? r.cyclesPerIteration() / STATEMENTS_PER_ITERATION : null);
                m.put("measured_stable", r.stable());
                Double sim = simulated.get(k);
                m.put("simulated", sim);
                Double meas = r.ok() ? r.cyclesPerIteration() / STATEMENTS_PER_ITERATION : null;
                m.put("error", sim == null || meas == null ? null : Math.round(10000 * (sim - meas) / meas) / 10000.0);
                m.put("within_10pct", sim == null || meas == null ? null : Math.abs(sim - meas) <= 0.1 * meas);
                Double perIteration = mca.get(k);
                m.put("llvm_mca", perIteration == null ? null : perIteration / STATEMENTS_PER_ITERATION);
                m.put("status", (r.ok() ? "" : "measurement failed: " + r.cause() + "; ")
                        + (sim == null ? "simulated missing: no model of this host (run 'uopsim characterize --out host.json' or give --model)" : "ok"));
                rows.add(m);
            }
            if (line.hasOption("json")) {
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("unit", "cycles per computation (one statement; four per loop iteration)");
                doc.put("cpu", session.host().cpu().toJson());
                doc.put("clock", session.clockJson());
                doc.put("llvm_mca", llvm == null || mcaCpu == null ? null : llvm.executable() + " -mcpu=" + mcaCpu);
                doc.put("model", modelName);
                doc.put("within_10pct", rows.stream().filter(x -> Boolean.TRUE.equals(x.get("within_10pct"))).count());
                doc.put("rows", rows);
                console.out().println(Json.write(doc));
            } else {
                var o = console.out();
                o.println("Memory-dependency kernels on this machine, cycles per computation (a loop iteration is four)");
                o.println("measured: uopsim measure (loop mode, clock " + session.clock().kind().id() + "); simulated: uopsim; llvm-mca: "
                        + (llvm == null || mcaCpu == null ? "not run" : llvm.executable() + " -mcpu=" + mcaCpu));
                o.println();
                StringBuilder head = new StringBuilder(String.format("%-34s", "host (" + session.host().cpu().uarchGuess() + ")"));
                for (String k : kernels.keySet()) head.append(String.format("%7s", k));
                o.println(head);
                o.println(line(rows, "  measured", "measured"));
                o.println(line(rows, "  simulated", "simulated") + (modelName == null ? "   missing: no model of this host (characterize --out, or --model)"
                        : "   " + rows.stream().filter(x -> Boolean.TRUE.equals(x.get("within_10pct"))).count() + " of " + rows.size()
                        + " within 10%; model " + modelName));
                if (!mca.isEmpty()) o.println(line(rows, "  llvm-mca -mcpu=" + mcaCpu, "llvm_mca"));
            }
        }
        if (alsoPublished != null && !line.hasOption("json")) {
            console.out().println();
            return alsoPublished.runPublished(line, console);
        }
        return rows.stream().allMatch(r -> Boolean.TRUE.equals(r.get("measured_stable"))) ? ExitCode.OK : ExitCode.CHECK_FAILED;
    }

    private static String line(List<Map<String, Object>> rows, String label, String key) {
        StringBuilder sb = new StringBuilder(String.format("%-34s", label));
        for (Map<String, Object> r : rows) {
            Object v = r.get(key);
            sb.append(v instanceof Double d ? String.format("%7.2f", d) : String.format("%7s", "-"));
        }
        return sb.toString();
    }
}
