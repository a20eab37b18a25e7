package dev.uopsim.isa;

import java.util.Locale;

/**
 * What a form computes when all its register source operands name the same register. Cores
 * recognise some of these at rename and drop the dependence on that register (uops.info measured
 * which ones, e.g. that PCMPGT is dependency-breaking); whether a core does is the machine model's
 * business, that the instruction allows it is the form's.
 */
public enum Idiom {
    NONE,
    /** The result is zero: XOR, SUB, PXOR, VPXOR, XORPS, PSUB*, PCMPGT*... */
    ZERO,
    /** The result is all ones: PCMPEQ*. */
    ONES,
    /** The result depends only on the carry flag: SBB r, r. */
    CARRY_ONLY;

    public static Idiom parse(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "zero" -> ZERO;
            case "ones" -> ONES;
            case "carry" -> CARRY_ONLY;
            case "none" -> NONE;
            default -> throw new IllegalArgumentException("unknown idiom '" + s + "' (use zero, ones, carry)");
        };
    }

    public String spelling() {
        return switch (this) {
            case ZERO -> "zero";
            case ONES -> "ones";
            case CARRY_ONLY -> "carry";
            case NONE -> "none";
        };
    }
}
