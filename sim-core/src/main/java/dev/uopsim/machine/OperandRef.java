package dev.uopsim.machine;

import dev.uopsim.isa.FlagGroup;
import dev.uopsim.isa.Register;

/**
 * An input or output of an instruction form, as latencies name them: an explicit operand
 * ({@code op0}), the address registers of its memory operand ({@code mem}), a renamed flag group
 * ({@code CF}, {@code OF}, {@code SZAP}) or an implicit register ({@code RDX}).
 */
public record OperandRef(Kind kind, int index, FlagGroup flags, Register register) {
    public enum Kind { OPERAND, ADDRESS, FLAGS, REGISTER }

    public static OperandRef operand(int i) {
        return new OperandRef(Kind.OPERAND, i, null, null);
    }

    public static final OperandRef ADDRESS = new OperandRef(Kind.ADDRESS, -1, null, null);

    public static OperandRef flags(FlagGroup g) {
        return new OperandRef(Kind.FLAGS, -1, g, null);
    }

    public static OperandRef register(Register r) {
        return new OperandRef(Kind.REGISTER, -1, null, r);
    }

    /** True when a latency-key term ({@code op1}, {@code mem}, {@code flags}, {@code CF}, {@code RDX}, {@code *}) names this. */
    public boolean matches(String term) {
        if (term.equals("*")) return true;
        return switch (kind) {
            case OPERAND -> term.equals("op" + index);
            case ADDRESS -> term.equals("mem");
            case FLAGS -> term.equals("flags") || term.equals(flags.name());
            case REGISTER -> term.equalsIgnoreCase(register.name()) || term.equalsIgnoreCase(register.root().name());
        };
    }

    @Override
    public String toString() {
        return switch (kind) {
            case OPERAND -> "op" + index;
            case ADDRESS -> "mem";
            case FLAGS -> flags.name();
            case REGISTER -> register.name().toUpperCase();
        };
    }
}
