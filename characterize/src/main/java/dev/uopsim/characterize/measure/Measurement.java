package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.runner.RawSample;
import dev.uopsim.characterize.stats.Estimate;
import java.util.List;

/**
 * A benchmark's outcome: cycles per copy of its unit (before reference latencies are subtracted),
 * with the estimate's spread and stability, the raw samples and the loop count they were taken
 * with; or the reason it could not run.
 *
 * @param codeHash identifies the code that was run, so a journal entry is reused only for the same code
 */
public record Measurement(String name, boolean ok, String cause, Estimate estimate, long loops, int copies,
                          List<RawSample> samples, String codeHash) {

    public double perCopy() {
        return ok ? estimate.value() : Double.NaN;
    }

    public static Measurement failed(String name, String cause, String codeHash) {
        return new Measurement(name, false, cause, null, 0, 0, List.of(), codeHash);
    }
}
