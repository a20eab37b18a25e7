package dev.uopsim.sim;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A form's latencies keyed by operand pair names as machine models write them ({@code op1->op0},
 * {@code mem->op0}, {@code flags->CF}, {@code RAX->*}, {@code *->*}); the most specific key wins:
 * {@code from->to}, then {@code from->*}, then {@code *->to}, then {@code *->*}. A flag group
 * ({@code CF}, {@code OF}, {@code SZAP}) also matches a key written with {@code flags}.
 *
 * <p>A value class (equal tables are equal) that remembers what covers each pair asked about:
 * every simulated block asks for its instructions' pairs, and trying the candidate keys builds
 * strings each time.
 */
public final class LatencyTable {
    public static final LatencyTable NONE = new LatencyTable(Map.of(), Set.of());
    /** What {@link #resolved} (and a {@link FormDescriptor}) keeps for a pair no key covers. */
    static final Cover UNCOVERED = new Cover(0, false, 0);

    private final Map<String, Integer> cycles;
    private final Set<String> upperBounds;
    /** For a key whose figure is not whole: hundredths short of its (rounded-up) cycles, 1..99. */
    private final Map<String, Integer> shortfall;
    /** What covers each pair asked about (by from, then to), or UNCOVERED: looked up without building a string. */
    private final Map<String, Map<String, Cover>> resolved = new ConcurrentHashMap<>();
    /** {@link #max()}, asked once per simulated instruction. */
    private final int max;

    public LatencyTable(Map<String, Integer> cycles, Set<String> upperBounds) {
        this(cycles, upperBounds, Map.of());
    }

    /**
     * @param cycles    whole cycles per key, rounded up where the figure is not whole
     * @param shortfall for such keys, the hundredths the rounding added (2.08 cycles: 3 and 92)
     */
    public LatencyTable(Map<String, Integer> cycles, Set<String> upperBounds, Map<String, Integer> shortfall) {
        this.cycles = Map.copyOf(cycles);
        this.upperBounds = Set.copyOf(upperBounds);
        this.shortfall = Map.copyOf(shortfall);
        int m = Integer.MIN_VALUE;
        for (int c : this.cycles.values()) m = Math.max(m, c);
        this.max = this.cycles.isEmpty() ? 1 : m;
    }

    public LatencyTable(Map<String, Integer> cycles) {
        this(cycles, Set.of());
    }

    public static LatencyTable uniform(int c) {
        return new LatencyTable(Map.of("*->*", c));
    }

    public Map<String, Integer> cycles() { return cycles; }

    public Set<String> upperBounds() { return upperBounds; }

    /**
     * What the key that covers a pair says: its cycles, whether they are an upper bound, and the
     * hundredths they are short of (see {@link #shortfall}).
     */
    record Cover(int cycles, boolean upperBound, int shortfall) {}

    /** The latency from input {@code from} to output {@code to}, or {@code fallback} when no key covers them. */
    public int get(String from, String to, int fallback) {
        Cover c = cover(from, to);
        return c == null ? fallback : c.cycles();
    }

    /**
     * Hundredths of a cycle by which the pair's figure falls short of {@link #get}'s whole cycles (0
     * for a whole figure): a measured 2.08 is 3 cycles less 92 hundredths, which the engine realises
     * as 2 cycles on most instances and 3 on 8 in 100.
     */
    public int shortfall(String from, String to) {
        Cover c = cover(from, to);
        return c == null ? 0 : c.shortfall();
    }

    /** True when the latency that covers this pair is only an upper bound (uops.info's ≤n). */
    public boolean isUpperBound(String from, String to) {
        Cover c = cover(from, to);
        return c != null && c.upperBound();
    }

    /** What the key that covers the pair says, or null when none does. */
    Cover cover(String from, String to) {
        Map<String, Cover> byTo = resolved.get(from);
        if (byTo == null) byTo = resolved.computeIfAbsent(from, f -> new ConcurrentHashMap<>());
        Cover known = byTo.get(to);
        if (known == null) {
            String k = search(from, to);
            known = k == null ? UNCOVERED : new Cover(cycles.get(k), upperBounds.contains(k), shortfall.getOrDefault(k, 0));
            byTo.putIfAbsent(to, known);
        }
        return known == UNCOVERED ? null : known;
    }

    private String search(String from, String to) {
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
        return max;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LatencyTable t && cycles.equals(t.cycles) && upperBounds.equals(t.upperBounds) && shortfall.equals(t.shortfall);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cycles, upperBounds, shortfall);
    }

    @Override
    public String toString() {
        return "LatencyTable[cycles=" + cycles + ", upperBounds=" + upperBounds + "]";
    }
}
