package dev.uopsim.validation.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.InputException;
import dev.uopsim.common.Json;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.cli.ModelOptions;
import dev.uopsim.sim.CoreSpec;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.Simulator;
import dev.uopsim.sim.TimingTable;
import dev.uopsim.traces.BlockBatch;
import dev.uopsim.validation.Metrics;
import dev.uopsim.validation.Plots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code uopsim validate bhive}: the engine against measured basic blocks (BHive format,
 * cycles per 100 iterations of the unrolled block), with the analytical bound beside it.
 */
public final class BhiveCommand implements Command {
    /** Below this share of simulated blocks the validation fails (exit code 1). */
    static final double REQUIRED_SIMULATED = 0.97;

    @Override
    public String name() { return "bhive"; }

    @Override
    public String summary() { return "simulate measured basic blocks (BHive format) and compare"; }

    @Override
    public String synopsis() {
        return "bhive CSV --uarch NAME [--unrolled-from decoders|uop-cache] [--may-alias FILE] [--limit N] [--plot FILE.svg] [--json] [what-if options]";
    }

    @Override
    public String description() {
        return """
                Simulates every block of a BHive-format file (HEX,CYCLES_PER_100_ITERATIONS per line)
                unrolled, with all registers holding one address (BHive's convention), and compares with
                the measured figures: MAPE, Kendall's tau, the error distribution, the same for the blocks
                listed in --may-alias apart, and the analytical bound (max of port, dependency and front-end
                bounds) as a second predictor. Exit code 1 when fewer than 97% of the blocks could be
                simulated. JSON keys: blocks, simulated, mape (a fraction), kendall_tau, errors,
                may_alias, analytical, skipped.

                Blocks measured on this machine with 'uopsim measure --blocks' ran from the µop cache (the
                harness loops over a few hundred copies): give --unrolled-from uop-cache for them.
                """;
    }

    @Override
    public Options options() {
        Options o = new Options();
        ModelOptions.add(o, true);
        dev.uopsim.traces.cli.KernelOptions.addUnrolledFrom(o);
        o.addOption(Option.builder().longOpt("may-alias").hasArg().argName("FILE")
                .desc("blocks (one hex per line) whose figures are reported apart, e.g. BHive's may-alias.csv").build());
        o.addOption(Option.builder().longOpt("limit").hasArg().argName("N").desc("only the first N blocks").build());
        o.addOption(Option.builder().longOpt("plot").hasArg().argName("FILE.svg").desc("write a predicted-vs-measured scatter plot").build());
        o.addOption(Option.builder().longOpt("worst").hasArg().argName("N").desc("list the N blocks with the largest errors (default 10)").build());
        o.addOption(Option.builder().longOpt("threads").hasArg().argName("N").desc("simulation threads (default: all cores)").build());
        o.addOption(Option.builder().longOpt("llvm-mca").hasArg().argName("CPU")
                .desc("also run llvm-mca -mcpu=CPU on the simulated blocks (unrolled as BHive measured them, 100 iterations) and compare both on the blocks both predict").build());
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        return o;
    }

    /** llvm-mca's MAPE and tau on the simulated blocks, beside the engine's on the same blocks. */
    private static Map<String, Object> llvmMca(List<BlockBatch.Outcome> simulated, String cpu, Console console) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cpu", cpu);
        dev.uopsim.validation.LlvmMca mca = dev.uopsim.validation.LlvmMca.find();
        if (mca == null) {
            m.put("problem", "llvm-mca not found");
            return m;
        }
        List<byte[]> code = new ArrayList<>();
        for (BlockBatch.Outcome o : simulated) code.add(dev.uopsim.isa.decode.Hex.parse(o.hex(), "block", o.line(), 0));
        var decoded = new dev.uopsim.isa.decode.ObjdumpDecoder(dev.uopsim.isa.FormTable.shipped()).decode(code, "blocks",
                simulated.stream().mapToInt(BlockBatch.Outcome::line).toArray());
        Map<String, List<dev.uopsim.isa.Instruction>> blocks = new LinkedHashMap<>();
        for (int i = 0; i < simulated.size(); i++) if (decoded.get(i).ok()) blocks.put("b" + i, decoded.get(i).instructions());
        Map<String, Double> cycles;
        try {
            cycles = mca.cyclesPerIteration(blocks, cpu, 100);
        } catch (Exception e) {
            m.put("problem", e.getMessage());
            return m;
        }
        List<BlockBatch.Outcome> both = new ArrayList<>();
        List<Double> mcaPredicted = new ArrayList<>();
        for (int i = 0; i < simulated.size(); i++) {
            Double c = cycles.get("b" + i);
            if (c == null || c <= 0) continue;
            both.add(simulated.get(i));
            mcaPredicted.add(c * 100);
        }
        Map<BlockBatch.Outcome, Double> byBlock = new java.util.IdentityHashMap<>();
        for (int i = 0; i < both.size(); i++) byBlock.put(both.get(i), mcaPredicted.get(i));
        m.put("blocks", both.size());
        m.put("llvm_mca", figures(both, byBlock::get));
        m.put("uopsim", figures(both, BlockBatch.Outcome::predicted));
        return m;
    }

    @Override
    public int run(CommandLine line, Console console) throws IOException {
        if (line.getArgList().size() != 1) throw new UsageException("give one BHive-format CSV file", "run 'uopsim validate bhive --help'");
        Path file = Path.of(line.getArgList().getFirst());
        String uarch = line.getOptionValue("uarch");
        if (uarch == null) throw new UsageException("--uarch is required", "e.g. --uarch skylake");
        boolean fromUopCache = dev.uopsim.traces.cli.KernelOptions.unrolledFromUopCache(line);
        BoundModel bound = ModelOptions.bind(line, uarch);
        CoreSpec core = ModelCore.core(bound);
        TimingTable timings = ModelCore.timings(bound);
        Set<String> mayAlias = readMayAlias(line);
        Path input = limit(file, line);
        int threads = intOption(line, "threads", Runtime.getRuntime().availableProcessors());
        long total = Files.lines(input).filter(l -> !l.isBlank()).count();
        List<BlockBatch.Outcome> outcomes;
        try (var progress = console.progress("simulating " + file.getFileName(), total)) {
            outcomes = BlockBatch.decodeAndSimulate(input, core, timings, Simulator.Options.DEFAULT, threads, progress::advance,
                    BlockBatch.Harness.bhive(fromUopCache));
        }
        List<BlockBatch.Outcome> measured = outcomes.stream().filter(o -> o.measured() != null && o.measured() > 0).toList();
        List<BlockBatch.Outcome> simulated = measured.stream().filter(BlockBatch.Outcome::simulated).toList();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("file", file.toString());
        doc.put("uarch", bound.name());
        doc.put("unrolled_from", fromUopCache ? "uop-cache" : "decoders");
        doc.put("blocks", outcomes.size());
        doc.put("simulated", simulated.size());
        doc.putAll(figures(simulated, BlockBatch.Outcome::predicted));
        doc.put("may_alias", mayAlias == null ? null : Map.of(
                "blocks", simulated.stream().filter(o -> mayAlias.contains(o.hex())).count(),
                "figures", figures(simulated.stream().filter(o -> mayAlias.contains(o.hex())).toList(), BlockBatch.Outcome::predicted),
                "others", figures(simulated.stream().filter(o -> !mayAlias.contains(o.hex())).toList(), BlockBatch.Outcome::predicted)));
        doc.put("analytical", figures(simulated, BlockBatch.Outcome::analytical));
        if (line.hasOption("llvm-mca")) doc.put("llvm_mca", llvmMca(simulated, line.getOptionValue("llvm-mca"), console));
        doc.put("settled", simulated.stream().filter(o -> o.result().settled()).count());
        Map<String, Integer> skipped = new TreeMap<>();
        for (BlockBatch.Outcome o : outcomes) if (!o.simulated()) skipped.merge(o.skipped().replaceAll("line \\d+", "line N"), 1, Integer::sum);
        doc.put("skipped", skipped);
        int worstCount = line.hasOption("worst") ? intOption(line, "worst", 10) : 10;
        List<Map<String, Object>> worst = new ArrayList<>();
        simulated.stream().sorted(java.util.Comparator.comparingDouble(
                        (BlockBatch.Outcome b) -> -Math.abs(b.predicted() - b.measured()) / b.measured()))
                .limit(worstCount).forEach(b -> {
                    Map<String, Object> w = new LinkedHashMap<>();
                    w.put("line", b.line());
                    w.put("hex", b.hex());
                    w.put("measured", b.measured());
                    w.put("simulated", b.predicted());
                    w.put("analytical", b.analytical());
                    w.put("limiter", b.bounds().limiter());
                    w.put("settled", b.result().settled());
                    worst.add(w);
                });
        doc.put("worst", worst);
        double share = outcomes.isEmpty() ? 0 : (double) simulated.size() / outcomes.size();
        double[] x = simulated.stream().mapToDouble(BlockBatch.Outcome::measured).toArray();
        double[] y = simulated.stream().mapToDouble(BlockBatch.Outcome::predicted).toArray();
        if (line.hasOption("plot")) {
            Path plot = Path.of(line.getOptionValue("plot"));
            Files.writeString(plot, Plots.svgScatter(x, y, "uopsim " + bound.name() + " vs " + file.getFileName(),
                    "measured cycles per 100 iterations", "simulated cycles per 100 iterations"));
            doc.put("plot", plot.toString());
        }
        if (line.hasOption("json")) {
            console.out().println(Json.write(doc));
        } else {
            print(doc, skipped, x, y, console);
        }
        if (share < REQUIRED_SIMULATED) {
            console.err().printf(Locale.ROOT, "only %.1f%% of the blocks could be simulated (at least %.0f%% required)%n",
                    100 * share, 100 * REQUIRED_SIMULATED);
            return ExitCode.CHECK_FAILED;
        }
        return ExitCode.OK;
    }

    /** MAPE, Kendall's tau and the error distribution of a predictor over some blocks. */
    private static Map<String, Object> figures(List<BlockBatch.Outcome> blocks, java.util.function.ToDoubleFunction<BlockBatch.Outcome> predictor) {
        double[] measured = blocks.stream().mapToDouble(BlockBatch.Outcome::measured).toArray();
        double[] predicted = blocks.stream().mapToDouble(predictor).toArray();
        double[] errors = Metrics.relativeErrors(predicted, measured);
        double[] absolute = java.util.Arrays.stream(errors).map(Math::abs).toArray();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mape", blocks.isEmpty() ? null : Metrics.mape(predicted, measured));
        m.put("kendall_tau", blocks.size() < 2 ? null : Metrics.kendallTau(predicted, measured));
        Map<String, Object> dist = new LinkedHashMap<>();
        dist.put("within_5pct", count(absolute, e -> e <= 0.05));
        dist.put("within_10pct", count(absolute, e -> e <= 0.10));
        dist.put("within_25pct", count(absolute, e -> e <= 0.25));
        dist.put("over_50pct", count(absolute, e -> e > 0.50));
        dist.put("median_error", blocks.isEmpty() ? null : Metrics.quantile(errors, 0.5));
        dist.put("p10_error", blocks.isEmpty() ? null : Metrics.quantile(errors, 0.1));
        dist.put("p90_error", blocks.isEmpty() ? null : Metrics.quantile(errors, 0.9));
        m.put("errors", dist);
        return m;
    }

    private static long count(double[] values, Predicate<Double> p) {
        long n = 0;
        for (double v : values) if (p.test(v)) n++;
        return n;
    }

    @SuppressWarnings("unchecked")
    private static void print(Map<String, Object> doc, Map<String, Integer> skipped, double[] x, double[] y, Console console) {
        var o = console.out();
        o.printf("%s on %s: %s of %s blocks simulated (%s settled)%n", doc.get("file"), doc.get("uarch"), doc.get("simulated"),
                doc.get("blocks"), doc.get("settled"));
        o.println(line("engine", doc));
        o.println(line("analytical bound", (Map<String, Object>) doc.get("analytical")));
        if (doc.get("llvm_mca") instanceof Map<?, ?> mm && mm.get("llvm_mca") != null) {
            o.println(line("  on the " + mm.get("blocks") + " blocks llvm-mca predicts: engine", (Map<String, Object>) mm.get("uopsim")));
            o.println(line("  llvm-mca -mcpu=" + mm.get("cpu"), (Map<String, Object>) mm.get("llvm_mca")));
        } else if (doc.get("llvm_mca") instanceof Map<?, ?> mm) {
            o.println("  llvm-mca: " + mm.get("problem"));
        }
        if (doc.get("may_alias") instanceof Map<?, ?> ma) {
            o.println(line("  may-alias blocks (" + ma.get("blocks") + ")", (Map<String, Object>) ma.get("figures")));
            o.println(line("  other blocks", (Map<String, Object>) ma.get("others")));
        }
        if (doc.get("worst") instanceof List<?> worst && !worst.isEmpty()) {
            o.println("largest errors (measured, simulated, analytical bound; cycles per 100 iterations):");
            for (Object w : worst) {
                Map<String, Object> m = (Map<String, Object>) w;
                o.printf(Locale.ROOT, "  line %-6s %9.1f %9.1f %9.1f  %-12s %s%s%n", m.get("line"), (double) m.get("measured"),
                        (double) m.get("simulated"), (double) m.get("analytical"), m.get("limiter"), m.get("hex"),
                        Boolean.TRUE.equals(m.get("settled")) ? "" : "  (never settled)");
            }
        }
        if (!skipped.isEmpty()) {
            o.println("skipped:");
            skipped.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(12)
                    .forEach(e -> o.printf("  %5d  %s%n", e.getValue(), e.getKey()));
        }
        if (x.length > 0) {
            o.println();
            o.print(Plots.terminalScatter(x, y, 64, 20, "measured cycles / 100 iterations", "simulated"));
        }
    }

    @SuppressWarnings("unchecked")
    private static String line(String label, Map<String, Object> f) {
        if (f.get("mape") == null) return String.format("%-26s no blocks", label);
        Map<String, Object> e = (Map<String, Object>) f.get("errors");
        return String.format(Locale.ROOT, "%-26s MAPE %5.1f%%   Kendall tau %.3f   within 5%%: %s, 10%%: %s, 25%%: %s; median error %+.1f%%",
                label, 100 * (double) f.get("mape"), (double) f.get("kendall_tau"), e.get("within_5pct"), e.get("within_10pct"),
                e.get("within_25pct"), 100 * (double) e.get("median_error"));
    }

    private static Set<String> readMayAlias(CommandLine line) throws IOException {
        if (!line.hasOption("may-alias")) return null;
        Path p = Path.of(line.getOptionValue("may-alias"));
        if (!Files.exists(p)) throw new InputException(p.toString(), "no such file", "give the may-alias list (one hex block per line)");
        Set<String> set = new HashSet<>();
        for (String l : Files.readAllLines(p)) if (!l.isBlank()) set.add(l.strip().split(",")[0].toLowerCase(Locale.ROOT));
        return set;
    }

    private static Path limit(Path file, CommandLine line) throws IOException {
        if (!Files.exists(file)) throw new InputException(file.toString(), "no such file", "check the path");
        if (!line.hasOption("limit")) return file;
        int n = intOption(line, "limit", 0);
        List<String> rows = new ArrayList<>();
        for (String l : Files.readAllLines(file)) {
            if (rows.size() >= n) break;
            if (!l.isBlank()) rows.add(l);
        }
        Path tmp = Files.createTempFile("uopsim-bhive", ".csv");
        tmp.toFile().deleteOnExit();
        Files.write(tmp, rows);
        return tmp;
    }

    private static int intOption(CommandLine line, String name, int fallback) {
        String v = line.getOptionValue(name);
        if (v == null) return fallback;
        try {
            int n = Integer.parseInt(v);
            if (n < 1) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " takes a positive count, not '" + v + "'");
        }
    }
}
