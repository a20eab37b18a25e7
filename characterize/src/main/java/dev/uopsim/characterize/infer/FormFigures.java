package dev.uopsim.characterize.infer;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What inference reads from a form's part-1 result (the JSON map of {@code characterize --json}):
 * its best throughput and the sequence that gave it, and its latency pairs.
 *
 * @param instances  independent instances per copy in the best sequence (x1, x2, x4, x8)
 * @param breakers   the best sequence breaks the form's explicit read-write registers
 * @param sameLine   the best sequence keeps its stores in one cache line
 */
public record FormFigures(String form, double throughput, boolean stable, int instances, boolean breakers, boolean sameLine,
                          Map<String, Latency> latency, java.util.List<Sequence> sequences) {

    /** One measured throughput sequence: instances per copy, its variant, cycles per instance. */
    public record Sequence(int instances, boolean breakers, boolean sameLine, double cycles, boolean stable) {}

    /** One latency pair as measured: cycles, upper bound, stable. */
    public record Latency(double cycles, boolean upper, boolean stable) {}

    @SuppressWarnings("unchecked")
    public static FormFigures of(Map<String, Object> result) {
        String form = (String) result.get("form");
        double t = result.get("throughput") instanceof Number n ? n.doubleValue() : Double.NaN;
        boolean stable = Boolean.TRUE.equals(result.get("throughput_stable"));
        String seq = (String) result.get("throughput_sequence");
        int instances = 1;
        boolean breakers = false, sameLine = false;
        if (seq != null) {
            String[] parts = seq.split("-", 2);
            try {
                instances = Integer.parseInt(parts[0].substring(1));
            } catch (RuntimeException e) {
                instances = 1;
            }
            if (parts.length > 1) {
                breakers = parts[1].equals("breakers");
                sameLine = parts[1].equals("same-line");
            }
        }
        Map<String, Latency> lat = new LinkedHashMap<>();
        if (result.get("latency") instanceof Map<?, ?> m) {
            for (var e : ((Map<String, Object>) m).entrySet()) {
                Map<String, Object> v = (Map<String, Object>) e.getValue();
                if (!(v.get("cycles") instanceof Number c)) continue;
                lat.put(e.getKey(), new Latency(c.doubleValue(), "upper".equals(v.get("bound")), Boolean.TRUE.equals(v.get("stable"))));
            }
        }
        java.util.List<Sequence> seqs = new java.util.ArrayList<>();
        if (result.get("throughput_sequences") instanceof Map<?, ?> m) {
            for (var e : ((Map<String, Object>) m).entrySet()) {
                Map<String, Object> v = (Map<String, Object>) e.getValue();
                if (!(v.get("cycles") instanceof Number c)) continue;
                String[] parts = e.getKey().split("-", 2);
                if (parts.length > 1 && !parts[1].equals("breakers") && !parts[1].equals("same-line")) continue;
                int n;
                try {
                    n = Integer.parseInt(parts[0].substring(1));
                } catch (RuntimeException ex) {
                    continue;
                }
                seqs.add(new Sequence(n, parts.length > 1 && parts[1].equals("breakers"), parts.length > 1 && parts[1].equals("same-line"),
                        c.doubleValue(), Boolean.TRUE.equals(v.get("stable"))));
            }
        }
        return new FormFigures(form, t, stable, instances, breakers, sameLine, lat, seqs);
    }

    public boolean hasThroughput() {
        return Double.isFinite(throughput) && throughput > 0;
    }
}
