package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.journal.Journal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures benchmarks for inference: from the journal when it holds the same code (name and code
 * hash), else on this machine (recording the raw samples in the journal); or, for replay, only from
 * the journal, never measuring (a benchmark the journal lacks comes back failed).
 */
public final class JournalMeasurer {
    private final BenchmarkRunner runner;
    private final Journal journal;
    private final boolean measure;
    private final List<Recorded> all = new ArrayList<>();

    /** A benchmark with its measurement and the phase that asked for it. */
    public record Recorded(String phase, Benchmark benchmark, Measurement measurement) {}

    /**
     * @param runner  the runner (with a worker when {@code measure}; without, only its writer and clock are used)
     * @param measure false: the journal only (replay)
     */
    public JournalMeasurer(BenchmarkRunner runner, Journal journal, boolean measure) {
        this.runner = runner;
        this.journal = journal;
        this.measure = measure;
    }

    public BenchmarkRunner runner() { return runner; }

    public Journal journal() { return journal; }

    public boolean measuring() { return measure; }

    /** Every benchmark measured (or read) so far, in order. */
    public List<Recorded> recorded() { return all; }

    public List<Measurement> run(String phase, List<Benchmark> benchmarks) throws IOException {
        Map<String, Benchmark> byName = new LinkedHashMap<>();
        for (Benchmark b : benchmarks) byName.put(b.name(), b);
        List<Measurement> out;
        if (measure) {
            out = runner.run(benchmarks, name -> previous(byName.get(name)), m -> journal(phase, m), m -> { });
        } else {
            out = new ArrayList<>();
            for (Benchmark b : benchmarks) {
                Measurement m = previous(b);
                String hash = BenchmarkRunner.hash(runner.programs(b), b);
                if (m == null || !hash.equals(m.codeHash())) {
                    m = Measurement.failed(b.name(), m == null ? "not in the journal" : "the journal measured other code under this name", hash);
                }
                out.add(m);
            }
        }
        for (int i = 0; i < benchmarks.size(); i++) all.add(new Recorded(phase, benchmarks.get(i), out.get(i)));
        return out;
    }

    public Measurement run(String phase, Benchmark b) throws IOException {
        return run(phase, List.of(b)).getFirst();
    }

    /**
     * The second pass of a phase: measures again the benchmarks whose first measurement did not settle
     * (journaled with {@code "pass": 2}, which a replay then reads, as the latest record of the name) and
     * gives the measurements with those replaced. Replaying, it changes nothing: the journal's records
     * already are the latest.
     */
    public List<Measurement> retakeUnsettled(String phase, List<Benchmark> benchmarks, List<Measurement> first) throws IOException {
        List<Measurement> out = new ArrayList<>(first);
        if (!measure) return out;
        List<Benchmark> again = new ArrayList<>();
        for (int i = 0; i < benchmarks.size(); i++) {
            Map<String, Object> rec = journal == null ? null : journal.benches().get(benchmarks.get(i).name());
            boolean retakenBefore = rec != null && Journal.passOf(rec) >= 2;
            if (first.get(i).unsettled() && !retakenBefore) again.add(benchmarks.get(i));
        }
        if (again.isEmpty()) return out;
        // A burst of another tenant's work lasts a minute or more: give it time to pass first.
        Contention.sleep(PAUSE_BEFORE_SECOND_PASS_MILLIS);
        List<Measurement> retaken = runner.run(again, name -> null, m -> journal(phase, m, 2), m -> { });
        Map<String, Measurement> byName = new LinkedHashMap<>();
        for (Measurement m : retaken) byName.put(m.name(), m);
        for (int i = 0; i < out.size(); i++) {
            Measurement m = byName.get(benchmarks.get(i).name());
            if (m != null) out.set(i, m);
        }
        for (int i = 0; i < all.size(); i++) {
            Recorded r = all.get(i);
            Measurement m = byName.get(r.benchmark().name());
            if (m != null && r.phase().equals(phase)) all.set(i, new Recorded(phase, r.benchmark(), m));
        }
        return out;
    }

    static final long PAUSE_BEFORE_SECOND_PASS_MILLIS = 10_000;

    private Measurement previous(Benchmark b) {
        if (journal == null || b == null) return null;
        Map<String, Object> rec = journal.benches().get(b.name());
        if (rec == null) return null;
        return runner.fromJournal(rec, b.kind() == Benchmark.Kind.THROUGHPUT ? Benchmark.Kind.THROUGHPUT : Benchmark.Kind.LATENCY);
    }

    private void journal(String phase, Measurement m) {
        journal(phase, m, 1);
    }

    private void journal(String phase, Measurement m, int pass) {
        if (journal == null) return;
        Map<String, Object> rec = m.journalRecord("phase", phase, runner.clock().kind().id());
        if (pass > 1) rec.put("pass", pass);
        try {
            journal.append(rec, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Cycles per copy / perCopy of a measurement (NaN when it failed). */
    public static double cycles(Benchmark b, Measurement m) {
        if (!m.ok() || m.estimate() == null) return Double.NaN;
        return m.estimate().value() / b.perCopy();
    }
}
