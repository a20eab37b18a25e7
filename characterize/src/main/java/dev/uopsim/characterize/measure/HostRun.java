package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.bench.ProgramWriter;
import dev.uopsim.characterize.clock.Clock;
import dev.uopsim.characterize.clock.ClockKind;
import dev.uopsim.characterize.host.CpuInfo;
import dev.uopsim.characterize.infer.FormFigures;
import dev.uopsim.characterize.infer.HostModel;
import dev.uopsim.characterize.journal.Journal;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.ModelRegistry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A characterization from the part-1 figures to the model: inference over a journal, measuring what
 * it lacks on this machine (live), or only reading it (replay: the same decisions from the same
 * samples, so the model written from a journal is the model of its run).
 */
public final class HostRun {
    private HostRun() {}

    /** The results (one JSON map per form, with µops and ports), the inference and the model. */
    public record Outcome(List<Map<String, Object>> results, HostInference.Result inference, Map<String, Object> model,
                          JournalMeasurer measurer, CpuInfo cpu) {}

    /** This machine's model name: what CPUID says, since the model number may be masked (see the title). */
    public static String modelName(CpuInfo cpu) {
        String vendor = switch (cpu.vendor()) {
            case "GenuineIntel" -> "intel";
            case "AuthenticAMD" -> "amd";
            default -> cpu.vendor().toLowerCase(Locale.ROOT);
        };
        return "host-" + vendor + "-" + cpu.family() + "-" + cpu.model();
    }

    /** The shipped model whose documented port names name this machine's ports, or null. */
    public static BoundModel reference(CpuInfo cpu) {
        String name = switch (cpu.uarchGuess() == null ? "" : cpu.uarchGuess()) {
            case "sapphirerapids", "alderlakep", "goldencove" -> "alderlake-p";
            case "icelake", "icelakex" -> "icelake";
            case "tigerlake" -> "tigerlake";
            case "rocketlake" -> "rocketlake";
            case "skylake", "skylakex", "cascadelake", "kabylake", "coffeelake" -> "skylake";
            case "haswell" -> "haswell";
            case "broadwell" -> "broadwell";
            case "zen" -> "zen";
            case "zen2" -> "zen2";
            case "zen3", "zen4" -> "zen4";
            default -> null;
        };
        if (name == null || !ModelRegistry.shippedNames().contains(name)) return null;
        return ModelBinder.bind(ModelLoader.load(name));
    }

    /**
     * Infers µops and ports of the forms whose part-1 results are given and builds the model.
     *
     * @param results part-1 results (annotated in place with macro_ops, uops, ports, throughput_from_ports)
     */
    public static Outcome infer(CpuInfo cpu, JournalMeasurer measurer, List<InstructionForm> forms, List<Map<String, Object>> results,
                                HostModel.Provenance provenance, Consumer<String> log) throws IOException {
        Map<String, FormFigures> figures = new LinkedHashMap<>();
        Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
        for (Map<String, Object> r : results) {
            FormResults.reselectThroughput(r);
            FormResults.reselectLatency(r);
            figures.put((String) r.get("form"), FormFigures.of(r));
            byName.put((String) r.get("form"), r);
        }
        HostInference inference = new HostInference(new Generator(cpu), measurer, log);
        HostInference.Result res = inference.run(forms, figures, reference(cpu));
        for (Map<String, Object> r : results) annotate(r, res);
        Map<String, Object> model = HostModel.build(modelName(cpu), cpu, res, figures, byName, provenance);
        return new Outcome(results, res, model, measurer, cpu);
    }

    /**
     * Measures (or, replaying, reads from the journal) the held-apart checks of an inference: benchmarks
     * built from its result that no inference step used.
     */
    public static List<JournalMeasurer.Recorded> heldApart(Outcome o, List<InstructionForm> forms) throws IOException {
        // They come last, when a busy machine may have spent the run's pauses, and the run is judged by them.
        o.measurer().runner().renewContentionBudget();
        return measured(o, HeldApart.benchmarks(new Generator(o.cpu()), forms, o.inference()));
    }

    /**
     * The held-apart checks a journal holds, rebuilt from their names and read from it (replay): the
     * very checks the run measured, whatever inference now makes of the journal.
     */
    public static List<JournalMeasurer.Recorded> heldApartOfJournal(Outcome o, List<InstructionForm> forms) throws IOException {
        List<String> names = new ArrayList<>();
        for (var e : o.measurer().journal().benches().entrySet()) {
            if (HeldApart.PHASE.equals(e.getValue().get("phase"))) names.add(e.getKey());
        }
        return measured(o, HeldApart.fromNames(new Generator(o.cpu()), forms, names));
    }

    /** Readings of each held-apart check, whole rounds over the list (see {@link JournalMeasurer#medianOfRounds}). */
    static final int HELD_APART_ROUNDS = 3;

    private static List<JournalMeasurer.Recorded> measured(Outcome o, List<dev.uopsim.characterize.bench.Benchmark> bs) throws IOException {
        // A check measured on a shared core is a reading of the other tenant, not of the model: measured once more.
        List<Measurement> ms = o.measurer().retakeUnsettled(HeldApart.PHASE, bs, o.measurer().run(HeldApart.PHASE, bs));
        // The run is judged by these: each is the median of three readings minutes apart.
        ms = o.measurer().medianOfRounds(HeldApart.PHASE, bs, ms, HELD_APART_ROUNDS);
        List<JournalMeasurer.Recorded> out = new ArrayList<>();
        for (int i = 0; i < bs.size(); i++) out.add(new JournalMeasurer.Recorded(HeldApart.PHASE, bs.get(i), ms.get(i)));
        return out;
    }

    /** Adds µops, slots, ports and their LP throughput to a form's result (the keys part 1 left null). */
    public static void annotate(Map<String, Object> r, HostInference.Result res) {
        var f = res.forms().get((String) r.get("form"));
        var s = res.slots().get((String) r.get("form"));
        String domain = res.bypass().classes().domainOf().get((String) r.get("form"));
        String noDomain = res.bypass().classes().unsettled().get((String) r.get("form"));
        double[] trips = res.bypass().roundTrips().get((String) r.get("form"));
        if (trips != null) {
            Map<String, Object> t = new LinkedHashMap<>();
            for (int i = 0; i < trips.length; i++) t.put(res.bypass().references().get(i), Double.isFinite(trips[i]) ? Math.round(trips[i] * 100) / 100.0 : null);
            r.put("bypass_round_trips", t);
        }
        if (domain != null) r.put("bypass_domain", domain);
        else if (noDomain != null) r.put("bypass_domain_note", "no bypass domain: " + noDomain);
        if (s != null) {
            r.put("macro_ops", s.settled());
            if (s.note() != null) r.put("macro_ops_note", s.note());
        }
        if (f == null) return;
        r.put("uops", f.uops());
        r.put("ports", res.notation(f));
        Double lp = res.throughputFromPorts(f);
        r.put("throughput_from_ports", lp == null ? null : Math.round(lp * 1000) / 1000.0);
        Map<String, Object> how = new LinkedHashMap<>();
        how.put("from", f.portsFrom());
        if (Double.isFinite(f.macroOpsRaw())) how.put("slots_measured", Math.round(f.macroOpsRaw() * 100) / 100.0);
        if (!f.runs().isEmpty()) {
            Map<String, Object> runs = new LinkedHashMap<>();
            for (var e : f.runs().entrySet()) {
                List<String> names = new ArrayList<>();
                for (int p = 0; p < res.portNames().size(); p++) if ((e.getKey() & (1 << p)) != 0) names.add(res.portNames().get(p));
                runs.put(String.join(",", names), Math.round(e.getValue() * 100) / 100.0);
            }
            how.put("uops_within", runs);
        }
        if (!f.notes().isEmpty()) how.put("notes", f.notes());
        r.put("inference", how);
    }

    /** The whole inference again from a journal alone (no hardware). */
    public static Outcome replay(Journal journal, Consumer<String> log) throws IOException {
        Map<String, Object> header = journal.header();
        @SuppressWarnings("unchecked")
        Map<String, Object> host = (Map<String, Object>) header.get("host");
        @SuppressWarnings("unchecked")
        Map<String, Object> cpuJson = host == null ? null : host.get("cpu") instanceof Map<?, ?> m ? (Map<String, Object>) m
                : host.containsKey("vendor") ? host : null;     // the host's JSON carries the CPU's fields
        if (cpuJson == null) throw new IOException("the journal's header does not describe its CPU");
        CpuInfo cpu = CpuInfo.fromJson(cpuJson);
        @SuppressWarnings("unchecked")
        Map<String, Object> clock = (Map<String, Object>) header.get("clock");
        ClockKind kind = clock != null && "perf-cycles".equals(clock.get("kind")) ? ClockKind.PERF_CYCLES : ClockKind.TSC_CALIBRATED;
        BenchmarkRunner runner = new BenchmarkRunner(null, null, new ProgramWriter(cpu.avx()), new Clock(kind));
        JournalMeasurer measurer = new JournalMeasurer(runner, journal, false);
        List<InstructionForm> forms = new ArrayList<>();
        List<Map<String, Object>> results = new ArrayList<>();
        for (InstructionForm f : FormTable.shipped().forms()) {
            Map<String, Object> r = journal.forms().get(f.name());
            if (r == null) continue;
            forms.add(f);
            results.add(new LinkedHashMap<>(r));
        }
        return infer(cpu, measurer, forms, results, provenance(journal, cpu), log);
    }

    /** The provenance of a model written from a journal. */
    public static HostModel.Provenance provenance(Journal journal, CpuInfo cpu) {
        Map<String, Object> h = journal.header();
        String started = String.valueOf(h.getOrDefault("started", "?"));
        String command = String.valueOf(h.getOrDefault("command", "uopsim characterize --journal " + journal.path().getFileName()));
        return new HostModel.Provenance(journal.path().getFileName().toString(), started, command, cpu.summary(),
                started.length() >= 10 ? started.substring(0, 10) : started);
    }
}
