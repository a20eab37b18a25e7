package dev.uopsim.isa;

/** Where an explicit operand is encoded (the SDM's "Op/En" column, one letter per operand). */
public enum Slot {
    /** ModRM.rm: a register or a memory operand. */
    RM('m'),
    /** ModRM.reg. */
    REG('r'),
    /** VEX/EVEX.vvvv. */
    VVVV('v'),
    /** The low three bits of the opcode (PUSH r64, BSWAP, MOV r, imm). */
    OPCODE('o'),
    /** An immediate field taken as it is (an 8-bit ALU immediate, a shuffle control). */
    IMMEDIATE('i'),
    /** An immediate sign-extended to the operation size ({@code 83 /0 ib}, {@code REX.W 81 /0 id}). */
    SIGN_EXTENDED('s'),
    /** Bits 7:4 of an immediate byte (VBLENDVPS's fourth register). */
    IS4('x'),
    /** A branch displacement. */
    RELATIVE('j'),
    /** Implied by the opcode: AL in {@code ADD AL, imm8}, CL in shifts, the constant 1. */
    IMPLIED('f');

    private final char letter;

    Slot(char letter) {
        this.letter = letter;
    }

    public char letter() { return letter; }

    public static Slot ofLetter(char c) {
        for (Slot s : values()) if (s.letter == c) return s;
        throw new IllegalArgumentException("unknown operand slot '" + c + "' (use m r v o i s x j f)");
    }
}
