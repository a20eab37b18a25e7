package dev.uopsim.characterize.infer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Port classes no layout of ports explains, left out of the structure. The structure solver assumes a
 * class is one µop on a set of ports; a class whose forms are something else (a 256-bit store that
 * takes both store slots of a cycle, an FP-to-integer move that holds back the integer side: on the
 * family 19h model 11h guest one MOVMSKPS beside four ADDs took 2.0 cycles, 1.0 on any layout) makes
 * the solver bend the other classes' ports to fit it, and every layout then misses the mixes by 7-8%.
 * Such classes, whose mixes miss by more than {@code fit} even with the best overlap for each pair, are
 * taken out one at a time, the smallest first, while the layout of the rest does not fit within
 * {@code fit}. Each left-out class keeps ports beside the layout (as many as its throughput asks for;
 * memory classes on the layout's load ports, see {@link LeftOut#place}): its forms still take a µop
 * there, and other forms find it by blocking with a member of the class. Leaving it without ports gave the family 19h model 11h guest's 64-bit stores no
 * µop at all (h69: MOV (M32, R32) free in the model, store-to-load chains forwarded from rename).
 */
public final class MisfitClasses {
    /** At most this many classes are left out: more, and the mixes were read on a shared core, not misfit. */
    public static final int MOST = 5;

    private MisfitClasses() {}

    /** What was left out, or null when leaving classes out does not bring the layout within {@code fit}. */
    public record LeftOut(int[] kept, int[] dropped, PortStructure.Solution solution) {
        /** What a class is to {@link #place}: a load class, a store class, or neither. */
        public enum Memory { NONE, LOAD, STORE }

        /** The ports of every class (original indices) and how many ports there are in all. */
        public record Placement(int ports, int[] masks) {}

        /**
         * The kept classes where the layout puts them; each left-out class on ports of its own after the
         * layout's, as many as {@code sizes} gives it, except memory classes: loads and stores go through
         * the same address units on every core seen (Intel's P2/P3/P7, Zen's AGUs), and a memory class on
         * ports of its own would let its µops run beside every other load. A left-out load class takes the
         * layout's load ports (and new ones to its size), a left-out store class the highest of those load
         * ports. On the family 19h model 11h guest two 64-bit stores and three loads take 1.67 cycles (five
         * on three AGUs); with both classes on ports of their own the h71 model gave 1.09.
         */
        public Placement place(int[] sizes, Memory[] memory) {
            int[] out = new int[sizes.length];
            for (int k = 0; k < kept.length; k++) out[kept[k]] = solution.masks()[k];
            int next = solution.ports();
            int pool = 0;
            for (int k : kept) if (memory[k] == Memory.LOAD) pool |= out[k];
            for (Memory kind : new Memory[]{Memory.LOAD, Memory.STORE, Memory.NONE}) {
                for (int d : dropped) {
                    if (memory[d] != kind) continue;
                    int mask = kind == Memory.LOAD ? lowest(pool, sizes[d]) : kind == Memory.STORE ? highest(pool, sizes[d]) : 0;
                    while (Integer.bitCount(mask) < sizes[d]) mask |= 1 << next++;
                    out[d] = mask;
                    if (kind == Memory.LOAD) pool |= mask;
                }
            }
            return new Placement(next, out);
        }

        private static int lowest(int ports, int n) {
            int out = 0;
            for (int p = 0; p < 32 && Integer.bitCount(out) < n; p++) if ((ports & (1 << p)) != 0) out |= 1 << p;
            return out;
        }

        private static int highest(int ports, int n) {
            int out = 0;
            for (int p = 31; p >= 0 && Integer.bitCount(out) < n; p--) if ((ports & (1 << p)) != 0) out |= 1 << p;
            return out;
        }
    }

    /**
     * @param members the forms in each class: of the classes that miss, the smallest goes first, since a
     *                class beside a misfit one misses too (every pair of the ADDs' 168 forms with an
     *                FP-to-integer move did), and leaving a small class out costs the fewest forms
     */
    public static LeftOut leaveOut(int[] sizes, int[] members, List<PortStructure.Mix> mixes, double width, int maxPorts, double fit,
                                   PortStructure.Solution first) {
        int n = sizes.length;
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < n; i++) kept.add(i);
        List<Integer> dropped = new ArrayList<>();
        PortStructure.Solution solution = first;
        while (solution != null && solution.error() > fit && dropped.size() < MOST && kept.size() > 2) {
            int worst = smallestMisfit(kept, sizes, members, mixes, width, fit);
            if (worst < 0) return null;
            kept.remove(Integer.valueOf(worst));
            dropped.add(worst);
            solution = PortStructure.solve(sizesOf(kept, sizes), mixesOf(kept, mixes), width, maxPorts);
        }
        if (solution == null || solution.error() > fit || dropped.isEmpty()) return null;
        return new LeftOut(kept.stream().mapToInt(Integer::intValue).toArray(), dropped.stream().mapToInt(Integer::intValue).toArray(),
                solution);
    }

    /**
     * The smallest kept class (original index) whose mixes miss by more than {@code fit} even when each
     * pair of classes may share whatever number of ports suits it best, -1 when none does. Judged pair by
     * pair and not by the layout: a layout bent to fit a misfit class misses the mixes of the classes it
     * bent.
     */
    static int smallestMisfit(List<Integer> kept, int[] sizes, int[] members, List<PortStructure.Mix> mixes, double width, double fit) {
        double[] sum = new double[sizes.length];
        int[] count = new int[sizes.length];
        java.util.Map<Long, List<PortStructure.Mix>> byPair = new java.util.LinkedHashMap<>();
        for (PortStructure.Mix m : mixesOf(kept, mixes)) byPair.computeIfAbsent(PortStructure.key(m.i(), m.j()), k -> new ArrayList<>()).add(m);
        int[] keptSizes = sizesOf(kept, sizes);
        for (List<PortStructure.Mix> pair : byPair.values()) {
            int i = kept.get(pair.getFirst().i()), j = kept.get(pair.getFirst().j());
            double best = java.util.Arrays.stream(PortStructure.overlapMisses(keptSizes, pair, width)).min().orElse(0) * pair.size();
            sum[i] += best;
            sum[j] += best;
            count[i] += pair.size();
            count[j] += pair.size();
        }
        int chosen = -1;
        for (int c : kept) {
            if (count[c] == 0 || sum[c] / count[c] <= fit) continue;
            if (chosen < 0 || members[c] < members[chosen] || members[c] == members[chosen] && sum[c] / count[c] > sum[chosen] / count[chosen]) {
                chosen = c;
            }
        }
        return chosen;
    }

    private static int[] sizesOf(List<Integer> kept, int[] sizes) {
        return kept.stream().mapToInt(i -> sizes[i]).toArray();
    }

    /** The mixes of kept classes, with class indices into the kept list. */
    public static List<PortStructure.Mix> mixesOf(List<Integer> kept, List<PortStructure.Mix> mixes) {
        int[] position = new int[Math.max(1, kept.stream().mapToInt(Integer::intValue).max().orElse(0) + 1)];
        Arrays.fill(position, -1);
        for (int k = 0; k < kept.size(); k++) position[kept.get(k)] = k;
        List<PortStructure.Mix> out = new ArrayList<>();
        for (PortStructure.Mix m : mixes) {
            int i = m.i() < position.length ? position[m.i()] : -1, j = m.j() < position.length ? position[m.j()] : -1;
            if (i >= 0 && j >= 0) out.add(new PortStructure.Mix(i, j, m.a(), m.b(), m.slots(), m.cycles()));
        }
        return out;
    }
}
