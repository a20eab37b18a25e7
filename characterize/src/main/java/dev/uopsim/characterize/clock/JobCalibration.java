package dev.uopsim.characterize.clock;

import dev.uopsim.characterize.runner.RawSample;
import java.util.List;

/**
 * The cycles-per-tick ratio each sample of one job is converted with, and whether its calibration
 * holds up.
 *
 * <p>Where the TSC advances one tick at a time, each sample keeps its own ratio (the mean of the
 * calibration runs just before and after it), which follows the core's frequency from sample to
 * sample. AMD cores advance the TSC in steps instead (the P0 frequency over a 100 MHz reference: 26
 * ticks a step on the family 19h model 11h guest), and one step is 1.8% of the 2,000-cycle
 * calibration run: a sample's own ratio falls on one of a few levels, and the lower envelope of the
 * converted samples then prefers those whose ratio was rounded down (six benchmarks there read 0.991
 * to 1.005 times their pooled figure, most of them fast). With such a coarse clock the job's samples share one ratio, pooled
 * over the calibration runs of the samples whose calibration holds up, and the checks allow the
 * rounding of two steps.
 */
final class JobCalibration {
    /** A tick step above this fraction of a calibration run makes the clock coarse. */
    static final double COARSE_STEP = 0.0025;
    /** With a coarse clock the checks allow this many steps of rounding. */
    static final double STEPS_ALLOWED = 2.5;

    private final double[] own;
    private final double[] ratios;
    private final double median;
    private final double agreement;
    private final double outlier;

    private JobCalibration(double[] own, double[] ratios, double median, double agreement, double outlier) {
        this.own = own;
        this.ratios = ratios;
        this.median = median;
        this.agreement = agreement;
        this.outlier = outlier;
    }

    static JobCalibration of(List<RawSample> raw) {
        double[] own = new double[raw.size()];
        for (int i = 0; i < raw.size(); i++) own[i] = (before(raw.get(i)) + after(raw.get(i))) / 2;
        double median = Clock.median(own);
        double step = tickStep(raw) / medianRun(raw);
        if (!(step > COARSE_STEP)) return new JobCalibration(own, own, median, Clock.RATIO_AGREEMENT, Clock.RATIO_OUTLIER);

        double agreement = Math.max(Clock.RATIO_AGREEMENT, STEPS_ALLOWED * step);
        double outlier = Math.max(Clock.RATIO_OUTLIER, STEPS_ALLOWED * step);
        JobCalibration perSample = new JobCalibration(own, own, median, agreement, outlier);
        long ticks = 0;
        int runs = 0;
        for (int i = 0; i < raw.size(); i++) {
            RawSample r = raw.get(i);
            if (perSample.problem(i, r) != null) continue;
            ticks += (r.calLongBefore() - r.calShortBefore()) + (r.calLongAfter() - r.calShortAfter());
            runs += 2;
        }
        double pooled = runs > 0 ? (double) FixedCode.CALIBRATION_CYCLES * runs / ticks : median;
        double[] ratios = new double[raw.size()];
        for (int i = 0; i < raw.size(); i++) ratios[i] = Double.isFinite(own[i]) ? pooled : Double.NaN;
        return new JobCalibration(own, ratios, median, agreement, outlier);
    }

    /** The ratio sample {@code i}'s ticks are converted with. */
    double ratio(int i) { return ratios[i]; }

    /** Why sample {@code i}'s calibration does not hold up, or null. */
    String problem(int i, RawSample r) {
        double before = before(r), after = after(r);
        if (!Double.isFinite(before) || !Double.isFinite(after)) return "calibration failed";
        if (Math.abs(before - after) > agreement * own[i]) return "clock ratio moved during the sample";
        if (Math.abs(own[i] - median) > outlier * median) return "calibration far from the job's median";
        return null;
    }

    private static double before(RawSample r) { return Clock.ratio(r.calShortBefore(), r.calLongBefore()); }

    private static double after(RawSample r) { return Clock.ratio(r.calShortAfter(), r.calLongAfter()); }

    /** The greatest common divisor of the job's calibration timings: the TSC's step (1 where it counts every tick). */
    static long tickStep(List<RawSample> raw) {
        long g = 0;
        for (RawSample r : raw) {
            for (long t : new long[]{r.calShortBefore(), r.calLongBefore(), r.calShortAfter(), r.calLongAfter()}) {
                if (t > 0) g = gcd(g, t);
            }
        }
        return Math.max(g, 1);
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /** The median tick count of a calibration run (long minus short). */
    private static double medianRun(List<RawSample> raw) {
        double[] runs = new double[raw.size() * 2];
        for (int i = 0; i < raw.size(); i++) {
            RawSample r = raw.get(i);
            runs[2 * i] = r.calLongBefore() - r.calShortBefore();
            runs[2 * i + 1] = r.calLongAfter() - r.calShortAfter();
        }
        for (int i = 0; i < runs.length; i++) if (!(runs[i] > 0)) runs[i] = Double.NaN;
        return Clock.median(runs);
    }
}
