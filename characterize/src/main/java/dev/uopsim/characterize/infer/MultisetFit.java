package dev.uopsim.characterize.infer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Infers a port mapping from measured throughputs of multisets of instructions (PMEvo's and
 * Palmed's idea): every instruction gets a list of µops, every µop a set of ports, such that the
 * throughput the mapping predicts for each measured multiset ({@link PortBound}: the LP optimum,
 * optionally bounded by the front end) matches the measurement. Any multisets will do: singletons,
 * pairs, the 5-instruction mixes of PMEvo's data, a form beside blocking instructions.
 *
 * <p>The search is simulated annealing over mappings (deterministic for a seed) with moves that
 * change one port of a µop, borrow a port set another instruction uses (so instructions come to
 * share port combinations), add or drop a µop, or copy the mapping of an instruction with the same
 * singleton throughput. The error is the mean relative error over the experiments. Each experiment's
 * µop counts per port set are kept summed over supersets, so a move costs two updates and one scan of
 * the 2^ports sets per experiment it touches.
 */
public final class MultisetFit {
    /** A measured multiset: instruction indices (repeated as often as they occur) and cycles per execution. */
    public record Experiment(int[] members, double cycles, double weight, double slots) {
        public Experiment(int[] members, double cycles) {
            this(members, cycles, 1, Double.NaN);
        }

        /** An experiment whose front-end slots are known as a whole (NaN: the members' slots summed). */
        public Experiment(int[] members, double cycles, double slots) {
            this(members, cycles, 1, slots);
        }
    }

    /** What is known of an instruction before the fit: exact µop count and port-set size (-1: free). */
    public record Constraint(int uops, int maskSize) {
        public static final Constraint FREE = new Constraint(-1, -1);
    }

    /**
     * @param ports         ports of the mapping (at most 12)
     * @param frontEndWidth slots per cycle the front end delivers (0: no front-end bound)
     * @param iterations    annealing steps per restart
     * @param restarts      independent runs (seeds seed, seed+1, ...); the one with the least error is kept
     * @param maxUops       µops one instruction may have at most
     */
    public record Options(int ports, double frontEndWidth, long iterations, int restarts, long seed, int maxUops,
                          double startTemperature, double endTemperature) {
        public static Options of(int ports, double frontEndWidth, long iterations) {
            return new Options(ports, frontEndWidth, iterations, 1, 1, 24, 0.5, 0.001);
        }

        public Options withRestarts(int n) {
            return new Options(ports, frontEndWidth, iterations, n, seed, maxUops, startTemperature, endTemperature);
        }

        public Options withSeed(long s) {
            return new Options(ports, frontEndWidth, iterations, restarts, s, maxUops, startTemperature, endTemperature);
        }
    }

    /** The mapping found: per instruction its µops' port masks, and the mean relative error on the experiments. */
    public record Result(int ports, int[][] uops, double error, double[] predictions) {
        /** Cycles the mapping predicts for a multiset (instruction indices with repeats), with a front-end bound. */
        public double predict(int[] members, double frontEndWidth, double[] slots) {
            List<Integer> masks = new ArrayList<>();
            double fe = 0;
            for (int m : members) {
                for (int u : uops[m]) masks.add(u);
                fe += slots == null ? 1 : slots[m];
            }
            double[] ones = new double[masks.size()];
            Arrays.fill(ones, 1);
            double lp = PortBound.cycles(ports, masks.stream().mapToInt(Integer::intValue).toArray(), ones);
            return frontEndWidth > 0 ? Math.max(lp, fe / frontEndWidth) : lp;
        }
    }

    private final int n;
    private final List<Experiment> exps;
    private final double[] singleton;
    private final Constraint[] constraints;
    private final double[] slots;
    private final Options o;
    private final int full;
    private final double[] inverse;
    private final int[][] expsOf;
    private final int[][] multiplicity;

    /**
     * @param singleton measured cycles of each instruction alone (NaN when unknown): starting point and move guide
     * @param slots     front-end slots of each instruction (null: one each)
     */
    public MultisetFit(int instructions, List<Experiment> experiments, double[] singleton, Constraint[] constraints,
                       double[] slots, Options options) {
        if (options.ports() < 1 || options.ports() > 12) throw new IllegalArgumentException("1 to 12 ports");
        this.n = instructions;
        this.exps = List.copyOf(experiments);
        this.singleton = singleton;
        this.constraints = constraints;
        this.slots = slots;
        this.o = options;
        this.full = (1 << o.ports()) - 1;
        this.inverse = new double[1 << o.ports()];
        for (int q = 1; q <= full; q++) inverse[q] = 1.0 / Integer.bitCount(q);
        List<List<Integer>> of = new ArrayList<>();
        for (int i = 0; i < n; i++) of.add(new ArrayList<>());
        multiplicity = new int[exps.size()][];
        for (int e = 0; e < exps.size(); e++) {
            int[] m = exps.get(e).members();
            int[] distinct = Arrays.stream(m).distinct().toArray();
            multiplicity[e] = new int[distinct.length * 2];
            for (int k = 0; k < distinct.length; k++) {
                int f = distinct[k];
                int c = 0;
                for (int x : m) if (x == f) c++;
                multiplicity[e][2 * k] = f;
                multiplicity[e][2 * k + 1] = c;
                of.get(f).add(e);
            }
        }
        expsOf = new int[n][];
        for (int i = 0; i < n; i++) expsOf[i] = of.get(i).stream().mapToInt(Integer::intValue).toArray();
    }

    public Result fit() {
        Result best = null;
        for (int r = 0; r < Math.max(1, o.restarts()); r++) {
            Result res = anneal(new SplittableRandom(o.seed() + r));
            if (best == null || res.error() < best.error()) best = res;
        }
        return best;
    }

    private int count(int e, int f) {
        int[] m = multiplicity[e];
        for (int k = 0; k < m.length; k += 2) if (m[k] == f) return m[k + 1];
        return 0;
    }

    private double frontEnd(int e) {
        if (o.frontEndWidth() <= 0) return 0;
        if (!Double.isNaN(exps.get(e).slots())) return exps.get(e).slots() / o.frontEndWidth();
        double s = 0;
        for (int f : exps.get(e).members()) s += slots == null ? 1 : slots[f];
        return s / o.frontEndWidth();
    }

    private Result anneal(SplittableRandom rnd) {
        int[][] map = new int[n][];
        for (int i = 0; i < n; i++) map[i] = initial(i, rnd);
        int size = 1 << o.ports();
        int[][] within = new int[exps.size()][size];
        double[] fe = new double[exps.size()];
        double[] pred = new double[exps.size()];
        double total = 0, weights = 0;
        for (int e = 0; e < exps.size(); e++) {
            for (int f : exps.get(e).members()) for (int m : map[f]) add(within[e], m, 1);
            fe[e] = frontEnd(e);
            pred[e] = max(within[e], fe[e]);
            total += error(e, pred[e]);
            weights += exps.get(e).weight();
        }
        double[] fresh = new double[exps.size()];
        double t0 = o.startTemperature(), t1 = o.endTemperature();
        for (long it = 0; it < o.iterations(); it++) {
            double temp = t0 * Math.pow(t1 / t0, (double) it / o.iterations());
            int f = rnd.nextInt(n);
            int[] old = map[f];
            int[] nw = mutate(f, old, map, rnd);
            if (nw == null) continue;
            map[f] = nw;
            double delta = 0;
            for (int e : expsOf[f]) {
                int c = count(e, f);
                for (int m : old) add(within[e], m, -c);
                for (int m : nw) add(within[e], m, c);
                fresh[e] = max(within[e], fe[e]);
                delta += error(e, fresh[e]) - error(e, pred[e]);
            }
            if (delta <= 0 || rnd.nextDouble() < Math.exp(-delta / (temp * Math.max(1, weights / exps.size())))) {
                for (int e : expsOf[f]) pred[e] = fresh[e];
                total += delta;
            } else {
                map[f] = old;
                for (int e : expsOf[f]) {
                    int c = count(e, f);
                    for (int m : nw) add(within[e], m, -c);
                    for (int m : old) add(within[e], m, c);
                }
            }
        }
        // recompute exactly (the running sum drifts)
        total = 0;
        for (int e = 0; e < exps.size(); e++) total += error(e, pred[e]);
        return new Result(o.ports(), map, total / Math.max(1e-9, weights), pred);
    }

    private double error(int e, double p) {
        Experiment x = exps.get(e);
        return x.weight() * Math.abs(p - x.cycles()) / x.cycles();
    }

    private void add(int[] w, int mask, int d) {
        int comp = full & ~mask;
        for (int s = comp; ; s = (s - 1) & comp) {
            w[mask | s] += d;
            if (s == 0) break;
        }
    }

    private double max(int[] w, double fe) {
        double best = fe;
        for (int q = 1; q <= full; q++) {
            double v = w[q] * inverse[q];
            if (v > best) best = v;
        }
        return best;
    }

    private int[] initial(int i, SplittableRandom rnd) {
        Constraint c = constraints == null ? Constraint.FREE : constraints[i];
        double t = singleton == null || Double.isNaN(singleton[i]) ? 1 : singleton[i];
        int uops = c.uops() >= 0 ? c.uops() : t < 0.9 ? 1 : (int) Math.min(o.maxUops(), Math.max(1, Math.round(t)));
        int k = c.maskSize() > 0 ? c.maskSize() : t < 0.9 ? (int) Math.min(o.ports(), Math.max(1, Math.round(uops / t))) : 1;
        int mask = randomMask(Math.min(k, o.ports()), rnd);
        int[] m = new int[uops];
        Arrays.fill(m, mask);
        return m;
    }

    private int randomMask(int k, SplittableRandom rnd) {
        int m = 0;
        while (Integer.bitCount(m) < k) m |= 1 << rnd.nextInt(o.ports());
        return m;
    }

    private int[] mutate(int f, int[] old, int[][] map, SplittableRandom rnd) {
        Constraint c = constraints == null ? Constraint.FREE : constraints[f];
        int[] nw = old.clone();
        switch (rnd.nextInt(6)) {
            case 0, 1 -> {
                if (nw.length == 0) return null;
                int j = rnd.nextInt(nw.length);
                int from = nw[j];
                int m;
                if (c.maskSize() > 0) {
                    // keep the size: one port out, another in
                    int out = pickBit(from, rnd), in = pickBit(full & ~from, rnd);
                    if (out == 0 || in == 0) return null;
                    m = (from & ~out) | in;
                } else {
                    m = from ^ (1 << rnd.nextInt(o.ports()));
                }
                if (m == 0) return null;
                for (int x = 0; x < nw.length; x++) if (nw[x] == from && (x == j || rnd.nextBoolean())) nw[x] = m;
            }
            case 2 -> {
                int g = rnd.nextInt(n);
                if (map[g].length == 0 || nw.length == 0) return null;
                int m = map[g][rnd.nextInt(map[g].length)];
                if (c.maskSize() > 0 && Integer.bitCount(m) != c.maskSize()) return null;
                int from = nw[rnd.nextInt(nw.length)];
                for (int x = 0; x < nw.length; x++) if (nw[x] == from) nw[x] = m;
            }
            case 3 -> {
                if (c.uops() >= 0 || nw.length >= o.maxUops()) return null;
                nw = Arrays.copyOf(nw, nw.length + 1);
                nw[nw.length - 1] = old.length > 0 && rnd.nextBoolean() ? old[rnd.nextInt(old.length)]
                        : randomMask(c.maskSize() > 0 ? c.maskSize() : 1 + rnd.nextInt(3), rnd);
            }
            case 4 -> {
                if (c.uops() >= 0 || nw.length <= 1) return null;
                int j = rnd.nextInt(nw.length);
                int[] r = new int[nw.length - 1];
                for (int x = 0, y = 0; x < nw.length; x++) if (x != j) r[y++] = nw[x];
                nw = r;
            }
            default -> {
                int g = rnd.nextInt(n);
                if (g == f || singleton == null || Double.isNaN(singleton[g]) || Double.isNaN(singleton[f])) return null;
                if (Math.abs(singleton[g] - singleton[f]) / singleton[f] > 0.1) return null;
                if (c.uops() >= 0 && map[g].length != c.uops()) return null;
                if (c.maskSize() > 0) for (int m : map[g]) if (Integer.bitCount(m) != c.maskSize()) return null;
                nw = map[g].clone();
            }
        }
        return nw;
    }

    private static int pickBit(int mask, SplittableRandom rnd) {
        int k = Integer.bitCount(mask);
        if (k == 0) return 0;
        int j = rnd.nextInt(k);
        for (int b = 0; b < 32; b++) {
            if ((mask & (1 << b)) != 0 && j-- == 0) return 1 << b;
        }
        return 0;
    }
}
