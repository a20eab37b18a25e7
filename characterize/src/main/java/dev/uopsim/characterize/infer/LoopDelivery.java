package dev.uopsim.characterize.infer;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Whether the front end delivers a small loop's µops across the loop's end: a cycle that reaches
 * the loop branch goes on with the loop's first µops (a loop buffer that unrolls), or stops there
 * (every iteration begins a fresh delivery cycle).
 *
 * <p>The probe: loops of K one-slot NOPs (plus the harness's counter and branch), K from W to 2W-1
 * for a front end of W slots a cycle, each timed with one and with two copies of the K NOPs. The
 * difference is K/W cycles for every K when delivery goes across the loop's end; when it stops at
 * the end, both loops round up to whole cycles and the difference moves by up to a cycle as K
 * grows. Loops shorter than W slots are avoided: one taken branch a cycle binds them either way.
 */
public final class LoopDelivery {
    /** Largest deviation from K/W (as a fraction of it) still read as delivery across the loop's end. */
    public static final double TOLERANCE = 0.04;

    private LoopDelivery() {}

    /** The probe's NOP counts for a front end of {@code width} slots a cycle. */
    public static int[] nopCounts(int width) {
        int[] k = new int[Math.max(1, width)];
        for (int i = 0; i < k.length; i++) k[i] = Math.max(1, width) + i;
        return k;
    }

    /**
     * The verdict from the measured cycles per NOP of each loop (by NOP count).
     *
     * @return true or false, or null when a loop was not measured or the front end was not the limit
     *         (a loop faster than W slots a cycle, which only a loop-carried limit elsewhere could hide)
     */
    public static Verdict decide(int width, Map<Integer, Double> cyclesPerNop) {
        Map<Integer, Double> deviation = new LinkedHashMap<>();
        boolean across = true;
        for (int k : nopCounts(width)) {
            Double c = cyclesPerNop.get(k);
            if (c == null || !Double.isFinite(c) || c <= 0) return new Verdict(null, deviation, "loop of " + k + " NOPs not measured");
            double dev = c * width - 1;
            deviation.put(k, dev);
            if (Math.abs(dev) > TOLERANCE) across = false;
        }
        double mean = deviation.values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
        // Rounding to whole cycles adds as often as it removes; a uniform shift means another limit.
        if (!across && Math.abs(mean) > 0.5 * deviation.values().stream().mapToDouble(Math::abs).max().orElse(0)) {
            return new Verdict(null, deviation, String.format(java.util.Locale.ROOT,
                    "every loop off K/W in the same direction (mean %+.0f%%): something other than delivery limits them", 100 * mean));
        }
        return new Verdict(across, deviation, across ? "every loop runs at K/W cycles: delivery goes on across the loop's end"
                : "the loops round to whole cycles: delivery stops at the loop's end");
    }

    /** @param across null when not settled */
    public record Verdict(Boolean across, Map<Integer, Double> deviation, String note) {}
}
