package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.runner.RawSample;
import dev.uopsim.characterize.stats.Estimate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A benchmark's outcome: cycles per copy of its unit (before reference latencies are subtracted),
 * with the estimate's spread and stability, the raw samples and the loop count they were taken
 * with; or the reason it could not run.
 *
 * @param codeHash          identifies the code that was run, so a journal entry is reused only for the same code
 * @param sentinelReference the throughput sentinel (core cycles) its samples were judged against, NaN when
 *                          not known (journals written before it was recorded): with it, the estimate is a
 *                          function of the journal record alone, and a replay takes the decisions the run took
 */
public record Measurement(String name, boolean ok, String cause, Estimate estimate, long loops, int copies,
                          List<RawSample> samples, String codeHash, double sentinelReference) {

    public double perCopy() {
        return ok ? estimate.value() : Double.NaN;
    }

    /** Taken, and its estimate settled. */
    public boolean settled() {
        return ok && estimate != null && estimate.stable();
    }

    /** Taken, but its estimate did not settle (too few samples agreed: often a shared core). */
    public boolean unsettled() {
        return ok && estimate != null && !estimate.stable();
    }

    /**
     * The journal's record of this measurement: {@code "type": "bench"}, what it belongs to
     * ({@code key}: a form, or an inference phase), and the raw samples with the clock they are in.
     */
    public Map<String, Object> journalRecord(String key, String value, String clockKind) {
        Map<String, Object> rec = new LinkedHashMap<>();
        rec.put("type", "bench");
        rec.put(key, value);
        rec.put("name", name);
        rec.put("hash", codeHash);
        rec.put("ok", ok);
        rec.put("cause", cause);
        rec.put("loops", loops);
        rec.put("copies", copies);
        rec.put("clock_kind", clockKind);
        if (Double.isFinite(sentinelReference)) rec.put("sentinel_reference", sentinelReference);
        List<long[]> raw = new ArrayList<>();
        for (RawSample s : samples) raw.add(s.toArray());
        rec.put("samples", raw);
        return rec;
    }

    /** The raw samples of a journal record ({@link #journalRecord}), as read back from disk or still in memory. */
    @SuppressWarnings("unchecked")
    public static List<RawSample> samplesOf(Map<String, Object> rec) {
        List<RawSample> samples = new ArrayList<>();
        for (Object o : (List<Object>) rec.get("samples")) {
            if (o instanceof long[] raw) {          // recorded by this process, not read back from disk
                samples.add(RawSample.of(raw));
                continue;
            }
            List<Number> w = (List<Number>) o;
            long[] a = new long[w.size()];
            for (int k = 0; k < a.length; k++) a[k] = w.get(k).longValue();
            samples.add(RawSample.of(a));
        }
        return samples;
    }

    public static Measurement failed(String name, String cause, String codeHash) {
        return new Measurement(name, false, cause, null, 0, 0, List.of(), codeHash, Double.NaN);
    }
}
