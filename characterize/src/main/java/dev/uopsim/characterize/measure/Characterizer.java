package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.journal.Journal;
import dev.uopsim.isa.InstructionForm;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Characterizes forms in batches: generates their benchmarks, measures the chain-instruction
 * references they need first, runs everything (one GNU as run per batch), and turns the
 * measurements into one result per form. With a journal, every benchmark's raw samples and every
 * completed form are recorded as they happen, and what the journal already holds is not measured
 * again.
 */
public final class Characterizer {
    private final Generator generator;
    private final BenchmarkRunner runner;
    private final Journal journal;
    private final Map<String, Benchmark> referenceBenchmarks;
    private final Map<String, Double> references = new LinkedHashMap<>();
    private final Map<String, Map<String, Object>> referenceResults = new LinkedHashMap<>();
    private int batchForms = 12;

    public Characterizer(Generator generator, BenchmarkRunner runner, Journal journal) {
        this.generator = generator;
        this.runner = runner;
        this.journal = journal;
        this.referenceBenchmarks = generator.references();
    }

    public Characterizer batch(int forms) {
        this.batchForms = forms;
        return this;
    }

    /** The chain-instruction latencies measured so far (cycles), by reference id. */
    public Map<String, Double> references() { return references; }

    public Map<String, Map<String, Object>> referenceResults() { return referenceResults; }

    /** What a form needs measured: its benchmarks and the latency pairs it does not measure. */
    public record Plan(InstructionForm form, List<Benchmark> benchmarks, List<Generator.Skipped> skipped) {}

    public Plan plan(InstructionForm f) {
        List<Generator.Skipped> skipped = new ArrayList<>();
        List<Benchmark> bs = new ArrayList<>(generator.throughput(f));
        bs.addAll(generator.latency(f, skipped));
        return new Plan(f, bs, skipped);
    }

    /**
     * Characterizes the forms, calling {@code done} with each form's result (in order) as soon as it
     * is complete; forms the journal already completed are passed on from it. Stops before a batch
     * when {@code stop} says so (the time budget).
     *
     * @return true when every form was done, false when stopped early
     */
    public boolean run(List<InstructionForm> forms, Consumer<Map<String, Object>> done, java.util.function.BooleanSupplier stop)
            throws IOException {
        List<InstructionForm> todo = new ArrayList<>();
        for (InstructionForm f : forms) {
            Map<String, Object> previous = journal == null ? null : journal.forms().get(f.name());
            if (previous != null) done.accept(previous);
            else todo.add(f);
        }
        for (int start = 0; start < todo.size(); start += batchForms) {
            if (stop.getAsBoolean()) return false;
            List<Plan> plans = new ArrayList<>();
            for (InstructionForm f : todo.subList(start, Math.min(todo.size(), start + batchForms))) plans.add(plan(f));
            measureReferences(plans);
            List<Benchmark> all = new ArrayList<>();
            for (Plan p : plans) all.addAll(p.benchmarks());
            // Each form is finished (journaled, reported) as soon as its last benchmark is measured,
            // so an interruption loses at most the form being measured.
            Map<String, Plan> planOf = new LinkedHashMap<>();
            for (Plan p : plans) for (Benchmark b : p.benchmarks()) planOf.put(b.name(), p);
            Map<Plan, List<Measurement>> got = new LinkedHashMap<>();
            for (Plan p : plans) {
                got.put(p, new ArrayList<>());
                if (p.benchmarks().isEmpty()) finish(p, List.of(), done);
            }
            runner.run(all, this::previous, m -> journalBench(planOf.get(m.name()).form().name(), m), m -> {
                Plan p = planOf.get(m.name());
                List<Measurement> ms = got.get(p);
                ms.add(m);
                if (ms.size() == p.benchmarks().size()) finish(p, ms, done);
            });
        }
        return true;
    }

    /**
     * What the second pass did: forms it measured again, their benchmarks, how many of those settled
     * this time, and how many readings it changed (a settled reading for an unsettled one, or a lower one).
     */
    public record Retake(int forms, int benchmarks, int settled, int changed) {}

    /**
     * The second pass: every benchmark of every form measured again, now that minutes have passed, and
     * of its two readings the one {@link JournalMeasurer#median} keeps: a settled one before one that did
     * not settle, of two settled the lower (another tenant only ever adds cycles). A burst of other work
     * can leave a form's figures unsettled (inference then read ADD (R64, I8) as a µop on three ALU ports)
     * or settled but high: h55.jsonl's RCR (R16, I8) read a latency of 6.51 cycles and a throughput of
     * 6.42 where other runs read 6.0 and 5.97, and 28 of its 200 held-apart chains came out slower in the
     * model than on the core (11 in h54.jsonl). The form's result is journaled with {@code "pass": 2},
     * so a resumed run neither loses it nor takes the form again.
     *
     * @param results the part-1 results in order, replaced in place by the second pass's
     */
    public Retake secondPass(List<FirstPass> firstPass, List<Map<String, Object>> results, Consumer<Integer> advanced,
                             java.util.function.BooleanSupplier stop) throws IOException {
        int forms = 0;
        int benchmarks = 0;
        int settled = 0;
        int changed = 0;
        for (int start = 0; start < firstPass.size(); start += batchForms) {
            if (stop.getAsBoolean()) break;
            List<FirstPass> batch = firstPass.subList(start, Math.min(firstPass.size(), start + batchForms));
            measureReferences(batch.stream().map(FirstPass::plan).toList());
            List<Benchmark> again = new ArrayList<>();
            Map<String, Plan> planOf = new LinkedHashMap<>();
            for (FirstPass f : batch) {
                again.addAll(f.plan().benchmarks());
                for (Benchmark b : f.plan().benchmarks()) planOf.put(b.name(), f.plan());
            }
            Map<String, Measurement> retaken = new LinkedHashMap<>();
            runner.run(again, this::journaledSecondPass, m -> journalBench(planOf.get(m.name()).form().name(), m, 2), m -> retaken.put(m.name(), m));
            for (FirstPass f : batch) {
                Plan p = f.plan();
                List<Measurement> chosen = new ArrayList<>(f.first());
                for (int i = 0; i < chosen.size(); i++) {
                    Measurement second = retaken.get(p.benchmarks().get(i).name());
                    if (second == null) continue;
                    benchmarks++;
                    if (second.settled()) settled++;
                    Measurement kept = JournalMeasurer.median(List.of(chosen.get(i), second));
                    if (kept == second) changed++;
                    chosen.set(i, kept);
                }
                Map<String, Object> result = FormResults.of(p.form(), p.benchmarks(), chosen, references, p.skipped());
                journalForm(p.form(), result, 2);
                for (int k = 0; k < results.size(); k++) if (p.form().name().equals(results.get(k).get("form"))) results.set(k, result);
                forms++;
                advanced.accept(1);
            }
        }
        return new Retake(forms, benchmarks, settled, changed);
    }

    /** A form for the second pass: its plan and its first-pass measurements. */
    public record FirstPass(Plan plan, List<Measurement> first) {}

    /**
     * The forms the second pass takes: those journaled in the first pass only (a resumed run does not
     * take one a third time) whose first readings the journal holds.
     */
    public List<FirstPass> firstPassOnly(List<InstructionForm> forms, List<Map<String, Object>> results) {
        if (journal == null) return List.of();
        Map<String, InstructionForm> byName = new LinkedHashMap<>();
        for (InstructionForm f : forms) byName.put(f.name(), f);
        List<FirstPass> out = new ArrayList<>();
        for (Map<String, Object> r : results) {
            InstructionForm f = byName.get((String) r.get("form"));
            if (f == null || journal.formPass(f.name()) >= 2) continue;
            Plan p = plan(f);
            if (p.benchmarks().isEmpty()) continue;
            List<Measurement> old = new ArrayList<>();
            for (Benchmark b : p.benchmarks()) {
                Map<String, Object> rec = journal.firstBench(b.name());
                old.add(rec == null ? null : runner.fromJournal(rec, kindOf(b.name())));
            }
            if (old.contains(null)) continue;
            out.add(new FirstPass(p, old));
        }
        return out;
    }

    /** A second-pass measurement the journal already holds (a resumed second pass), or null. */
    private Measurement journaledSecondPass(String name) {
        Map<String, Object> rec = journal.benches().get(name);
        return rec == null || Journal.passOf(rec) < 2 ? null : runner.fromJournal(rec, kindOf(name));
    }

    private void finish(Plan p, List<Measurement> ms, Consumer<Map<String, Object>> done) {
        Map<String, Object> result = FormResults.of(p.form(), p.benchmarks(), ms, references, p.skipped());
        journalForm(p.form(), result, 1);
        done.accept(result);
    }

    private void journalForm(InstructionForm form, Map<String, Object> result, int pass) {
        if (journal == null) return;
        Map<String, Object> rec = new LinkedHashMap<>();
        rec.put("type", "form");
        rec.put("form", form.name());
        if (pass > 1) rec.put("pass", pass);
        rec.put("result", result);
        journal.appendFromCallback(rec, true);
    }

    /** Measures (or takes from the journal) the references the plans subtract. */
    public void measureReferences(List<Plan> plans) throws IOException {
        Set<String> needed = new LinkedHashSet<>();
        for (Plan p : plans) for (Benchmark b : p.benchmarks()) needed.addAll(b.subtract());
        needed.removeAll(references.keySet());
        List<Benchmark> refs = new ArrayList<>();
        for (String id : needed) {
            Benchmark b = referenceBenchmarks.get(id);
            if (b != null) refs.add(b);
        }
        if (refs.isEmpty()) return;
        List<Measurement> ms = runner.run(refs, this::previous, m -> journalBench("reference", m), m -> { });
        for (int i = 0; i < refs.size(); i++) {
            FormResults.Figure fig = FormResults.figure(refs.get(i), ms.get(i), Map.of());
            references.put(refs.get(i).key(), fig == null ? Double.NaN : fig.cycles());
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("instruction", refs.get(i).chain());
            r.put("cycles", fig == null ? null : FormResults.round(fig.cycles()));
            r.put("stable", fig != null && fig.stable());
            referenceResults.put(refs.get(i).key(), r);
        }
    }


    private Measurement previous(String name) {
        if (journal == null) return null;
        Map<String, Object> rec = journal.benches().get(name);
        if (rec == null) return null;
        return runner.fromJournal(rec, kindOf(name));
    }

    private static Benchmark.Kind kindOf(String name) {
        if (name.startsWith("reference-")) return Benchmark.Kind.REFERENCE;
        return name.contains("-throughput-") ? Benchmark.Kind.THROUGHPUT : Benchmark.Kind.LATENCY;
    }

    private void journalBench(String form, Measurement m) {
        journalBench(form, m, 1);
    }

    private void journalBench(String form, Measurement m, int pass) {
        if (journal == null) return;
        Map<String, Object> rec = m.journalRecord("form", form, runner.clock().kind().id());
        if (pass > 1) rec.put("pass", pass);
        journal.appendFromCallback(rec, false);
    }
}
