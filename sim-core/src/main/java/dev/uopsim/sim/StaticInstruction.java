package dev.uopsim.sim;

import dev.uopsim.isa.Access;
import dev.uopsim.isa.Encoding;
import dev.uopsim.isa.Flag;
import dev.uopsim.isa.FlagGroup;
import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Idiom;
import dev.uopsim.isa.ImmediateOperand;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.MemoryOperand;
import dev.uopsim.isa.Operand;
import dev.uopsim.isa.OperandKind;
import dev.uopsim.isa.OperandSpec;
import dev.uopsim.isa.Register;
import dev.uopsim.isa.RegisterOperand;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

/**
 * One instruction of a kernel prepared for the engine (computed once per simulation): its timing
 * on the core, and its dataflow as rename registers — which inputs feed which µops, which
 * outputs it produces, and the latency from each input to each output.
 */
final class StaticInstruction {
    /** Who consumes an input. */
    static final byte COMPUTE = 0, ADDRESS = 1, STORE_DATA = 2;
    /** An input or output that is memory rather than a register. */
    static final int MEMORY = -2;

    final int index;
    final Instruction instruction;
    final FormTiming timing;
    final int slots;
    /** An explicit register operand feeds the operation (for RMW renaming: ADD [m], r but not ADD [m], 1). */
    final boolean registerSourced;
    /** The kind of value its memory operand moves, as memory renaming sees it. */
    final CoreSpec.RenamedValue memoryValue;
    /** Cycles the microcode sequencer takes for this instruction when the model says (0: slots at its rate). */
    final int microcodeCycles;
    /** Its bypass domain (an index into the core's bypass delays), or -1. */
    final int domain;

    final int[] inRegs;
    final byte[] inUse;
    final String[] inNames;
    final int[] outRegs;
    // Inputs by what reads them (indices into inRegs, in order), so the engine loops over those only.
    final int[] computeInputs;
    final int[] addressInputs;
    final int[] memoryInputs;
    /** A store without compute µops: the inputs its data comes from (compute or store-data, not memory). */
    final int[] storeDataInputs;
    final String[] outNames;
    /** Latency [input][output]; for the memory value input, the part after the load. */
    final int[][] latency;
    /**
     * Hundredths by which a measured, not whole latency falls short of {@link #latency} [input][output]
     * (0 where whole); null when every latency of the instruction is whole.
     */
    final int[][] latencyShortfall;
    /** Per output, the latency when no compute input feeds it (a constant or an idiom result). */
    final int[] sourcelessLatency;

    final UopSpec[] uops;
    final int computeUops;
    /**
     * Cycles between the first and the last of the compute µops dispatching when nothing else wants
     * their ports (two µops that only port 5 runs: 1). A measured latency already holds this spread.
     */
    final int computeSpread;
    final int loadUops;
    final int storeAddressUops;
    final int storeDataUops;

    /** Memory accesses in {@link Instruction#memoryAccesses()} order. */
    final MemoryAccessSpec[] accesses;
    /** The accesses that write memory (indices into accesses, in order). */
    final int[] storeAccesses;
    /** The first access that reads memory, or -1, and its size. */
    final int loadAccess;
    final int loadSize;
    final boolean complexAddress;
    final boolean vectorLoad;

    final boolean zeroIdiom;
    final boolean dependencyBreaking;
    /** An eliminable register move: the output takes input {@link #moveSource}'s value. */
    final boolean eliminableMove;
    final int moveSource;
    /** A move the next instruction absorbs (see {@link MoveFusion}): no slot, no µop; eliminable whatever the core's move elimination. */
    final boolean absorbedByNext;

    /** It reads memory / writes memory (kept as fields: the engine asks every cycle). */
    final boolean load;
    final boolean store;

    /** PUSH, POP, CALL, RET: the stack engine moves RSP. */
    final boolean movesStack;
    final boolean branch;
    final boolean takenBranchToStart;
    final boolean lengthChangingPrefix;
    /** Starts once every older instruction has retired; no younger µop starts before it completes (the model's serializing list). */
    final boolean serializing;
    final int length;
    final long address;

    /** Explicit operands' names as latency keys write them ({@code op0}, {@code op1}, ...), made once. */
    private static final String[] OPERAND_NAMES = {"op0", "op1", "op2", "op3", "op4", "op5", "op6", "op7"};

    /** A memory access: size in bytes, read and/or written. */
    record MemoryAccessSpec(int size, boolean load, boolean store) {}

    /**
     * What the code around an instruction decides about it: a move the next instruction absorbs, the
     * rename register of a folded register + offset it must sum first (-1: none), flags it reads from a
     * logical operation the model makes it slower for.
     */
    record Context(boolean absorbedByNext, int foldedRegister, boolean logicFlags) {}

    StaticInstruction(int index, Instruction instruction, FormTiming timing, CoreSpec core, Context context) {
        boolean absorbedByNext = context.absorbedByNext();
        int foldedRegister = context.foldedRegister();
        this.index = index;
        this.absorbedByNext = absorbedByNext;
        this.instruction = instruction;
        this.timing = timing;
        // A register operand of a memory-writing form is a data source (ADD [m], r; SHL [m], cl): address registers sit in the memory operand.
        this.registerSourced = instruction.operands().stream().anyMatch(o -> o instanceof RegisterOperand);
        this.memoryValue = memoryValue(instruction);
        this.slots = Math.max(timing.slots(), 0);
        this.microcodeCycles = timing.microcodeCycles();
        this.domain = timing.domain();
        InstructionForm form = instruction.form();
        this.length = instruction.length();
        this.address = instruction.address();
        this.branch = form.has(FormProperty.BRANCH);
        this.movesStack = form.stackDelta() != 0;
        boolean toStart = false;
        for (Operand o : instruction.operands()) toStart |= o instanceof dev.uopsim.isa.BranchTarget b && b.offset() == 0;
        this.takenBranchToStart = branch && toStart;
        this.lengthChangingPrefix = lengthChangingPrefix(instruction);
        this.serializing = !core.rename().serializing().isEmpty()
                && core.rename().serializing().contains(form.mnemonic().toUpperCase(java.util.Locale.ROOT));

        // An 8- or 16-bit result is merged into the full register, so XOR AL, AL still waits for RAX: no
        // idiom where writes merge (measured here: XOR AL, AL / AX, AX / R8B, R8B chains 1.0 cycle each,
        // XOR EAX, EAX 0.17).
        boolean merged = core.rename().partialRegisterMerge() && narrowGprDestination(instruction);
        CoreSpec.IdiomHandling handling = instruction.idiomApplies() && !merged
                ? core.rename().handling(form.idiom()) : CoreSpec.IdiomHandling.NONE;
        // VZEROUPPER/VZEROALL rewrite the vector registers at rename without reading them.
        boolean idiom = handling != CoreSpec.IdiomHandling.NONE || form.has(FormProperty.ZERO_UPPER);
        this.zeroIdiom = handling == CoreSpec.IdiomHandling.ELIMINATED;
        this.dependencyBreaking = idiom;

        List<Integer> inR = new ArrayList<>();
        List<Byte> inU = new ArrayList<>();
        List<String> inN = new ArrayList<>();
        List<Integer> outR = new ArrayList<>();
        List<String> outN = new ArrayList<>();
        List<MemoryAccessSpec> mem = new ArrayList<>();
        boolean hasComputeUop = false;
        for (UopSpec u : timing.uops()) hasComputeUop |= u.kind() == UopKind.COMPUTE;
        boolean complex = false;
        boolean vectorDest = false;

        List<OperandSpec> specs = form.operands();
        List<Operand> ops = instruction.operands();
        for (int i = 0; i < specs.size() && i < ops.size(); i++) {
            OperandSpec s = specs.get(i);
            Operand op = ops.get(i);
            String name = i < OPERAND_NAMES.length ? OPERAND_NAMES[i] : "op" + i;
            if (op instanceof RegisterOperand r) {
                int reg = RenameRegisters.of(r.register());
                if (reg == RenameRegisters.UNTRACKED) continue;
                if (s.access().writes() && r.register().isVector()) vectorDest = true;
                boolean readsValue = s.access().reads() && !(idiom && s.access().reads());
                if (readsValue) {
                    add(inR, inU, inN, reg, hasComputeUop || !storesOnly(form) ? COMPUTE : STORE_DATA, name);
                }
                if (s.access().writes()) {
                    outR.add(reg);
                    outN.add(name);
                    // A narrow write keeps the rest of the register: the old value is an input.
                    boolean partial = instruction.coverage(r.register()) == Instruction.WriteCoverage.PARTIAL
                            && r.register().isGpr() && core.rename().partialRegisterMerge();
                    if (partial && !readsValue && !s.access().reads()) add(inR, inU, inN, reg, COMPUTE, name);
                }
            } else if (op instanceof MemoryOperand m) {
                if (s.kind().category() == OperandKind.Category.AGEN) {
                    // LEA: the address registers are ordinary inputs of the computation.
                    addAddress(inR, inU, inN, m, COMPUTE, "mem");
                    continue;
                }
                if (!s.kind().isMemory()) continue;
                addAddress(inR, inU, inN, m, ADDRESS, "mem");
                complex |= m.index() != null || m.displacement() >= 2048 || m.displacement() < -2048;
                int size = Math.max(1, s.kind().width() / 8);
                boolean load = s.access().reads() && s.access() != Access.NONE;
                boolean store = s.access().writes();
                if (s.access() == Access.NONE) continue;
                mem.add(new MemoryAccessSpec(size, load, store));
                if (load) add(inR, inU, inN, MEMORY, COMPUTE, name);
                if (store) {
                    outR.add(MEMORY);
                    outN.add(name);
                }
            }
        }
        for (OperandSpec s : form.implicitOperands()) {
            if (s.register() != null) {
                int reg = RenameRegisters.of(s.register());
                if (reg == RenameRegisters.UNTRACKED) continue;
                String name = s.register().name().toUpperCase();
                boolean stackPointer = s.register().root() == Register.RSP && form.stackDelta() != 0;
                if (s.access().reads() && !form.has(FormProperty.ZERO_UPPER)) add(inR, inU, inN, reg, stackPointer ? ADDRESS : COMPUTE, name);
                if (s.access().writes()) {
                    outR.add(reg);
                    outN.add(name);
                }
            } else if (s.memory() != null) {
                int base = RenameRegisters.of(s.memory().base());
                if (base != RenameRegisters.UNTRACKED && !inR.contains(base)) add(inR, inU, inN, base, ADDRESS, "mem");
                int size = Math.max(1, s.memory().width() / 8);
                mem.add(new MemoryAccessSpec(size, s.access().reads(), s.access().writes()));
                if (s.access().reads()) add(inR, inU, inN, MEMORY, COMPUTE, "mem");
                if (s.access().writes()) {
                    outR.add(MEMORY);
                    outN.add("mem");
                }
            }
        }
        int read = form.flagsRead();
        for (FlagGroup g : FlagGroup.values()) {
            if ((read & g.mask()) != 0) add(inR, inU, inN, RenameRegisters.of(g), COMPUTE, g.name());
        }
        int written = form.flagsModified() & Flag.STATUS;
        for (FlagGroup g : FlagGroup.values()) {
            if ((written & g.mask()) == 0) continue;
            outR.add(RenameRegisters.of(g));
            outN.add(g.name());
            // A group written in part keeps its other flags: the old group is an input (a merge).
            if ((written & g.mask()) != g.mask() && (read & g.mask()) == 0) add(inR, inU, inN, RenameRegisters.of(g), COMPUTE, g.name());
        }

        this.inRegs = ints(inR);
        this.inUse = new byte[inU.size()];
        for (int k = 0; k < inU.size(); k++) inUse[k] = inU.get(k);
        this.inNames = inN.toArray(String[]::new);
        this.outRegs = ints(outR);
        this.computeInputs = inputsWhere(i -> inUse[i] == COMPUTE);
        this.addressInputs = inputsWhere(i -> inUse[i] == ADDRESS);
        this.memoryInputs = inputsWhere(i -> inRegs[i] == MEMORY);
        this.storeDataInputs = inputsWhere(i -> (inUse[i] == STORE_DATA || inUse[i] == COMPUTE) && inRegs[i] != MEMORY);
        this.outNames = outN.toArray(String[]::new);
        this.accesses = mem.toArray(MemoryAccessSpec[]::new);
        int stores = 0, firstLoad = -1;
        for (int k = 0; k < accesses.length; k++) {
            if (accesses[k].store()) stores++;
            if (accesses[k].load() && firstLoad < 0) firstLoad = k;
        }
        this.storeAccesses = new int[stores];
        for (int k = 0, j = 0; k < accesses.length; k++) if (accesses[k].store()) storeAccesses[j++] = k;
        this.loadAccess = firstLoad;
        this.loadSize = firstLoad < 0 ? 0 : accesses[firstLoad].size();
        boolean reads = false, writes = false;
        for (MemoryAccessSpec a : accesses) {
            reads |= a.load();
            writes |= a.store();
        }
        this.load = reads;
        this.store = writes;
        this.complexAddress = complex;
        this.vectorLoad = vectorDest;

        int fallback = Math.max(1, timing.latency().max());
        this.latency = new int[inRegs.length][outRegs.length];
        int[][] shortfall = new int[inRegs.length][outRegs.length];
        boolean anyShortfall = false;
        for (int i = 0; i < inRegs.length; i++) {
            for (int o = 0; o < outRegs.length; o++) {
                int l;
                // A memory operand's figure (opN->x as mem->x) was measured through the load, which is
                // its own µop here: the operation after it takes the form's general latency.
                String from = inRegs[i] == MEMORY ? "*" : inNames[i];
                if (inRegs[i] == MEMORY && !hasComputeUop) {
                    l = pureLoadExtra(timing.latency(), outNames[o], core);     // a pure load: the value is the load's
                } else if ((inRegs[i] == MEMORY || outRegs[o] == MEMORY) && timing.latency().isUpperBound(from, outNames[o])) {
                    // On a memory path an upper bound (uops.info's ≤n) was measured through the load and
                    // the store, which the engine models itself: the operation's own latency is one cycle.
                    l = 1;
                } else {
                    // The load is its own µop: after it only the operation's latency remains; the model's
                    // mem->* figure includes the load, so it is not used for the memory value.
                    l = timing.latency().get(from, outNames[o], inRegs[i] == MEMORY ? 1 : fallback);
                    if (inRegs[i] != MEMORY && l > 0) {
                        shortfall[i][o] = timing.latency().shortfall(from, outNames[o]);
                        anyShortfall |= shortfall[i][o] > 0;
                    }
                }
                latency[i][o] = Math.max(0, l);
            }
        }
        this.latencyShortfall = anyShortfall ? shortfall : null;
        this.sourcelessLatency = new int[outRegs.length];
        for (int o = 0; o < outRegs.length; o++) sourcelessLatency[o] = Math.max(1, timing.latency().get("*", outNames[o], 1));

        // A folded register + offset input the consumer cannot take: one more µop on its ports, and the
        // input's latency grows by the model's figure (see ImmediateFolding).
        int summed = -1;
        for (int i = 0; i < inRegs.length && foldedRegister >= 0; i++) if (inRegs[i] == foldedRegister) summed = i;
        List<UopSpec> uopList = new ArrayList<>(timing.uops());
        UopSpec firstCompute = uopList.stream().filter(u -> u.kind() == UopKind.COMPUTE).findFirst().orElse(null);
        if (context.logicFlags()) {
            // The consumer is slower from every input, its flags as well (measured: TEST ECX, ECX; CMOVZ R8, RAX
            // runs the R8 chain at 2 cycles, TEST RAX, RAX; CMOVZ RAX, RDX the chain through the flags at 3;
            // with CMP 1 and 2).
            int extra = core.rename().logicFlags().latency();
            boolean flags = core.rename().logicFlags().flagsInput();
            for (int i = 0; i < inRegs.length; i++) {
                if (inRegs[i] >= 0 && (flags || inRegs[i] < RenameRegisters.FLAGS)) for (int o = 0; o < outRegs.length; o++) latency[i][o] += extra;
            }
        }
        if (summed >= 0 && firstCompute != null) {
            for (int o = 0; o < outRegs.length; o++) latency[summed][o] += core.rename().foldedImmediates().latency();
            uopList.add(UopSpec.compute(firstCompute.portMask()));
        }
        this.uops = uopList.toArray(UopSpec[]::new);
        int c = 0, ld = 0, sta = 0, std = 0;
        for (UopSpec u : uops) {
            switch (u.kind()) {
                case COMPUTE -> c++;
                case LOAD -> ld++;
                case STORE_ADDRESS -> sta++;
                case STORE_DATA -> std++;
                case STORE -> {
                    sta++;
                    std++;
                }
            }
        }
        this.computeUops = c;
        this.computeSpread = computeSpread(uops);
        this.loadUops = ld;
        this.storeAddressUops = sta;
        this.storeDataUops = std;

        boolean move = absorbedByNext || form.has(FormProperty.MOVE_ELIMINATION) && ops.size() == 2 && ops.get(0) instanceof RegisterOperand d
                && ops.get(1) instanceof RegisterOperand src && d.register().root() != src.register().root()
                && ((d.register().isGpr() && core.rename().moveEliminationGpr())
                || (d.register().isVector() && core.rename().moveEliminationVector()));
        this.eliminableMove = move;
        int source = -1;
        if (move) {
            int srcReg = RenameRegisters.of(((RegisterOperand) ops.get(1)).register());
            for (int i = 0; i < inRegs.length; i++) if (inRegs[i] == srcReg) source = i;
        }
        this.moveSource = source;
    }

    /**
     * Cycles a pure load's value comes after the core's load-to-use: what the table's own figure for it
     * ({@code mem->out}, measured, not a bound) exceeds that by. Sign-extending and merging loads take a
     * cycle more than plain ones on the development host (MOVSXD r64, m32 and MOV r8, m8: 6 against 5;
     * a MOVSXD chain through memory 5.99 cycles a copy).
     */
    private int pureLoadExtra(LatencyTable table, String out, CoreSpec core) {
        String key = "mem->" + out;
        Integer figure = table.cycles().get(key);
        if (figure == null || table.upperBounds().contains(key) || table.shortfall("mem", out) > 0) return 0;
        CoreSpec.LoadStore ls = core.loadStore();
        int loadToUse = (complexAddress ? ls.loadToUseComplex() : ls.loadToUse()) + (vectorLoad ? ls.vectorLoadExtra() : 0);
        return Math.max(0, figure - loadToUse);
    }

    private static boolean narrowGprDestination(Instruction instruction) {
        return !instruction.operands().isEmpty() && instruction.operands().getFirst() instanceof RegisterOperand d
                && d.register().isGpr() && d.register().width() < 32;
    }

    /** The kernel's instructions on the core; throws {@link Engine.MissingTimingException} when the model lacks a form. */
    static java.util.List<StaticInstruction> of(CoreSpec core, TimingTable timings, SimulationInput input) {
        java.util.List<StaticInstruction> code = new java.util.ArrayList<>();
        boolean[] absorbed = MoveFusion.absorbed(input.instructions(), core);
        int[] folded = ImmediateFolding.materialized(input.instructions(), timings, core);
        boolean[] logic = logicFlagsConsumers(input.instructions(), core.rename().logicFlags());
        for (int i = 0; i < input.instructions().size(); i++) {
            var inst = input.instructions().get(i);
            FormTiming t = timings.timing(inst.form());
            if (t == null) throw new Engine.MissingTimingException(inst);
            // A move fused into this ADD/SUB keeps the row of its encoding (the fusion is by encoding: measured).
            if (i == 0 || !absorbed[i - 1]) t = ImmediateFolding.byValue(inst, t, timings, core.rename().foldedImmediates());
            t = selfMove(inst, t, timings);
            code.add(new StaticInstruction(i, inst, t, core, new Context(absorbed[i], folded[i], logic[i])));
        }
        return code;
    }

    /**
     * A general-purpose register move the table gives no µop (the renamer eliminates it) from a register
     * to itself, {@code movzx eax, al} or {@code mov eax, eax}, is not eliminated: it zero-extends, one µop
     * on the ports of the model's {@code MOV (R32, I32)}, one cycle. Measured on the development host:
     * {@code cmp ecx, edx; setnz al; movzx eax, al} 2.99 cycles an iteration, 1.99 with {@code movzx eax, cl}.
     */
    static FormTiming selfMove(Instruction in, FormTiming own, TimingTable timings) {
        boolean move = in.form().has(FormProperty.MOVE_ELIMINATION) || in.form().mnemonic().equals("MOVZX");
        if (!own.uops().isEmpty() || !move || in.operands().size() != 2) return own;
        if (!(in.operands().get(0) instanceof RegisterOperand d) || !(in.operands().get(1) instanceof RegisterOperand s)) return own;
        if (!d.register().isGpr() || !s.register().isGpr() || d.register().root() != s.register().root()) return own;
        FormTiming alu = FormTable.shipped().byName("MOV (R32, I32)").map(timings::timing).orElse(null);
        if (alu == null || alu.uops().isEmpty()) return own;
        return new FormTiming(own.slots(), alu.uops(), LatencyTable.uniform(1), own.domain(), own.microcodeCycles());
    }

    /**
     * The consumers the rule lists whose flags come from a producer it lists: the nearest flag writer
     * before each, around the loop (the code is walked twice).
     */
    static boolean[] logicFlagsConsumers(List<Instruction> code, CoreSpec.LogicFlags rule) {
        boolean[] out = new boolean[code.size()];
        if (!rule.any()) return out;
        String lastWriter = null;
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < code.size(); i++) {
                InstructionForm f = code.get(i).form();
                String m = f.mnemonic().toUpperCase(java.util.Locale.ROOT);
                if (pass == 1 && CoreSpec.LogicFlags.matches(rule.consumers(), m)) {
                    out[i] = lastWriter != null && CoreSpec.LogicFlags.matches(rule.producers(), lastWriter);
                }
                if (f.flagsWritten() != 0) lastWriter = m;
            }
        }
        return out;
    }

    /**
     * Slots each instruction takes in the front end and at rename: a macro-fused branch and an
     * absorbed move none, any other instruction at least one.
     */
    static int[] slotsTaken(List<StaticInstruction> code, boolean[] second) {
        int[] slots = new int[code.size()];
        for (int i = 0; i < slots.length; i++) slots[i] = second[i] || code.get(i).absorbedByNext ? 0 : Math.max(1, code.get(i).slots);
        return slots;
    }

    private int[] inputsWhere(java.util.function.IntPredicate p) {
        int n = 0;
        int[] out = new int[inRegs.length];
        for (int i = 0; i < inRegs.length; i++) if (p.test(i)) out[n++] = i;
        return java.util.Arrays.copyOf(out, n);
    }

    private static int[] ints(List<Integer> list) {
        int[] out = new int[list.size()];
        for (int i = 0; i < out.length; i++) out[i] = list.get(i);
        return out;
    }

    private static boolean storesOnly(InstructionForm form) {
        return form.writesMemory() && !form.readsMemory();
    }

    private static void add(List<Integer> regs, List<Byte> uses, List<String> names, int reg, byte use, String name) {
        for (int k = 0; k < regs.size(); k++) {
            if (regs.get(k) == reg && uses.get(k) == use && reg != MEMORY) return;
        }
        regs.add(reg);
        uses.add(use);
        names.add(name);
    }

    private static void addAddress(List<Integer> regs, List<Byte> uses, List<String> names, MemoryOperand m, byte use, String name) {
        for (Register r : new Register[]{m.base(), m.index()}) {
            if (r == null || r == Register.RIP) continue;
            int reg = RenameRegisters.of(r);
            if (reg != RenameRegisters.UNTRACKED) add(regs, uses, names, reg, use, name);
        }
    }

    /**
     * A 66 or 67 prefix that changes the length of the instruction's immediate (ADD r16, imm16):
     * the predecoders mis-guess the length and stall.
     */
    private static boolean lengthChangingPrefix(Instruction i) {
        Encoding e = i.form().encoding();
        if (e.scheme() != Encoding.Scheme.LEGACY || e.immediateBytes() != 2) return false;
        boolean sixteenBit = i.operands().stream().anyMatch(o -> o instanceof ImmediateOperand) && e.hasPrefix(0x66);
        return sixteenBit && i.form().operands().stream().noneMatch(s -> s.kind().name().equals("I8"));
    }

    int inputs() { return inRegs.length; }

    int outputs() { return outRegs.length; }

    boolean isLoad() {
        return load;
    }

    boolean isStore() {
        return store;
    }

    /** The index in {@link #accesses} of the first access that writes memory, or -1. */
    int storeAccess() {
        return storeAccesses.length == 0 ? -1 : storeAccesses[0];
    }

    @Override
    public String toString() {
        return instruction.intelText();
    }

    /** The dispatch cycles the compute µops need on their ports alone, less one (most constrained first). */
    static int computeSpread(UopSpec[] uops) {
        List<Integer> masks = new ArrayList<>();
        for (UopSpec u : uops) if (u.kind() == UopKind.COMPUTE && u.portMask() != 0) masks.add(u.portMask());
        if (masks.size() < 2) return 0;
        masks.sort(Comparator.comparingInt(Integer::bitCount));
        int cycles = 0;
        while (!masks.isEmpty()) {
            int used = 0;
            for (Iterator<Integer> it = masks.iterator(); it.hasNext(); ) {
                int free = it.next() & ~used;
                if (free != 0) {
                    used |= Integer.lowestOneBit(free);
                    it.remove();
                }
            }
            cycles++;
        }
        return cycles - 1;
    }

    /**
     * A vector register's value when the instruction names one; else a general-purpose value of its memory
     * operand's width (a stack access without one, PUSH and POP: its register's width, or 64 bits).
     */
    private static CoreSpec.RenamedValue memoryValue(Instruction instruction) {
        int bits = 0, registerBits = 64;
        for (Operand o : instruction.operands()) {
            if (o instanceof RegisterOperand r) {
                var c = r.register().registerClass();
                if (c != dev.uopsim.isa.RegisterClass.GPR && c != dev.uopsim.isa.RegisterClass.IP) return CoreSpec.RenamedValue.VECTOR;
                registerBits = r.register().width();
            }
            if (o instanceof MemoryOperand m && m.width() != 0) bits = m.width();
        }
        if (bits == 0) bits = registerBits;
        return switch (bits) {
            case 8 -> CoreSpec.RenamedValue.GPR8;
            case 16 -> CoreSpec.RenamedValue.GPR16;
            case 32 -> CoreSpec.RenamedValue.GPR32;
            case 64 -> CoreSpec.RenamedValue.GPR64;
            default -> CoreSpec.RenamedValue.VECTOR;    // wider or odd: not a general-purpose register's
        };
    }
}
