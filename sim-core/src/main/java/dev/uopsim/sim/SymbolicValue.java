package dev.uopsim.sim;

/**
 * A register value known symbolically as {@code coefficient * symbol + offset}: symbol 0 is the
 * constant 1 (so the value is {@code offset}); other symbols are the kernel's initial values (one
 * shared base under BHive's convention, one per register region otherwise) or fresh unknowns.
 * Enough to tell whether two memory accesses touch the same bytes.
 */
public record SymbolicValue(long symbol, long coefficient, long offset) {
    public static final long CONSTANT = 0;

    public static SymbolicValue constant(long v) {
        return new SymbolicValue(CONSTANT, 0, v);
    }

    public static SymbolicValue of(long symbol) {
        return new SymbolicValue(symbol, 1, 0);
    }

    public boolean isConstant() {
        return symbol == CONSTANT || coefficient == 0;
    }

    public SymbolicValue plus(long k) {
        return new SymbolicValue(symbol, coefficient, offset + k);
    }

    public SymbolicValue times(long k) {
        return isConstant() ? constant(offset * k) : new SymbolicValue(symbol, coefficient * k, offset * k);
    }

    /** The sum, or null when the two are in different unknowns (no linear form). */
    public SymbolicValue plus(SymbolicValue o) {
        if (o.isConstant()) return plus(o.offset);
        if (isConstant()) return o.plus(offset);
        if (symbol != o.symbol) return null;
        long c = coefficient + o.coefficient;
        return c == 0 ? constant(offset + o.offset) : new SymbolicValue(symbol, c, offset + o.offset);
    }

    public SymbolicValue minus(SymbolicValue o) {
        return plus(o.times(-1));
    }

    /** How two accesses relate: [this, this+size) against [o, o+oSize). */
    public Overlap relate(int size, SymbolicValue o, int oSize) {
        boolean comparable = (isConstant() && o.isConstant()) || (symbol == o.symbol && coefficient == o.coefficient);
        if (!comparable) return Overlap.UNKNOWN;
        long a = offset;
        long b = o.offset;
        if (a + size <= b || b + oSize <= a) return Overlap.DISJOINT;
        if (b >= a && b + oSize <= a + size) return Overlap.CONTAINS;
        return Overlap.PARTIAL;
    }

    /** [store] relative to [load]: CONTAINS means the store covers the whole load. */
    public enum Overlap { DISJOINT, CONTAINS, PARTIAL, UNKNOWN }

    @Override
    public String toString() {
        if (isConstant()) return Long.toString(offset);
        String base = (coefficient == 1 ? "" : coefficient + "*") + "v" + symbol;
        return offset == 0 ? base : base + (offset > 0 ? "+" : "") + offset;
    }
}
