package dev.uopsim.characterize.stats;

import dev.uopsim.characterize.clock.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The N vs 2N difference method. Variant B runs twice the instances of variant A with identical
 * alignment and loop overhead, so {@code cycles(B) - cycles(A)} is the cost of the extra instances
 * alone. Interference (interrupts, other tenants) only ever adds cycles, so each variant's figure is
 * its lower envelope: the mean of the lowest quarter of its kept samples (at least two). Taking the
 * envelope of A and of B separately, rather than of per-sample differences, keeps a disturbed A
 * from making a difference look small.
 *
 * <p>Stable means the same estimate from the odd and the even samples agrees within the tolerance:
 * {@code max(relative * value, absolute)}.
 */
public final class Estimator {
    private final double relativeTolerance;
    private final double absoluteTolerance;
    private final int minKept;

    public Estimator(double relativeTolerance, double absoluteTolerance, int minKept) {
        this.relativeTolerance = relativeTolerance;
        this.absoluteTolerance = absoluteTolerance;
        this.minKept = minKept;
    }

    /** Throughput: within 1.5% or 0.01 cycles; latency: within 1% or 0.03 cycles. */
    public static Estimator throughput() { return new Estimator(0.015, 0.01, 6); }

    public static Estimator latency() { return new Estimator(0.01, 0.03, 6); }

    /**
     * @param perInstance divisor turning the B-A difference into cycles per instance
     *                    (extra copies x loop count x instances per copy)
     */
    public Estimate estimate(List<Clock.Sample> samples, double perInstance) {
        List<Clock.Sample> kept = samples.stream().filter(Clock.Sample::kept).toList();
        if (kept.size() < minKept) {
            // Too few clean samples: the figure from all of them, marked unstable, is still worth showing.
            String why = samples.isEmpty() ? "no samples" : "only " + kept.size() + " of " + samples.size()
                    + " samples kept (" + mostCommonDrop(samples) + ")";
            List<Clock.Sample> use = kept.size() >= 2 ? kept : samples;
            return new Estimate(use.size() >= 2 ? value(use, perInstance) : Double.NaN, Double.NaN, false, kept.size(),
                    samples.size(), why);
        }
        double value = value(kept, perInstance);
        List<Clock.Sample> odd = new ArrayList<>(), even = new ArrayList<>();
        for (int i = 0; i < kept.size(); i++) (i % 2 == 0 ? even : odd).add(kept.get(i));
        double a = value(even, perInstance), b = value(odd, perInstance);
        double tolerance = Math.max(relativeTolerance * Math.abs(value), absoluteTolerance);
        boolean stable = Math.abs(a - b) <= tolerance && Double.isFinite(value);
        double[] per = kept.stream().mapToDouble(s -> (s.cyclesB() - s.cyclesA()) / perInstance).toArray();
        double med = median(per);
        double[] dev = Arrays.stream(per).map(x -> Math.abs(x - med)).toArray();
        double spread = med == 0 ? Double.NaN : median(dev) / Math.abs(med);
        return new Estimate(value, spread, stable, kept.size(), samples.size(),
                stable ? null : String.format("halves disagree: %.4f vs %.4f", a, b));
    }

    static double value(List<Clock.Sample> kept, double perInstance) {
        double a = envelope(kept.stream().mapToDouble(Clock.Sample::cyclesA).toArray());
        double b = envelope(kept.stream().mapToDouble(Clock.Sample::cyclesB).toArray());
        return (b - a) / perInstance;
    }

    /** Mean of the lowest quarter (at least two values, or the one there is). */
    static double envelope(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = Math.max(Math.min(2, v.length), v.length / 4);
        double sum = 0;
        for (int i = 0; i < n; i++) sum += v[i];
        return sum / n;
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        if (v.length == 0) return Double.NaN;
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static String mostCommonDrop(List<Clock.Sample> samples) {
        return samples.stream().filter(s -> !s.kept()).map(Clock.Sample::dropped)
                .collect(java.util.stream.Collectors.groupingBy(x -> x, java.util.stream.Collectors.counting()))
                .entrySet().stream().max(java.util.Map.Entry.comparingByValue()).map(java.util.Map.Entry::getKey).orElse("none dropped");
    }
}
