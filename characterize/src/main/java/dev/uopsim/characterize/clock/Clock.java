package dev.uopsim.characterize.clock;

import dev.uopsim.characterize.runner.RawSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns raw samples into core cycles and judges them. With perf cycles the counts are used as they
 * are. With the TSC, each sample's cycles-per-tick ratio comes from the calibration chain timed
 * just before and just after it (2000 cycles over the difference of a short and a long run), or
 * from the job's calibration runs together where the TSC moves in coarse steps ({@link JobCalibration});
 * a sample whose two ratios disagree (the frequency moved) or whose ratio is far from the job's
 * median (a disturbed calibration) is dropped, and so is one whose throughput sentinel ran slow
 * (another thread was using the core).
 */
public final class Clock {
    /** Before/after ratios may differ by this fraction before the sample is dropped. */
    static final double RATIO_AGREEMENT = 0.02;
    /** A sample's ratio may differ from the job's median by this fraction. */
    static final double RATIO_OUTLIER = 0.03;
    /** A sentinel slower than the recent reference by this fraction marks a contended sample. */
    static final double SENTINEL_SLACK = 0.06;

    /** Why a sample taken while another thread used the core is dropped. */
    public static final String CONTENDED = "sentinel slow: the core was shared";

    /** Jobs over which the fastest sentinel is the uncontended reference. */
    static final int SENTINEL_WINDOW = 64;

    private final ClockKind kind;
    /**
     * The fastest sentinel of each of the last jobs. A window, not the whole run: the sentinel's cost
     * in core cycles moved by 15% when the core's frequency changed during a long run, and an
     * all-time minimum then marked every later sample as contended.
     */
    private final java.util.ArrayDeque<Double> recentBest = new java.util.ArrayDeque<>();
    private double bestSentinel = Double.POSITIVE_INFINITY;

    public Clock(ClockKind kind) {
        this.kind = kind;
    }

    public ClockKind kind() { return kind; }

    /** One sample in core cycles, or dropped with the reason. */
    public record Sample(double cyclesA, double cyclesB, double cyclesPerTick, double sentinelCycles, String dropped) {
        public boolean kept() { return dropped == null; }

        /** Dropped because another thread shared the core. */
        public boolean contended() { return CONTENDED.equals(dropped); }
    }

    public static double ratio(long shortTicks, long longTicks) {
        long d = longTicks - shortTicks;
        return d <= 0 ? Double.NaN : FixedCode.CALIBRATION_CYCLES / (double) d;
    }

    public double bestSentinel() { return bestSentinel; }

    /**
     * Converts a job's samples, first taking its fastest sentinel into the window of recent jobs; the
     * reference it judges them against is {@link #bestSentinel()} afterwards (a measurement records it,
     * so that a replay of the journal drops the same samples: see {@link #convert(List, double)}).
     */
    public synchronized List<Sample> convert(List<RawSample> raw) {
        JobCalibration calibration = JobCalibration.of(raw);
        // The reference is taken from samples whose calibration holds up: a disturbed calibration
        // (a ratio far too low) would make one sentinel look fast and every later sample contended.
        double jobBest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < raw.size(); i++) {
            RawSample r = raw.get(i);
            if (calibration.problem(i, r) != null) continue;
            double s = r.sentinel() * calibration.ratio(i);
            if (Double.isFinite(s) && s > 0 && s < jobBest) jobBest = s;
        }
        if (Double.isFinite(jobBest)) {
            recentBest.addLast(jobBest);
            if (recentBest.size() > SENTINEL_WINDOW) recentBest.removeFirst();
        }
        bestSentinel = recentBest.stream().mapToDouble(Double::doubleValue).min().orElse(Double.POSITIVE_INFINITY);
        return convert(raw, calibration, bestSentinel);
    }

    /**
     * Converts samples against a given sentinel reference, leaving the clock's window alone: the same
     * raw samples and reference always keep and drop the same samples, whatever was measured before.
     */
    public List<Sample> convert(List<RawSample> raw, double sentinelReference) {
        return convert(raw, JobCalibration.of(raw), sentinelReference);
    }

    private List<Sample> convert(List<RawSample> raw, JobCalibration calibration, double reference) {
        List<Sample> out = new ArrayList<>(raw.size());
        for (int i = 0; i < raw.size(); i++) {
            RawSample r = raw.get(i);
            double ratio = calibration.ratio(i);
            double sentinel = r.sentinel() * ratio;
            boolean contended = Double.isFinite(sentinel) && sentinel > reference * (1 + SENTINEL_SLACK);
            String dropped;
            if (kind == ClockKind.PERF_CYCLES) {
                // Counted cycles need no calibration; the sentinel still tells a shared core.
                dropped = r.perfA() <= 0 || r.perfB() <= 0 ? "no perf count" : contended ? CONTENDED : null;
                out.add(new Sample(r.perfA(), r.perfB(), ratio, sentinel, dropped));
            } else {
                dropped = calibration.problem(i, r);
                if (dropped == null && contended) dropped = CONTENDED;
                out.add(new Sample(r.ticksA() * ratio, r.ticksB() * ratio, ratio, sentinel, dropped));
            }
        }
        return out;
    }

    static double median(double[] values) {
        double[] v = Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
        if (v.length == 0) return Double.NaN;
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
