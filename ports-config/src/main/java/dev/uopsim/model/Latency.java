package dev.uopsim.model;

/**
 * A latency in cycles, from an input to an output of an instruction. Written as a number in the
 * model, or as {@code "<=n"} when the measurement only bounds it from above (uops.info's
 * {@code ≤n}).
 */
public record Latency(double cycles, boolean upperBound) {
    public Latency {
        if (cycles < 0 || Double.isNaN(cycles)) throw new IllegalArgumentException("negative latency " + cycles);
    }

    public static Latency exact(double cycles) {
        return new Latency(cycles, false);
    }

    /** Parses {@code 3}, {@code 2.5}, {@code <=6} or {@code ≤6}; throws IllegalArgumentException. */
    public static Latency parse(String text) {
        String t = text.strip();
        boolean bound = false;
        if (t.startsWith("<=")) {
            bound = true;
            t = t.substring(2);
        } else if (t.startsWith("≤")) {
            bound = true;
            t = t.substring(1);
        }
        double v;
        try {
            v = Double.parseDouble(t.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a latency (a number of cycles, or <=N for an upper bound)");
        }
        if (v < 0) throw new IllegalArgumentException("latency " + text + " is negative");
        return new Latency(v, bound);
    }

    /** Whole cycles, rounded up (the engine takes a figure that is not whole as that many cycles on average). */
    public int cyclesCeil() {
        return (int) Math.ceil(cycles - 1e-9);
    }

    /** As written in a model file: a number, or {@code <=n}. */
    public String text() {
        String n = cycles == Math.rint(cycles) ? Long.toString((long) cycles) : Double.toString(cycles);
        return upperBound ? "<=" + n : n;
    }

    @Override
    public String toString() { return text(); }
}
