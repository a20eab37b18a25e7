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
 * in the rows of {@code validate memdep} with {@code measured} filled and uarch {@code host}, beside
 * the simulation with a model of this host: {@code --host-model}, or the shipped model of the core
 * characterize detects. Without either the simulated column stays empty and says why.
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
        // A named model that does not exist is bad usage, found before anything is measured.
        if (line.hasOption("host-model")) dev.uopsim.model.ModelRegistry.resolve(line.getOptionValue("host-model"), "--host-model");
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
        String mcaCpu = null;
        String hostModel = null;
        Map<String, Double> mca = Map.of();
        try (Session session = Session.open()) {
            String guess = session.host().cpu().uarchGuess();
            String model = line.hasOption("host-model") ? line.getOptionValue("host-model")
                    : dev.uopsim.model.ModelRegistry.shippedFor(guess).orElse(null);
            MemdepCommand.Simulation sim = model == null ? null : new MemdepCommand.Simulation(model, line);
            hostModel = model;
            // Three runs a second apart, the median kept: a burst of another tenant's work can slow a whole run.
            List<BlockMeasurer.Result> measured = new BlockMeasurer(session).measureRuns(new ArrayList<>(kernels.values()), 3, n -> { }, null);
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
                Double simulated = null;
                String simStatus;
                if (sim == null) {
                    simStatus = "simulated missing: no shipped model of this core (" + guess
                            + "); name one with --host-model, or write one with uopsim characterize --out";
                } else {
                    var result = sim.run(kernels.get(k));
                    simulated = result.cyclesPerIteration() / STATEMENTS_PER_ITERATION;
                    simStatus = result.settled() ? "ok" : "ok (simulation never settled: last window)";
                }
                m.put("simulated", simulated);
                m.put("error", simulated == null || !r.ok() ? null
                        : simulated / (r.cyclesPerIteration() / STATEMENTS_PER_ITERATION) - 1);
                Double perIteration = mca.get(k);
                m.put("llvm_mca", perIteration == null ? null : perIteration / STATEMENTS_PER_ITERATION);
                m.put("status", (r.ok() ? "" : "measurement failed: " + r.cause() + "; ") + simStatus);
                rows.add(m);
            }
            if (line.hasOption("json")) {
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("unit", "cycles per computation (one statement; four per loop iteration)");
                doc.put("cpu", session.host().cpu().toJson());
                doc.put("clock", session.clockJson());
                doc.put("host_model", hostModel);
                doc.put("llvm_mca", llvm == null || mcaCpu == null ? null : llvm.executable() + " -mcpu=" + mcaCpu);
                doc.put("summary", summary(rows));
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
                o.println(line(rows, "  simulated" + (hostModel == null ? "" : " (" + hostModel + ")"), "simulated")
                        + (hostModel == null ? "   missing: no shipped model of this core; see --host-model" : ""));
                if (!mca.isEmpty()) o.println(line(rows, "  llvm-mca -mcpu=" + mcaCpu, "llvm_mca"));
                Map<String, Object> summary = summary(rows);
                if ((int) summary.get("cells") > 0) {
                    o.printf("%nsimulated vs measured over %s kernels: mean absolute relative error %.1f%%, %s within 10%%%n",
                            summary.get("cells"), 100 * (double) summary.get("mape"), summary.get("within_10pct"));
                }
            }
        }
        if (alsoPublished != null && !line.hasOption("json")) {
            console.out().println();
            return alsoPublished.runPublished(line, console);
        }
        return rows.stream().allMatch(r -> Boolean.TRUE.equals(r.get("measured_stable"))) ? ExitCode.OK : ExitCode.CHECK_FAILED;
    }

    /** Simulated against measured, over the kernels that have both. */
    private static Map<String, Object> summary(List<Map<String, Object>> rows) {
        int cells = 0, within = 0;
        double sum = 0;
        for (Map<String, Object> r : rows) {
            if (!(r.get("error") instanceof Double e)) continue;
            cells++;
            sum += Math.abs(e);
            if (Math.abs(e) <= 0.10) within++;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cells", cells);
        m.put("mape", cells == 0 ? null : sum / cells);
        m.put("within_10pct", within);
        return m;
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
