package dev.uopsim.characterize.bench;

import dev.uopsim.isa.Access;
import dev.uopsim.isa.Flag;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.OperandKind;
import dev.uopsim.isa.OperandSpec;
import dev.uopsim.isa.Register;
import dev.uopsim.isa.RegisterClass;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One operand of a form as the benchmark generators see it. Operands are numbered as in the
 * results: the explicit operands first, in the form's order ({@code op0} is the destination), then
 * the implicit ones in the form's order, then the status flags as one operand when the form reads
 * or writes any.
 *
 * @param fixed the register when the operand admits only one (AL, CL, implicit RAX), else null
 */
public record OperandNode(int index, Type type, OperandSpec spec, Register fixed, int width, boolean high8,
                          boolean reads, boolean writes, boolean explicit) {

    public enum Type { GPR, VEC, MMX, MEM, FLAGS, IMM, AGEN, IMPLICIT_MEM, MOFFS, OTHER }

    public String label() {
        return "op" + index;
    }

    public boolean register() {
        return type == Type.GPR || type == Type.VEC || type == Type.MMX;
    }

    /** A written GPR narrower than 32 bits merges into its register: the old value is an input too. */
    public boolean merges() {
        return type == Type.GPR && writes && width < 32;
    }

    /** Read and written (a chain through it links instances unless it is broken). */
    public boolean readWrite() {
        return reads && writes || merges();
    }

    /** What the operand is, for the JSON: {@code {"index":0,"kind":"R64","access":"rw"}}. */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("index", index);
        m.put("operand", label());
        m.put("kind", type == Type.FLAGS ? "flags" : spec.implicit() && spec.register() != null
                ? spec.register().name().toUpperCase() : spec.implicit() && spec.memory() != null ? spec.memory().toString() : spec.kind().name());
        m.put("access", (reads ? "r" : "") + (writes ? "w" : ""));
        m.put("implicit", !explicit);
        return m;
    }

    /** The operands of a form, numbered as in the results. */
    public static List<OperandNode> of(InstructionForm form) {
        List<OperandNode> nodes = new ArrayList<>();
        int i = 0;
        for (OperandSpec s : form.operands()) nodes.add(node(i++, s, true));
        for (OperandSpec s : form.implicitOperands()) nodes.add(node(i++, s, false));
        if (form.flagsRead() != 0 || form.flagsModified() != 0) {
            OperandSpec flags = new OperandSpec(OperandKind.parse("I8"), Access.READ, null, true, null, null, null);
            nodes.add(new OperandNode(i, Type.FLAGS, flags, null, 0, false, (form.flagsRead() & Flag.STATUS) != 0
                    || form.flagsRead() != 0, form.flagsModified() != 0, false));
        }
        return nodes;
    }

    private static OperandNode node(int index, OperandSpec s, boolean explicit) {
        Access a = s.access();
        OperandKind k = s.kind();
        boolean r = a.reads(), w = a.writes();
        if (s.memory() != null) return new OperandNode(index, Type.IMPLICIT_MEM, s, null, s.memory().width(), false, r, w, explicit);
        return switch (k.category()) {
            case REGISTER -> {
                Register fixed = s.register() != null ? s.register() : k.fixed();
                Type t = k.registerClass() == RegisterClass.GPR ? Type.GPR : k.registerClass() == RegisterClass.VECTOR ? Type.VEC
                        : k.registerClass() == RegisterClass.MMX ? Type.MMX : Type.OTHER;
                yield new OperandNode(index, t, s, fixed, k.width(), k.high8() || (fixed != null && fixed.isHigh8()), r, w, explicit);
            }
            case MEMORY -> new OperandNode(index, Type.MEM, s, null, k.width(), false, r, w, explicit);
            case MOFFS -> new OperandNode(index, Type.MOFFS, s, null, k.width(), false, r, w, explicit);
            case IMMEDIATE, CONSTANT -> new OperandNode(index, Type.IMM, s, null, k.width(), false, false, false, explicit);
            case AGEN -> new OperandNode(index, Type.AGEN, s, null, 64, false, true, false, explicit);
            default -> new OperandNode(index, Type.OTHER, s, null, k.width(), false, r, w, explicit);
        };
    }
}
