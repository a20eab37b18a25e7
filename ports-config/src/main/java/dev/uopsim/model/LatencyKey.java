package dev.uopsim.model;

import java.util.regex.Pattern;

/**
 * The operand pair a latency is given for, written {@code FROM->TO}. Names:
 * <ul>
 *   <li>{@code opN}: the instruction form's explicit operand N (0 = the first, usually the
 *       destination); for a memory operand, the value in memory;</li>
 *   <li>{@code mem}: the address registers (base, index) of the memory operand, explicit or
 *       implicit (only as an input);</li>
 *   <li>{@code flags}: the status flags, or one group as the simulator renames them:
 *       {@code CF}, {@code OF}, {@code SZAP};</li>
 *   <li>a register the form uses implicitly, by name ({@code RAX}, {@code RDX}, {@code RSP});</li>
 *   <li>{@code *}: every input (or output) no more specific key names.</li>
 * </ul>
 * The most specific key wins: {@code op1->op0} over {@code op1->*} over {@code *->op0} over
 * {@code *->*}. Which operands exist is the instruction model's business: binding checks it.
 */
public record LatencyKey(String from, String to) {
    private static final Pattern TERM = Pattern.compile("\\*|op\\d+|mem|flags|CF|OF|SZAP|[A-Z][A-Z0-9]{1,5}");

    public static LatencyKey parse(String key) {
        int arrow = key.indexOf("->");
        if (arrow < 0) {
            throw new IllegalArgumentException("latency key '" + key + "' is not FROM->TO (e.g. op1->op0, mem->op0, *->*)");
        }
        String from = key.substring(0, arrow).strip();
        String to = key.substring(arrow + 2).strip();
        check(key, from);
        check(key, to);
        if (to.equals("mem")) {
            throw new IllegalArgumentException("latency key '" + key + "': 'mem' (the address registers) is only an input");
        }
        return new LatencyKey(from, to);
    }

    private static void check(String key, String term) {
        if (!TERM.matcher(term).matches()) {
            throw new IllegalArgumentException("latency key '" + key + "': '" + term
                    + "' is not an operand name (opN, mem, flags, CF, OF, SZAP, a register such as RDX, or *)");
        }
    }

    /** 0..3, larger = more specific. */
    public int specificity() {
        return (from.equals("*") ? 0 : 2) + (to.equals("*") ? 0 : 1);
    }

    @Override
    public String toString() { return from + "->" + to; }
}
