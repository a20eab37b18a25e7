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
import java.util.function.IntToLongFunction;

/**
 * How to make a kernel that is its own loop run a chosen number of iterations. The loop's branch
 * must depend on a counted register, in one of the shapes compilers emit:
 * <ul>
 *   <li>{@code dec r / sub r, k / add r, -k} then JNZ: the register counts down to zero;</li>
 *   <li>{@code inc r / add r, k} then JNZ: it counts up to zero from below;</li>
 *   <li>an increment by a constant and {@code cmp r, BOUND} or {@code cmp BOUND, r} then JNE (or the
 *       ordered branch that keeps looping while the counter has not reached the bound), BOUND a
 *       register the loop does not write, or an immediate.</li>
 * </ul>
 * The worker then sets the counter (or the bound) from the iteration count:
 * {@code value = base + step * iterations}. A counter compared with a bound register that the loop
 * also reads as data or in an address ({@code add rax, [rdi]; add rdi, 8; cmp rdi, rdx}) keeps the
 * value the kernel's initial state gives it, and the bound is set that far beyond it, so the loop walks memory from where its registers point
 * (see {@link #startingFrom}).
 *
 * @param register the register the worker sets
 * @param base     its value for zero iterations
 * @param step     how much one iteration adds to it
 * @param start    another register to set first (the counter when the bound is set), or null
 * @param startValue that register's value
 * @param keepsStart whether the counter is read by other instructions too, so that it keeps its initial value
 */
public record LoopControl(Register register, long base, long step, Register start, long startValue, String how, boolean keepsStart) {

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
        // Count to zero: dec r; jnz / sub r, k; jnz (down) or inc r; jnz / add r, k; jnz (up from below)
        if (ne && ops.getFirst() instanceof RegisterOperand r && r.register().width() >= 32) {
            Long k = constantAdded(flags, r.register());
            if (k != null && k != 0 && writesOnly(code, r.register(), at)) {
                String how = m + " " + r.register().name() + (k < 0 ? " counts down to zero" : " counts up to zero");
                return new LoopControl(r.register().root(), 0, -k, null, 0, how, false);
            }
        }
        // Count to a bound: (add r, k | inc r | sub r, k) ... cmp r, BOUND (or cmp BOUND, r); jne or the ordered branch
        if (m.equals("cmp") && ops.size() == 2) {
            for (int side = 0; side < 2; side++) {
                if (!(ops.get(side) instanceof RegisterOperand r) || r.register().width() < 32) continue;
                Long k = increment(code, r.register(), at);
                if (k == null || k == 0 || !(ne || continuesBelowBound(cc, k > 0 == (side == 0)))) continue;
                Register counter = r.register().root();
                Operand other = ops.get(1 - side);
                boolean keeps = readElsewhere(code, counter, at);
                if (other instanceof RegisterOperand bound && !writes(code, bound.register())) {
                    return new LoopControl(bound.register().root(), 0, k, counter, 0,
                            r.register().name() + " counts " + (k > 0 ? "up" : "down") + " by " + Math.abs(k) + " to " + bound.register().name(), keeps);
                }
                if (other instanceof ImmediateOperand imm && imm.known()) {
                    return new LoopControl(counter, imm.value(), -k, null, 0,
                            r.register().name() + " counts " + (k > 0 ? "up" : "down") + " by " + Math.abs(k) + " to " + imm.value(), false);
                }
            }
        }
        throw fail(source, "cannot tell how many times this loop runs (its branch " + branch.intelText()
                + " does not test a counter uopsim recognises)");
    }

    /**
     * This control for a run whose registers start as {@code initial} holds them: a counter the loop
     * reads for other purposes starts at its initial value, and the bound lies the iterations' steps
     * beyond it. Other controls are returned as they are.
     */
    public LoopControl startingFrom(IntToLongFunction initial) {
        if (!keepsStart || start == null) return this;
        long from = initial.applyAsLong(start.number());
        return new LoopControl(register, from, step, start, from, how + " from its initial value", true);
    }

    /**
     * Whether branch {@code cc} keeps looping while the counter has not reached the bound, given
     * whether the compared-left operand grows towards the right one ({@code cmp r, B} with r counting
     * up, or {@code cmp B, r} with r counting down).
     */
    private static boolean continuesBelowBound(String cc, boolean leftBelowRight) {
        return switch (cc) {
            case "jb", "jc", "jnae", "jl", "jnge" -> leftBelowRight;
            case "ja", "jnbe", "jg", "jnle" -> !leftBelowRight;
            default -> false;
        };
    }

    /** The constant {@code i} adds to {@code r} (inc/dec/add/sub with an immediate), or null. */
    private static Long constantAdded(Instruction i, Register r) {
        List<Operand> ops = i.operands();
        if (!(ops.getFirst() instanceof RegisterOperand d) || d.register().root() != r.root()) return null;
        return switch (i.form().asmMnemonic().toLowerCase(Locale.ROOT)) {
            case "inc" -> 1L;
            case "dec" -> -1L;
            case "add" -> ops.size() == 2 && ops.get(1) instanceof ImmediateOperand imm && imm.known() ? imm.value() : null;
            case "sub" -> ops.size() == 2 && ops.get(1) instanceof ImmediateOperand imm && imm.known() ? -imm.value() : null;
            default -> null;
        };
    }

    /** Whether an instruction other than the counter's own update and the compare at {@code at} reads {@code r}. */
    private static boolean readElsewhere(List<Instruction> code, Register r, int at) {
        for (int i = 0; i < code.size(); i++) {
            Instruction ins = code.get(i);
            if (i == at || writesTo(ins, r)) continue;
            for (Instruction.RegisterUse u : ins.registerUses()) {
                if (u.register().root() == r.root() && u.access().reads()) return true;
            }
        }
        return false;
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
            k = constantAdded(ins, r);
            if (k == null) return null;
        }
        return k;
    }
}
