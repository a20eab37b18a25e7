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

    private Measurement previous(Benchmark b) {
        if (journal == null || b == null) return null;
        Map<String, Object> rec = journal.benches().get(b.name());
        if (rec == null) return null;
        return runner.fromJournal(rec, b.kind() == Benchmark.Kind.THROUGHPUT ? Benchmark.Kind.THROUGHPUT : Benchmark.Kind.LATENCY);
    }

    private void journal(String phase, Measurement m) {
        if (journal == null) return;
        Map<String, Object> rec = m.journalRecord("phase", phase, runner.clock().kind().id());
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
