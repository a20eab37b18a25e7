package dev.uopsim.sim;

import dev.uopsim.isa.Access;
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
    /**
     * A prefetch: its load µop brings a line in and reads no data, so it takes no L1 bank (its 64-byte
     * operand would otherwise claim all of them). Three loads at offset 0 of different lines and a
     * PREFETCHT1 ran 2.12 cycles a copy here, as fast as the loads alone allow (2 a cycle from one bank).
     */
    final boolean prefetch;
    final boolean complexAddress;
    final boolean vectorLoad;

    /** It moves a value from the vector unit into a general register or the flags (the core's transfer bubble follows it). */
    final boolean movesToIntegerSide;
    /** Single-cycle work for the integer ALUs, which a transfer's bubble holds back. */
    final boolean heldByTransferBubble;

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
    /** A load, or anything with a load µop: the engine keeps forwarding state for it (others never read any). */
    final boolean hasLoadState;

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

    static String operandName(int i) {
        return i < OPERAND_NAMES.length ? OPERAND_NAMES[i] : "op" + i;
    }
    /** {@link FlagGroup#values()} once (each call copies the array). */
    private static final FlagGroup[] FLAG_GROUPS = FlagGroup.values();
    // Shared empty arrays (most instructions have no memory input, no access...); never written.
    private static final int[] EMPTY = {};
    private static final MemoryAccessSpec[] NO_ACCESSES = {};

    /** A memory access: size in bytes, read and/or written. */
    record MemoryAccessSpec(int size, boolean load, boolean store) {}

    /**
     * What the code around an instruction decides about it: a move the next instruction absorbs, the
     * rename register of a folded register + offset it must sum first (-1: none), flags it reads from a
     * logical operation the model makes it slower for.
     */
    record Context(boolean absorbedByNext, int foldedRegister, boolean logicFlags, boolean foldedFlags) {}

    /**
     * @param descriptor what its form's timing on the core says (see {@link TimingTable#descriptor})
     * @param flow       scratch for gathering inputs and outputs (reused from instruction to instruction; it holds nothing after)
     */
    StaticInstruction(int index, Instruction instruction, FormDescriptor descriptor, CoreSpec core, Context context, Dataflow flow) {
        boolean absorbedByNext = context.absorbedByNext();
        int foldedRegister = context.foldedRegister();
        FormTiming timing = descriptor.timing;
        this.index = index;
        this.absorbedByNext = absorbedByNext;
        this.instruction = instruction;
        this.timing = timing;
        List<Operand> ops = instruction.operands();
        // A register operand of a memory-writing form is a data source (ADD [m], r; SHL [m], cl): address registers sit in the memory operand.
        boolean registerOperand = false;
        for (int i = 0; i < ops.size(); i++) registerOperand |= ops.get(i) instanceof RegisterOperand;
        this.registerSourced = registerOperand;
        this.memoryValue = memoryValue(instruction);
        this.slots = Math.max(timing.slots(), 0);
        this.microcodeCycles = timing.microcodeCycles();
        this.domain = timing.domain();
        InstructionForm form = instruction.form();
        this.length = instruction.length();
        this.address = instruction.address();
        this.branch = descriptor.branch;
        this.movesStack = form.stackDelta() != 0;
        boolean toStart = false;
        for (int i = 0; i < ops.size(); i++) toStart |= ops.get(i) instanceof dev.uopsim.isa.BranchTarget b && b.offset() == 0;
        this.takenBranchToStart = branch && toStart;
        boolean immediate = false;
        for (int i = 0; i < ops.size(); i++) immediate |= ops.get(i) instanceof ImmediateOperand;
        this.lengthChangingPrefix = descriptor.lengthChangingForm && immediate;
        this.serializing = !core.rename().serializing().isEmpty() && core.rename().serializing().contains(descriptor.upperMnemonic);

        // An 8- or 16-bit result is merged into the full register, so XOR AL, AL still waits for RAX: no
        // idiom where writes merge (measured here: XOR AL, AL / AX, AX / R8B, R8B chains 1.0 cycle each,
        // XOR EAX, EAX 0.17).
        boolean merged = core.rename().partialRegisterMerge() && narrowGprDestination(instruction);
        CoreSpec.IdiomHandling handling = instruction.idiomApplies() && !merged
                ? core.rename().handling(form.idiom(), legacySseVector(form)) : CoreSpec.IdiomHandling.NONE;
        // VZEROUPPER/VZEROALL rewrite the vector registers at rename without reading them.
        boolean zeroUpper = descriptor.zeroUpper;
        boolean idiom = handling != CoreSpec.IdiomHandling.NONE || zeroUpper;
        this.zeroIdiom = handling == CoreSpec.IdiomHandling.ELIMINATED;
        this.dependencyBreaking = idiom;

        flow.clear();
        boolean hasComputeUop = descriptor.hasComputeUop;
        boolean complex = false;
        boolean vectorDest = false;
        // A register read of a store without compute µops feeds its data.
        byte registerReadUse = hasComputeUop || !descriptor.storesOnly ? COMPUTE : STORE_DATA;

        List<OperandSpec> specs = form.operands();
        for (int i = 0; i < specs.size() && i < ops.size(); i++) {
            OperandSpec s = specs.get(i);
            Operand op = ops.get(i);
            String name = descriptor.names[i];
            if (op instanceof RegisterOperand r) {
                int reg = RenameRegisters.of(r.register());
                if (reg == RenameRegisters.UNTRACKED) continue;
                if (s.access().writes() && r.register().isVector()) vectorDest = true;
                boolean readsValue = s.access().reads() && !(idiom && s.access().reads());
                if (readsValue) flow.input(reg, registerReadUse, name, i);
                if (s.access().writes()) {
                    flow.output(reg, name, i);
                    // A narrow write keeps the rest of the register: the old value is an input.
                    boolean partial = instruction.coverage(r.register()) == Instruction.WriteCoverage.PARTIAL
                            && r.register().isGpr() && core.rename().partialRegisterMerge();
                    if (partial && !readsValue && !s.access().reads()) flow.input(reg, COMPUTE, name, i);
                }
            } else if (op instanceof MemoryOperand m) {
                if (s.kind().category() == OperandKind.Category.AGEN) {
                    // LEA: the address registers are ordinary inputs of the computation.
                    flow.address(m, COMPUTE, descriptor.memId);
                    continue;
                }
                if (!s.kind().isMemory()) continue;
                flow.address(m, ADDRESS, descriptor.memId);
                complex |= m.index() != null || m.displacement() >= 2048 || m.displacement() < -2048;
                int size = Math.max(1, s.kind().width() / 8);
                boolean load = s.access().reads() && s.access() != Access.NONE;
                boolean store = s.access().writes();
                if (s.access() == Access.NONE) continue;
                flow.access(new MemoryAccessSpec(size, load, store));
                if (load) flow.input(MEMORY, COMPUTE, name, i);
                if (store) flow.output(MEMORY, name, i);
            }
        }
        List<OperandSpec> implicit = form.implicitOperands();
        for (int k = 0; k < implicit.size(); k++) {
            OperandSpec s = implicit.get(k);
            if (s.register() != null) {
                int reg = RenameRegisters.of(s.register());
                if (reg == RenameRegisters.UNTRACKED) continue;
                int id = descriptor.implicitId + k;
                String name = descriptor.names[id];
                boolean stackPointer = s.register().root() == Register.RSP && form.stackDelta() != 0;
                if (s.access().reads() && !zeroUpper) flow.input(reg, stackPointer ? ADDRESS : COMPUTE, name, id);
                if (s.access().writes()) flow.output(reg, name, id);
            } else if (s.memory() != null) {
                int base = RenameRegisters.of(s.memory().base());
                int mem = descriptor.memId;
                if (base != RenameRegisters.UNTRACKED && !flow.reads(base)) flow.input(base, ADDRESS, "mem", mem);
                int size = Math.max(1, s.memory().width() / 8);
                flow.access(new MemoryAccessSpec(size, s.access().reads(), s.access().writes()));
                if (s.access().reads()) flow.input(MEMORY, COMPUTE, "mem", mem);
                if (s.access().writes()) flow.output(MEMORY, "mem", mem);
            }
        }
        int read = form.flagsRead();
        for (FlagGroup g : FLAG_GROUPS) {
            if ((read & g.mask()) != 0) flow.input(RenameRegisters.of(g), COMPUTE, g.name(), descriptor.flagId + g.ordinal());
        }
        int written = form.flagsModified() & Flag.STATUS;
        for (FlagGroup g : FLAG_GROUPS) {
            if ((written & g.mask()) == 0) continue;
            flow.output(RenameRegisters.of(g), g.name(), descriptor.flagId + g.ordinal());
            // A group written in part keeps its other flags: the old group is an input (a merge).
            if ((written & g.mask()) != g.mask() && (read & g.mask()) == 0) flow.input(RenameRegisters.of(g), COMPUTE, g.name(), descriptor.flagId + g.ordinal());
        }

        int ins = flow.inputs, outs = flow.outputs;
        this.inRegs = java.util.Arrays.copyOf(flow.inRegs, ins);
        this.inUse = java.util.Arrays.copyOf(flow.inUse, ins);
        this.inNames = java.util.Arrays.copyOf(flow.inNames, ins);
        this.outRegs = java.util.Arrays.copyOf(flow.outRegs, outs);
        this.outNames = java.util.Arrays.copyOf(flow.outNames, outs);
        int compute = 0, address = 0, memory = 0, storeData = 0;
        for (int i = 0; i < ins; i++) {
            if (inUse[i] == COMPUTE) compute++;
            if (inUse[i] == ADDRESS) address++;
            if (inRegs[i] == MEMORY) memory++;
            if ((inUse[i] == STORE_DATA || inUse[i] == COMPUTE) && inRegs[i] != MEMORY) storeData++;
        }
        this.computeInputs = compute == 0 ? EMPTY : new int[compute];
        this.addressInputs = address == 0 ? EMPTY : new int[address];
        this.memoryInputs = memory == 0 ? EMPTY : new int[memory];
        this.storeDataInputs = storeData == 0 ? EMPTY : new int[storeData];
        compute = address = memory = storeData = 0;
        for (int i = 0; i < ins; i++) {
            if (inUse[i] == COMPUTE) computeInputs[compute++] = i;
            if (inUse[i] == ADDRESS) addressInputs[address++] = i;
            if (inRegs[i] == MEMORY) memoryInputs[memory++] = i;
            if ((inUse[i] == STORE_DATA || inUse[i] == COMPUTE) && inRegs[i] != MEMORY) storeDataInputs[storeData++] = i;
        }
        this.accesses = flow.accesses == 0 ? NO_ACCESSES : java.util.Arrays.copyOf(flow.memory, flow.accesses);
        int stores = 0, firstLoad = -1;
        for (int k = 0; k < accesses.length; k++) {
            if (accesses[k].store()) stores++;
            if (accesses[k].load() && firstLoad < 0) firstLoad = k;
        }
        this.storeAccesses = stores == 0 ? EMPTY : new int[stores];
        for (int k = 0, j = 0; k < accesses.length; k++) if (accesses[k].store()) storeAccesses[j++] = k;
        this.loadAccess = firstLoad;
        this.loadSize = firstLoad < 0 ? 0 : accesses[firstLoad].size();
        this.prefetch = instruction.form().has(dev.uopsim.isa.FormProperty.PREFETCH);
        boolean reads = false, writes = false;
        for (MemoryAccessSpec a : accesses) {
            reads |= a.load();
            writes |= a.store();
        }
        this.load = reads;
        this.store = writes;
        this.complexAddress = complex;
        this.vectorLoad = vectorDest;

        int fallback = descriptor.fallback;
        int[] inIds = flow.inIds, outIds = flow.outIds;
        this.latency = ArrayRecycler.matrix(inRegs.length, outRegs.length);
        int[][] shortfall = null;
        for (int i = 0; i < inRegs.length; i++) {
            boolean fromMemory = inRegs[i] == MEMORY;
            // A memory operand's figure (opN->x as mem->x) was measured through the load, which is
            // its own µop here: the operation after it takes the form's general latency.
            int from = fromMemory ? descriptor.anyId : inIds[i];
            for (int o = 0; o < outRegs.length; o++) {
                int l;
                if (fromMemory && !hasComputeUop) {
                    l = loadPathExtra(timing.latency(), outNames[o], core);     // a pure load: the value is the load's
                } else {
                    // One lookup answers the three questions below (the descriptor remembers it per pair).
                    LatencyTable.Cover cover = descriptor.cover(from, outIds[o]);
                    if ((fromMemory || outRegs[o] == MEMORY) && cover != null && cover.upperBound()) {
                        // On a memory path an upper bound (uops.info's ≤n) was measured through the load and
                        // the store, which the engine models itself: the operation's own latency is one cycle.
                        l = 1;
                    } else {
                        // The load is its own µop: after it only the operation's latency remains; the model's
                        // mem->* figure includes the load, so it is not used for the memory value, except that the
                        // memory path takes no less than it measured: CVTTSD2SI r32, m64 (mem->op0 12 on the Zen 4
                        // guest, its operation's own figure only an upper bound) landed its value a cycle after
                        // the load's data, and a move from the vector unit that lands so early held back no ALU.
                        l = cover != null ? cover.cycles() : fromMemory ? 1 : fallback;
                        if (fromMemory && outRegs[o] != MEMORY) l = Math.max(l, loadPathExtra(timing.latency(), outNames[o], core));
                        if (!fromMemory && l > 0 && cover != null && cover.shortfall() > 0) {
                            if (shortfall == null) shortfall = ArrayRecycler.matrix(inRegs.length, outRegs.length);
                            shortfall[i][o] = cover.shortfall();
                        }
                    }
                }
                latency[i][o] = Math.max(0, l);
            }
        }
        this.latencyShortfall = shortfall;
        this.sourcelessLatency = new int[outRegs.length];
        for (int o = 0; o < outRegs.length; o++) {
            LatencyTable.Cover cover = descriptor.cover(descriptor.anyId, outIds[o]);
            sourcelessLatency[o] = Math.max(1, cover != null ? cover.cycles() : 1);
        }

        // A folded register + offset input the consumer cannot take: one more µop on its ports, and the
        // input's latency grows by the model's figure (see ImmediateFolding).
        int summed = -1;
        for (int i = 0; i < inRegs.length && foldedRegister >= 0; i++) if (inRegs[i] == foldedRegister) summed = i;
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
        if (context.foldedFlags()) {
            // Flags from a folded ADD/SUB: computed a while after its register input, which they follow (see Engine.passInputOn).
            int extra = core.rename().foldedImmediates().flagsLatency();
            for (int i = 0; i < inRegs.length; i++) {
                if (inRegs[i] >= RenameRegisters.FLAGS) for (int o = 0; o < outRegs.length; o++) latency[i][o] += extra;
            }
        }
        UopSpec firstCompute = descriptor.firstCompute;
        if (summed >= 0 && firstCompute != null) {
            for (int o = 0; o < outRegs.length; o++) latency[summed][o] += core.rename().foldedImmediates().latency();
            UopSpec[] formUops = descriptor.uops;
            this.uops = java.util.Arrays.copyOf(formUops, formUops.length + 1);
            uops[formUops.length] = UopSpec.compute(firstCompute.portMask());
            this.computeUops = descriptor.computeUops + 1;
            this.computeSpread = computeSpread(uops);
        } else {
            this.uops = segmentStore(instruction, descriptor.uops, core.loadStore().segmentStorePorts());
            this.computeUops = descriptor.computeUops;
            this.computeSpread = descriptor.computeSpread;
        }
        this.loadUops = descriptor.loadUops;
        this.hasLoadState = load || loadUops > 0;
        this.storeAddressUops = descriptor.storeAddressUops;
        this.storeDataUops = descriptor.storeDataUops;

        boolean move = absorbedByNext || descriptor.moveElimination && ops.size() == 2 && ops.get(0) instanceof RegisterOperand d
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
        CoreSpec.TransferBubble bubble = core.transferBubble();
        this.movesToIntegerSide = bubble.on() && writesIntegerSide(outRegs) && hasComputeUopOn(uops, bubble.vectorPorts());
        this.heldByTransferBubble = bubble.on() && !movesToIntegerSide && computeUops > 0
                && hasComputeUopMayUse(uops, bubble.aluPorts()) && maxLatency(latency) <= 1;
    }

    private static boolean writesIntegerSide(int[] outRegs) {
        for (int r : outRegs) if (RenameRegisters.isIntegerSide(r)) return true;
        return false;
    }

    /** Whether a compute µop may run on {@code ports} only. */
    private static boolean hasComputeUopOn(UopSpec[] uops, int ports) {
        for (UopSpec u : uops) if (u.kind() == UopKind.COMPUTE && (u.portMask() & ~ports) == 0) return true;
        return false;
    }

    private static boolean hasComputeUopMayUse(UopSpec[] uops, int ports) {
        for (UopSpec u : uops) if (u.kind() == UopKind.COMPUTE && (u.portMask() & ports) != 0) return true;
        return false;
    }

    private static int maxLatency(int[][] latency) {
        int max = 0;
        for (int[] row : latency) for (int l : row) max = Math.max(max, l);
        return max;
    }

    /**
     * Cycles from a load's data to output {@code out}: what the table's own figure for the memory path
     * ({@code mem->out}, measured, not a bound) exceeds the core's load-to-use by; 0 without one. A pure
     * load's value comes that late (sign-extending and merging loads take a cycle more than plain ones on
     * the development host: MOVSXD r64, m32 and MOV r8, m8 6 against 5; a MOVSXD chain through memory 5.99
     * cycles a copy), and a load-operation form's no earlier.
     */
    private int loadPathExtra(LatencyTable table, String out, CoreSpec core) {
        String key = "mem->" + out;
        Integer figure = table.cycles().get(key);
        if (figure == null || table.upperBounds().contains(key) || table.shortfall("mem", out) > 0) return 0;
        CoreSpec.LoadStore ls = core.loadStore();
        int loadToUse = (complexAddress ? ls.loadToUseComplex() : ls.loadToUse()) + (vectorLoad ? ls.vectorLoadExtra() : 0);
        return Math.max(0, figure - loadToUse);
    }

    /**
     * The µops of a store through FS or GS with its address µop limited to the lowest {@code ports} ports of
     * its set (0: as they are). Measured on the development host: `mov DWORD PTR fs:0x2d0, esi` 1.00 cycles
     * a copy, the same store through a general register 0.50 (two store-address ports).
     */
    private static UopSpec[] segmentStore(Instruction instruction, UopSpec[] uops, int ports) {
        if (ports <= 0) return uops;
        boolean segmented = false;
        for (Operand o : instruction.operands()) {
            if (o instanceof MemoryOperand m && m.segment() != null && (m.segment() == Register.byName("fs") || m.segment() == Register.byName("gs"))) {
                segmented = true;
            }
        }
        if (!segmented || !instruction.form().writesMemory()) return uops;
        UopSpec[] out = uops.clone();
        for (int k = 0; k < out.length; k++) {
            UopSpec u = out[k];
            if (u.kind() != UopKind.STORE_ADDRESS && u.kind() != UopKind.STORE) continue;
            int mask = 0;
            for (int left = u.portMask(), n = 0; left != 0 && n < ports; left &= left - 1, n++) mask |= Integer.lowestOneBit(left);
            out[k] = new UopSpec(u.kind(), mask, u.unit(), u.occupancy());
        }
        return out;
    }

    /** A legacy SSE encoding (no VEX/EVEX) on XMM registers: its writes keep the register's upper bits. */
    static boolean legacySseVector(InstructionForm form) {
        if (form.encoding().scheme() != dev.uopsim.isa.Encoding.Scheme.LEGACY) return false;
        for (OperandSpec s : form.operands()) {
            if (s.kind().category() == OperandKind.Category.REGISTER && s.kind().registerClass() == dev.uopsim.isa.RegisterClass.VECTOR) return true;
        }
        return false;
    }

    private static boolean narrowGprDestination(Instruction instruction) {
        return !instruction.operands().isEmpty() && instruction.operands().getFirst() instanceof RegisterOperand d
                && d.register().isGpr() && d.register().width() < 32;
    }

    /** The kernel's instructions on the core; throws {@link Engine.MissingTimingException} when the model lacks a form. */
    static java.util.List<StaticInstruction> of(CoreSpec core, TimingTable timings, SimulationInput input) {
        java.util.List<StaticInstruction> code = new java.util.ArrayList<>(input.instructions().size());
        Dataflow flow = new Dataflow();
        boolean[] absorbed = MoveFusion.absorbed(input.instructions(), core);
        int[] folded = ImmediateFolding.materialized(input.instructions(), timings, core);
        boolean[] logic = logicFlagsConsumers(input.instructions(), core.rename().logicFlags());
        boolean[] foldedFlags = ImmediateFolding.flagsReaders(input.instructions(), timings, core);
        for (int i = 0; i < input.instructions().size(); i++) {
            var inst = input.instructions().get(i);
            FormDescriptor d = timings.descriptor(inst.form());
            if (d == null) throw new Engine.MissingTimingException(inst);
            // A move fused into this ADD/SUB keeps the row of its encoding (the fusion is by encoding: measured).
            FormTiming t = i == 0 || !absorbed[i - 1] ? ImmediateFolding.byValue(inst, d.timing, timings, core.rename().foldedImmediates()) : d.timing;
            t = selfMove(inst, t, timings);
            // Another row's timing, or a self move's: a descriptor of this form with it, for this instruction.
            if (t != d.timing) d = new FormDescriptor(inst.form(), t);
            code.add(new StaticInstruction(i, inst, d, core, new Context(absorbed[i], folded[i], logic[i], foldedFlags[i]), flow));
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

    /**
     * An instruction's inputs and outputs as they are gathered, in growable primitive arrays: every
     * simulated block prepares each of its instructions, and boxed lists cost more than the rest.
     * One serves the instructions of a kernel in turn.
     */
    static final class Dataflow {
        int[] inRegs = new int[8];
        byte[] inUse = new byte[8];
        String[] inNames = new String[8];
        /** The names' ids in the form's {@link FormDescriptor} (its latencies are asked by them). */
        int[] inIds = new int[8];
        int inputs;
        int[] outRegs = new int[8];
        String[] outNames = new String[8];
        int[] outIds = new int[8];
        int outputs;
        MemoryAccessSpec[] memory = new MemoryAccessSpec[2];
        int accesses;

        void clear() {
            inputs = outputs = accesses = 0;
        }

        /** An input unless the register is an input for the same use already (memory values are each their own). */
        void input(int reg, byte use, String name, int id) {
            for (int k = 0; k < inputs; k++) {
                if (inRegs[k] == reg && inUse[k] == use && reg != MEMORY) return;
            }
            if (inputs == inRegs.length) {
                inRegs = java.util.Arrays.copyOf(inRegs, 2 * inputs);
                inUse = java.util.Arrays.copyOf(inUse, 2 * inputs);
                inNames = java.util.Arrays.copyOf(inNames, 2 * inputs);
                inIds = java.util.Arrays.copyOf(inIds, 2 * inputs);
            }
            inRegs[inputs] = reg;
            inUse[inputs] = use;
            inIds[inputs] = id;
            inNames[inputs++] = name;
        }

        /** The registers of a memory operand's address ({@code mem}, id {@code memId}). */
        void address(MemoryOperand m, byte use, int memId) {
            addressRegister(m.base(), use, memId);
            addressRegister(m.index(), use, memId);
        }

        private void addressRegister(Register r, byte use, int memId) {
            if (r == null || r == Register.RIP) return;
            int reg = RenameRegisters.of(r);
            if (reg != RenameRegisters.UNTRACKED) input(reg, use, "mem", memId);
        }

        boolean reads(int reg) {
            for (int k = 0; k < inputs; k++) if (inRegs[k] == reg) return true;
            return false;
        }

        void output(int reg, String name, int id) {
            if (outputs == outRegs.length) {
                outRegs = java.util.Arrays.copyOf(outRegs, 2 * outputs);
                outNames = java.util.Arrays.copyOf(outNames, 2 * outputs);
                outIds = java.util.Arrays.copyOf(outIds, 2 * outputs);
            }
            outRegs[outputs] = reg;
            outIds[outputs] = id;
            outNames[outputs++] = name;
        }

        void access(MemoryAccessSpec a) {
            if (accesses == memory.length) memory = java.util.Arrays.copyOf(memory, 2 * accesses);
            memory[accesses++] = a;
        }
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
        int[] masks = new int[uops.length];
        int n = 0;
        for (UopSpec u : uops) if (u.kind() == UopKind.COMPUTE && u.portMask() != 0) masks[n++] = u.portMask();
        if (n < 2) return 0;
        // Most constrained first, in program order among equals: sorted by (ports, position).
        long[] order = new long[n];
        for (int k = 0; k < n; k++) order[k] = (long) Integer.bitCount(masks[k]) << 32 | k;
        java.util.Arrays.sort(order);
        int[] left = new int[n];
        for (int k = 0; k < n; k++) left[k] = masks[(int) order[k]];
        int cycles = 0;
        while (n > 0) {
            // A cycle: each µop in turn takes the lowest port still free to it; those that find none wait.
            int used = 0, waiting = 0;
            for (int k = 0; k < n; k++) {
                int free = left[k] & ~used;
                if (free != 0) used |= Integer.lowestOneBit(free);
                else left[waiting++] = left[k];
            }
            n = waiting;
            cycles++;
        }
        return cycles - 1;
    }

    /**
     * A sign-extending load's own kind (MOVSX, MOVSXD: not renamed on the development host, 7.4 cycles a
     * store/load pair against 0.5 for MOV or MOVZX); a vector register's value when the instruction names one; else a general-purpose value of its memory
     * operand's width (a stack access without one, PUSH and POP: its register's width, or 64 bits).
     */
    private static CoreSpec.RenamedValue memoryValue(Instruction instruction) {
        String mnemonic = instruction.form().mnemonic();
        if (mnemonic.equals("MOVSX") || mnemonic.equals("MOVSXD")) return CoreSpec.RenamedValue.SIGN_EXTENDED;
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
