package dev.uopsim.validation.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.Json;
import dev.uopsim.common.Suggestions;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Instruction;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import dev.uopsim.validation.LlvmMca;
import dev.uopsim.validation.MemdepTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code uopsim validate memdep}: the memory-dependency kernels A-H on every core of the published
 * table, beside the published figures and llvm-mca's prediction. The simulated column is filled
 * by the cycle-level engine; until a core has an engine model it is reported as missing, with the
 * reason, never dropped.
 */
public final class MemdepCommand implements Command {
    /** llvm-mca's -mcpu for the x86 cores of the published table. */
    private static final Map<String, String> LLVM_CPU = Map.of("k8", "k8", "zen", "znver1", "zen2", "znver2",
            "zen3", "znver3", "sandybridge", "sandybridge", "haswell", "haswell", "skylake", "skylake",
            "rocketlake", "rocketlake", "tigerlake", "tigerlake");
    private static final int LLVM_ITERATIONS = 1000;
    private static final int STATEMENTS_PER_ITERATION = 4;

    @Override
    public String name() { return "memdep"; }

    @Override
    public String summary() { return "memory-dependency kernels A-H on every model, beside the published figures"; }

    @Override
    public String synopsis() { return "memdep [--uarch NAME[,NAME...]] [--host [--host-model NAME|PATH]] [--no-llvm-mca] [--json]"; }

    @Override
    public String description() {
        return """
                Runs the memory-dependency kernels A-H (eight pointers a..h, *b = *a + 1 ... per statement,
                aliasing as in the published table; the loops ship as memdep-A ... memdep-H, see
                'uopsim decode memdep-D') on every core of the published table and prints, in cycles per
                computation (one statement; a loop iteration is four): the published figure, the
                simulated one, and llvm-mca's prediction where llvm-mca is installed and knows the core.
                JSON: a "rows" array with uarch, kernel, published, simulated, llvm_mca, status, and for a cell
                off by more than 10% known_miss: the mechanism the models lack (validation's
                memdep/known-misses.json), null when none is known; the summary counts misses and
                unexplained_misses.

                --host measures the kernels on this machine instead ('measured', in the same rows, uarch "host"),
                beside the simulation with a model of this host ('simulated', 'error' against the measurement):
                --host-model names it (a shipped name or a file, e.g. one 'uopsim characterize --out' wrote);
                by default the shipped model of the core uopsim detects, if there is one. llvm-mca runs for the
                nearest core it knows. With --uarch as well, both are shown.
                """;
    }

    @Override
    public Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("uarch").hasArgs().valueSeparator(',').argName("NAME")
                .desc("only these cores (default: every core of the published table)").build());
        o.addOption(Option.builder().longOpt("no-llvm-mca").desc("do not run llvm-mca").build());
        o.addOption(Option.builder().longOpt("host").desc("measure the kernels on this machine").build());
        o.addOption(Option.builder().longOpt("host-model").hasArg().argName("NAME|PATH")
                .desc("with --host: the model simulated beside the measurement (default: the shipped model of the detected core)").build());
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        dev.uopsim.machine.cli.ModelOptions.add(o, false);
        return o;
    }

    @Override
    public int run(CommandLine line, Console console) throws Exception {
        if (line.hasOption("host")) return HostMemdep.run(line, console, !line.hasOption("uarch") ? null : this);
        return runPublished(line, console);
    }

    int runPublished(CommandLine line, Console console) throws Exception {
        MemdepTable table = MemdepTable.published();
        List<MemdepTable.Row> rows = selectRows(table, line);
        KernelReader reader = new KernelReader(FormTable.shipped());
        Map<String, Kernel> kernels = new LinkedHashMap<>();
        for (String k : table.kernels()) kernels.put(k, reader.read("memdep-" + k, KernelReader.Options.DEFAULT));

        LlvmMca mca = line.hasOption("no-llvm-mca") ? null : LlvmMca.find();
        Map<String, Map<String, Double>> mcaByUarch = new LinkedHashMap<>();
        if (mca != null) {
            Map<String, List<Instruction>> blocks = new LinkedHashMap<>();
            kernels.forEach((k, kernel) -> blocks.put(k, kernel.instructions()));
            for (MemdepTable.Row r : rows) {
                String cpu = LLVM_CPU.get(r.uarch());
                if (cpu == null) continue;
                try {
                    mcaByUarch.put(r.uarch(), mca.cyclesPerIteration(blocks, cpu, LLVM_ITERATIONS));
                } catch (java.io.IOException e) {
                    // e.g. llvm-mca 14 has no scheduling model for k8: that column stays empty.
                    console.warn(e.getMessage().contains("scheduling information")
                            ? "llvm-mca has no scheduling model for -mcpu=" + cpu + "; its column stays empty"
                            : e.getMessage());
                }
            }
        }

        List<Map<String, Object>> out = new ArrayList<>();
        java.util.Set<String> shipped = new java.util.HashSet<>(dev.uopsim.model.ModelRegistry.shippedNames());
        try (var progress = console.progress("simulating", (long) rows.size() * table.kernels().size())) {
            for (MemdepTable.Row r : rows) {
                Simulation sim = shipped.contains(r.uarch()) ? new Simulation(r.uarch(), line) : null;
                for (String k : table.kernels()) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("uarch", r.uarch());
                    m.put("cpu", r.cpu());
                    m.put("kernel", k);
                    double published = r.cyclesPerComputation().get(k);
                    m.put("published", published);
                    Double simulated = null;
                    String status;
                    if (sim == null) {
                        status = "missing: no model of this core (not an x86-64 core)";
                    } else {
                        var result = sim.run(kernels.get(k));
                        simulated = result.cyclesPerIteration() / STATEMENTS_PER_ITERATION;
                        status = result.settled() ? "ok" : "ok (never settled: last window)";
                    }
                    m.put("simulated", simulated);
                    m.put("error", simulated == null ? null : (simulated - published) / published);
                    Double perIteration = mcaByUarch.getOrDefault(r.uarch(), Map.of()).get(k);
                    m.put("llvm_mca", perIteration == null ? null : perIteration / STATEMENTS_PER_ITERATION);
                    m.put("status", status);
                    out.add(m);
                    progress.advance(1);
                }
            }
        }
        Map<String, MemdepTable.KnownMiss> known = MemdepTable.knownMisses();
        markKnownMisses(out, known);
        Map<String, Object> summary = summary(out);
        if (line.hasOption("json")) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("unit", "cycles per computation (one statement; four per loop iteration)");
            doc.put("llvm_mca", mca == null ? null : mca.executable());
            doc.put("summary", summary);
            doc.put("rows", out);
            console.out().println(Json.write(doc));
        } else {
            print(table, rows, out, mca, console);
            console.out().println();
            console.out().printf("simulated vs published over %s cells: mean absolute relative error %.1f%%, %s within 10%%%n",
                    summary.get("cells"), 100 * (double) summary.get("mape"), summary.get("within_10pct"));
            if (summary.get("llvm_mca_mape") != null) {
                console.out().printf("llvm-mca vs published over %s cells: mean absolute relative error %.1f%%%n",
                        summary.get("llvm_mca_cells"), 100 * (double) summary.get("llvm_mca_mape"));
            }
            printMisses(out, known, console);
        }
        return ExitCode.OK;
    }

    /** A cell further off than this is a miss, which a known mechanism explains or which is reported unexplained. */
    static final double MISS = 0.10;

    /** Gives each cell off by more than {@link #MISS} its known_miss: the mechanism the models lack, or null. */
    private static void markKnownMisses(List<Map<String, Object>> rows, Map<String, MemdepTable.KnownMiss> known) {
        for (Map<String, Object> m : rows) {
            if (!(m.get("error") instanceof Double e) || Math.abs(e) <= MISS) continue;
            MemdepTable.KnownMiss miss = known.get(m.get("uarch") + "/" + m.get("kernel"));
            m.put("known_miss", miss == null ? null : miss.mechanism());
        }
    }

    /** The misses grouped by mechanism, each with its explanation; the unexplained last. */
    private static void printMisses(List<Map<String, Object>> rows, Map<String, MemdepTable.KnownMiss> known, Console console) {
        Map<String, List<String>> cells = new LinkedHashMap<>();
        for (Map<String, Object> m : rows) {
            if (!m.containsKey("known_miss")) continue;
            String mechanism = m.get("known_miss") == null ? "unexplained" : (String) m.get("known_miss");
            cells.computeIfAbsent(mechanism, x -> new ArrayList<>())
                    .add(String.format(java.util.Locale.ROOT, "%s %s %+.0f%%", m.get("uarch"), m.get("kernel"), 100 * (double) m.get("error")));
        }
        if (cells.isEmpty()) return;
        Map<String, String> explanations = new LinkedHashMap<>();
        known.values().forEach(k -> explanations.put(k.mechanism(), k.explanation()));
        var o = console.out();
        o.println();
        o.printf("cells off by more than %.0f%%, by the mechanism the models lack:%n", 100 * MISS);
        cells.forEach((mechanism, list) -> {
            o.printf("  %s: %s%n", mechanism, String.join(", ", list));
            String why = explanations.getOrDefault(mechanism, "no known mechanism: a regression, or a miss to explain in validation's memdep/known-misses.json");
            for (String l : wrap(why, 96)) o.println("      " + l);
        });
    }

    private static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) line.append(' ');
            line.append(word);
        }
        if (line.length() > 0) lines.add(line.toString());
        return lines;
    }

    /** Mean absolute relative error and the count within 10%, over the cells that have both figures. */
    private static Map<String, Object> summary(List<Map<String, Object>> rows) {
        int cells = 0, within = 0, mcaCells = 0;
        double sum = 0, mcaSum = 0;
        for (Map<String, Object> m : rows) {
            double published = (double) m.get("published");
            if (m.get("simulated") instanceof Double s) {
                double e = Math.abs(s - published) / published;
                sum += e;
                cells++;
                if (e <= 0.10) within++;
            }
            if (m.get("llvm_mca") instanceof Double l) {
                mcaSum += Math.abs(l - published) / published;
                mcaCells++;
            }
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("cells", cells);
        s.put("mape", cells == 0 ? 0.0 : sum / cells);
        s.put("within_10pct", within);
        s.put("misses", rows.stream().filter(m -> m.containsKey("known_miss")).count());
        s.put("unexplained_misses", rows.stream().filter(m -> m.containsKey("known_miss") && m.get("known_miss") == null).count());
        s.put("llvm_mca_cells", mcaCells);
        s.put("llvm_mca_mape", mcaCells == 0 ? null : mcaSum / mcaCells);
        return s;
    }

    /** One model, bound once, simulating kernels. */
    /** One model bound once (with the command line's what-if options), simulating kernels. */
    static final class Simulation {
        private final dev.uopsim.sim.CoreSpec core;
        private final dev.uopsim.sim.TimingTable timings;

        Simulation(String uarch, CommandLine line) {
            var bound = dev.uopsim.machine.cli.ModelOptions.bind(line, uarch);
            this.core = dev.uopsim.sim.ModelCore.core(bound);
            this.timings = dev.uopsim.sim.ModelCore.timings(bound);
        }

        dev.uopsim.sim.SimulationResult run(Kernel k) {
            return dev.uopsim.sim.Simulator.run(core, timings, dev.uopsim.traces.Simulations.input(k),
                    dev.uopsim.sim.Simulator.Options.DEFAULT);
        }
    }

    private static List<MemdepTable.Row> selectRows(MemdepTable table, CommandLine line) {
        if (!line.hasOption("uarch")) return table.rows();
        List<String> known = table.rows().stream().map(MemdepTable.Row::uarch).toList();
        List<MemdepTable.Row> rows = new ArrayList<>();
        for (String u : line.getOptionValues("uarch")) {
            MemdepTable.Row row = table.rows().stream().filter(r -> r.uarch().equals(u)).findFirst().orElse(null);
            if (row == null) {
                String hint = Suggestions.didYouMean(u, known);
                throw new UsageException("the published table has no core '" + u + "'",
                        hint != null ? hint : "known: " + String.join(", ", known));
            }
            rows.add(row);
        }
        return rows;
    }

    private static void print(MemdepTable table, List<MemdepTable.Row> rows, List<Map<String, Object>> out, LlvmMca mca,
                              Console console) {
        var o = console.out();
        o.println("Memory-dependency kernels, cycles per computation (a loop iteration is four computations)");
        o.println("published: cycles counter on the CPU named; simulated: uopsim; llvm-mca: "
                + (mca == null ? "not run" : mca.executable() + " -iterations=" + LLVM_ITERATIONS));
        o.println();
        String head = String.format("%-34s", "") + Arrays.stream(table.kernels().toArray(String[]::new))
                .map(k -> String.format("%7s", k)).reduce("", String::concat);
        for (MemdepTable.Row r : rows) {
            o.println(String.format("%-34s", r.uarch() + " (" + r.cpu() + ")") + head.substring(34));
            o.println(line("  published", table, out, r, "published"));
            String status = out.stream().filter(m -> m.get("uarch").equals(r.uarch())).findFirst()
                    .map(m -> (String) m.get("status")).orElse("");
            o.println(line("  simulated", table, out, r, "simulated") + (status.startsWith("ok") ? "" : "   " + status));
            if (mca != null && LLVM_CPU.containsKey(r.uarch())) {
                o.println(line("  llvm-mca -mcpu=" + LLVM_CPU.get(r.uarch()), table, out, r, "llvm_mca"));
            }
        }
    }

    private static String line(String label, MemdepTable table, List<Map<String, Object>> out, MemdepTable.Row r, String key) {
        StringBuilder sb = new StringBuilder(String.format("%-34s", label));
        for (String k : table.kernels()) {
            Object v = out.stream().filter(m -> m.get("uarch").equals(r.uarch()) && m.get("kernel").equals(k))
                    .findFirst().map(m -> m.get(key)).orElse(null);
            sb.append(v instanceof Double d ? String.format("%7.2f", d) : String.format("%7s", "-"));
        }
        return sb.toString();
    }
}
