package dev.uopsim.isa;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes instructions as GNU as Intel-syntax text ({@code .intel_syntax noprefix}), with the
 * pseudo-prefix that makes the assembler choose the form's exact encoding ({@code {load} add rax,
 * rbx} for {@code ADD_03}). Benchmarks and the round-trip test are generated through it.
 */
public final class AsmWriter {
    private AsmWriter() {}

    public static String write(InstructionForm form, List<Operand> operands) {
        StringBuilder sb = new StringBuilder();
        String pseudo = form.encoding().pseudoPrefix();
        // GNU as has no pseudo-prefix for REX.W; the prefix word does the same.
        if (pseudo != null) sb.append(pseudo.equals("{rex.w}") ? "rex.W" : pseudo).append(' ');
        for (String p : form.asmPrefixes()) sb.append(p).append(' ');
        sb.append(form.asmMnemonic());
        for (int i = 0; i < operands.size(); i++) {
            sb.append(i == 0 ? " " : ", ").append(operandText(form.operands().get(i), operands.get(i)));
        }
        return sb.toString();
    }

    private static String operandText(OperandSpec spec, Operand op) {
        return switch (op) {
            case BranchTarget b -> b.label() != null ? b.label() : "0x" + Long.toHexString(b.offset());
            case ImmediateOperand i -> i.symbol() != null ? i.symbol() : Long.toString(i.value());
            case MemoryOperand m -> spec.kind().category() == OperandKind.Category.MOFFS
                    ? MemoryOperand.sizeName(spec.kind().width()) + " PTR [0x" + Long.toHexString(m.displacement()) + "]"
                    : memoryText(m, spec);
            case RegisterOperand r -> r.register().name();
        };
    }

    private static String memoryText(MemoryOperand m, OperandSpec spec) {
        String text = m.withWidth(0).text();
        // A gather's VSIB operand names the element size, not the index vector's: as infers it.
        int width = spec.kind().category() == OperandKind.Category.AGEN
                || spec.kind().category() == OperandKind.Category.VSIB ? 0 : spec.kind().width();
        // Widths without an Intel keyword (M4096, M4608, M192...) are written without one.
        String size = width == 0 ? "" : MemoryOperand.sizeName(width);
        return size.isEmpty() || size.startsWith("M") ? text : size + " PTR " + text;
    }

    /** Example operands for a form: distinct registers, a memory operand, a fitting immediate. */
    public static List<Operand> exampleOperands(InstructionForm form) {
        List<Operand> ops = new ArrayList<>();
        int gpr = 0, vec = 1, mmx = 1, mask = 1;
        for (OperandSpec s : form.operands()) {
            OperandKind k = s.kind();
            Operand o = switch (k.category()) {
                case REGISTER -> {
                    if (k.fixed() != null) yield new RegisterOperand(k.fixed());
                    yield new RegisterOperand(switch (k.registerClass()) {
                        case GPR -> gprExample(k, gpr++);
                        case VECTOR -> Register.byName((k.width() == 128 ? "xmm" : k.width() == 256 ? "ymm" : "zmm") + vec++);
                        case MMX -> Register.byName("mm" + mmx++);
                        case MASK -> Register.byName("k" + mask++);
                        case SEGMENT -> Register.byName("es");
                        case CONTROL -> Register.byName("cr0");
                        case DEBUG -> Register.byName("dr0");
                        case BOUND -> Register.byName("bnd1");
                        case X87 -> Register.byName("st1");
                        default -> throw new IllegalStateException("no example register for " + k);
                    });
                }
                case MEMORY -> new MemoryOperand(null, Register.RSI, null, 1, 0x40, null, k.width());
                case VSIB -> new MemoryOperand(null, Register.RSI,
                        Register.byName((k.width() == 128 ? "xmm" : k.width() == 256 ? "ymm" : "zmm") + "7"), 4, 0x40, null, 0);
                case MOFFS -> new MemoryOperand(null, null, null, 1, 0x1122334455667788L, null, k.width());
                case AGEN -> addressOfShape(s.agenShape());
                case CONSTANT -> new ImmediateOperand(k.constant());
                case IMMEDIATE -> new ImmediateOperand(switch (k.width()) {
                    case 8 -> 7;
                    case 16 -> 0x1234;
                    case 32 -> 0x12345;
                    default -> 0x123456789abL;
                });
                case RELATIVE -> new BranchTarget(k.width() == 8 ? ".+4" : ".+0x1000", -1);
            };
            ops.add(o);
        }
        return ops;
    }

    private static Register gprExample(OperandKind k, int n) {
        String[][] names = {
                {"cl", "dl", "bl"}, {"ch", "dh", "bh"}, {"cx", "dx", "bx"}, {"ecx", "edx", "ebx"}, {"rcx", "rdx", "rbx"}};
        int row = k.width() == 8 ? (k.high8() ? 1 : 0) : k.width() == 16 ? 2 : k.width() == 32 ? 3 : 4;
        return Register.byName(names[row][n % 3]);
    }

    /** An address of the shape uops.info's LEA names describe. */
    public static MemoryOperand addressOfShape(String shape) {
        boolean b = shape.startsWith("B");
        boolean rip = shape.startsWith("R_");
        boolean index = shape.contains("I");
        boolean scaled = shape.contains("IS");
        long disp = shape.endsWith("D8") ? 0x8 : shape.endsWith("D32") ? 0x1000 : 0;
        Register base = rip ? Register.RIP : b ? Register.RSI : null;
        return new MemoryOperand(null, base, index ? Register.RDI : null, scaled ? 4 : 1, disp, null, 0);
    }
}
