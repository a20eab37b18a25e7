package dev.uopsim.sim;

import java.util.Map;

/**
 * A form's latencies keyed by operand pair names as machine models write them ({@code op1->op0},
 * {@code mem->op0}, {@code flags->CF}, {@code RAX->*}, {@code *->*}); the most specific key wins:
 * {@code from->to}, then {@code from->*}, then {@code *->to}, then {@code *->*}. A flag group
 * ({@code CF}, {@code OF}, {@code SZAP}) also matches a key written with {@code flags}.
 */
public record LatencyTable(Map<String, Integer> cycles, java.util.Set<String> upperBounds) {
    public static final LatencyTable NONE = new LatencyTable(Map.of(), java.util.Set.of());

    public LatencyTable {
        cycles = Map.copyOf(cycles);
        upperBounds = java.util.Set.copyOf(upperBounds);
    }

    public LatencyTable(Map<String, Integer> cycles) {
        this(cycles, java.util.Set.of());
    }

    public static LatencyTable uniform(int c) {
        return new LatencyTable(Map.of("*->*", c));
    }

    /** The latency from input {@code from} to output {@code to}, or {@code fallback} when no key covers them. */
    public int get(String from, String to, int fallback) {
        String key = key(from, to);
        return key == null ? fallback : cycles.get(key);
    }

    /** True when the latency that covers this pair is only an upper bound (uops.info's ≤n). */
    public boolean isUpperBound(String from, String to) {
        String key = key(from, to);
        return key != null && upperBounds.contains(key);
    }

    private String key(String from, String to) {
        for (String f : candidates(from)) {
            for (String t : candidates(to)) {
                String k = f + "->" + t;
                if (cycles.containsKey(k)) return k;
            }
        }
        return null;
    }

    private static String[] candidates(String name) {
        if (name.equals("CF") || name.equals("OF") || name.equals("SZAP")) return new String[]{name, "flags", "*"};
        return new String[]{name, "*"};
    }

    /** The largest latency in the table (what a form costs on its slowest path). */
    public int max() {
        return cycles.values().stream().mapToInt(Integer::intValue).max().orElse(1);
    }
}
