package dev.uopsim.sim;

import dev.uopsim.isa.ImmediateOperand;
import dev.uopsim.isa.ImplicitMemory;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.MemoryOperand;
import dev.uopsim.isa.Operand;
import dev.uopsim.isa.OperandKind;
import dev.uopsim.isa.Register;
import dev.uopsim.isa.RegisterOperand;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Tracks the general-purpose registers symbolically, in program order, so that every memory access
 * gets a symbolic address: values are {@code a*V + b} through moves, LEA, additions and
 * subtractions of constants or of each other, shifts and multiplications by constants; a load
 * returns what an older store of the same address wrote, else the kernel's memory value; anything
 * else becomes a fresh unknown. Two addresses can then be compared.
 */
final class SymbolicMachine {
    /** The shared initial value (BHive: every register and every memory word holds it). */
    static final long SHARED = 1;
    /** The base of the region that bound registers point into. */
    static final long REGION = 2;
    /** The stack: RSP points here under BHive's convention too. */
    static final long STACK = 3;
    private static final long FIRST_DISTINCT = 16;
    private static final long FIRST_UNKNOWN = 1 << 20;
    private static final int MEMORY_LIMIT = 4096;

    private final SymbolicValue[] gpr = new SymbolicValue[16];
    private final boolean sameInit;
    private final Map<SymbolicValue, SymbolicValue> memory = new HashMap<>();
    private long nextUnknown = FIRST_UNKNOWN;

    SymbolicMachine(boolean sameInit, Map<Register, Long> bindings) {
        this.sameInit = sameInit;
        for (int r = 0; r < 16; r++) gpr[r] = SymbolicValue.of(sameInit ? SHARED : FIRST_DISTINCT + r);
        // BHive's harness keeps a real stack: its measurements show [rsp+X] and [rbp+X] do not alias.
        gpr[Register.RSP.number()] = SymbolicValue.of(STACK);
        bindings.forEach((reg, offset) -> gpr[reg.root().number()] = SymbolicValue.of(REGION).plus(offset));
    }

    private SymbolicValue fresh() {
        return SymbolicValue.of(nextUnknown++);
    }

    /** The address of an explicit memory operand, before the instruction runs. */
    SymbolicValue address(MemoryOperand m, long instructionEnd) {
        SymbolicValue a;
        if (m.ripRelative()) {
            a = SymbolicValue.constant(instructionEnd + m.displacement());
        } else {
            a = SymbolicValue.constant(m.displacement());
            if (m.base() != null) a = add(a, read(m.base()));
            if (m.index() != null && m.index().isGpr()) a = add(a, read(m.index()).times(m.scale()));
        }
        return a == null ? fresh() : a;
    }

    SymbolicValue address(ImplicitMemory m) {
        SymbolicValue base = read(m.base());
        return base.plus(m.displacement());
    }

    private SymbolicValue add(SymbolicValue a, SymbolicValue b) {
        SymbolicValue s = a.plus(b);
        return s == null ? fresh() : s;
    }

    private SymbolicValue read(Register r) {
        if (!r.isGpr()) return fresh();
        SymbolicValue v = gpr[r.root().number()];
        if (r.width() == 64) return v;
        if (v.isConstant() && r.offset() == 0) return SymbolicValue.constant(v.offset() & ((1L << r.width()) - 1));
        return fresh();
    }

    private void write(Register r, SymbolicValue v) {
        if (!r.isGpr()) return;
        int n = r.root().number();
        if (r.width() == 64) {
            gpr[n] = v;
        } else if (r.width() == 32 && v.isConstant()) {
            gpr[n] = SymbolicValue.constant(v.offset() & 0xFFFFFFFFL);
        } else {
            gpr[n] = fresh();
        }
    }

    /** What a load of {@code address} returns. */
    private SymbolicValue load(SymbolicValue address) {
        SymbolicValue stored = memory.get(address);
        if (stored != null) return stored;
        return sameInit ? SymbolicValue.of(SHARED) : fresh();
    }

    /**
     * Runs one instruction: records the addresses of its memory accesses into {@code addresses}
     * (in {@link Instruction#memoryAccesses()} order) and updates the registers.
     */
    void execute(Instruction i, SymbolicValue[] addresses) {
        execute(i, i.address(), i.memoryAccesses(), operation(i.form()), addresses);
    }

    /** The operation the machine tracks a form as: its mnemonic without the encoding suffix ({@code ADD} for ADD_01). */
    static String operation(InstructionForm f) {
        return f.mnemonic().split("_")[0];
    }

    /**
     * The same with what can be computed once per instruction passed in: the instruction's address
     * in this iteration (unrolled copies sit at increasing addresses), its memory accesses and its
     * {@link #operation}.
     */
    void execute(Instruction i, long address, List<Instruction.MemoryAccess> accesses, String op, SymbolicValue[] addresses) {
        long end = address + i.length();
        for (int k = 0; k < accesses.size() && k < addresses.length; k++) {
            Instruction.MemoryAccess a = accesses.get(k);
            addresses[k] = a.explicit() != null ? address(a.explicit(), end) : address(a.implicitMemory());
        }
        InstructionForm f = i.form();
        List<Operand> ops = i.operands();
        // Stores first record what they write (for loads further on).
        for (int k = 0; k < accesses.size() && k < addresses.length; k++) {
            Instruction.MemoryAccess a = accesses.get(k);
            if (a.access().writes()) {
                SymbolicValue stored = storedValue(i, op, end, ops);
                if (memory.size() > MEMORY_LIMIT) memory.clear();
                memory.put(addresses[k], stored);
            }
        }
        if (i.idiomApplies() && f.idiom() == dev.uopsim.isa.Idiom.ZERO && !ops.isEmpty() && ops.getFirst() instanceof RegisterOperand r) {
            write(r.register(), SymbolicValue.constant(0));
            return;
        }
        Register dst = !ops.isEmpty() && ops.getFirst() instanceof RegisterOperand r ? r.register() : null;
        SymbolicValue result = null;
        switch (op) {
            case "MOV" -> result = ops.size() == 2 ? value(ops.get(1), addresses, accesses) : null;
            case "LEA" -> result = ops.get(1) instanceof MemoryOperand m ? address(m, end) : null;
            case "ADD" -> result = binary(ops, addresses, accesses, +1);
            case "SUB" -> result = binary(ops, addresses, accesses, -1);
            case "INC" -> result = dst == null ? null : read(dst).plus(1);
            case "DEC" -> result = dst == null ? null : read(dst).plus(-1);
            case "NEG" -> result = dst == null ? null : read(dst).times(-1);
            case "SHL" -> result = dst != null && ops.get(1) instanceof ImmediateOperand n && n.known()
                    ? read(dst).times(1L << (n.value() & 63)) : null;
            case "IMUL" -> result = ops.size() == 3 && ops.get(2) instanceof ImmediateOperand n && n.known()
                    ? value(ops.get(1), addresses, accesses).times(n.value()) : null;
            case "POP" -> result = load(addresses[0]);
            case "XCHG" -> {
                if (ops.size() == 2 && ops.get(0) instanceof RegisterOperand a && ops.get(1) instanceof RegisterOperand b) {
                    SymbolicValue va = read(a.register());
                    write(a.register(), read(b.register()));
                    write(b.register(), va);
                    result = null;
                    dst = null;
                }
            }
            default -> { }
        }
        if (f.stackDelta() != 0) gpr[Register.RSP.number()] = gpr[Register.RSP.number()].plus(f.stackDelta());
        if (dst != null && writesOperand0(f)) write(dst, result != null ? result : fresh());
        // Other registers the form writes become unknown.
        for (var spec : f.implicitOperands()) {
            if (spec.register() != null && spec.access().writes() && spec.register().root() != Register.RSP) {
                write(spec.register(), fresh());
            }
        }
        for (int k = 1; k < ops.size() && k < f.operands().size(); k++) {
            if (f.operands().get(k).access().writes() && ops.get(k) instanceof RegisterOperand r && !op.equals("XCHG")) {
                write(r.register(), fresh());
            }
        }
    }

    private static boolean writesOperand0(InstructionForm f) {
        return !f.operands().isEmpty() && f.operands().getFirst().access().writes();
    }

    private SymbolicValue binary(List<Operand> ops, SymbolicValue[] addresses, List<Instruction.MemoryAccess> accesses, int sign) {
        if (ops.size() != 2 || !(ops.get(0) instanceof RegisterOperand d)) return null;
        SymbolicValue b = value(ops.get(1), addresses, accesses);
        SymbolicValue a = read(d.register());
        SymbolicValue s = sign > 0 ? a.plus(b) : a.minus(b);
        return s;
    }

    private SymbolicValue value(Operand o, SymbolicValue[] addresses, List<Instruction.MemoryAccess> accesses) {
        return switch (o) {
            case RegisterOperand r -> read(r.register());
            case ImmediateOperand n -> n.known() ? SymbolicValue.constant(n.value()) : fresh();
            case MemoryOperand m -> {
                for (int k = 0; k < accesses.size(); k++) {
                    if (accesses.get(k).explicit() == m) yield load(addresses[k]);
                }
                yield fresh();
            }
            default -> fresh();
        };
    }

    /** The value a store writes, when it is a register or constant copied as is. */
    private SymbolicValue storedValue(Instruction i, String op, long end, List<Operand> ops) {
        if ((op.equals("MOV") || op.equals("PUSH")) && !ops.isEmpty()) {
            Operand src = ops.getLast();
            if (src instanceof RegisterOperand r && r.register().isGpr() && r.register().width() == 64) return read(r.register());
            if (src instanceof ImmediateOperand n && n.known() && op.equals("MOV")
                    && i.form().operands().getFirst().kind().width() == 64) {
                return SymbolicValue.constant(n.value());
            }
        }
        if (op.equals("CALL")) return SymbolicValue.constant(end);
        return fresh();
    }

    /** Kinds the symbolic machine needs no view of (for tests). */
    static boolean tracks(OperandKind k) {
        return k.isRegister() && k.registerClass() == dev.uopsim.isa.RegisterClass.GPR;
    }
}
