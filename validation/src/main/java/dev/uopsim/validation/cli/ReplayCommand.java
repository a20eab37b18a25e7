package dev.uopsim.validation.cli;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.journal.Journal;
import dev.uopsim.characterize.measure.HeldApart;
import dev.uopsim.characterize.measure.HostJournals;
import dev.uopsim.characterize.measure.HostRun;
import dev.uopsim.characterize.measure.JournalMeasurer;
import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.Json;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.sim.CoreSpec;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.TimingTable;
import dev.uopsim.validation.BenchmarkSimulation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code uopsim validate replay}: the model a characterization journal yields, checked against the
 * journal's own measurements: the held-apart checks (mixes and chains inference never used) and
 * the benchmarks inference and part 1 measured.
 */
public final class ReplayCommand implements Command {
    static final double WITHIN = 0.05;

    @Override
    public String name() { return "replay"; }

    @Override
    public String summary() { return "simulate the microbenchmarks of a characterization journal with the model written from it"; }

    @Override
    public String synopsis() { return "replay [JOURNAL] [--json] [--worst N] [--every K] [--threads N] [--uarch NAME|PATH] [what-if options]"; }

    @Override
    public String description() {
        return """
                Replays the inference of 'uopsim characterize' from JOURNAL (default: the last journal this
                machine wrote) without hardware, writes the model it yields, and simulates with it (a) the
                held-apart checks (random mixes of 3-5 forms and dependency chains across 2-4 forms, measured
                after inference and never used by it) and (b) the benchmarks inference and part 1 measured
                (every K-th with --every K). A check is within 5% when |simulated - measured| <= 5% of measured.

                JSON: benchmarks and within_5pct count the held-apart checks (unsettled: how many of them
                have a measurement that never settled, mostly taken on a shared core; settled: the same
                counts without those); inference and part1 hold the same for those benchmarks; worst lists
                the largest errors with the simulated limiter.

                With --uarch the same measurements are simulated with another model (a shipped name or a
                model file) instead of the one the journal yields: e.g. --uarch zen4 tells apart what the
                inferred instruction table gets wrong from what the engine does.
                """;
    }

    @Override
    public Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        o.addOption(Option.builder().longOpt("worst").hasArg().argName("N").desc("worst cases listed (default 15)").build());
        o.addOption(Option.builder().longOpt("every").hasArg().argName("K").desc("simulate every K-th inference and part-1 benchmark (default 1)").build());
        o.addOption(Option.builder().longOpt("threads").hasArg().argName("N").desc("simulation threads (default: all cores)").build());
        o.addOption(Option.builder().longOpt("model-out").hasArg().argName("FILE").desc("keep the replayed model in FILE").build());
        dev.uopsim.machine.cli.ModelOptions.add(o, true);
        return o;
    }

    /**
     * One benchmark compared.
     *
     * @param settled whether its measurement's estimate settled (an unsettled one was mostly taken on a shared core)
     */
    record Row(String group, String name, String form, double measured, double simulated, String limiter, String problem, boolean settled) {
        double error() {
            return Double.isFinite(simulated) && measured > 0 ? (simulated - measured) / measured : Double.NaN;
        }
    }

    @Override
    public int run(CommandLine line, Console console) throws Exception {
        if (line.getArgList().size() > 1) throw new UsageException("give at most one journal", "e.g. uopsim validate replay run.jsonl");
        Path journalPath = line.getArgList().isEmpty() ? HostJournals.lastJournal().orElseThrow(() -> new UsageException(
                "no journal given and this machine has none", "run 'uopsim characterize --journal run.jsonl' first")) : Path.of(line.getArgList().getFirst());
        int worstN = intOption(line, "worst", 15);
        int every = intOption(line, "every", 1);
        int threads = intOption(line, "threads", Runtime.getRuntime().availableProcessors());
        long t0 = System.nanoTime();
        Journal journal = Journal.read(journalPath);
        console.err().printf(Locale.ROOT, "uopsim: journal read in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        HostRun.Outcome outcome = HostRun.replay(journal, msg -> { });
        console.err().printf(Locale.ROOT, "uopsim: inference replayed in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        Path modelFile = line.hasOption("model-out") ? Path.of(line.getOptionValue("model-out")) : Files.createTempFile("uopsim-replay", ".json");
        Files.writeString(modelFile, Json.write(outcome.model()) + "\n", StandardCharsets.UTF_8);
        // What-if changes apply to the model simulated, not to the file kept with --model-out.
        String simulatedModel = line.hasOption("uarch") ? line.getOptionValue("uarch") : modelFile.toString();
        BoundModel bound = ModelBinder.bind(ModelLoader.load(simulatedModel, dev.uopsim.machine.cli.ModelOptions.whatIfs(line)));
        if (!line.hasOption("model-out")) Files.deleteIfExists(modelFile);
        CoreSpec core = ModelCore.core(bound);
        TimingTable timings = ModelCore.timings(bound);

        List<InstructionForm> forms = new ArrayList<>();
        for (InstructionForm f : FormTable.shipped().forms()) if (journal.forms().containsKey(f.name())) forms.add(f);
        List<JournalMeasurer.Recorded> held = HostRun.heldApartOfJournal(outcome, forms);
        List<JournalMeasurer.Recorded> inference = new ArrayList<>();
        int k = 0;
        for (JournalMeasurer.Recorded r : outcome.measurer().recorded()) {
            if (HeldApart.PHASE.equals(r.phase())) continue;
            // A loop inside each copy (the loop-buffer probe): the engine runs one loop, so it is not replayed.
            if (r.benchmark().units().getFirst().stream().anyMatch(text -> text.endsWith(":"))) continue;
            if (k++ % every == 0) inference.add(r);
        }
        Generator generator = new Generator(outcome.cpu());
        List<Benchmark> part1 = new ArrayList<>();
        k = 0;
        for (InstructionForm f : forms) {
            List<Benchmark> bs = new ArrayList<>(generator.throughput(f));
            bs.addAll(generator.latency(f, new ArrayList<>()));
            for (Benchmark b : bs) if (k++ % every == 0) part1.add(b);
        }
        List<JournalMeasurer.Recorded> part1Recorded = new ArrayList<>();
        var ms = outcome.measurer().keptOfPasses(part1, outcome.measurer().run("part1", part1));
        for (int i = 0; i < part1.size(); i++) part1Recorded.add(new JournalMeasurer.Recorded("part1", part1.get(i), ms.get(i)));

        console.err().printf(Locale.ROOT, "uopsim: benchmarks gathered in %.1f s; simulating %d%n", (System.nanoTime() - t0) / 1e9,
                held.size() + inference.size() + part1Recorded.size());
        List<Row> heldRows = simulate(held, core, timings, threads);
        List<Row> infRows = simulate(inference, core, timings, threads);
        List<Row> p1Rows = simulate(part1Recorded, core, timings, threads);
        double seconds = (System.nanoTime() - t0) / 1e9;

        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("journal", journalPath.toString());
        doc.put("model", outcome.model().get("name"));
        if (line.hasOption("uarch")) doc.put("simulated_with", bound.name());
        doc.putAll(summary(heldRows));
        Map<String, Object> byKind = new LinkedHashMap<>();
        byKind.put("mixes", summary(heldRows.stream().filter(r -> r.name().startsWith("heldout-mix")).toList()));
        byKind.put("chains", summary(heldRows.stream().filter(r -> r.name().startsWith("heldout-chain")).toList()));
        doc.put("held_apart", byKind);
        Map<String, Object> inf = summary(infRows);
        Map<String, Object> phases = new TreeMap<>();
        for (String p : infRows.stream().map(Row::group).distinct().toList()) {
            phases.put(p, summary(infRows.stream().filter(r -> r.group().equals(p)).toList()));
        }
        inf.put("phases", phases);
        doc.put("inference", inf);
        doc.put("part1", summary(p1Rows));
        doc.put("every", every);
        doc.put("worst", worst(heldRows, worstN));
        doc.put("worst_inference", worst(infRows, worstN));
        doc.put("worst_part1", worst(p1Rows, worstN));
        doc.put("seconds", Math.round(seconds * 10) / 10.0);
        if (line.hasOption("json")) {
            console.out().println(Json.write(doc));
        } else {
            print(console, doc, heldRows, infRows, p1Rows, worstN);
        }
        return ExitCode.OK;
    }

    private static List<Row> simulate(List<JournalMeasurer.Recorded> recs, CoreSpec core, TimingTable timings, int threads) throws Exception {
        Row[] out = new Row[recs.size()];
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            List<Future<?>> jobs = new ArrayList<>();
            for (int i = 0; i < recs.size(); i++) {
                int x = i;
                jobs.add(pool.submit(() -> {
                    JournalMeasurer.Recorded r = recs.get(x);
                    double measured = JournalMeasurer.cycles(r.benchmark(), r.measurement());
                    if (!Double.isFinite(measured)) {
                        out[x] = new Row(r.phase(), r.benchmark().name(), r.benchmark().form(), Double.NaN, Double.NaN, null,
                                "not measured: " + r.measurement().cause(), false);
                        return;
                    }
                    BenchmarkSimulation.Outcome s = BenchmarkSimulation.simulate(r.benchmark(), core, timings);
                    out[x] = new Row(r.phase(), r.benchmark().name(), r.benchmark().form(), measured, s.cycles(), s.limiter(), s.problem(),
                            !r.measurement().unsettled());
                }));
            }
            for (Future<?> f : jobs) f.get();
        } finally {
            pool.shutdownNow();
        }
        return List.of(out);
    }

    static Map<String, Object> summary(List<Row> rows) {
        List<Row> compared = rows.stream().filter(r -> Double.isFinite(r.error())).toList();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmarks", compared.size());
        m.put("within_5pct", within(compared, WITHIN));
        m.put("within_10pct", within(compared, 2 * WITHIN));
        m.put("share_within_5pct", share(compared));
        m.put("mape", compared.isEmpty() ? null : Math.round(10000 * compared.stream().mapToDouble(r -> Math.abs(r.error())).average().orElse(0)) / 10000.0);
        m.put("not_measured", rows.stream().filter(r -> !Double.isFinite(r.measured())).count());
        m.put("not_simulated", rows.stream().filter(r -> Double.isFinite(r.measured()) && !Double.isFinite(r.simulated())).count());
        Map<String, Long> why = new TreeMap<>();
        for (Row r : rows) {
            if (Double.isFinite(r.measured()) && !Double.isFinite(r.simulated()) && r.problem() != null) {
                why.merge(r.problem().replaceAll("line \\d+", "line N"), 1L, Long::sum);
            }
        }
        if (!why.isEmpty()) m.put("why_not_simulated", why);
        // Apart, not instead: the figures above count every check; these leave out the ones whose
        // measurement never settled, so a reader can tell the model's misses from a shared core's.
        List<Row> settled = compared.stream().filter(Row::settled).toList();
        m.put("unsettled", compared.size() - settled.size());
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("benchmarks", settled.size());
        s.put("within_5pct", within(settled, WITHIN));
        s.put("share_within_5pct", share(settled));
        m.put("settled", s);
        return m;
    }

    /** Rows whose error is at most {@code bound} (a fraction). */
    private static long within(List<Row> rows, double bound) {
        return rows.stream().filter(r -> Math.abs(r.error()) <= bound).count();
    }

    /** The share of rows within 5%, to three places, or null for none. */
    private static Double share(List<Row> rows) {
        return rows.isEmpty() ? null : Math.round(1000.0 * within(rows, WITHIN) / rows.size()) / 1000.0;
    }

    private static List<Map<String, Object>> worst(List<Row> rows, int n) {
        List<Map<String, Object>> out = new ArrayList<>();
        rows.stream().filter(r -> Double.isFinite(r.error())).sorted(Comparator.comparingDouble((Row r) -> -Math.abs(r.error()))).limit(n)
                .forEach(r -> {
                    Map<String, Object> w = new LinkedHashMap<>();
                    w.put("benchmark", r.name());
                    w.put("phase", r.group());
                    w.put("measured", Math.round(r.measured() * 1000) / 1000.0);
                    w.put("simulated", Math.round(r.simulated() * 1000) / 1000.0);
                    w.put("error", Math.round(r.error() * 1000) / 1000.0);
                    w.put("cause", cause(r));
                    out.add(w);
                });
        return out;
    }

    /** Why the simulation differs, as far as the simulator can say: what bounds it, and in which direction it errs. */
    static String cause(Row r) {
        String dir = r.simulated() > r.measured() ? "simulated slower" : "simulated faster";
        String lim = r.limiter() == null ? "" : "; the model's bound is " + r.limiter();
        String what = r.name().startsWith("heldout-chain") ? " (a chain: the latencies of its links)"
                : r.name().startsWith("heldout-mix") ? " (a mix: the ports of its forms)" : "";
        return dir + what + lim;
    }

    @SuppressWarnings("unchecked")
    private static void print(Console console, Map<String, Object> doc, List<Row> held, List<Row> inf, List<Row> p1, int worstN) {
        var o = console.out();
        o.printf(Locale.ROOT, "%s: model %s replayed in %.0f s%n", doc.get("journal"), doc.get("model"), (double) doc.get("seconds"));
        if (doc.containsKey("simulated_with")) o.printf(Locale.ROOT, "simulated with model %s (--uarch), not the replayed one%n", doc.get("simulated_with"));
        o.println(line("held-apart checks", doc));
        Map<String, Object> h = (Map<String, Object>) doc.get("held_apart");
        o.println(line("  mixes of 3-5 forms", (Map<String, Object>) h.get("mixes")));
        o.println(line("  chains of 2-4 forms", (Map<String, Object>) h.get("chains")));
        Map<String, Object> infDoc = (Map<String, Object>) doc.get("inference");
        o.println(line("inference benchmarks", infDoc));
        for (var e : ((Map<String, Object>) infDoc.get("phases")).entrySet()) o.println(line("  " + e.getKey(), (Map<String, Object>) e.getValue()));
        o.println(line("part-1 benchmarks", (Map<String, Object>) doc.get("part1")));
        o.println();
        o.println("worst held-apart checks (cycles per unit: measured, simulated, error, cause):");
        for (Map<String, Object> w : (List<Map<String, Object>>) doc.get("worst")) {
            o.printf(Locale.ROOT, "  %8.3f %8.3f %+7.1f%%  %s%n      %s%n", (double) w.get("measured"), (double) w.get("simulated"),
                    100 * (double) w.get("error"), w.get("benchmark"), w.get("cause"));
        }
        o.println("worst inference benchmarks:");
        for (Map<String, Object> w : (List<Map<String, Object>>) doc.get("worst_inference")) {
            o.printf(Locale.ROOT, "  %8.3f %8.3f %+7.1f%%  %s (%s)%n      %s%n", (double) w.get("measured"), (double) w.get("simulated"),
                    100 * (double) w.get("error"), w.get("benchmark"), w.get("phase"), w.get("cause"));
        }
    }

    @SuppressWarnings("unchecked")
    private static String line(String label, Map<String, Object> s) {
        long n = ((Number) s.get("benchmarks")).longValue();
        long w = ((Number) s.get("within_5pct")).longValue();
        String text = String.format(Locale.ROOT, "%-28s %6d compared, %6d within 5%% (%5.1f%%), MAPE %5.1f%%; %d not measured, %d not simulated", label, n, w,
                n == 0 ? 0 : 100.0 * w / n, s.get("mape") == null ? 0 : 100 * ((Number) s.get("mape")).doubleValue(), s.get("not_measured"),
                s.get("not_simulated"));
        long unsettled = ((Number) s.get("unsettled")).longValue();
        if (unsettled == 0) return text;
        Map<String, Object> st = (Map<String, Object>) s.get("settled");
        long sn = ((Number) st.get("benchmarks")).longValue();
        long sw = ((Number) st.get("within_5pct")).longValue();
        return text + String.format(Locale.ROOT, "%n%-28s %6d of them measured unsettled (mostly a shared core); of the other %d, %d within 5%% (%.1f%%)", "",
                unsettled, sn, sw, sn == 0 ? 0 : 100.0 * sw / sn);
    }

    private static int intOption(CommandLine line, String name, int dflt) {
        if (!line.hasOption(name)) return dflt;
        try {
            int v = Integer.parseInt(line.getOptionValue(name));
            if (v > 0) return v;
        } catch (NumberFormatException e) {
            // below
        }
        throw new UsageException("--" + name + " needs a positive whole number", null);
    }
}
