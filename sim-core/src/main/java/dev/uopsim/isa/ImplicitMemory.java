package dev.uopsim.isa;

/**
 * A memory operand the instruction does not name: PUSH writes {@code [RSP-8]}, MOVSB reads
 * {@code [RSI]} and writes {@code [RDI]}. The address is {@code base + displacement}, evaluated
 * before the instruction changes {@code base}.
 */
public record ImplicitMemory(Register base, long displacement, int width) {
    @Override
    public String toString() {
        String d = displacement == 0 ? "" : (displacement > 0 ? "+" : "-") + Math.abs(displacement);
        return "M" + width + "[" + base.name().toUpperCase() + d + "]";
    }
}
