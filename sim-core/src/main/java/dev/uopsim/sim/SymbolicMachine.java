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
    /**
     * The number the shared value stands for. The machine keeps the value symbolic, but a load of
     * fewer bytes than a word reads bytes of this number, and a 32-bit register holds the value when
     * the number fits.
     */
    static final long SHARED_VALUE = SimulationInput.SHARED_INIT_VALUE;
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
    enum Operation { MOV, MOVZX, MOVSX, MOVSXD, LEA, ADD, SUB, INC, DEC, NEG, SHL, IMUL, POP, XCHG, PUSH, CALL, OTHER }

    // Scratch values of the instruction being run (each written before it is read: recycled arrays do).
    private long[] symbol;
    private long[] coefficient;
    private long[] offset;
    /** Values the three hold at least (recycled arrays may be longer, and not alike). */
    private int scratch = 64;
    private int values;

    // Each register's value (all sixteen written when the machine starts).
    private final long[] gprSymbol;
    private final long[] gprCoefficient;
    private final long[] gprOffset;
    private final boolean sameInit;
    private final Memory memory;
    private long nextUnknown = FIRST_UNKNOWN;
    /** The addresses of the last instruction's memory accesses (scratch values), in {@link Instruction#memoryAccesses()} order. */
    private final int[] addresses;

    /** Accesses of an instruction looked at at most (the most the code's instructions have). */
    private final int maxAccesses;

    SymbolicMachine(boolean sameInit, Map<Register, Long> bindings, int maxAccesses) {
        this(sameInit, bindings, maxAccesses, ArrayRecycler.fresh(), 0);
    }

    /**
     * @param arrays         where its memory table comes from
     * @param expectedStores addresses stores will probably write (the table is sized for them)
     */
    SymbolicMachine(boolean sameInit, Map<Register, Long> bindings, int maxAccesses, ArrayRecycler arrays, int expectedStores) {
        this.sameInit = sameInit;
        this.symbol = arrays.longs(scratch);
        this.coefficient = arrays.longs(scratch);
        this.offset = arrays.longs(scratch);
        this.gprSymbol = arrays.longs(16);
        this.gprCoefficient = arrays.longs(16);
        this.gprOffset = arrays.longs(16);
        this.memory = new Memory(arrays, Math.min(expectedStores, MEMORY_LIMIT + 1));
        this.maxAccesses = maxAccesses;
        this.addresses = arrays.ints(maxAccesses);
        for (int r = 0; r < 16; r++) store(r, of(sameInit ? SHARED : FIRST_DISTINCT + r));
        // BHive's harness keeps a real stack: its measurements show [rsp+X] and [rbp+X] do not alias.
        store(Register.RSP.number(), of(STACK));
        // An empty map still makes an iterator for forEach (most blocks bind no register).
        if (!bindings.isEmpty()) bindings.forEach((reg, off) -> store(reg.root().number(), shifted(of(REGION), off)));
        values = 0;
    }

    // ---- values ---------------------------------------------------------------------------

    private int value(long s, long c, long o) {
        if (values == scratch) {
            scratch = 2 * values;
            symbol = java.util.Arrays.copyOf(symbol, scratch);
            coefficient = java.util.Arrays.copyOf(coefficient, scratch);
            offset = java.util.Arrays.copyOf(offset, scratch);
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
        if (r.width() == 32 && r.offset() == 0 && fitsIn32Bits(gprSymbol[n], gprCoefficient[n], gprOffset[n])) return gpr(n);
        return fresh();
    }

    private void write(Register r, int v) {
        if (!r.isGpr()) return;
        int n = r.root().number();
        if (r.width() == 64) {
            store(n, v);
        } else if (r.width() == 32 && isConstant(v)) {
            store(n, constant(offset[v] & 0xFFFFFFFFL));
        } else if (r.width() == 32 && fitsIn32Bits(symbol[v], coefficient[v], offset[v])) {
            store(n, v);                    // zero-extending the number changes nothing
        } else {
            store(n, fresh());
        }
    }

    /**
     * Whether a value built on the shared initial value is, as a number, within 32 bits unsigned (so a
     * 32-bit register holds it unchanged). Only under the shared initial state, whose number is known.
     */
    private boolean fitsIn32Bits(long s, long c, long o) {
        if (!sameInit || s != SHARED) return false;
        long n = c * SHARED_VALUE + o;
        return Math.abs(c) < 1 << 16 && n >= 0 && n <= 0xFFFFFFFFL;
    }

    /** What a load of {@code bytes} bytes at {@code address} returns. */
    private int load(int address, int bytes) {
        int at = memory.find(symbol[address], coefficient[address], offset[address]);
        if (at >= 0) return value(memory.valueSymbol(at), memory.valueCoefficient(at), memory.valueOffset(at));
        if (!sameInit) return fresh();
        // Every word holds the shared value, and its number is a multiple of 8, as is any multiple of
        // it: the address's constant part alone says which of the word's bytes are read.
        boolean aligned = (offset[address] & 7) == 0;
        if (bytes >= 8) return aligned ? of(SHARED) : fresh();
        if (bytes <= 0) return fresh();
        long v = 0;
        for (int k = bytes - 1; k >= 0; k--) {
            int b = (int) ((offset[address] + k) & 7);
            v = v << 8 | (SHARED_VALUE >>> (8 * b)) & 0xFF;
        }
        return v == SHARED_VALUE ? of(SHARED) : constant(v);
    }

    // ---- instructions ------------------------------------------------------------------------

    /** The operation the machine tracks a form as: its mnemonic without the encoding suffix ({@code ADD} for ADD_01). */
    static Operation operation(InstructionForm f) {
        return OPERATIONS.computeIfAbsent(f.mnemonic(), SymbolicMachine::operationOf);
    }

    /**
     * The operation of each mnemonic asked about: every simulated block works out its instructions', and
     * the failed valueOf of an untracked one throws. Bounded by the form table's mnemonics.
     */
    private static final java.util.concurrent.ConcurrentHashMap<String, Operation> OPERATIONS = new java.util.concurrent.ConcurrentHashMap<>();

    private static Operation operationOf(String mnemonic) {
        int cut = mnemonic.indexOf('_');
        String name = cut >= 0 ? mnemonic.substring(0, cut) : mnemonic;
        for (Operation o : Operation.values()) if (o.name().equals(name)) return o;
        return Operation.OTHER;
    }

    /**
     * One instruction as the machine runs it, worked out once: it runs in every iteration a
     * simulation reaches, and looking its operands and form up again each time cost more than the
     * arithmetic.
     */
    static final class Step {
        final Instruction instruction;
        final List<Operand> ops;
        final List<Instruction.MemoryAccess> accessList;
        final Operation op;
        /** Accesses looked at (at most the machine's maxAccesses). */
        final int accesses;
        final MemoryOperand[] explicit;
        final ImplicitMemory[] implicit;
        final boolean[] writes;
        /** A zero idiom's destination (set to 0, nothing else happens), else null. */
        final Register zeroed;
        /** The first operand when it is a register. */
        final Register dst;
        final boolean writesDst;
        final int stackDelta;
        /** Registers the form writes besides its result, which become unknown, in the order they are written. */
        final Register[] unknownAfter;

        Step(Instruction i, int maxAccesses) {
            this.instruction = i;
            this.ops = i.operands();
            this.accessList = i.memoryAccesses();
            this.op = operation(i.form());
            this.accesses = Math.min(accessList.size(), maxAccesses);
            this.explicit = new MemoryOperand[accesses];
            this.implicit = new ImplicitMemory[accesses];
            this.writes = new boolean[accesses];
            for (int k = 0; k < accesses; k++) {
                Instruction.MemoryAccess a = accessList.get(k);
                explicit[k] = a.explicit();
                implicit[k] = a.implicitMemory();
                writes[k] = a.access().writes();
            }
            InstructionForm f = i.form();
            this.zeroed = i.idiomApplies() && f.idiom() == dev.uopsim.isa.Idiom.ZERO && !ops.isEmpty()
                    && ops.getFirst() instanceof RegisterOperand r ? r.register() : null;
            this.dst = !ops.isEmpty() && ops.getFirst() instanceof RegisterOperand r ? r.register() : null;
            this.writesDst = writesOperand0(f);
            this.stackDelta = f.stackDelta();
            // At most every operand: an array cut to length (a list and its copy cost more, per block).
            Register[] unknown = new Register[f.implicitOperands().size() + ops.size()];
            int n = 0;
            for (var spec : f.implicitOperands()) {
                if (spec.register() != null && spec.access().writes() && spec.register().root() != Register.RSP) unknown[n++] = spec.register();
            }
            for (int k = 1; k < ops.size() && k < f.operands().size(); k++) {
                if (f.operands().get(k).access().writes() && ops.get(k) instanceof RegisterOperand r && op != Operation.XCHG) {
                    unknown[n++] = r.register();
                }
            }
            this.unknownAfter = n == unknown.length ? unknown : java.util.Arrays.copyOf(unknown, n);
        }
    }

    /** The step of instruction {@code i} for this machine. */
    Step step(Instruction i) {
        return new Step(i, maxAccesses);
    }

    /**
     * Runs one instruction at {@code address} (unrolled copies sit at increasing addresses); the
     * addresses of its accesses are then {@link #addressSymbol}, {@link #addressCoefficient} and
     * {@link #addressOffset}.
     */
    void execute(Step step, long address) {
        values = 0;
        Instruction i = step.instruction;
        long end = address + i.length();
        for (int k = 0; k < step.accesses; k++) {
            addresses[k] = step.explicit[k] != null ? address(step.explicit[k], end) : address(step.implicit[k]);
        }
        List<Operand> ops = step.ops;
        List<Instruction.MemoryAccess> accesses = step.accessList;
        Operation op = step.op;
        // Stores first record what they write (for loads further on).
        for (int k = 0; k < step.accesses; k++) {
            if (step.writes[k]) {
                int stored = storedValue(i, op, end, ops);
                if (memory.size > MEMORY_LIMIT) memory.clear();
                int at = addresses[k];
                memory.put(symbol[at], coefficient[at], offset[at], symbol[stored], coefficient[stored], offset[stored]);
            }
        }
        if (step.zeroed != null) {
            write(step.zeroed, constant(0));
            return;
        }
        Register dst = step.dst;
        int result = NONE;
        switch (op) {
            case MOV -> result = ops.size() == 2 ? value(ops.get(1), accesses) : NONE;
            case MOVZX, MOVSX, MOVSXD -> result = ops.size() == 2 ? extended(value(ops.get(1), accesses), ops.get(1), op != Operation.MOVZX) : NONE;
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
            case POP -> result = load(addresses[0], 8);
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
        if (step.stackDelta != 0) store(rsp, shifted(gpr(rsp), step.stackDelta));
        if (dst != null && step.writesDst) write(dst, result != NONE ? result : fresh());
        // Other registers the form writes become unknown.
        for (Register r : step.unknownAfter) write(r, fresh());
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
        // instanceof tests rather than a pattern switch: this runs per instruction and iteration.
        if (o instanceof RegisterOperand r) return read(r.register());
        if (o instanceof ImmediateOperand n) return n.known() ? constant(n.value()) : fresh();
        if (o instanceof MemoryOperand m) {
            for (int k = 0; k < accesses.size(); k++) {
                if (accesses.get(k).explicit() == m) return load(addresses[k], accesses.get(k).width() / 8);
            }
        }
        return fresh();
    }


    /**
     * A narrow source value zero- or sign-extended: a known number is extended; the shared value
     * (a 32-bit source that held it) is positive, so either extension keeps it; anything else is unknown.
     */
    private int extended(int v, Operand source, boolean signed) {
        int bits = source instanceof RegisterOperand r ? r.register().width() : source instanceof MemoryOperand m ? m.width() : 0;
        if (bits <= 0 || bits >= 64) return NONE;
        if (isConstant(v)) {
            long n = offset[v] & ((1L << bits) - 1);
            if (signed && (n >>> (bits - 1)) != 0) n -= 1L << bits;
            return constant(n);
        }
        return bits == 32 && fitsIn32Bits(symbol[v], coefficient[v], offset[v]) && coefficient[v] * SHARED_VALUE + offset[v] < 1L << 31 ? v : NONE;
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

    /**
     * What stores wrote, by exact address (symbol, coefficient, offset): open addressing over one
     * long array, a slot of eight longs (a cache line) holding a stamp, the address and the value.
     * A slot is taken when its stamp is this table's generation, so a reused array needs no clearing.
     */
    private static final class Memory {
        private static final java.util.concurrent.atomic.AtomicLong GENERATIONS = new java.util.concurrent.atomic.AtomicLong();
        private static final int STRIDE = 8;
        private final ArrayRecycler arrays;
        private long[] table;
        private int mask;
        private long generation;
        int size;

        /** @param expected entries it will probably hold (it grows past them) */
        Memory(ArrayRecycler arrays, int expected) {
            this.arrays = arrays;
            allocate(Integer.highestOneBit(Math.max(16, 2 * expected) * 2 - 1));
        }

        private void allocate(int capacity) {
            table = arrays.longs(capacity * STRIDE);
            mask = capacity - 1;
            generation = GENERATIONS.incrementAndGet();
            size = 0;
        }

        private int home(long s, long c, long o) {
            long h = (s * 31 + c) * 1_000_003L + o;
            h ^= h >>> 29;
            h *= 0x9E3779B97F4A7C15L;
            return (int) (h >>> 40) & mask;
        }

        /** Where the address is, or -1; its value is then at +4, +5, +6. */
        int find(long s, long c, long o) {
            for (int i = home(s, c, o); ; i = (i + 1) & mask) {
                int at = i * STRIDE;
                if (table[at] != generation) return -1;
                if (table[at + 1] == s && table[at + 2] == c && table[at + 3] == o) return at;
            }
        }

        long valueSymbol(int at) { return table[at + 4]; }

        long valueCoefficient(int at) { return table[at + 5]; }

        long valueOffset(int at) { return table[at + 6]; }

        void put(long s, long c, long o, long vs, long vc, long vo) {
            if (2 * (size + 1) > mask + 1) grow();
            int at;
            for (int i = home(s, c, o); ; i = (i + 1) & mask) {
                at = i * STRIDE;
                if (table[at] != generation) {
                    table[at] = generation;
                    table[at + 1] = s;
                    table[at + 2] = c;
                    table[at + 3] = o;
                    size++;
                    break;
                }
                if (table[at + 1] == s && table[at + 2] == c && table[at + 3] == o) break;
            }
            table[at + 4] = vs;
            table[at + 5] = vc;
            table[at + 6] = vo;
        }

        private void grow() {
            long[] old = table;
            long oldGeneration = generation;
            int oldCapacity = mask + 1;
            allocate(2 * oldCapacity);
            for (int i = 0; i < oldCapacity; i++) {
                int at = i * STRIDE;
                if (old[at] == oldGeneration) put(old[at + 1], old[at + 2], old[at + 3], old[at + 4], old[at + 5], old[at + 6]);
            }
        }

        void clear() {
            generation = GENERATIONS.incrementAndGet();
            size = 0;
        }
    }
}
