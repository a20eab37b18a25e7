package dev.uopsim.isa;

/** An immediate; {@code symbol} is set when the value is a link-time symbol (value unknown). */
public record ImmediateOperand(long value, String symbol) implements Operand {
    public ImmediateOperand(long value) {
        this(value, null);
    }

    public boolean known() { return symbol == null; }

    /** True when the value fits a sign-extended immediate of {@code bits}. */
    public boolean fitsSigned(int bits) {
        if (!known()) return bits >= 32;
        if (bits >= 64) return true;
        long min = -(1L << (bits - 1));
        long max = (1L << (bits - 1)) - 1;
        return value >= min && value <= max;
    }

    /** True when the value fits {@code bits} either signed or unsigned (what an 8-bit ALU immediate takes). */
    public boolean fitsEither(int bits) {
        if (!known()) return bits >= 32;
        if (bits >= 64) return true;
        return fitsSigned(bits) || (value >= 0 && value < (1L << bits));
    }

    @Override
    public String text() {
        return symbol != null ? symbol : value < 0 ? "-0x" + Long.toHexString(-value) : "0x" + Long.toHexString(value);
    }
}
