package dev.uopsim.characterize.bench;

import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.InstructionForm;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The values a benchmark's registers and memory start with. Floating-point forms get 1.0 in their
 * element type, so that chains such as {@code x = x * y} stay normal numbers (a denormal would cost
 * a microcode assist; MXCSR also sets FTZ and DAZ). Other registers get 3: a valid shift count, bit
 * offset and divisor. Dividers and square roots are measured twice, with operands that make them
 * slow ({@code high}: dividend with all mantissa or quotient bits, divisor 1) and fast ({@code low}:
 * 1 / 1), and their chains keep those values (x / 1 = x; double XOR for everything else).
 */
public record Values(String variant, long gpr, long vec, long fill, Map<Integer, Long> gprByNode,
                     Map<Integer, Long> vecByNode) {

    static final long F32_ONE = 0x3F8000003F800000L;
    static final long F64_ONE = 0x3FF0000000000000L;
    static final long F32_SLOW = 0x3F9E06523F9E0652L;       // 1.2345679f: a full mantissa
    static final long F64_SLOW = 0x3FF3C0CA428C59FBL;       // 1.2345678901234567
    static final long MXCSR_PATTERN = 0x00009FC000009FC0L;  // a valid MXCSR for LDMXCSR's memory operand

    public long gpr(OperandNode n) {
        return gprByNode.getOrDefault(n.index(), gpr);
    }

    public long vec(OperandNode n) {
        return vecByNode.getOrDefault(n.index(), vec);
    }

    /** 'd' double, 's' single, 'i' integer or other, from the mnemonic's suffix. */
    static char elementType(InstructionForm f) {
        String m = f.asmMnemonic().toLowerCase(Locale.ROOT);
        if (m.endsWith("pd") || m.endsWith("sd")) return 'd';
        if (m.endsWith("ps") || m.endsWith("ss")) return 's';
        return 'i';
    }

    static boolean integerDivider(InstructionForm f) {
        String m = f.asmMnemonic().toLowerCase(Locale.ROOT);
        return m.equals("div") || m.equals("idiv");
    }

    /**
     * Whether the form's memory operand must hold a value of its own, so that it cannot share memory with
     * other forms' operands in a mix.
     */
    public static boolean needsItsOwnFill(InstructionForm f) {
        return ownFill(f) != null;
    }

    /** The value the form's memory must hold (LDMXCSR: a valid MXCSR; POPF: flags without TF), or null. */
    private static Long ownFill(InstructionForm f) {
        String mnemonic = f.asmMnemonic().toLowerCase(Locale.ROOT);
        if (mnemonic.endsWith("ldmxcsr")) return MXCSR_PATTERN;
        // POPF pops the fill into RFLAGS: 0x0202 at every 2-byte offset sets only IF and bit 1 (not TF).
        if (mnemonic.startsWith("popf")) return 0x0202020202020202L;
        return null;
    }

    static Values of(InstructionForm f, List<OperandNode> nodes, boolean high) {
        char type = elementType(f);
        long vec = type == 'd' ? F64_ONE : F32_ONE;
        Long own = ownFill(f);
        long fill = own != null ? own : vec;
        String mnemonic = f.asmMnemonic().toLowerCase(Locale.ROOT);
        Map<Integer, Long> gprs = new HashMap<>();
        Map<Integer, Long> vecs = new HashMap<>();
        if (!f.has(FormProperty.VALUE_DEPENDENT)) return new Values("", 3, vec, fill, gprs, vecs);
        String variant = high ? "" : "low-values";
        if (integerDivider(f)) {
            boolean signed = mnemonic.equals("idiv");
            OperandNode divisor = nodes.getFirst();
            int width = divisor.width();
            long dividend = high ? (signed ? (width == 8 ? 0x7f : (1L << (width - 1)) - 1) : (width == 8 ? 0xff : width == 64 ? -1L : (1L << width) - 1)) : 1;
            for (OperandNode n : nodes) {
                if (n.type() != OperandNode.Type.GPR || n.explicit()) continue;
                int root = n.fixed().root().number();
                if (root == 0) gprs.put(n.index(), dividend);      // AX / rAX: the dividend (and quotient)
                if (root == 2) gprs.put(n.index(), 0L);            // rDX: the dividend's upper half, kept 0
            }
            gprs.put(divisor.index(), 1L);
            return new Values(variant, 3, vec, 1L, gprs, vecs);
        }
        long value = type == 'd' ? (high ? F64_SLOW : F64_ONE) : (high ? F32_SLOW : F32_ONE);
        long one = type == 'd' ? F64_ONE : F32_ONE;
        OperandNode divisor = null;
        if (mnemonic.contains("div")) {
            for (OperandNode n : nodes) {
                if ((n.type() == OperandNode.Type.VEC || n.type() == OperandNode.Type.MEM) && n.reads()) divisor = n;
            }
        }
        for (OperandNode n : nodes) {
            if (n.type() == OperandNode.Type.VEC) vecs.put(n.index(), n == divisor ? one : value);
        }
        long memoryFill = divisor != null && divisor.type() == OperandNode.Type.MEM ? one : value;
        return new Values(variant, 3, value, memoryFill, gprs, vecs);
    }
}
