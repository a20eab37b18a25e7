package dev.uopsim.sim;

/**
 * One execution µop of a form on a core: the ports it may use (bit mask), what it does, and the
 * non-pipelined unit it occupies ({@code unit} >= 0, busy for {@code occupancy} cycles).
 */
public record UopSpec(UopKind kind, int portMask, int unit, int occupancy) {
    public UopSpec {
        if (portMask == 0) throw new IllegalArgumentException("a µop without ports");
    }

    public static UopSpec compute(int portMask) {
        return new UopSpec(UopKind.COMPUTE, portMask, -1, 1);
    }
}
