package dev.uopsim.characterize.infer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The names a memory form's register siblings may have: the form with its (first) memory operand
 * replaced by a register of the same width, as uops.info names forms ("CVTTSD2SI (R32, M64)" to
 * "CVTTSD2SI (R32, XMM)"). Which registers stand for a width is the caller's: a load-operation form
 * of any kind, or only the vector unit's.
 */
public final class RegisterSiblings {
    /** General and vector registers by memory width. */
    public static final Map<String, List<String>> ANY = Map.of("M8", List.of("R8l", "R8h"), "M16", List.of("R16"),
            "M32", List.of("R32", "XMM"), "M64", List.of("R64", "XMM", "MM"), "M128", List.of("XMM"), "M256", List.of("YMM"));
    /** Registers of the vector unit (and MMX) by memory width. */
    public static final Map<String, List<String>> VECTOR = Map.of("M32", List.of("XMM", "MM"), "M64", List.of("XMM", "MM"),
            "M128", List.of("XMM", "MM"), "M256", List.of("YMM"));

    private RegisterSiblings() {}

    public static List<String> of(String name, Map<String, List<String>> byWidth) {
        int open = name.indexOf('(');
        if (open < 0 || !name.endsWith(")")) return List.of();
        String[] ops = name.substring(open + 1, name.length() - 1).split(", ");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < ops.length; i++) {
            List<String> regs = byWidth.get(ops[i]);
            if (regs == null) continue;
            for (String r : regs) {
                String[] copy = ops.clone();
                copy[i] = r;
                out.add(name.substring(0, open + 1) + String.join(", ", copy) + ")");
            }
            break;
        }
        return out;
    }
}
