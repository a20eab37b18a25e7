package dev.uopsim.sim;

/**
 * The port-bound of the uops.info paper: work that may go to a set of ports, spread as evenly as it
 * can be, loads the busiest port with the maximum over port sets S of the work confined to S
 * divided by |S|. Work is indexed by port mask (an array of 2^ports entries).
 */
public final class PortSpread {
    private PortSpread() {}

    /** The bound and the port set attaining it: {@code {cycles, mask}} (mask 0 when there is no work). */
    public static double[] bound(double[] workByMask) {
        double[] within = workByMask.clone();
        int ports = Integer.numberOfTrailingZeros(workByMask.length);
        // sum over subsets: work whose port set lies within S
        for (int b = 0; b < ports; b++) {
            for (int m = 0; m < within.length; m++) if ((m & (1 << b)) != 0) within[m] += within[m ^ (1 << b)];
        }
        double best = 0;
        int bestMask = 0;
        for (int m = 1; m < within.length; m++) {
            double v = within[m] / Integer.bitCount(m);
            if (v > best + 1e-12) {
                best = v;
                bestMask = m;
            }
        }
        return new double[]{best, bestMask};
    }
}
