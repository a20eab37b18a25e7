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
import java.util.List;
import java.util.Map;

/**
 * Tracks the general-purpose registers symbolically, in program order, so that every memory access
 * gets a symbolic address: values are {@code a*V + b} through moves, LEA, additions and
 * subtractions of constants or of each other, shifts and multiplications by constants; a load
 * returns what an older store of the same address wrote, else the kernel's memory value; anything
 * else becomes a fresh unknown. Two addresses can then be compared.
 *
 * <p>A value is a {@link SymbolicValue} held as three longs: the machine runs for every instruction
 * of every iteration a simulation reaches, and allocating a record per intermediate value cost more
 * than the rest of setting up a BHive block. The values an instruction computes live in a scratch
 * area (an int names one) that the next instruction reuses; registers and memory keep copies.
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
    private static final long CONSTANT = SymbolicValue.CONSTANT;
    /** No linear form (the sum of two different unknowns). */
    private static final int NONE = -1;

    /** What the machine does for a form: the operations it tracks, by mnemonic without the encoding suffix. */
    enum Operation { MOV, LEA, ADD, SUB, INC, DEC, NEG, SHL, IMUL, POP, XCHG, PUSH, CALL, OTHER }

    // Scratch values of the instruction being run.
    private long[] symbol = new long[64];
    private long[] coefficient = new long[64];
    private long[] offset = new long[64];
    private int values;

    private final long[] gprSymbol = new long[16];
    private final long[] gprCoefficient = new long[16];
    private final long[] gprOffset = new long[16];
    private final boolean sameInit;
    private final Memory memory = new Memory();
    private long nextUnknown = FIRST_UNKNOWN;
    /** The addresses of the last instruction's memory accesses (scratch values), in {@link Instruction#memoryAccesses()} order. */
    private final int[] addresses;

    /** Accesses of an instruction looked at at most (the most the code's instructions have). */
    private final int maxAccesses;

    SymbolicMachine(boolean sameInit, Map<Register, Long> bindings, int maxAccesses) {
        this.sameInit = sameInit;
        this.maxAccesses = maxAccesses;
        this.addresses = new int[maxAccesses];
        for (int r = 0; r < 16; r++) store(r, of(sameInit ? SHARED : FIRST_DISTINCT + r));
        // BHive's harness keeps a real stack: its measurements show [rsp+X] and [rbp+X] do not alias.
        store(Register.RSP.number(), of(STACK));
        bindings.forEach((reg, off) -> store(reg.root().number(), shifted(of(REGION), off)));
        values = 0;
    }

    // ---- values ---------------------------------------------------------------------------

    private int value(long s, long c, long o) {
        if (values == symbol.length) {
            symbol = java.util.Arrays.copyOf(symbol, 2 * values);
            coefficient = java.util.Arrays.copyOf(coefficient, 2 * values);
            offset = java.util.Arrays.copyOf(offset, 2 * values);
        }
        symbol[values] = s;
        coefficient[values] = c;
        offset[values] = o;
        return values++;
    }

    private int constant(long v) {
        return value(CONSTANT, 0, v);
    }

    private int of(long s) {
        return value(s, 1, 0);
    }

    private int fresh() {
        return of(nextUnknown++);
    }

    private boolean isConstant(int v) {
        return symbol[v] == CONSTANT || coefficient[v] == 0;
    }

    /** {@code v + k}. */
    private int shifted(int v, long k) {
        return value(symbol[v], coefficient[v], offset[v] + k);
    }

    private int times(int v, long k) {
        return isConstant(v) ? constant(offset[v] * k) : value(symbol[v], coefficient[v] * k, offset[v] * k);
    }

    /** The sum, or NONE when the two are in different unknowns (no linear form). */
    private int sum(int a, int b) {
        if (isConstant(b)) return shifted(a, offset[b]);
        if (isConstant(a)) return shifted(b, offset[a]);
        if (symbol[a] != symbol[b]) return NONE;
        long c = coefficient[a] + coefficient[b];
        return c == 0 ? constant(offset[a] + offset[b]) : value(symbol[a], c, offset[a] + offset[b]);
    }

    private int minus(int a, int b) {
        return sum(a, times(b, -1));
    }

    // ---- registers and memory -------------------------------------------------------------------

    private void store(int gpr, int v) {
        gprSymbol[gpr] = symbol[v];
        gprCoefficient[gpr] = coefficient[v];
        gprOffset[gpr] = offset[v];
    }

    private int gpr(int n) {
        return value(gprSymbol[n], gprCoefficient[n], gprOffset[n]);
    }

    /** The address of an explicit memory operand, before the instruction runs. */
    private int address(MemoryOperand m, long instructionEnd) {
        int a;
        if (m.ripRelative()) {
            a = constant(instructionEnd + m.displacement());
        } else {
            a = constant(m.displacement());
            if (m.base() != null) a = add(a, read(m.base()));
            if (m.index() != null && m.index().isGpr()) a = add(a, times(read(m.index()), m.scale()));
        }
        return a;
    }

    private int address(ImplicitMemory m) {
        return shifted(read(m.base()), m.displacement());
    }

    private int add(int a, int b) {
        int s = sum(a, b);
        return s == NONE ? fresh() : s;
    }

    private int read(Register r) {
        if (!r.isGpr()) return fresh();
        int n = r.root().number();
        if (r.width() == 64) return gpr(n);
        boolean constant = gprSymbol[n] == CONSTANT || gprCoefficient[n] == 0;
        if (constant && r.offset() == 0) return constant(gprOffset[n] & ((1L << r.width()) - 1));
        return fresh();
    }

    private void write(Register r, int v) {
        if (!r.isGpr()) return;
        int n = r.root().number();
        if (r.width() == 64) {
            store(n, v);
        } else if (r.width() == 32 && isConstant(v)) {
            store(n, constant(offset[v] & 0xFFFFFFFFL));
        } else {
            store(n, fresh());
        }
    }

    /** What a load of {@code address} returns. */
    private int load(int address) {
        int slot = memory.find(symbol[address], coefficient[address], offset[address]);
        if (slot >= 0) return value(memory.valueSymbol[slot], memory.valueCoefficient[slot], memory.valueOffset[slot]);
        return sameInit ? of(SHARED) : fresh();
    }

    // ---- instructions ------------------------------------------------------------------------

    /** The operation the machine tracks a form as: its mnemonic without the encoding suffix ({@code ADD} for ADD_01). */
    static Operation operation(InstructionForm f) {
        String m = f.mnemonic();
        int cut = m.indexOf('_');
        String name = cut >= 0 ? m.substring(0, cut) : m;
        try {
            return Operation.valueOf(name);
        } catch (IllegalArgumentException e) {
            return Operation.OTHER;
        }
    }

    /**
     * Runs one instruction at {@code address} (unrolled copies sit at increasing addresses) with its
     * memory accesses and {@link #operation}, computed once per instruction by the caller; the
     * addresses of its accesses are then {@link #addressSymbol}, {@link #addressCoefficient} and
     * {@link #addressOffset}.
     */
    void execute(Instruction i, long address, List<Instruction.MemoryAccess> accesses, Operation op) {
        values = 0;
        long end = address + i.length();
        for (int k = 0; k < accesses.size() && k < maxAccesses; k++) {
            Instruction.MemoryAccess a = accesses.get(k);
            addresses[k] = a.explicit() != null ? address(a.explicit(), end) : address(a.implicitMemory());
        }
        InstructionForm f = i.form();
        List<Operand> ops = i.operands();
        // Stores first record what they write (for loads further on).
        for (int k = 0; k < accesses.size() && k < maxAccesses; k++) {
            Instruction.MemoryAccess a = accesses.get(k);
            if (a.access().writes()) {
                int stored = storedValue(i, op, end, ops);
                if (memory.size > MEMORY_LIMIT) memory.clear();
                int at = addresses[k];
                memory.put(symbol[at], coefficient[at], offset[at], symbol[stored], coefficient[stored], offset[stored]);
            }
        }
        if (i.idiomApplies() && f.idiom() == dev.uopsim.isa.Idiom.ZERO && !ops.isEmpty() && ops.getFirst() instanceof RegisterOperand r) {
            write(r.register(), constant(0));
            return;
        }
        Register dst = !ops.isEmpty() && ops.getFirst() instanceof RegisterOperand r ? r.register() : null;
        int result = NONE;
        switch (op) {
            case MOV -> result = ops.size() == 2 ? value(ops.get(1), accesses) : NONE;
            case LEA -> result = ops.get(1) instanceof MemoryOperand m ? address(m, end) : NONE;
            case ADD -> result = binary(ops, accesses, +1);
            case SUB -> result = binary(ops, accesses, -1);
            case INC -> result = dst == null ? NONE : shifted(read(dst), 1);
            case DEC -> result = dst == null ? NONE : shifted(read(dst), -1);
            case NEG -> result = dst == null ? NONE : times(read(dst), -1);
            case SHL -> result = dst != null && ops.get(1) instanceof ImmediateOperand n && n.known()
                    ? times(read(dst), 1L << (n.value() & 63)) : NONE;
            case IMUL -> result = ops.size() == 3 && ops.get(2) instanceof ImmediateOperand n && n.known()
                    ? times(value(ops.get(1), accesses), n.value()) : NONE;
            case POP -> result = load(addresses[0]);
            case XCHG -> {
                if (ops.size() == 2 && ops.get(0) instanceof RegisterOperand a && ops.get(1) instanceof RegisterOperand b) {
                    int va = read(a.register());
                    write(a.register(), read(b.register()));
                    write(b.register(), va);
                    result = NONE;
                    dst = null;
                }
            }
            default -> { }
        }
        int rsp = Register.RSP.number();
        if (f.stackDelta() != 0) store(rsp, shifted(gpr(rsp), f.stackDelta()));
        if (dst != null && writesOperand0(f)) write(dst, result != NONE ? result : fresh());
        // Other registers the form writes become unknown.
        for (var spec : f.implicitOperands()) {
            if (spec.register() != null && spec.access().writes() && spec.register().root() != Register.RSP) {
                write(spec.register(), fresh());
            }
        }
        for (int k = 1; k < ops.size() && k < f.operands().size(); k++) {
            if (f.operands().get(k).access().writes() && ops.get(k) instanceof RegisterOperand r && op != Operation.XCHG) {
                write(r.register(), fresh());
            }
        }
    }

    long addressSymbol(int access) { return symbol[addresses[access]]; }

    long addressCoefficient(int access) { return coefficient[addresses[access]]; }

    long addressOffset(int access) { return offset[addresses[access]]; }

    private static boolean writesOperand0(InstructionForm f) {
        return !f.operands().isEmpty() && f.operands().getFirst().access().writes();
    }

    private int binary(List<Operand> ops, List<Instruction.MemoryAccess> accesses, int sign) {
        if (ops.size() != 2 || !(ops.get(0) instanceof RegisterOperand d)) return NONE;
        int b = value(ops.get(1), accesses);
        int a = read(d.register());
        return sign > 0 ? sum(a, b) : minus(a, b);
    }

    private int value(Operand o, List<Instruction.MemoryAccess> accesses) {
        return switch (o) {
            case RegisterOperand r -> read(r.register());
            case ImmediateOperand n -> n.known() ? constant(n.value()) : fresh();
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
    private int storedValue(Instruction i, Operation op, long end, List<Operand> ops) {
        if ((op == Operation.MOV || op == Operation.PUSH) && !ops.isEmpty()) {
            Operand src = ops.getLast();
            if (src instanceof RegisterOperand r && r.register().isGpr() && r.register().width() == 64) return read(r.register());
            if (src instanceof ImmediateOperand n && n.known() && op == Operation.MOV
                    && i.form().operands().getFirst().kind().width() == 64) {
                return constant(n.value());
            }
        }
        if (op == Operation.CALL) return constant(end);
        return fresh();
    }

    /** Kinds the symbolic machine needs no view of (for tests). */
    static boolean tracks(OperandKind k) {
        return k.isRegister() && k.registerClass() == dev.uopsim.isa.RegisterClass.GPR;
    }

    /** What stores wrote, by exact address (symbol, coefficient, offset): open addressing over long arrays. */
    private static final class Memory {
        long[] keySymbol, keyCoefficient, keyOffset, valueSymbol, valueCoefficient, valueOffset;
        boolean[] used;
        int size;

        Memory() {
            allocate(64);
        }

        private void allocate(int capacity) {
            keySymbol = new long[capacity];
            keyCoefficient = new long[capacity];
            keyOffset = new long[capacity];
            valueSymbol = new long[capacity];
            valueCoefficient = new long[capacity];
            valueOffset = new long[capacity];
            used = new boolean[capacity];
            size = 0;
        }

        private int home(long s, long c, long o) {
            long h = (s * 31 + c) * 1_000_003L + o;
            h ^= h >>> 29;
            h *= 0x9E3779B97F4A7C15L;
            return (int) (h >>> 40) & (used.length - 1);
        }

        /** The slot holding the address, or -1. */
        int find(long s, long c, long o) {
            for (int i = home(s, c, o); used[i]; i = (i + 1) & (used.length - 1)) {
                if (keySymbol[i] == s && keyCoefficient[i] == c && keyOffset[i] == o) return i;
            }
            return -1;
        }

        void put(long s, long c, long o, long vs, long vc, long vo) {
            if (2 * (size + 1) > used.length) grow();
            int i = home(s, c, o);
            while (used[i] && !(keySymbol[i] == s && keyCoefficient[i] == c && keyOffset[i] == o)) i = (i + 1) & (used.length - 1);
            if (!used[i]) {
                used[i] = true;
                keySymbol[i] = s;
                keyCoefficient[i] = c;
                keyOffset[i] = o;
                size++;
            }
            valueSymbol[i] = vs;
            valueCoefficient[i] = vc;
            valueOffset[i] = vo;
        }

        private void grow() {
            long[] ks = keySymbol, kc = keyCoefficient, ko = keyOffset, vs = valueSymbol, vc = valueCoefficient, vo = valueOffset;
            boolean[] u = used;
            allocate(2 * u.length);
            for (int i = 0; i < u.length; i++) if (u[i]) put(ks[i], kc[i], ko[i], vs[i], vc[i], vo[i]);
        }

        void clear() {
            java.util.Arrays.fill(used, false);
            size = 0;
        }
    }
}
