package dev.uopsim.characterize.infer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Names inferred ports after the vendor's documented ones. Timing numbers the ports of a layout in no
 * particular order; a reference layout (the documented ports of the core family) says which name each
 * should carry: for every one-µop form whose port set is known on both sides, each inferred port of it
 * scores with each documented port of it, and the assignment with the highest total score is taken
 * (Hungarian method). Inferred ports that score with none keep a name of their role.
 */
public final class PortNaming {
    private PortNaming() {}

    /** One form seen both ways: the inferred port mask and the documented port names of its one µop. */
    public record Evidence(int inferred, List<String> documented) {}

    /**
     * @param ports     inferred ports
     * @param evidence  one-µop forms on both sides
     * @param fallback  the name of each inferred port when it matches nothing (its role: S0, X3...)
     * @return a name per inferred port
     */
    public static List<String> names(int ports, List<Evidence> evidence, List<String> fallback) {
        List<String> documented = new ArrayList<>();
        for (Evidence e : evidence) for (String d : e.documented()) if (!documented.contains(d)) documented.add(d);
        documented.sort(PortNaming::byNumber);
        int n = Math.max(ports, documented.size());
        double[][] score = new double[n][n];
        for (Evidence e : evidence) {
            int k = Integer.bitCount(e.inferred());
            if (k == 0 || e.documented().isEmpty()) continue;
            double w = 1.0 / (k * e.documented().size());
            for (int p = 0; p < ports; p++) {
                if ((e.inferred() & (1 << p)) == 0) continue;
                for (String d : e.documented()) score[p][documented.indexOf(d)] += w;
            }
        }
        int[] assign = hungarianMax(score);
        List<String> out = new ArrayList<>();
        for (int p = 0; p < ports; p++) {
            int d = assign[p];
            out.add(d < documented.size() && score[p][d] > 0 ? documented.get(d) : fallback.get(p));
        }
        // a fallback name may clash with a documented one: number it on
        for (int p = 0; p < out.size(); p++) {
            String name = out.get(p);
            for (int q = 0; q < p; q++) if (out.get(q).equals(name)) out.set(p, name + "_" + p);
        }
        return out;
    }

    /** P2 before P10; names without a number by text. */
    static int byNumber(String a, String b) {
        String pa = a.replaceAll("[0-9]+$", ""), pb = b.replaceAll("[0-9]+$", "");
        if (!pa.equals(pb)) return pa.compareTo(pb);
        String na = a.substring(pa.length()), nb = b.substring(pb.length());
        if (na.isEmpty() || nb.isEmpty()) return a.compareTo(b);
        return Integer.compare(Integer.parseInt(na), Integer.parseInt(nb));
    }

    /** Row -> column of a maximum-weight perfect assignment on a square matrix. */
    static int[] hungarianMax(double[][] w) {
        int n = w.length;
        double max = 0;
        for (double[] r : w) for (double v : r) max = Math.max(max, v);
        double[][] cost = new double[n + 1][n + 1];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) cost[i + 1][j + 1] = max - w[i][j];
        double[] u = new double[n + 1], v = new double[n + 1];
        int[] p = new int[n + 1], way = new int[n + 1];
        for (int i = 1; i <= n; i++) {
            p[0] = i;
            int j0 = 0;
            double[] minv = new double[n + 1];
            Arrays.fill(minv, Double.POSITIVE_INFINITY);
            boolean[] used = new boolean[n + 1];
            do {
                used[j0] = true;
                int i0 = p[j0], j1 = 0;
                double delta = Double.POSITIVE_INFINITY;
                for (int j = 1; j <= n; j++) {
                    if (used[j]) continue;
                    double cur = cost[i0][j] - u[i0] - v[j];
                    if (cur < minv[j]) {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if (minv[j] < delta) {
                        delta = minv[j];
                        j1 = j;
                    }
                }
                for (int j = 0; j <= n; j++) {
                    if (used[j]) {
                        u[p[j]] += delta;
                        v[j] -= delta;
                    } else {
                        minv[j] -= delta;
                    }
                }
                j0 = j1;
            } while (p[j0] != 0);
            do {
                int j1 = way[j0];
                p[j0] = p[j1];
                j0 = j1;
            } while (j0 != 0);
        }
        int[] rowToCol = new int[n];
        for (int j = 1; j <= n; j++) if (p[j] > 0) rowToCol[p[j] - 1] = j - 1;
        return rowToCol;
    }

    /** Names for the notation: a port's suffix after the common prefix, numbers above 9 as hex letters (P10 -> A). */
    public static List<String> notationNames(List<String> names) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            String prefix = n.replaceAll("[0-9]+$", "");
            String num = n.substring(prefix.length());
            if (!num.isEmpty() && num.length() > 1 && !prefix.isEmpty()) {
                int v = Integer.parseInt(num);
                out.add(v < 36 ? prefix + Character.toUpperCase(Character.forDigit(v, 36)) : n);
            } else {
                out.add(n);
            }
        }
        return out;
    }

    /** Units per port in a readable form, for reports. */
    public static Map<String, List<String>> describe(List<String> names, Map<Integer, List<String>> unitsByPort) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (int p = 0; p < names.size(); p++) m.put(names.get(p), unitsByPort.getOrDefault(p, List.of()));
        return m;
    }
}
