package dev.uopsim.characterize.infer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ports behind the port classes, from mixes of two classes. Class X has x ports (one µop of
 * its forms runs at x per cycle), Y has y; a mix of a X-forms and b Y-forms takes
 * max(a/x, b/y, (a+b)/(x+y-o), slots/W) cycles when the two share o ports. Each pair's mixes say
 * which overlaps o fit (several, when the front end hides the difference: then the fewest of them,
 * since sharing is claimed only where a mix shows it); then the smallest set of
 * ports on which every class gets its x ports with an overlap each pair allows is found by
 * backtracking (unused ports are interchangeable, so a class takes new ports only lowest first).
 */
public final class PortStructure {
    /** An overlap whose error is within this of the best one for the pair is allowed. */
    public static final double ALLOWED = 0.02;

    private PortStructure() {}

    /** One measured mix of two classes: a instances of class i, b of class j, slots per unit, cycles. */
    public record Mix(int i, int j, int a, int b, double slots, double cycles) {}

    /** The solution: ports used, each class's mask, each pair's allowed overlaps. */
    public record Solution(int ports, int[] masks, Map<Long, boolean[]> allowed, double error) {}

    /** Cycles a mix takes when the classes share {@code overlap} ports. */
    public static double predict(int x, int y, Mix m, int overlap, double width) {
        double t = Math.max((double) m.a() / x, (double) m.b() / y);
        t = Math.max(t, (double) (m.a() + m.b()) / (x + y - overlap));
        if (width > 0) t = Math.max(t, m.slots() / width);
        return t;
    }

    static long key(int i, int j) {
        return ((long) Math.min(i, j) << 32) | Math.max(i, j);
    }

    /**
     * Solves for the layout whose pairs' overlaps explain the mixes best, on the fewest ports that do
     * as well as more (up to {@code maxPorts}): branch and bound over layouts, the cost of a pair being
     * how much worse its overlap explains its mixes than the pair's best overlap. Null when nothing fits.
     */
    public static Solution solve(int[] sizes, List<Mix> mixes, double width, int maxPorts) {
        int n = sizes.length;
        Map<Long, List<Mix>> byPair = new LinkedHashMap<>();
        for (Mix m : mixes) byPair.computeIfAbsent(key(m.i(), m.j()), k -> new ArrayList<>()).add(m);
        Map<Long, double[]> cost = new LinkedHashMap<>();
        Map<Long, boolean[]> allowed = new LinkedHashMap<>();
        for (var e : byPair.entrySet()) {
            int i = (int) (e.getKey() >> 32), j = (int) (long) e.getKey();
            int most = Math.min(sizes[i], sizes[j]);
            double[] err = overlapMisses(sizes, e.getValue(), width);
            double best = Arrays.stream(err).min().orElse(0);
            double[] c = new double[most + 1];
            boolean[] ok = new boolean[most + 1];
            for (int o = 0; o <= most; o++) {
                c[o] = err[o] - best;
                ok[o] = c[o] <= ALLOWED;
            }
            // Sharing the mixes cannot see is not claimed: each port shared beyond the fewest the pair allows
            // costs UNSEEN_SHARING, which outweighs the preference for fewer ports (MARGIN).
            int fewest = 0;
            while (!ok[fewest]) fewest++;
            for (int o = fewest + 1; o <= most; o++) if (ok[o]) c[o] = Math.max(c[o], UNSEEN_SHARING * (o - fewest));
            cost.put(e.getKey(), c);
            allowed.put(e.getKey(), ok);
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> sizes[b] != sizes[a] ? Integer.compare(sizes[b], sizes[a]) : Integer.compare(a, b));
        int largest = Arrays.stream(sizes).max().orElse(1);
        Search best = null;
        List<Search> byPorts = new ArrayList<>();
        Search previous = null;
        for (int p = largest; p <= maxPorts; p++) {
            Search s = new Search(order, sizes, cost, p);
            // A layout on fewer ports is one on these too: starting from it, the search prunes by its cost and
            // never ends worse. Without it the node budget ran out before any good layout of 7 or more ports
            // was found for 14 classes (h26.jsonl: 6 ports at a summed cost of 1.82, 7 ports 3.74).
            if (previous != null && previous.bestMasks != null) {
                s.bestCost = previous.bestCost;
                s.bestMasks = previous.bestMasks.clone();
            }
            s.place(0, new int[n], 0, 0);
            previous = s;
            byPorts.add(s);
            if (s.bestMasks != null && (best == null || s.bestCost < best.bestCost - 1e-9)) best = s;
            // More ports stopped helping: two port counts in a row without a better layout.
            if (best != null && p >= best.ports + 2) break;
        }
        if (best == null) return null;
        for (Search s : byPorts) {
            if (s.bestMasks != null && s.bestCost <= best.bestCost + MARGIN) {
                best = s;
                break;
            }
        }
        return new Solution(best.ports, best.bestMasks, allowed, error(sizes, best.bestMasks, mixes, width));
    }

    /**
     * The cost of a port two classes share where their mixes would run as fast without it. The front end
     * hides such sharing: on the development host (family 6 model 0xcf, 6 slots a cycle) five ALU ports
     * and two load ports run a 5:2 mix at 7/6 cycles whether they share a port or not, and the fewest
     * ports put a load port among the ALUs (h24.jsonl: 8 ports, 79% of forms' ports as uops.info's Alder
     * Lake-P table; with this cost 9 ports, 90%).
     */
    static final double UNSEEN_SHARING = 0.015;

    /** A layout this much worse (summed pair costs) than the best one still counts as as good (fewer ports win). */
    public static final double MARGIN = 0.01;

    /** Search nodes per port count. */
    static final long NODES = 3_000_000;

    /** Branch and bound for one port count. */
    private static final class Search {
        final int[] order;
        final int[] sizes;
        /** Pair costs by class, {@code table[c][d]} (null: no mixes of the pair), looked up at every node. */
        final double[][][] table;
        final int ports;
        double bestCost = Double.POSITIVE_INFINITY;
        int[] bestMasks;
        long nodes = NODES;
        /** Per depth, the ports used so far (scratch: a node allocates nothing). */
        final int[][] usedPorts;

        Search(Integer[] order, int[] sizes, Map<Long, double[]> cost, int ports) {
            int n = order.length;
            this.order = new int[n];
            for (int i = 0; i < n; i++) this.order[i] = order[i];
            this.sizes = sizes;
            this.table = new double[sizes.length][sizes.length][];
            for (int i = 0; i < sizes.length; i++) {
                for (int j = 0; j < sizes.length; j++) if (i != j) table[i][j] = cost.get(key(i, j));
            }
            this.ports = ports;
            this.usedPorts = new int[n + 1][ports];
        }

        void place(int k, int[] masks, int used, double acc) {
            if (acc >= bestCost - 1e-12 || --nodes < 0) return;
            if (k == order.length) {
                bestCost = acc;
                bestMasks = masks.clone();
                return;
            }
            int c = order[k];
            int size = sizes[c];
            int usedCount = Integer.bitCount(used);
            int[] usedList = usedPorts[k];
            int nUsed = 0;
            for (int p = 0; p < ports; p++) if ((used & (1 << p)) != 0) usedList[nUsed++] = p;
            for (int fromUsed = Math.min(size, usedCount); fromUsed >= 0; fromUsed--) {
                int fresh = size - fromUsed;
                if (usedCount + fresh > ports) continue;
                int freshMask = 0;
                for (int p = 0, taken = 0; p < ports && taken < fresh; p++) {
                    if ((used & (1 << p)) == 0) {
                        freshMask |= 1 << p;
                        taken++;
                    }
                }
                choose(k, masks, used, acc, c, usedList, nUsed, fromUsed, 0, 0, freshMask);
            }
            masks[c] = 0;
        }

        /** Each way to take {@code need} more of the used ports (in ascending order of their positions), then the next class. */
        private void choose(int k, int[] masks, int used, double acc, int c, int[] usedList, int nUsed, int need, int from, int sub, int freshMask) {
            if (need == 0) {
                int mask = sub | freshMask;
                double add = 0;
                double[][] row = table[c];
                for (int q = 0; q < k; q++) {
                    double[] pc = row[order[q]];
                    if (pc == null) continue;
                    int o = Integer.bitCount(mask & masks[order[q]]);
                    add += o < pc.length ? pc[o] : 1;
                }
                masks[c] = mask;
                place(k + 1, masks, used | mask, acc + add);
                return;
            }
            for (int i = from; i <= nUsed - need; i++) {
                choose(k, masks, used, acc, c, usedList, nUsed, need - 1, i + 1, sub | (1 << usedList[i]), freshMask);
            }
        }
    }

    /** Mean relative error of a layout's predictions over the mixes. */
    public static double error(int[] sizes, int[] masks, List<Mix> mixes, double width) {
        double sum = 0;
        for (Mix m : mixes) sum += miss(sizes, masks, m, width);
        return mixes.isEmpty() ? 0 : sum / mixes.size();
    }

    /** Relative error of a layout's prediction for one mix. */
    public static double miss(int[] sizes, int[] masks, Mix m, double width) {
        int o = Integer.bitCount(masks[m.i()] & masks[m.j()]);
        return Math.abs(predict(sizes[m.i()], sizes[m.j()], m, o, width) - m.cycles()) / m.cycles();
    }

    /** Mean relative error over one pair's mixes when the two classes share o ports, for o from 0 to the smaller class's size. */
    public static double[] overlapMisses(int[] sizes, List<Mix> pair, double width) {
        Mix first = pair.getFirst();
        int most = Math.min(sizes[first.i()], sizes[first.j()]);
        double[] err = new double[most + 1];
        for (int o = 0; o <= most; o++) {
            for (Mix m : pair) err[o] += Math.abs(predict(sizes[m.i()], sizes[m.j()], m, o, width) - m.cycles()) / m.cycles();
            err[o] /= pair.size();
        }
        return err;
    }
}
