package dev.uopsim.characterize.infer;

import dev.uopsim.sim.PortSpread;

/**
 * The throughput a port mapping predicts for a multiset of instructions: the optimum of the linear
 * program of the uops.info paper (spread every µop over the ports it may use so that the busiest port
 * is as idle as possible), which equals the largest, over every set Q of ports, of the µops that can
 * only use ports in Q divided by |Q| (Hall's condition for a fractional assignment). Optionally also
 * bounded by the front end: slots per cycle.
 */
public final class PortBound {
    private PortBound() {}

    /**
     * Cycles per execution of a multiset, given µop counts by port mask.
     *
     * @param ports  number of ports (masks use bits 0..ports-1)
     * @param masks  port masks, one per entry
     * @param counts µops of each entry (fractional counts allowed)
     */
    public static double cycles(int ports, int[] masks, double[] counts) {
        return PortSpread.bound(byMask(ports, masks, counts))[0];
    }

    /** The set of ports Q that attains the bound (the bottleneck), or 0 when there are no µops. */
    public static int bottleneck(int ports, int[] masks, double[] counts) {
        return (int) PortSpread.bound(byMask(ports, masks, counts))[1];
    }

    private static double[] byMask(int ports, int[] masks, double[] counts) {
        int size = 1 << ports;
        double[] work = new double[size];
        for (int i = 0; i < masks.length; i++) work[masks[i] & (size - 1)] += counts[i];
        return work;
    }
}
