package dev.uopsim.characterize.infer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Bypass domains from round trips. A chain F -> R -> F takes the two latencies plus the delays of
 * both crossings, so its time less the self-chains of F and R is the round trip between their
 * domains. Forms with the same round trips to every reference form R share a domain; the round trips
 * between domains then give the delay matrix.
 *
 * <p>Loop-carried chains only ever see sums of delays around a loop: adding p(to) - p(from) to every
 * delay changes none of them. So the split of an odd round trip into its two directions is not
 * measurable, and does not change any loop's time. What loops do tell is how a round trip divides
 * between directions relative to a third domain: A -> B -> C -> A and A -> C -> B -> A differ when
 * the directions do. With such loops of three, the delays are fitted to them and the round trips
 * together; without, a split with every delay 0 or more and as few non-zero delays as possible. Round trips need not be whole cycles: where the delay depends
 * on the ports the two forms run on (the integer ALU on three ports, the multiplier on two), a chain
 * pays it on a share of its trips, and the delay is that average.
 */
public final class BypassDomains {
    /** How far apart two forms' round trips through one reference may be in one domain, cycles. */
    static final double TOLERANCE = 0.2;
    /** A round trip longer than this is not a bypass (assists, a unit that waits for something else). */
    public static final double MAX_ROUND_TRIP = 4.5;
    /** Domains at most. */
    static final int MAX_DOMAINS = 16;
    /** A delay below this is none. */
    static final double NOISE = 0.05;

    private BypassDomains() {}

    /**
     * Forms grouped by their round trips to the references.
     *
     * @param domainOf       form -> domain name
     * @param unsettled      form -> why it has no domain
     * @param domains        domain names: those of references first, then by size
     * @param representative domain -> the form that stands for it in further chains
     * @param roundTrips     domain -> the median round trip of its forms through each reference, cycles
     */
    public record Classes(Map<String, String> domainOf, Map<String, String> unsettled, List<String> domains,
                          Map<String, String> representative, Map<String, double[]> roundTrips) {
        public int members(String domain) {
            int n = 0;
            for (String d : domainOf.values()) if (d.equals(domain)) n++;
            return n;
        }
    }

    /**
     * Groups forms by their round trips: a form joins the first group whose first form's round trips
     * are all within {@link #TOLERANCE} of its own, else starts one.
     *
     * @param references     reference forms, each with the name its domain takes
     * @param excess         form -> round trip through each reference (cycles; NaN when not measured), references included
     * @param minimumMembers a group needs this many forms, unless it holds a reference
     */
    public static Classes classify(Map<String, String> references, Map<String, double[]> excess, int minimumMembers) {
        List<String> refForms = new ArrayList<>(references.keySet());
        Map<String, String> unsettled = new LinkedHashMap<>();
        List<List<String>> groups = new ArrayList<>();
        // references first, so that each starts its group
        List<String> order = new ArrayList<>();
        for (String r : refForms) if (excess.containsKey(r)) order.add(r);
        for (String f : excess.keySet()) if (!order.contains(f)) order.add(f);
        for (String f : order) {
            double[] e = excess.get(f);
            String why = null;
            for (int r = 0; r < e.length && why == null; r++) {
                if (!Double.isFinite(e[r])) why = "no round trip through " + refForms.get(r);
                else if (e[r] < -TOLERANCE) why = String.format(Locale.ROOT, "round trip through %s is %.2f cycles, faster than the two alone", refForms.get(r), e[r]);
                else if (e[r] > MAX_ROUND_TRIP) why = String.format(Locale.ROOT, "round trip through %s is %.2f cycles, more than a bypass", refForms.get(r), e[r]);
            }
            if (why != null) {
                unsettled.put(f, why);
                continue;
            }
            List<String> home = null;
            for (List<String> g : groups) {
                if (close(excess.get(g.getFirst()), e)) {
                    home = g;
                    break;
                }
            }
            if (home == null) groups.add(home = new ArrayList<>());
            home.add(f);
        }
        // Groups holding a reference first, then the largest, up to MAX_DOMAINS.
        List<List<String>> sorted = new ArrayList<>(groups);
        sorted.sort((a, b) -> {
            boolean ra = a.stream().anyMatch(references::containsKey), rb = b.stream().anyMatch(references::containsKey);
            if (ra != rb) return ra ? -1 : 1;
            return Integer.compare(b.size(), a.size());
        });
        Map<String, String> domainOf = new LinkedHashMap<>();
        List<String> domains = new ArrayList<>();
        Map<String, String> representative = new LinkedHashMap<>();
        Map<String, double[]> roundTrips = new LinkedHashMap<>();
        for (List<String> members : sorted) {
            String ref = members.stream().filter(references::containsKey).findFirst().orElse(null);
            double[] trips = median(members, excess, refForms.size());
            String shown = format(trips);
            String why = null;
            if (ref == null && members.size() < minimumMembers) why = "its round trips " + shown + " match fewer than " + minimumMembers + " forms";
            else if (domains.size() >= MAX_DOMAINS) why = "its round trips " + shown + " would make more than " + MAX_DOMAINS + " domains";
            if (why != null) {
                for (String f : members) unsettled.put(f, why);
                continue;
            }
            String name = ref != null ? references.get(ref) : "like-" + members.getFirst().split(" ")[0].toLowerCase(Locale.ROOT);
            while (domains.contains(name)) name = name + "'";
            domains.add(name);
            representative.put(name, ref != null ? ref : members.getFirst());
            roundTrips.put(name, trips);
            for (String f : members) domainOf.put(f, name);
        }
        return new Classes(domainOf, unsettled, domains, representative, roundTrips);
    }

    private static boolean close(double[] a, double[] b) {
        for (int i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > TOLERANCE) return false;
        return true;
    }

    private static double[] median(List<String> members, Map<String, double[]> excess, int n) {
        double[] out = new double[n];
        for (int r = 0; r < n; r++) {
            double[] v = new double[members.size()];
            for (int k = 0; k < v.length; k++) v[k] = excess.get(members.get(k))[r];
            java.util.Arrays.sort(v);
            out[r] = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        }
        return out;
    }

    static String format(double[] v) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) b.append(i > 0 ? ", " : "").append(String.format(Locale.ROOT, "%.2f", v[i]));
        return b.append(']').toString();
    }

    /**
     * Delays from round trips: {@code delays[i][j] + delays[j][i] == roundTrip[i][j]}, each 0 or more,
     * as few non-zero as a split by whole half cycles allows (found by trying each domain's offset in
     * turn until none helps); the rest split evenly. Rounded to hundredths, below {@link #NOISE} none.
     */
    public static double[][] delays(double[][] roundTrip) {
        int n = roundTrip.length;
        int[] halves = new int[n];               // p(i) in half cycles; domain 0 stays at 0
        int best = nonZero(roundTrip, halves);
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int i = 1; i < n; i++) {
                int keep = halves[i];
                for (int h = -2; h <= 2; h++) {
                    if (h == keep) continue;
                    halves[i] = h;
                    int c = nonZero(roundTrip, halves);
                    if (c >= 0 && c < best) {
                        best = c;
                        keep = h;
                        changed = true;
                    }
                }
                halves[i] = keep;
            }
        }
        double[][] d = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i == j) continue;
                double v = (roundTrip[i][j] + halves[j] - halves[i]) / 2;   // s/2 + p(j) - p(i), p in half cycles
                d[i][j] = v < NOISE ? 0 : Math.round(v * 100) / 100.0;
            }
        }
        return d;
    }

    /** A measured sum around a loop of three domains: delay(a -> b) + delay(b -> c) + delay(c -> a). */
    public record Triangle(int a, int b, int c, double cycles) {}

    /**
     * Delays that fit the round trips and the loops of three: the directions of a round trip are
     * told apart by the loops (A -> B -> C -> A and back differ when A -> B and B -> A do). A measured
     * round trip is kept whole: its directions are {@code s/2 + a} and {@code s/2 - a}, and the loops
     * only choose the split {@code a} (neither direction below 0). Fitting the sums too, as one least
     * squares over both, let the loops outvote them (a run on a shared core: 1,118 loops against 120
     * round trips) and gave two integer-vector domains measured 0.00 apart a 0.37-cycle round trip,
     * a chain between them 19% slow. Pairs with no round trip are free (0 or more). Least squares over
     * the loops by projected gradient descent from the even split, a little weight on even splits
     * for what no loop decides. Rounded to hundredths, below {@link #NOISE} none.
     *
     * @param roundTrip round trips between domains ({@code NaN}: not measured)
     */
    public static double[][] delays(double[][] roundTrip, List<Triangle> triangles) {
        int n = roundTrip.length;
        if (triangles.isEmpty()) return delays(roundTrip);
        double[][] d = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) if (i != j && Double.isFinite(roundTrip[i][j])) d[i][j] = Math.max(0, roundTrip[i][j]) / 2;
        }
        // A step the loops cannot make diverge: each split moves two delays, each in up to n - 2 loops.
        double step = 0.25 / (4.0 * Math.max(1, n - 2) + 1), small = 0.01;
        double[][] g = new double[n][n];
        for (int iteration = 0; iteration < 50_000; iteration++) {
            for (double[] row : g) java.util.Arrays.fill(row, 0);
            for (Triangle t : triangles) {
                double r = d[t.a()][t.b()] + d[t.b()][t.c()] + d[t.c()][t.a()] - t.cycles();
                g[t.a()][t.b()] += 2 * r;
                g[t.b()][t.c()] += 2 * r;
                g[t.c()][t.a()] += 2 * r;
            }
            double moved = 0;
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    double before = d[i][j], beforeBack = d[j][i];
                    if (Double.isFinite(roundTrip[i][j])) {
                        double half = Math.max(0, roundTrip[i][j]) / 2;
                        double a = d[i][j] - half;
                        a -= step * (g[i][j] - g[j][i] + 4 * small * a);
                        a = Math.max(-half, Math.min(half, a));
                        d[i][j] = half + a;
                        d[j][i] = half - a;
                    } else {
                        d[i][j] = Math.max(0, d[i][j] - step * (g[i][j] + 2 * small * d[i][j]));
                        d[j][i] = Math.max(0, d[j][i] - step * (g[j][i] + 2 * small * d[j][i]));
                    }
                    moved = Math.max(moved, Math.max(Math.abs(d[i][j] - before), Math.abs(d[j][i] - beforeBack)));
                }
            }
            if (moved < 1e-7) break;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) d[i][j] = d[i][j] < NOISE ? 0 : Math.round(d[i][j] * 100) / 100.0;
        }
        return d;
    }

    /** Root-mean-square miss of delays against the round trips and triangles they were fitted to, cycles. */
    public static double misfit(double[][] d, double[][] roundTrip, List<Triangle> triangles) {
        double sum = 0;
        int count = 0;
        for (int i = 0; i < d.length; i++) {
            for (int j = i + 1; j < d.length; j++) {
                if (!Double.isFinite(roundTrip[i][j])) continue;
                double r = d[i][j] + d[j][i] - roundTrip[i][j];
                sum += r * r;
                count++;
            }
        }
        for (Triangle t : triangles) {
            double r = d[t.a()][t.b()] + d[t.b()][t.c()] + d[t.c()][t.a()] - t.cycles();
            sum += r * r;
            count++;
        }
        return count == 0 ? 0 : Math.sqrt(sum / count);
    }

    /** Non-zero delays of a split, or -1 when one would be negative. */
    private static int nonZero(double[][] roundTrip, int[] halves) {
        int count = 0;
        for (int i = 0; i < roundTrip.length; i++) {
            for (int j = 0; j < roundTrip.length; j++) {
                if (i == j) continue;
                double v = (roundTrip[i][j] + halves[j] - halves[i]) / 2;   // s/2 + p(j) - p(i), p in half cycles
                if (v < -NOISE) return -1;
                if (v >= NOISE) count++;
            }
        }
        return count;
    }
}
