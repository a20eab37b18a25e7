package dev.uopsim.sim;

import java.util.Map;

/**
 * A form's latencies keyed by operand pair names as machine models write them ({@code op1->op0},
 * {@code mem->op0}, {@code flags->CF}, {@code RAX->*}, {@code *->*}); the most specific key wins:
 * {@code from->to}, then {@code from->*}, then {@code *->to}, then {@code *->*}. A flag group
 * ({@code CF}, {@code OF}, {@code SZAP}) also matches a key written with {@code flags}.
 */
public record LatencyTable(Map<String, Integer> cycles) {
    public static final LatencyTable NONE = new LatencyTable(Map.of());

    public LatencyTable {
        cycles = Map.copyOf(cycles);
    }

    public static LatencyTable uniform(int c) {
        return new LatencyTable(Map.of("*->*", c));
    }

    /** The latency from input {@code from} to output {@code to}, or {@code fallback} when no key covers them. */
    public int get(String from, String to, int fallback) {
        for (String f : candidates(from)) {
            for (String t : candidates(to)) {
                Integer v = cycles.get(f + "->" + t);
                if (v != null) return v;
            }
        }
        return fallback;
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
