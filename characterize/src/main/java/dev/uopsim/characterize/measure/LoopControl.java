package dev.uopsim.characterize.measure;

import dev.uopsim.common.InputException;
import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.ImmediateOperand;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.Operand;
import dev.uopsim.isa.Register;
import dev.uopsim.isa.RegisterOperand;
import java.util.List;
import java.util.Locale;

/**
 * How to make a kernel that is its own loop run a chosen number of iterations. The loop's branch
 * must depend on a counted register: {@code dec r / sub r, k / add r, -k} then JNZ (the register
 * counts down to zero), or an increment by a constant and {@code cmp r, BOUND} then JNE/JB/JL (BOUND
 * a register the loop does not write, or an immediate). The worker then sets the counter (or the
 * bound) from the iteration count: {@code value = base + step * iterations}.
 *
 * @param register the register the worker sets
 * @param base     its value for zero iterations
 * @param step     how much one iteration adds to it
 * @param start    another register to set first (the counter when the bound is set), or null
 * @param startValue that register's value
 */
public record LoopControl(Register register, long base, long step, Register start, long startValue, String how) {

    public static LoopControl detect(List<Instruction> code, String source) {
        if (code.size() < 2) throw fail(source, "the loop has no counter before its branch");
        Instruction branch = code.getLast();
        String cc = branch.form().asmMnemonic().toLowerCase(Locale.ROOT);
        if (!branch.form().has(FormProperty.CONDITIONAL)) throw fail(source, "the loop does not end with a conditional branch");
        Instruction flags = null;
        int at = -1;
        for (int i = code.size() - 2; i >= 0; i--) {
            if (code.get(i).form().flagsModified() != 0) {
                flags = code.get(i);
                at = i;
                break;
            }
        }
        if (flags == null) throw fail(source, "nothing before the branch sets the flags it tests");
        String m = flags.form().asmMnemonic().toLowerCase(Locale.ROOT);
        List<Operand> ops = flags.operands();
        boolean ne = cc.equals("jnz") || cc.equals("jne");
        // Count down to zero: dec r; jnz / sub r, k; jnz / add r, -k; jnz
        if (ne && ops.getFirst() instanceof RegisterOperand r && r.register().width() >= 32) {
            Long k = switch (m) {
                case "dec" -> 1L;
                case "sub" -> ops.size() == 2 && ops.get(1) instanceof ImmediateOperand imm && imm.known() && imm.value() > 0 ? imm.value() : null;
                case "add" -> ops.size() == 2 && ops.get(1) instanceof ImmediateOperand imm && imm.known() && imm.value() < 0 ? -imm.value() : null;
                default -> null;
            };
            if (k != null && writesOnly(code, r.register(), at)) {
                return new LoopControl(r.register().root(), 0, k, null, 0, m + " " + r.register().name() + " counts down to zero");
            }
        }
        // Count up to a bound: (add r, k | inc r | sub r, -k) ... cmp r, BOUND; jne/jb/jl
        if (m.equals("cmp") && ops.size() == 2 && ops.getFirst() instanceof RegisterOperand r && r.register().width() >= 32
                && (ne || cc.equals("jb") || cc.equals("jc") || cc.equals("jnae") || cc.equals("jl") || cc.equals("jnge"))) {
            Long k = increment(code, r.register(), at);
            if (k != null && k > 0) {
                if (ops.get(1) instanceof RegisterOperand bound && !writes(code, bound.register())) {
                    return new LoopControl(bound.register().root(), 0, k, r.register().root(), 0,
                            r.register().name() + " counts up by " + k + " to " + bound.register().name());
                }
                if (ops.get(1) instanceof ImmediateOperand imm && imm.known()) {
                    return new LoopControl(r.register().root(), imm.value(), -k, null, 0,
                            r.register().name() + " counts up by " + k + " to " + imm.value());
                }
            }
        }
        throw fail(source, "cannot tell how many times this loop runs (its branch " + branch.intelText()
                + " does not test a counter uopsim recognises)");
    }

    private static InputException fail(String source, String why) {
        return new InputException(source, why, "measure it as straight-line code with --mode unrolled,"
                + " or end the loop with 'dec r; jnz' or 'add r, 1; cmp r, BOUND; jne'");
    }

    /** The only write of {@code r} in the loop is instruction {@code at}. */
    private static boolean writesOnly(List<Instruction> code, Register r, int at) {
        for (int i = 0; i < code.size(); i++) {
            if (i != at && writesTo(code.get(i), r)) return false;
        }
        return true;
    }

    private static boolean writes(List<Instruction> code, Register r) {
        for (Instruction i : code) if (writesTo(i, r)) return true;
        return false;
    }

    private static boolean writesTo(Instruction i, Register r) {
        for (Instruction.RegisterUse u : i.registerUses()) {
            if (u.register().root() == r.root() && u.access().writes()) return true;
        }
        return false;
    }

    /** The constant added to {@code r} by its only write before {@code at}, or null. */
    private static Long increment(List<Instruction> code, Register r, int at) {
        Long k = null;
        for (int i = 0; i < code.size(); i++) {
            Instruction ins = code.get(i);
            if (!writesTo(ins, r)) continue;
            if (k != null || i >= at) return null;
            String m = ins.form().asmMnemonic().toLowerCase(Locale.ROOT);
            List<Operand> ops = ins.operands();
            if (!(ops.getFirst() instanceof RegisterOperand d) || d.register().root() != r.root()) return null;
            k = switch (m) {
                case "inc" -> 1L;
                case "add" -> ops.size() == 2 && ops.get(1) instanceof ImmediateOperand imm && imm.known() ? imm.value() : null;
                case "sub" -> ops.size() == 2 && ops.get(1) instanceof ImmediateOperand imm && imm.known() ? -imm.value() : null;
                default -> null;
            };
            if (k == null) return null;
        }
        return k;
    }
}
