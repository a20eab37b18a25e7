package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.journal.Journal;
import dev.uopsim.characterize.stats.Readings;
import java.io.IOException;
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
                if (!sameCode(b, m)) {
                    m = Measurement.failed(b.name(), m == null ? "not in the journal" : "the journal measured other code under this name",
                            BenchmarkRunner.hash(runner.programs(b), b));
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
        List<Measurement> retaken = runner.run(again, name -> null, m -> journal(phase, m, "pass", 2), m -> { });
        Map<String, Measurement> byName = new LinkedHashMap<>();
        for (Measurement m : retaken) byName.put(m.name(), m);
        for (int i = 0; i < out.size(); i++) {
            Measurement m = byName.get(benchmarks.get(i).name());
            if (m != null) out.set(i, m);
        }
        replaceRecorded(phase, byName);
        return out;
    }

    static final long PAUSE_BEFORE_SECOND_PASS_MILLIS = 10_000;

    /**
     * The same benchmarks measured in further rounds over the whole list (journaled with {@code "round"}),
     * and for each the median reading: settled readings first, the lower of two middle ones (another
     * tenant only ever adds cycles). A round takes minutes, so a burst of other work that the sentinel
     * does not see (a sibling thread on vector units: a kernel read 1.63 for 1.31 cycles with its
     * sentinel at the usual figure) spoils at most one reading of a benchmark. Replaying, the journal's
     * rounds give the same medians; a journal without them gives the first readings.
     */
    public List<Measurement> medianOfRounds(String phase, List<Benchmark> benchmarks, List<Measurement> first, int rounds) throws IOException {
        List<List<Measurement>> readings = new ArrayList<>();
        for (Measurement m : first) readings.add(new ArrayList<>(List.of(m)));
        Map<String, Benchmark> named = new LinkedHashMap<>();
        for (Benchmark b : benchmarks) named.put(b.name(), b);
        for (int round = 2; round <= rounds; round++) {
            int r = round;
            List<Measurement> ms;
            if (measure) {
                ms = runner.run(benchmarks, name -> ofRound(named.get(name), r), m -> journal(phase, m, "round", r), m -> { });
            } else {
                ms = new ArrayList<>();
                for (Benchmark b : benchmarks) {
                    Measurement m = ofRound(b, r);
                    ms.add(sameCode(b, m) ? m : null);
                }
            }
            for (int i = 0; i < ms.size(); i++) if (ms.get(i) != null && ms.get(i).ok()) readings.get(i).add(ms.get(i));
        }
        List<Measurement> out = new ArrayList<>();
        for (List<Measurement> rs : readings) out.add(median(rs));
        Map<String, Measurement> byName = new LinkedHashMap<>();
        for (Measurement m : out) byName.put(m.name(), m);
        replaceRecorded(phase, byName);
        return out;
    }

    /**
     * For a form's benchmarks read from a journal: where the second pass measured one again, the
     * reading it kept ({@link #median} of the first pass's and the second's, as {@link Characterizer#secondPass}
     * chose); otherwise the reading given.
     */
    public List<Measurement> keptOfPasses(List<Benchmark> benchmarks, List<Measurement> latest) {
        List<Measurement> out = new ArrayList<>(latest);
        if (journal == null) return out;
        for (int i = 0; i < benchmarks.size(); i++) {
            Benchmark b = benchmarks.get(i);
            Map<String, Object> last = journal.benches().get(b.name());
            Map<String, Object> first = journal.firstBench(b.name());
            // run() gives the latest record's reading only when the record is of this code, and the reading then
            // carries the record's hash (else a failure with the benchmark's own): comparing the two spares
            // hashing the benchmark's programs a second time.
            if (last == null || first == null || Journal.passOf(last) < 2 || !java.util.Objects.equals(last.get("hash"), out.get(i).codeHash())) continue;
            out.set(i, median(List.of(runner.fromJournal(first, b.kind()), out.get(i))));
        }
        return out;
    }

    /** Puts the measurements that replace earlier ones of a phase into {@link #recorded}. */
    private void replaceRecorded(String phase, Map<String, Measurement> byName) {
        for (int i = 0; i < all.size(); i++) {
            Recorded r = all.get(i);
            Measurement m = byName.get(r.benchmark().name());
            if (m != null && r.phase().equals(phase)) all.set(i, new Recorded(phase, r.benchmark(), m));
        }
    }

    /** Whether a journaled measurement is of the benchmark's code (false for none). */
    private boolean sameCode(Benchmark b, Measurement m) {
        return m != null && BenchmarkRunner.hash(runner.programs(b), b).equals(m.codeHash());
    }

    /** The median of a benchmark's readings ({@link Readings#median}). */
    static Measurement median(List<Measurement> readings) {
        return Readings.median(readings, Measurement::settled, Measurement::ok, Measurement::perCopy);
    }

    /** A benchmark's journaled measurement of a round (1: the latest first-round record), or null. */
    private Measurement ofRound(Benchmark b, int round) {
        if (journal == null || b == null) return null;
        Map<String, Object> rec = journal.benchOfRound(b.name(), round);
        if (rec == null) return null;
        return runner.fromJournal(rec, b.kind());
    }

    private Measurement previous(Benchmark b) {
        return ofRound(b, 1);
    }

    private void journal(String phase, Measurement m) {
        journal(phase, m, null, 0);
    }

    /** Journals a measurement of a phase, tagged {@code "pass"} or {@code "round"} with its number when it is a later one. */
    private void journal(String phase, Measurement m, String tag, int number) {
        if (journal == null) return;
        Map<String, Object> rec = m.journalRecord("phase", phase, runner.clock().kind().id());
        if (tag != null) rec.put(tag, number);
        journal.appendFromCallback(rec, false);
    }

    /** Cycles per copy / perCopy of a measurement (NaN when it failed). */
    public static double cycles(Benchmark b, Measurement m) {
        if (!m.ok() || m.estimate() == null) return Double.NaN;
        return m.estimate().value() / b.perCopy();
    }
}
