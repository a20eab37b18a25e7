package dev.uopsim.characterize.infer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Algorithm 1 of the uops.info paper (Abel and Reineke, ASPLOS 2019) with timing in place of
 * per-port counters. The form runs beside enough blocking instructions of one port combination c
 * that c is the bottleneck: every µop of the form that can only use ports of c then adds 1/|c|
 * cycles, while its other µops go elsewhere. So |c| x (cycles per form instance) - blockers is the
 * number of the form's µops whose ports lie within c. Combinations are taken smallest first; µops
 * already found on smaller combinations inside c are subtracted, what remains is on c itself.
 */
public final class PortUsage {
    /** Within this distance of a whole number a count is settled. */
    public static final double SETTLED = 0.3;
    /** The fraction of a µop's time from which it counts as one (measured interference is biased upwards). */
    public static final double COUNTS_FROM = 0.65;
    /** How far c's bound must stay above the front end's with no µop of the form on c. */
    public static final double MARGIN = 0.1;

    private PortUsage() {}

    /** µops on one port combination. */
    public record Group(int mask, int count) {}

    /** A combination's measurement: µops within it as measured, and the blocking run's name. */
    public record Blocked(int mask, double within, String benchmark) {}

    /** The decoded usage: groups smallest combination first, and what did not settle. */
    public record Usage(List<Group> groups, Map<Integer, Double> residue, List<String> unsettled) {
        public int uops() {
            int n = 0;
            for (Group g : groups) n += g.count();
            return n;
        }
    }

    /**
     * Blocking instructions per form instance so that c stays the bottleneck: enough that c's time is
     * twice the form's own ({@code 2 |c| t}), and that c's bound exceeds the front end's by the margin
     * even when none of the form's µops is on c; -1 when the front end cannot feed c that fast.
     */
    public static int blockers(int size, double formThroughput, double formSlots, double width) {
        double room = 1.0 / size - (1 + MARGIN) / width;
        if (room <= 0) return -1;
        double frontEnd = (1 + MARGIN) * formSlots / width / room;
        return (int) Math.max(Math.ceil(2 * size * formThroughput), Math.max(Math.ceil(frontEnd), size));
    }

    /** µops within c from a blocking run: |c| x cycles per instance - blockers. */
    public static double within(int size, double cyclesPerInstance, int blockers) {
        return size * cyclesPerInstance - blockers;
    }

    /** Attributes the measurements to combinations, smallest first (ties by mask). */
    public static Usage decode(List<Blocked> measured) {
        // The µops within a combination are within each of its supersets too: a count above a
        // superset's is interference of the blocking instructions, not µops (IMUL (R64, M64) measured
        // 2.0 within P1 and 1.0 within P1,P5 here; DIVPS 1.95 within P0,P1 and 0.94 within P0156A).
        List<Blocked> order = new ArrayList<>();
        for (Blocked b : measured) {
            double w = b.within();
            for (Blocked s : measured) {
                // only supersets that see a µop at all: a superset's blocking that shows none failed to block
                if (s != b && (b.mask() & ~s.mask()) == 0 && s.mask() != b.mask() && s.within() >= COUNTS_FROM) w = Math.min(w, s.within());
            }
            order.add(w == b.within() ? b : new Blocked(b.mask(), w, b.benchmark()));
        }
        order.sort((a, b) -> Integer.bitCount(a.mask()) != Integer.bitCount(b.mask())
                ? Integer.compare(Integer.bitCount(a.mask()), Integer.bitCount(b.mask())) : Integer.compare(a.mask(), b.mask()));
        Map<Integer, Integer> exact = new LinkedHashMap<>();
        Map<Integer, Double> residue = new LinkedHashMap<>();
        List<String> unsettled = new ArrayList<>();
        List<Group> groups = new ArrayList<>();
        for (Blocked b : order) {
            if (!Double.isFinite(b.within())) continue;
            double rest = b.within();
            for (var e : exact.entrySet()) {
                if ((e.getKey() & ~b.mask()) == 0 && e.getKey() != b.mask()) rest -= e.getValue();
            }
            // Interference only adds time: a µop counts from 0.65 up (0.35 of slack above, not below).
            long r = Math.max(0, (long) Math.floor(rest + 1 - COUNTS_FROM));
            residue.put(b.mask(), rest);
            double frac = rest - Math.floor(rest);
            if (frac > SETTLED && frac < 1 - SETTLED && rest > -SETTLED) unsettled.add(String.format("%s: %.2f", b.benchmark(), rest));
            exact.put(b.mask(), (int) r);
            if (r > 0) groups.add(new Group(b.mask(), (int) r));
        }
        return new Usage(groups, residue, unsettled);
    }

    /**
     * What blocking found, within what the form can have: no load µop for a form that reads no memory, no
     * store µop for one that writes none, and no more compute µops than {@code computeAtMost} (its slots
     * less its stores, where a slot carries a load with its operation; negative: not known). Blocking a wide
     * combination with many instructions slows some forms by more than their µops (PHSUBD xmm, xmm, 3 slots:
     * 18.2 µops "within" the five ALU ports beside 45 CMPs on the development host), so the excess is taken
     * from the widest combinations first.
     */
    public static Usage withinForm(Usage u, int computeAtMost, int loadMask, int storeMask, boolean readsMemory, boolean writesMemory) {
        List<Group> kept = new ArrayList<>();
        int compute = 0;
        for (Group g : u.groups()) {
            boolean load = loadMask != 0 && g.mask() == loadMask, store = storeMask != 0 && g.mask() == storeMask;
            if (load && !readsMemory || store && !writesMemory) continue;
            kept.add(g);
            if (!load && !store) compute += g.count();
        }
        int excess = computeAtMost < 0 ? 0 : compute - computeAtMost;
        while (excess > 0) {
            int widest = -1;
            for (int i = 0; i < kept.size(); i++) {
                Group g = kept.get(i);
                if (loadMask != 0 && g.mask() == loadMask || storeMask != 0 && g.mask() == storeMask) continue;
                if (widest < 0 || Integer.bitCount(g.mask()) > Integer.bitCount(kept.get(widest).mask())) widest = i;
            }
            Group g = kept.get(widest);
            int take = Math.min(excess, g.count());
            excess -= take;
            if (take == g.count()) kept.remove(widest);
            else kept.set(widest, new Group(g.mask(), g.count() - take));
        }
        return kept.equals(u.groups()) ? u : new Usage(kept, u.residue(), u.unsettled());
    }

    /**
     * How far a form's port bound (the LP throughput) may lie above its measured throughput, relative
     * and in cycles, before its usage counts as contradicting the measurement: µops confined to a set
     * of ports Q take at least their number / |Q| cycles, so a bound well above the measured time means
     * blocking put a µop on too narrow a combination.
     */
    public static final double THROUGHPUT_SLACK = 0.15;
    public static final double THROUGHPUT_SLACK_CYCLES = 0.2;

    /** Whether a port bound contradicts a measured throughput. */
    public static boolean contradicts(double bound, double throughput) {
        return Double.isFinite(throughput) && throughput > 0 && bound > throughput * (1 + THROUGHPUT_SLACK)
                && bound - throughput > THROUGHPUT_SLACK_CYCLES;
    }

    /** The LP throughput of a usage over {@code ports} ports. */
    public static double bound(List<Group> groups, int ports) {
        return PortBound.cycles(ports, masks(groups), counts(groups));
    }

    private static int[] masks(List<Group> groups) {
        return groups.stream().mapToInt(Group::mask).toArray();
    }

    private static double[] counts(List<Group> groups) {
        return groups.stream().mapToDouble(Group::count).toArray();
    }

    /** Group {@code i} of {@code groups} with one µop fewer (gone at none), in place. */
    private static void takeOne(List<Group> groups, int i) {
        Group g = groups.get(i);
        if (g.count() == 1) groups.remove(i);
        else groups.set(i, new Group(g.mask(), g.count() - 1));
    }

    /**
     * Like {@link #withinForm}, but each µop of the excess comes from the group whose loss lowers the port
     * bound most (ties: the widest): the trim to use when taking the widest combinations first leaves a
     * bound that contradicts the measured throughput. CMOVNS r64, m64 on the development host: blocking
     * found a µop within P5 (interference) and one within P0,P6 for a one-slot form; the widest first left
     * P5, a bound of 1.0 cycle against 0.50 measured.
     */
    public static Usage trimKeepingThroughput(Usage u, int computeAtMost, int loadMask, int storeMask, int ports) {
        List<Group> kept = new ArrayList<>(u.groups());
        int compute = 0;
        for (Group g : kept) if (!memory(g, loadMask, storeMask)) compute += g.count();
        for (int excess = compute - computeAtMost; excess > 0; excess--) {
            int pick = -1;
            double best = Double.POSITIVE_INFINITY;
            for (int i = 0; i < kept.size(); i++) {
                Group g = kept.get(i);
                if (memory(g, loadMask, storeMask)) continue;
                List<Group> tried = new ArrayList<>(kept);
                takeOne(tried, i);
                double b = bound(tried, ports);
                if (b < best - 1e-9 || Math.abs(b - best) <= 1e-9 && Integer.bitCount(g.mask()) > Integer.bitCount(kept.get(pick).mask())) {
                    best = b;
                    pick = i;
                }
            }
            if (pick < 0) break;
            takeOne(kept, pick);
        }
        return new Usage(kept, u.residue(), u.unsettled());
    }

    /**
     * The usage widened until its port bound agrees with the measured throughput: while it contradicts
     * it, one µop of the narrowest compute group inside the bottleneck moves to the smallest measured
     * combination that contains that group's ports and reaches outside the bottleneck (ties: the one
     * where blocking saw the most µops of its own). SHRD r16, r16, CL on the development host: blocking
     * read two µops within P1 (one of them interference), a bound of 2.0 cycles against 1.0 measured.
     */
    public static Usage widenToThroughput(Usage u, double throughput, int ports, List<Integer> combinations, int loadMask, int storeMask) {
        List<Group> groups = new ArrayList<>(u.groups());
        for (int step = 0; step < 16 && !groups.isEmpty(); step++) {
            int[] masks = masks(groups);
            double[] counts = counts(groups);
            if (!contradicts(PortBound.cycles(ports, masks, counts), throughput)) break;
            int q = PortBound.bottleneck(ports, masks, counts);
            int from = -1;
            for (int i = 0; i < groups.size(); i++) {
                Group g = groups.get(i);
                if (memory(g, loadMask, storeMask) || (g.mask() & ~q) != 0) continue;
                if (from < 0 || Integer.bitCount(g.mask()) < Integer.bitCount(groups.get(from).mask())) from = i;
            }
            if (from < 0) break;
            int narrow = groups.get(from).mask();
            int to = 0;
            for (int c : combinations) {
                if ((narrow & ~c) != 0 || (c & ~q) == 0 || c == loadMask || c == storeMask) continue;
                if (to == 0 || Integer.bitCount(c) < Integer.bitCount(to)
                        || Integer.bitCount(c) == Integer.bitCount(to) && u.residue().getOrDefault(c, 0.0) > u.residue().getOrDefault(to, 0.0)) {
                    to = c;
                }
            }
            if (to == 0) break;
            takeOne(groups, from);
            int at = -1;
            for (int i = 0; i < groups.size(); i++) if (groups.get(i).mask() == to) at = i;
            if (at >= 0) groups.set(at, new Group(to, groups.get(at).count() + 1));
            else groups.add(new Group(to, 1));
        }
        return groups.equals(u.groups()) ? u : new Usage(groups, u.residue(), u.unsettled());
    }

    /**
     * No more load µops than the form has memory reads, nor store µops than it has writes: a decoded form
     * reads each memory operand once, so a larger count is the blocking loads' interference (ROUNDSD xmm,
     * m64, imm8 on the development host: three µops within the load ports; BT m64, imm8: two).
     */
    public static Usage memoryWithin(Usage u, int loadMask, int storeMask, int reads, int writes) {
        List<Group> kept = new ArrayList<>();
        for (Group g : u.groups()) {
            int most = loadMask != 0 && g.mask() == loadMask && reads > 0 ? reads
                    : storeMask != 0 && g.mask() == storeMask && writes > 0 ? writes : Integer.MAX_VALUE;
            kept.add(g.count() > most ? new Group(g.mask(), most) : g);
        }
        return kept.equals(u.groups()) ? u : new Usage(kept, u.residue(), u.unsettled());
    }

    /**
     * µops blocking found on a part of the load ports counted on the load combination, and alike for
     * stores: the rules that follow know a load µop by the load combination's mask. A core may have a
     * narrower class of loads (Zen 4's 256-bit loads on two of its three load ports), and a
     * load-operation's load then showed up within it and was taken for a compute µop: on the family 19h
     * model 11h guest 144 load-operations lost their FP µop to the slot ceiling that way and kept two loads.
     */
    public static Usage memoryOnWholeCombinations(Usage u, int loadMask, int storeMask) {
        if (u.groups().stream().noneMatch(g -> narrowerPart(g.mask(), loadMask) || narrowerPart(g.mask(), storeMask))) return u;
        List<Group> kept = new ArrayList<>();
        int loads = 0, stores = 0;
        for (Group g : u.groups()) {
            if (loadMask != 0 && g.mask() != 0 && (g.mask() & ~loadMask) == 0) loads += g.count();
            else if (storeMask != 0 && g.mask() != 0 && (g.mask() & ~storeMask) == 0) stores += g.count();
            else kept.add(g);
        }
        if (loads > 0) kept.add(new Group(loadMask, loads));
        if (stores > 0) kept.add(new Group(storeMask, stores));
        return new Usage(kept, u.residue(), u.unsettled());
    }

    /** The load µops (groups within {@code loadMask}) moved onto {@code target}, one group; the others as they are. */
    public static Usage loadsOn(Usage u, int loadMask, int target) {
        if (loadMask == 0 || target == loadMask) return u;
        List<Group> kept = new ArrayList<>();
        int loads = 0;
        for (Group g : u.groups()) {
            if (g.mask() != 0 && (g.mask() & ~loadMask) == 0) loads += g.count();
            else kept.add(g);
        }
        if (loads == 0) return u;
        kept.add(new Group(target, loads));
        return new Usage(kept, u.residue(), u.unsettled());
    }

    /** A mask on some of the combination's ports, not all. */
    private static boolean narrowerPart(int mask, int combination) {
        return combination != 0 && mask != 0 && mask != combination && (mask & ~combination) == 0;
    }

    private static boolean memory(Group g, int loadMask, int storeMask) {
        return loadMask != 0 && g.mask() == loadMask || storeMask != 0 && g.mask() == storeMask;
    }

    /** uops.info notation: {@code 1*P0156+2*P23}, port names joined after a common prefix. */
    public static String notation(List<Group> groups, List<String> portNames) {
        if (groups.isEmpty()) return "";
        StringBuilder sb = new StringBuilder();
        for (Group g : groups) {
            if (!sb.isEmpty()) sb.append('+');
            sb.append(g.count()).append('*').append(combination(g.mask(), portNames));
        }
        return sb.toString();
    }

    /**
     * A combination's name: the ports' common prefix once, then each port's rest ({@code P0}, {@code P1},
     * {@code P5} -> {@code P015}; {@code ALU0..ALU3} -> {@code ALU0123}); names without a common prefix
     * are joined with {@code |}.
     */
    public static String combination(int mask, List<String> portNames) {
        List<String> names = new ArrayList<>();
        for (int p = 0; p < portNames.size(); p++) if ((mask & (1 << p)) != 0) names.add(portNames.get(p));
        String prefix = names.getFirst().replaceAll("[0-9A-Z]$", "");
        // one-character suffixes after a common prefix (P0, P1, PA: port 10 in base 36) join as uops.info writes them
        boolean common = !prefix.isEmpty() && names.stream().allMatch(n -> n.length() == prefix.length() + 1 && n.startsWith(prefix));
        if (!common) return String.join("|", names);
        names.sort(java.util.Comparator.comparingInt(n -> Character.digit(n.charAt(n.length() - 1), 36)));
        StringBuilder sb = new StringBuilder(prefix);
        for (String n : names) sb.append(n.substring(prefix.length()));
        return sb.toString();
    }
}
