package dev.uopsim.characterize.runner;

/**
 * One sample as the worker measured it, in TSC ticks (and perf cycles when counted): variant A and B,
 * the calibration chain (short and long run, best of two) right before and right after, and the
 * throughput sentinel timed just before the variants.
 */
public record RawSample(long ticksA, long ticksB, long calShortBefore, long calLongBefore, long calShortAfter,
                        long calLongAfter, long sentinel, long perfA, long perfB) {

    public long[] toArray() {
        return new long[]{ticksA, ticksB, calShortBefore, calLongBefore, calShortAfter, calLongAfter, sentinel, perfA, perfB};
    }

    public static RawSample of(long[] w) {
        return new RawSample(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8]);
    }
}
