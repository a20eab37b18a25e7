package dev.uopsim.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The cycle-level out-of-order engine. Each cycle runs the stages from the back of the pipeline to
 * the front — retire, dispatch/execute, rename/allocate, front end — so that work moves one stage
 * per cycle. Dynamic state lives in preallocated arrays indexed by the instruction's (and µop's)
 * number modulo their capacity; the loop allocates nothing.
 *
 * <p>Timing rules, in short: a µop dispatches when its inputs are ready and a port it may use is
 * free (oldest first); an instruction's outputs are ready after the per-operand-pair latencies of
 * the model from each input, shifted by any delay of its last compute µop past the moment its
 * inputs were ready; loads wait for, or forward from, older stores they overlap (symbolic
 * addresses decide), as the core's memory-dependence policy says; retirement is in order.
 */
public final class Engine {
    static final long NOT_READY = Long.MAX_VALUE / 4;
    /** A value reference meaning "ready since before the kernel started". */
    static final long READY = -1;
    /** No value reference. */
    private static final long NO_VALUE = -2;
    /** Outputs an instruction may have at most (a value reference keeps the output in 5 bits), the load's data last. */
    private static final int MAX_OUT = 24;
    /** Non-pipelined unit kinds a port may hold (index into per-port busy times). */
    static final int UNITS = 32;

    final CoreSpec core;
    final List<StaticInstruction> code;
    /** The same as an array: the engine looks instructions up every cycle. */
    final StaticInstruction[] program;
    /** Per-slot strides of {@link #outReady} and {@link #inSource}: the most outputs (plus the load's data) and inputs of the code. */
    final int outStride;
    final int loadData;
    final int inStride;
    final SimulationInput input;
    final EngineListener listener;
    final AddressTrace trace;
    /** Iterations past the target that the front end may have created when a run stops. */
    private final int reach;
    final int maxIterations;

    // ---- in-flight instructions (ring indexed by id & mask) ----
    final int capacity;
    final int mask;
    final int[] sidx;
    /** The static instruction in each slot (program[sidx[s]], kept: every stage looks it up). */
    final StaticInstruction[] slotCode;
    /** The slots each instruction takes in the queues, ROB and retirement (0: the branch of a fused pair). */
    final int[] slotCost;
    final int[] iter;
    /**
     * What rename sets for every instruction and dispatch, execution and retirement read back, the
     * fields of a slot side by side in one line of memory ({@code slotState[slot * STATE + field]})
     * rather than in six arrays: a slot is looked at long after rename wrote it, and one line is
     * fetched for it instead of six (about 1-2% of the simulate phase).
     */
    final long[] slotState;
    static final int STATE = 8;
    /** The cycle it was renamed. */
    static final int RENAME_CYCLE = 0;
    /** The cycle its results are all there (NOT_READY until its last µop dispatched). */
    static final int COMPLETE_CYCLE = 1;
    /** The cycle its last compute µop dispatched so far, or -1. */
    static final int LAST_COMPUTE = 2;
    /** The number of its first µop (dispatch scans from the oldest instruction's). */
    static final int FIRST_UOP = 3;
    /** Its µops not yet dispatched. */
    static final int UOPS_LEFT = 4;
    /** Its compute µops not yet dispatched. */
    static final int COMPUTE_LEFT = 5;
    final long[] outReady;
    final long[] inSource;
    final int[] inExtra;
    /** The bypass domain of the value each input reads (its producer's), or -1; kept only when the core has bypass delays. */
    final int[] inDomain;
    /** The youngest serializing instruction renamed before this one (its id), or -1. */
    private final long[] serializedBy;
    private long lastSerializing = -1;
    /** The code has a serializing instruction (without one, no µop ever waits for one). */
    private final boolean serializes;
    final long[] storeDataCycle;   // STD dispatch, NOT_READY until then
    final long[] storeAddressCycle;
    final long[] commitCycle;
    final long[] forwardFrom;      // store id a load forwards from, or -1
    final int[] forwardFromIndex;  // that store's static index (kept for events after it leaves)
    final boolean[] forwardPartial;
    final boolean[] renamedLoad;   // memory renaming gave the load its value at rename
    final long[] partialReadyAt;   // a load its store covers only in part: data no earlier than this
    final long[] storeDataSource;  // value reference of the data a store writes (memory renaming)
    final boolean[] fusedSecond;   // the second of a macro-fused pair
    long oldestId;                 // oldest instruction not retired
    long nextRenameId;             // next instruction to rename

    // ---- µops ----
    final int uopCapacity;
    final int uopMask;
    final long[] uopInst;
    final int[] uopSpec;           // index into the static instruction's uops
    /** The µop itself (slotCode[slot(uopInst[u])].uops[uopSpec[u]], kept: dispatch looks at it for every µop it considers). */
    final UopSpec[] uopSpecs;
    final int[] uopPort;           // bound port (-1: chosen at dispatch)
    final int[] uopPorts;          // the ports it may dispatch to: its bound one, or its own within its queue's
    final long[] uopReadyAt;       // cached earliest cycle, NOT_READY while unknown
    final long[] uopWaitsFor;      // a value reference the µop found not ready at its last check, or NO_VALUE
    // A µop waiting for a value that is not produced yet is parked on the producer's slot and skipped
    // by the scheduler until the producer sets an output or retires (then its inputs are checked again).
    final int[] uopNextWaiter;     // the next µop parked on the same producer, or -1
    final int[] waitersOf;         // per instruction slot: the first µop parked on it, or -1
    long nextUop;

    // ---- schedulers ----
    final ReservationStation station;
    final int queues;
    final int[] queueLength;       // µops in each queue, in any state (its occupancy; the station's)
    /**
     * A listener hears every µop that lost its port and every cycle a load waits for a store: with one,
     * dispatch looks at those µops each cycle; without, it passes them over (the outcome is the same).
     * Without one, no event's arguments are computed either.
     */
    final boolean observed;
    final int[] queuePorts;        // ports each queue issues to (from the core, cached for the cycle loop)
    final int[] queueSize;
    final int schedulerEntries;    // all queues together
    final boolean leastLoaded;     // ports bound at allocation to the least loaded one
    private final boolean bySlot;  // ... judged from the start of the cycle and the µop's rename slot
    private final int[] portPendingAtCycleStart;
    private int issueSlot;         // rename slot of the instruction being renamed
    /** Loads wait for every older store's address (or data): no single store to wake them. */
    private final boolean waitsForOlderStores;
    /** Loads go in program order: each waits for every older store's data (memoryOrderReady asks per load). */
    private final boolean inOrderLoads;
    final int[] portPending;       // µops bound to each port and not yet dispatched
    private final int maxUopsPerInstruction;
    final long[] unitBusyUntil;    // per port * 8 + unit

    // ---- reorder buffer, buffers ----
    int robSlotsUsed;
    /** Ids of renamed stores in program order (ring indexed by count & mask): loads look back through stores only. */
    final long[] storeIds;
    long storesRenamed;
    int loadsInFlight;
    int storesInFlight;            // allocated and not yet committed
    final long[] rat;
    /** The bypass domain of the instruction that produced each register's value (-1: none, or the kernel's initial value). */
    final int[] ratDomain;
    /** Extra cycles between bypass domains in hundredths, [producer * domains + consumer]; only looked at when {@link #bypassing}. */
    private final int[] bypassHundredths;
    /** Per domain pair, the hundredths of a cycle owed by crossings so far (a fractional delay alternates whole cycles). */
    private final int[] bypassOwed;
    private final int domains;
    private final boolean bypassing;

    // ---- front end ----
    final FrontEnd frontEnd;

    /**
     * Bit i: a value moved from the vector unit lands on the integer side at cycle + i (the core's
     * transfer bubble then holds back single-cycle ALU µops that would land with it).
     */
    private long transferLandings;
    /** The integer ALU ports a transfer's bubble closes (0: the core has no bubble). */
    private final int bubblePorts;

    // ---- results ----
    long cycle;
    long retiredInstructions;
    long retiredUops;
    final long[] iterationEnd;
    int iterationsDone;

    public Engine(CoreSpec core, TimingTable timings, SimulationInput input, EngineListener listener, int maxIterations) {
        this(core, timings, input, listener, maxIterations, ArrayRecycler.fresh());
    }

    /** An engine whose dynamic state lives in {@code arrays} (reused from an earlier engine, not cleared). */
    Engine(CoreSpec core, TimingTable timings, SimulationInput input, EngineListener listener, int maxIterations, ArrayRecycler arrays) {
        this.core = core;
        this.input = input;
        this.listener = listener == null ? EngineListener.NONE : listener;
        this.observed = this.listener != EngineListener.NONE;
        this.maxIterations = maxIterations;
        List<StaticInstruction> list = StaticInstruction.of(core, timings, input);
        this.code = List.copyOf(list);
        this.program = list.toArray(StaticInstruction[]::new);
        int outs = 0, ins = 1;
        for (StaticInstruction s : program) {
            outs = Math.max(outs, s.outRegs.length);
            ins = Math.max(ins, s.inRegs.length);
        }
        this.outStride = Math.min(MAX_OUT, outs + 1);
        this.loadData = outStride - 1;
        this.inStride = ins;
        this.inputCycles = new long[ins];
        boolean fractional = false;
        for (StaticInstruction s : program) fractional |= s.latencyShortfall != null;
        this.maxInputs = ins;
        this.maxOutputs = Math.max(1, outs);
        this.latencyOwed = new int[fractional ? program.length * maxInputs * maxOutputs : 0];
        boolean[] second = MacroFusion.secondOfPair(code, core.frontEnd().macroFusion());
        int[] slotsTaken = StaticInstruction.slotsTaken(code, second);
        int bodySlots = 0;
        for (int slots : slotsTaken) bodySlots += slots;
        int inFlight = core.robSize() + core.frontEnd().uopQueue() + core.frontEnd().instructionQueue() + 64
                + 2 * code.size();
        this.capacity = Integer.highestOneBit(Math.max(64, inFlight) * 2 - 1);
        this.mask = capacity - 1;
        sidx = arrays.ints(capacity);
        slotState = arrays.longs(capacity * STATE);
        slotCode = arrays.instructions(capacity);
        slotCost = arrays.ints(capacity);
        iter = arrays.ints(capacity);
        mergeSlots = arrays.ints(capacity);
        mergeDispatch = arrays.longs(capacity);
        outReady = arrays.longs(capacity * outStride);
        inSource = arrays.longs(capacity * inStride);
        inExtra = arrays.ints(capacity * inStride);
        this.bubblePorts = core.transferBubble().aluPorts();
        this.splitAcrossCycles = core.rename().splitAcrossCycles();
        this.microcodeAlone = core.rename().microcodeAlone();
        var limits = core.rename().dispatchLimits();
        this.limitPerCycle = limits.stream().mapToInt(CoreSpec.DispatchLimit::perCycle).toArray();
        this.limitUsed = new int[limits.size()];
        // Each instruction's µops per limit are static: counted once here, not on every rename attempt.
        this.limitUops = new int[program.length * limits.size()];
        for (StaticInstruction si : program) {
            for (int l = 0; l < limits.size(); l++) {
                int mask = limits.get(l).portMask(), n = 0;
                for (UopSpec u : si.uops) if (u.portMask() != 0 && (u.portMask() & ~mask) == 0) n++;
                limitUops[si.index * limits.size() + l] = n;
            }
        }
        this.bypassing = core.bypass().any();
        this.domains = core.bypass().domains().size();
        this.bypassHundredths = new int[domains * domains];
        this.bypassOwed = new int[domains * domains];
        for (int i = 0; i < domains; i++) {
            for (int j = 0; j < domains; j++) bypassHundredths[i * domains + j] = (int) Math.round(core.bypass().cycles()[i][j] * 100);
        }
        inDomain = arrays.ints(bypassing ? capacity * inStride : 0);
        storeIds = arrays.longs(capacity);
        serializedBy = arrays.longs(capacity);
        boolean serializing = false;
        for (StaticInstruction s : program) serializing |= s.serializing;
        serializes = serializing;
        storeDataCycle = arrays.longs(capacity);
        storeAddressCycle = arrays.longs(capacity);
        commitCycle = arrays.longs(capacity);
        forwardFrom = arrays.longs(capacity);
        forwardFromIndex = arrays.ints(capacity);
        forwardPartial = arrays.booleans(capacity);
        renamedLoad = arrays.booleans(capacity);
        renameConfidence = arrays.ints(Math.max(1, code.size()));
        renameDistance = arrays.longs(Math.max(1, code.size()));
        java.util.Arrays.fill(renameConfidence, 0);
        java.util.Arrays.fill(renameDistance, -2);     // recycled arrays: no stale prediction (and none matches -1, "no pair")
        learnedLoad = arrays.booleans(Math.max(1, code.size()));
        java.util.Arrays.fill(learnedLoad, false);
        partialReadyAt = arrays.longs(capacity);
        storeDataSource = arrays.longs(capacity);
        fusedSecond = arrays.booleans(capacity);
        int maxUops = 1;
        for (StaticInstruction s : code) maxUops = Math.max(maxUops, s.uops.length);
        // A form with more µops than the ROB holds (RDSEED on Skylake: 11,046) is in flight alone (see rename).
        int uopsInFlight = (core.robSize() + 64) * Math.min(maxUops, 8);
        if (maxUops > core.robSize()) uopsInFlight = Math.max(uopsInFlight, maxUops + core.robSize() + 64);
        this.uopCapacity = Integer.highestOneBit(Math.max(64, uopsInFlight) * 2 - 1);
        this.uopMask = uopCapacity - 1;
        uopInst = arrays.longs(uopCapacity);
        uopSpec = arrays.ints(uopCapacity);
        uopSpecs = arrays.uops(uopCapacity);
        uopPort = arrays.ints(uopCapacity);
        uopPorts = arrays.ints(uopCapacity);
        uopReadyAt = arrays.longs(uopCapacity);
        uopWaitsFor = arrays.longs(uopCapacity);
        uopNextWaiter = arrays.ints(uopCapacity);
        waitersOf = arrays.ints(capacity);
        java.util.Arrays.fill(waitersOf, 0, capacity, -1);
        queues = core.schedulers().size();
        station = new ReservationStation(arrays, queues, uopCapacity, queues * (portMasks(program) + core.portNames().size()), uopReadyAt);
        queueLength = station.occupancy;
        fullClasses = new int[station.classPorts.length];
        scratchFree = new int[queues];
        queuePorts = new int[queues];
        queueSize = new int[queues];
        for (int q = 0; q < queues; q++) {
            queuePorts[q] = core.schedulers().get(q).portMask();
            queueSize[q] = core.schedulers().get(q).size();
        }
        bySlot = core.portPolicy() == CoreSpec.PortPolicy.BY_ISSUE_SLOT_AT_ALLOCATION;
        leastLoaded = bySlot || core.portPolicy() == CoreSpec.PortPolicy.LEAST_LOADED_AT_ALLOCATION;
        waitsForOlderStores = core.loadStore().dependencePolicy() == CoreSpec.DependencePolicy.WAIT_FOR_OLDER_STORES
                || core.loadStore().inOrderLoads();
        inOrderLoads = core.loadStore().inOrderLoads();
        int entries = 0;
        for (int q = 0; q < queues; q++) entries += queueSize[q];
        schedulerEntries = entries;
        portPending = new int[core.portNames().size()];
        portPendingAtCycleStart = new int[portPending.length];
        maxUopsPerInstruction = maxUops;
        portClasses = arrays.ints(queues * portPending.length);
        uopClasses = arrays.ints(program.length * maxUops * queues);
        java.util.Arrays.fill(portClasses, -1);
        java.util.Arrays.fill(uopClasses, -1);
        unitBusyUntil = arrays.longs(core.portNames().size() * UNITS);
        java.util.Arrays.fill(unitBusyUntil, 0, core.portNames().size() * UNITS, 0);
        rat = arrays.longs(RenameRegisters.COUNT);
        ratDomain = arrays.ints(RenameRegisters.COUNT);
        java.util.Arrays.fill(rat, READY);
        java.util.Arrays.fill(ratDomain, -1);
        // The trace is asked about in-flight instructions only; run() prepares what it can reach.
        int n = Math.max(1, code.size());
        this.commitLimited = core.loadStore().storeCommitsPerCycle() > 0;
        this.banks = core.loadStore().loadBanks();
        this.bankLimited = banks.limited();
        this.bankLoads = arrays.ints(Math.max(1, banks.banks()));
        this.trace = new AddressTrace(program, input, maxIterations + 8 + inFlight / n, 1,
                commitLimited && core.loadStore().storeCommitSameLine(), banks.limited(), arrays);
        this.reach = (capacity + 64) / n + 2;
        int storeAccessesAtMost = 0;
        boolean loads = false, stores = false;
        for (StaticInstruction s : program) {
            storeAccessesAtMost = Math.max(storeAccessesAtMost, s.storeAccesses.length);
            loads |= s.isLoad();
            stores |= s.isStore();
        }
        this.indexStores = loads && stores;      // the trace then computes addresses (it is asked)
        this.codeStores = stores;
        this.storeIndex = new StoreAddressIndex(indexStores ? capacity : 0, storeAccessesAtMost, core.loadStore().storeBuffer(), arrays);
        this.frontEnd = new FrontEnd(this, second, slotsTaken, bodySlots, arrays);
        this.iterationEnd = arrays.longs(maxIterations + 1);
    }

    /** How many port masks the code's µops have (a fused pair's is its branch's): they bound the station's port classes. */
    private static int portMasks(StaticInstruction[] program) {
        // A linear search over the few masks seen: a block has a handful, and a hash set of boxed ints cost more.
        int[] seen = new int[8];
        int n = 0;
        for (StaticInstruction s : program) {
            for (UopSpec u : s.uops) {
                int m = u.portMask();
                boolean known = false;
                for (int k = 0; k < n && !known; k++) known = seen[k] == m;
                if (known) continue;
                if (n == seen.length) seen = java.util.Arrays.copyOf(seen, 2 * n);
                seen[n++] = m;
            }
        }
        return n;
    }

    /** No timing for a form: the model lacks its row. */
    public static final class MissingTimingException extends RuntimeException {
        private final transient dev.uopsim.isa.Instruction instruction;

        MissingTimingException(dev.uopsim.isa.Instruction instruction) {
            super("the model has no timing for " + instruction.form().name() + " ('" + instruction.intelText() + "')");
            this.instruction = instruction;
        }

        public dev.uopsim.isa.Instruction instruction() { return instruction; }
    }

    int slot(long id) {
        return (int) (id & mask);
    }

    StaticInstruction staticOf(long id) {
        return slotCode[slot(id)];
    }

    /** Runs until {@code iterations} iterations retired or {@code cycleLimit} cycles passed. */
    public void run(int iterations, long cycleLimit) {
        int target = Math.min(iterations, maxIterations);
        // Instruction ids are iteration * n + index. The front end runs at most the ring's capacity
        // ahead of retirement: room for the symbolic addresses of every iteration this run can reach
        // is made here, before the cycle loop, which then allocates nothing.
        prepare(target);
        while (iterationsDone < target && cycle < cycleLimit) {
            retire();
            dispatch();
            if (mergesWaiting > 0) resolveMerges();
            rename();
            frontEnd.cycle(cycle);
            cycle++;
            transferLandings >>>= 1;
        }
    }

    /** Makes room for the symbolic addresses a run to {@code iterations} can reach (it allocates; the cycle loop does not). */
    void prepare(int iterations) {
        trace.prepare((int) (oldestStore / Math.max(1, program.length)), Math.min(iterations, maxIterations) + reach);
    }

    public long cycles() { return cycle; }

    public int iterationsDone() { return iterationsDone; }

    /** Cycle at which iteration {@code i} (0-based) retired its last instruction. */
    public long iterationEnd(int i) { return iterationEnd[i]; }

    public long retiredInstructions() { return retiredInstructions; }

    public long retiredUops() { return retiredUops; }

    public List<StaticInstruction> staticCode() { return code; }

    // ======================================================================================
    // Retirement
    // ======================================================================================

    private void retire() {
        retireInOrder();
        if (commitLimited) commitStores();
        // Stores leave the store buffer once committed (they stay visible to younger loads until then).
        drainStores();
    }

    /** Whether the model limits how many retired stores reach the cache per cycle. */
    private final boolean commitLimited;
    /** The oldest instruction {@link #commitStores} has not passed yet. */
    private long commitNext = 0;

    /**
     * Retired stores write the cache in program order, at most the model's number per cycle, and
     * where the model says so only further stores to the first one's cache line join it in a cycle.
     * A store waits in the store buffer (forwarding to younger loads) until its turn.
     */
    private void commitStores() {
        int committed = 0;
        int firstSlot = -1;
        for (commitNext = Math.max(commitNext, oldestStore); commitNext < oldestId; commitNext++) {
            int s = slot(commitNext);
            StaticInstruction si = slotCode[s];
            if (!si.isStore()) continue;
            if (committed == core.loadStore().storeCommitsPerCycle()) return;
            if (committed > 0 && core.loadStore().storeCommitSameLine() && !sameLine(firstSlot, s)) return;
            if (committed == 0) firstSlot = s;
            commitCycle[s] = cycle + 1;
            committed++;
            wake(s);
        }
    }

    /** Whether the stores in two slots write the same 64-byte line (unknown: no). */
    private boolean sameLine(int a, int b) {
        StaticInstruction sa = slotCode[a], sb = slotCode[b];
        return trace.sameLine(iter[a], sa.index, sa.storeAccess(), iter[b], sb.index, sb.storeAccess());
    }

    private void retireInOrder() {
        if (retireBusyUntil > cycle) return;
        int slotsLeft = core.retireWidth();
        while (oldestId < nextRenameId) {
            int s = slot(oldestId);
            if (slotState[s * STATE + UOPS_LEFT] > 0 || slotState[s * STATE + COMPLETE_CYCLE] > cycle) return;
            StaticInstruction si = slotCode[s];
            int cost = slotCost[s];
            if (cost > slotsLeft && slotsLeft < core.retireWidth()) return;
            if (cost > core.retireWidth()) retireBusyUntil = cycle + (cost + core.retireWidth() - 1) / core.retireWidth();
            slotsLeft -= cost;
            robSlotsUsed -= cost;
            if (si.isLoad()) loadsInFlight--;
            // Without a commit limit a store writes the cache the cycle after it retires; with one,
            // commitStores() decides when.
            if (si.isStore() && !commitLimited) commitCycle[s] = cycle + 1;
            retiredInstructions++;
            retiredUops += si.uops.length;
            wake(s);
            if (observed) listener.retired(oldestId, si.index, iter[s], cycle);
            if (si.index == program.length - 1) {
                if (iter[s] <= maxIterations) iterationEnd[iter[s]] = cycle;
                iterationsDone = iter[s] + 1;
            }
            oldestId++;
            if (slotsLeft <= 0) break;
        }
    }

    /** The oldest store not yet committed (it keeps its slot: younger loads still forward from it). */
    long oldestStore = 0;

    /** The code has a store (without one every retired instruction has left the store buffer). */
    private final boolean codeStores;

    private void drainStores() {
        if (!codeStores) {
            oldestStore = oldestId;
            return;
        }
        while (oldestStore < oldestId) {
            int s = slot(oldestStore);
            StaticInstruction si = slotCode[s];
            if (si.isStore()) {
                if (commitCycle[s] > cycle) return;
                storesInFlight--;
            }
            oldestStore++;
        }
    }

    // ======================================================================================
    // Values
    // ======================================================================================

    static long ref(long id, int out) {
        return (id << 5) | out;
    }

    /** The cycle a value is ready, or NOT_READY while its producer has not executed. */
    long readyAt(long ref) {
        if (ref == READY) return 0;
        long id = ref >>> 5;
        // A retired producer's figure stays in its slot until a younger instruction is renamed there:
        // a consumer computing its outputs in the cycle the producer retires still needs when the
        // value came (with per-operand latencies, 0 would let a late input's latency be skipped).
        int out = (int) (ref & 31);
        if (id < oldestId) {
            if (id + capacity < nextRenameId) return 0;
            long r = outReady[slot(id) * outStride + out];
            return r >= NOT_READY ? 0 : r;
        }
        return outReady[slot(id) * outStride + out];
    }

    private long inputReady(int s, int i) {
        long r = readyAt(inSource[s * inStride + i]);
        return r >= NOT_READY ? NOT_READY : r + inExtra[s * inStride + i];
    }

    // ======================================================================================
    // Rename / allocate
    // ======================================================================================

    /** A microcoded instruction wider than the stage keeps it busy until this cycle. */
    private long renameBusyUntil;
    /** Slots of next cycle's rename already taken by the last µops of an instruction begun this cycle. */
    private int renameDebt;
    private long retireBusyUntil;

    /** The core renames an instruction's slots across two cycles (else one that does not fit waits). */
    private final boolean splitAcrossCycles;
    /** An instruction from the microcode sequencer is renamed in cycles of its own. */
    private final boolean microcodeAlone;
    /** Per dispatch limit: its µops a cycle and those renamed this cycle; per instruction and limit, its µops there. */
    private final int[] limitPerCycle, limitUsed, limitUops;

    /** Whether the instruction's µops still fit this cycle's dispatch limits (the first of a cycle always does). */
    private boolean withinDispatchLimits(StaticInstruction si, boolean any) {
        if (!any) return true;
        int base = si.index * limitPerCycle.length;
        for (int l = 0; l < limitPerCycle.length; l++) if (limitUsed[l] + limitUops[base + l] > limitPerCycle[l]) return false;
        return true;
    }

    private void rename() {
        if (renameBusyUntil > cycle) return;
        int slotsLeft = core.renameWidth() - renameDebt;
        renameDebt = 0;
        boolean any = false;
        renamedThisCycle = 0;
        java.util.Arrays.fill(limitUsed, 0);
        if (bySlot) System.arraycopy(portPending, 0, portPendingAtCycleStart, 0, portPending.length);
        while (slotsLeft > 0) {
            long id = frontEnd.peekDelivered();
            if (id < 0) {
                if (observed && !any) listener.stalled(cycle, Stall.FRONT_END, nextRenameId, (int) (nextRenameId % code.size()), -1);
                return;
            }
            int s = slot(id);
            StaticInstruction si = slotCode[s];
            boolean second = fusedSecond[s];
            int cost = slotCost[s];
            // µops of one instruction may straddle two cycles (the allocator takes µops, not
            // instructions): held-apart mixes with 3- and 4-slot forms measured at their slot count
            // over the width, 20-25% faster than whole instructions per cycle would allow. Only an
            // instruction wider than the whole width waits for a cycle of its own. A core that does not
            // split instructions (Zen 4: Rename.Split) leaves the slots it cannot fill for the next cycle.
            if (cost > core.renameWidth() && slotsLeft < core.renameWidth()) return;
            if (!splitAcrossCycles && cost > slotsLeft && cost <= core.renameWidth()) return;
            // A dispatch group of the core's: a microcoded instruction's macro-ops go in cycles of their own,
            // and a group takes so many µops of some ports (Rename.Dispatch).
            boolean sequenced = microcodeAlone && !second && frontEnd.fromSequencer(si.index);
            if (sequenced && any) return;
            boolean eliminated = eliminatedAtRename(si, second);
            boolean dispatched = !second && !eliminated;
            if (dispatched && !withinDispatchLimits(si, any)) return;
            // An instruction bigger than the ROB enters it empty: it could never enter otherwise.
            if (robSlotsUsed + cost > core.robSize() && !(robSlotsUsed == 0 && cost > core.robSize())) {
                if (observed) listener.stalled(cycle, Stall.ROB_FULL, id, si.index, oldestId < nextRenameId ? sidx[slot(oldestId)] : -1);
                return;
            }
            if (si.isLoad() && loadsInFlight >= core.loadStore().loadBuffer()) {
                if (observed) listener.stalled(cycle, Stall.LOAD_BUFFER_FULL, id, si.index, -1);
                return;
            }
            if (si.isStore() && storesInFlight >= core.loadStore().storeBuffer()) {
                if (observed) listener.stalled(cycle, Stall.STORE_BUFFER_FULL, id, si.index, -1);
                return;
            }
            if (si.isLoad()) {
                probeMemoryDependence(iter[s], si);
                int limit = core.loadStore().renamingPerCycle();
                if (probeRenamable && limit > 0 && renamedThisCycle >= limit) return;
                // A core that cannot rename a load from a store in the same group takes it next cycle.
                if (probeRenamable && !core.loadStore().renamingSameCycle() && slotState[slot(probeStore) * STATE + RENAME_CYCLE] == cycle && any) return;
            }
            if (!eliminated && !schedulersHaveRoom(si, second)) {
                if (observed) listener.stalled(cycle, Stall.SCHEDULER_FULL, id, si.index, -1);
                return;
            }
            frontEnd.takeDelivered();
            any = true;
            issueSlot = core.renameWidth() - slotsLeft;
            if (cost > core.renameWidth()) {
                renameBusyUntil = cycle + (cost + core.renameWidth() - 1) / core.renameWidth();
                slotsLeft = 0;
            } else {
                slotsLeft -= cost;
                if (slotsLeft < 0) {                     // its last µops take next cycle's first slots
                    renameDebt = -slotsLeft;
                    slotsLeft = 0;
                }
            }
            if (sequenced) slotsLeft = 0;
            if (dispatched) for (int l = 0; l < limitPerCycle.length; l++) limitUsed[l] += limitUops[si.index * limitPerCycle.length + l];
            robSlotsUsed += cost;
            if (si.isLoad()) loadsInFlight++;
            if (si.isStore()) {
                storesInFlight++;
                storeIds[(int) (storesRenamed++ & mask)] = id;
                if (indexStores) indexStore(id, s, si);
            }
            renameOne(id, s, si, eliminated, second);
            nextRenameId = id + 1;
        }
    }

    /** Zero idioms and eliminated moves take no execution µop (as the core's rename features say). */
    /**
     * A form the model gives no µop but that reads a register (an eliminated MOVZX, a move the table
     * lists at zero µops) still carries a value: its register outputs name the input's value, as an
     * eliminated move's do, so a chain through it keeps its latency. With several inputs the first stands for all.
     */
    private void passInputOn(int s, StaticInstruction si) {
        for (int i = 0; i < si.inRegs.length; i++) {
            if (si.inUse[i] != StaticInstruction.COMPUTE || si.inRegs[i] < 0) continue;
            long source = inSource[s * inStride + i];
            for (int o = 0; o < si.outRegs.length; o++) {
                if (si.outRegs[o] >= 0) {
                    rat[si.outRegs[o]] = source;
                    if (bypassing) ratDomain[si.outRegs[o]] = inDomain[s * inStride + i];
                }
            }
            return;
        }
    }

    private boolean eliminatedAtRename(StaticInstruction si, boolean second) {
        if (second) return false;
        if (si.zeroIdiom && si.computeUops <= 1 && si.loadUops == 0) return true;
        return si.eliminableMove && si.moveSource >= 0;
    }

    private final int[] scratchFree;

    /**
     * True when every µop finds a queue that serves its ports and has an entry left. An instruction
     * with more µops than the schedulers hold, or than one queue holds of those only it serves (a long
     * microcoded one), enters when they are empty: it could never enter otherwise.
     */
    private boolean schedulersHaveRoom(StaticInstruction si, boolean second) {
        int n = second ? 0 : si.uops.length;
        if (n == 0) return true;
        if (n > schedulerEntries) return schedulersEmpty();
        if (queues == 1) return queueSize[0] - queueLength[0] >= n;     // every µop goes to the one queue
        if (placeUops(si, true)) return true;
        return !placeUops(si, false) && schedulersEmpty();
    }

    /** Whether the instruction's µops find entries: in the queues as they are, or in empty ones ({@code occupied} false). */
    private boolean placeUops(StaticInstruction si, boolean occupied) {
        for (int q = 0; q < queues; q++) scratchFree[q] = queueSize[q] - (occupied ? queueLength[q] : 0);
        boolean fused = frontEnd.fusedWithNext(si.index);
        for (UopSpec u : si.uops) {
            int mask = fused && u.kind() == UopKind.COMPUTE ? frontEnd.fusedPortMask(si.index, u.portMask()) : u.portMask();
            int best = -1;
            for (int q = 0; q < queues; q++) {
                if ((queuePorts[q] & mask) == 0) continue;
                if (best < 0 || scratchFree[q] > scratchFree[best]) best = q;
            }
            if (best < 0) {
                for (int q = 0; q < queues; q++) if (best < 0 || scratchFree[q] > scratchFree[best]) best = q;
            }
            if (scratchFree[best] <= 0) return false;
            scratchFree[best]--;
        }
        return true;
    }

    private boolean schedulersEmpty() {
        for (int q = 0; q < queues; q++) if (queueLength[q] > 0) return false;
        return true;
    }

    private void renameOne(long id, int s, StaticInstruction si, boolean eliminated, boolean second) {
        slotState[s * STATE + RENAME_CYCLE] = cycle;
        if (serializes) {
            serializedBy[s] = lastSerializing;
            if (si.serializing) lastSerializing = id;
        }
        slotState[s * STATE + COMPLETE_CYCLE] = NOT_READY;
        slotState[s * STATE + LAST_COMPUTE] = -1;
        if (si.isStore()) {
            // Only a store's own state is ever read back (loads and commits find stores by id), so
            // other instructions leave these rings alone.
            storeDataCycle[s] = NOT_READY;
            storeAddressCycle[s] = NOT_READY;
            commitCycle[s] = NOT_READY;
            storeDataSource[s] = READY;
        }
        if (si.hasLoadState) {
            // Likewise only loads (and any instruction with a load µop) read their forwarding state.
            forwardFrom[s] = -1;
            forwardPartial[s] = false;
            renamedLoad[s] = false;
            partialReadyAt[s] = 0;
        }
        // Only register outputs and the load's data are ever read (see readyAt, computeOutputs, finish).
        for (int o = 0, n = Math.min(si.outRegs.length, loadData); o < n; o++) outReady[s * outStride + o] = NOT_READY;
        outReady[s * outStride + loadData] = NOT_READY;
        if (observed) listener.renamed(id, si.index, iter[s], cycle);

        // Inputs: the value each register holds now; the memory value comes from this load.
        for (int i = 0; i < si.inRegs.length; i++) {
            int reg = si.inRegs[i];
            inExtra[s * inStride + i] = 0;
            inSource[s * inStride + i] = reg == StaticInstruction.MEMORY ? ref(id, loadData) : rat[reg];
            if (bypassing) {
                // A value crossing from its producer's bypass domain into this one's arrives later.
                int from = reg >= 0 ? ratDomain[reg] : -1;
                inDomain[s * inStride + i] = from;
                if (from >= 0 && si.domain >= 0) inExtra[s * inStride + i] = crossing(from * domains + si.domain);
            }
        }
        if (si.isLoad()) resolveMemoryDependence(s, si);
        if (si.isStore()) {
            // A read-modify-write store (ADD [m], r) stores its own result: a load renamed to it waits
            // for that. A store of a register passes the register on; one of an immediate, a constant.
            if (si.computeUops > 0) {
                for (int o = 0; o < si.outRegs.length; o++) {
                    if (si.outRegs[o] == StaticInstruction.MEMORY) storeDataSource[s] = ref(id, o);
                }
            }
            for (int i = 0; i < si.inRegs.length; i++) {
                if (si.inUse[i] == StaticInstruction.STORE_DATA) storeDataSource[s] = inSource[s * inStride + i];
            }
        }

        if (second) {
            // The branch of a macro-fused pair executes as part of the first instruction's µop.
            slotState[s * STATE + UOPS_LEFT] = 0;
            slotState[s * STATE + COMPUTE_LEFT] = 0;
            slotState[s * STATE + COMPLETE_CYCLE] = cycle;
            if (observed) listener.completed(id, si.index, cycle);      // no µop: done at rename
            renameOutputs(id, s, si);
            for (int o = 0; o < si.outRegs.length; o++) outReady[s * outStride + o] = cycle;
            return;
        }
        if (eliminated) {
            slotState[s * STATE + UOPS_LEFT] = 0;
            slotState[s * STATE + COMPUTE_LEFT] = 0;
            if (si.eliminableMove) {
                // The destination now names the source's value: no µop, no latency.
                long src = inSource[s * inStride + si.moveSource];
                for (int o = 0; o < si.outRegs.length; o++) {
                    int reg = si.outRegs[o];
                    if (reg >= 0) {
                        rat[reg] = src;
                        if (bypassing) ratDomain[reg] = inDomain[s * inStride + si.moveSource];
                    }
                }
            } else {
                renameOutputs(id, s, si);
                for (int o = 0; o < si.outRegs.length; o++) outReady[s * outStride + o] = cycle;
            }
            slotState[s * STATE + COMPLETE_CYCLE] = cycle;
            if (observed) listener.completed(id, si.index, cycle);      // no µop: done at rename
            return;
        }
        renameOutputs(id, s, si);
        if (si.hasLoadState && renamedLoad[s] && si.computeUops == 0 && core.loadStore().renamingLatency() == 0) {
            // A renamed pure load is a register move at rename: its destination names the stored value.
            long source = storeDataSource[slot(forwardFrom[s])];
            for (int o = 0; o < si.outRegs.length; o++) {
                int reg = si.outRegs[o];
                if (reg >= 0 && !(si.movesStack && reg == RenameRegisters.GPR + 4)) {
                    rat[reg] = source;
                    ratDomain[reg] = -1;
                }
            }
        }
        // The stack engine keeps RSP up to date at decode: PUSH/POP/CALL/RET need no µop for it. It
        // adds a constant to the RSP it was given, so the new RSP is ready when that one is (after
        // LEA RSP, [RBP-8] it waits for RBP, as the next POP's address does).
        if (si.movesStack) {
            for (int o = 0; o < si.outRegs.length; o++) {
                if (si.outRegs[o] == RenameRegisters.GPR + 4) outReady[s * outStride + o] = cycle;
            }
            for (int i = 0; i < si.inRegs.length; i++) {
                if (si.inRegs[i] == RenameRegisters.GPR + 4) {
                    rat[RenameRegisters.GPR + 4] = inSource[s * inStride + i];
                    if (bypassing) ratDomain[RenameRegisters.GPR + 4] = -1;
                    break;
                }
            }
        }
        int n = si.uops.length;
        slotState[s * STATE + UOPS_LEFT] = n;
        slotState[s * STATE + COMPUTE_LEFT] = si.computeUops;
        if (si.isLoad() && si.loadUops == 0) {
            // The model folds the load into another µop: its data comes a load latency after rename.
            outReady[s * outStride + loadData] = cycle + 1 + loadToUse(si);
        }
        if (n == 0) {
            for (int o = 0; o < si.outRegs.length; o++) outReady[s * outStride + o] = cycle;
            passInputOn(s, si);
            storeAddressCycle[s] = cycle;
            storeDataCycle[s] = cycle;
            slotState[s * STATE + COMPLETE_CYCLE] = cycle;
            if (observed) listener.completed(id, si.index, cycle);      // no µop: done at rename
            return;
        }
        boolean fusedWithBranch = frontEnd.fusedWithNext(si.index);
        slotState[s * STATE + FIRST_UOP] = nextUop;
        for (int u = 0; u < n; u++) {
            int uid = (int) (nextUop & uopMask);
            nextUop++;
            uopInst[uid] = id;
            uopSpec[uid] = u;
            uopSpecs[uid] = si.uops[u];
            uopReadyAt[uid] = NOT_READY;
            uopWaitsFor[uid] = NO_VALUE;
            int portMask = si.uops[u].portMask();
            if (fusedWithBranch && si.uops[u].kind() == UopKind.COMPUTE) {
                portMask = frontEnd.fusedPortMask(si.index, portMask);
            }
            enqueue(uid, portMask, issueSlot + Math.min(u, slotCost[s] - 1));
        }
    }

    /** Whole extra cycles for one crossing of a domain pair: its delay, with a fraction carried over to later crossings. */
    private int crossing(int pair) {
        return carried(bypassOwed, pair, bypassHundredths[pair]);
    }

    /**
     * Whole cycles for one instance of a figure given in hundredths: its whole part, and one more each
     * time the fractions carried in {@code owed[k]} from earlier instances reach a cycle.
     */
    private static int carried(int[] owed, int k, int hundredths) {
        int whole = hundredths / 100;
        int o = owed[k] + hundredths % 100;
        if (o >= 100) {
            whole++;
            o -= 100;
        }
        owed[k] = o;
        return whole;
    }

    private void renameOutputs(long id, int s, StaticInstruction si) {
        for (int o = 0; o < si.outRegs.length && o < loadData; o++) {
            int reg = si.outRegs[o];
            if (reg >= 0) {
                rat[reg] = ref(id, o);
                ratDomain[reg] = si.domain;
            }
        }
    }

    /** In-flight stores by address class, kept when the code both loads and stores (else no load has a store to find). */
    private final StoreAddressIndex storeIndex;
    private final boolean indexStores;

    /** Files the store renamed into slot {@code s} under the address class of each access it writes. */
    private void indexStore(long id, int s, StaticInstruction si) {
        if (storeIndex.full()) {
            // Rebuilt from the stores in flight before this one, oldest first.
            storeIndex.clear();
            long first = storesRenamed - 1;
            while (first - 1 >= 0 && first - 1 >= storesRenamed - capacity && storeIds[(int) ((first - 1) & mask)] >= oldestStore) first--;
            for (long n = first; n < storesRenamed - 1; n++) {
                long sid = storeIds[(int) (n & mask)];
                fileStore(sid, slot(sid), slotCode[slot(sid)]);
            }
        }
        fileStore(id, s, si);
    }

    private void fileStore(long id, int s, StaticInstruction si) {
        int[] writes = si.storeAccesses;
        for (int j = writes.length - 1; j >= 0; j--) {          // the lowest access ends up first in its chain
            int at = trace.at(iter[s], si.index, writes[j]);
            long sy = trace.symbol(at), co = trace.coefficient(at);
            storeIndex.add(storeIndex.entry(s, j), id, StoreAddressIndex.classSymbol(sy, co), StoreAddressIndex.classCoefficient(sy, co),
                    trace.offset(at), si.accesses[writes[j]].size());
        }
    }

    // The last probe's answer: the store a load reads from, how, and whether it can be renamed.
    private long probeStore;
    private boolean probePartial;
    private boolean probeRenamable;

    /**
     * Finds the youngest older in-flight store that overlaps a load about to be renamed (iteration
     * {@code it}), and whether memory renaming would recognise the pair. Only the stores of the load's
     * address class are looked at: no other store's address can be related to the load's.
     */
    private void probeMemoryDependence(int it, StaticInstruction si) {
        probeStore = -1;
        probePartial = false;
        probeRenamable = false;
        probeActual = false;
        probeDistance = -1;
        if (!indexStores) return;              // code without stores
        int load = trace.at(it, si.index, si.loadAccess);
        int loadSize = si.loadSize;
        long loadOffset = trace.offset(load);
        long cs = StoreAddressIndex.classSymbol(trace.symbol(load), trace.coefficient(load));
        long cc = StoreAddressIndex.classCoefficient(trace.symbol(load), trace.coefficient(load));
        int e = storeIndex.newest(cs, cc);
        if (e >= 0 && !storeIndex.holds(e, cs, cc)) e = -1;
        // Youngest first (every store older than the load being renamed is renamed), the first that overlaps.
        // Within the class the addresses compare by their constant parts, as AddressTrace.relate would.
        for (; e >= 0; e = storeIndex.older(e)) {
            long sid = storeIndex.store(e);
            if (sid < oldestStore) break;
            int ss = slot(sid);
            if (commitCycle[ss] <= cycle) continue;
            long storeOffset = storeIndex.offset(e);
            int storeSize = storeIndex.size(e);
            if (storeOffset + storeSize <= loadOffset || loadOffset + loadSize <= storeOffset) continue;    // disjoint
            boolean contains = loadOffset >= storeOffset && loadOffset + loadSize <= storeOffset + storeSize;
            StaticInstruction st = slotCode[ss];
            int k = st.storeAccesses[storeIndex.access(e)];
            probeStore = sid;
            probePartial = !contains;
            probeRenamable = contains && core.loadStore().memoryRenaming()
                    && storeSize == loadSize && trace.sameAddress(trace.at(iter[ss], st.index, k), load)
                    && (renamable(core, st, si) || learnable(st, si));
            break;
        }
        predictRenaming(si);
    }

    // Memory renaming is predicted, per static load: the pair it renames from is the store the same
    // number of instructions back as the last two times. The pairs found by address (probeActual) are
    // renamed only when that prediction has held twice in a row, so a load whose store changes from
    // one iteration to the next (a histogram's counter) forwards through memory instead.
    // A wrong prediction costs nothing beyond the lost renaming: the recovery's cost is not modelled.
    private final int[] renameConfidence;
    private final long[] renameDistance;
    private boolean probeActual;
    private long probeDistance;

    /** Narrows the probe's renamable pair (found only on a core that renames) to one the load's predictor expects. */
    private void predictRenaming(StaticInstruction si) {
        probeActual = probeRenamable;
        if (!probeActual) return;
        probeDistance = nextRenameId - probeStore;
        probeRenamable = probeDistance == renameDistance[si.index] && renameConfidence[si.index] >= 2;
    }

    /** Trains the load's predictor with the pair it met at rename. */
    private void trainRenaming(StaticInstruction si) {
        boolean same = probeActual && probeDistance == renameDistance[si.index];
        renameConfidence[si.index] = same ? Math.min(3, renameConfidence[si.index] + 1) : 0;
        renameDistance[si.index] = probeDistance;
    }

    /** Applies the probe to the load being renamed in slot {@code s}. */
    private void resolveMemoryDependence(int s, StaticInstruction si) {
        forwardFrom[s] = probeStore;
        if (observed && probeStore >= 0) forwardFromIndex[s] = sidx[slot(probeStore)];     // for events only
        forwardPartial[s] = probePartial;
        if (core.loadStore().memoryRenaming()) trainRenaming(si);
        if (!probeRenamable) return;
        // Memory renaming: the load's consumers take the stored register directly.
        int ss = slot(probeStore);
        renamedLoad[s] = true;
        renamedThisCycle++;
        for (int i = 0; i < si.inRegs.length; i++) {
            if (si.inRegs[i] == StaticInstruction.MEMORY) {
                inSource[s * inStride + i] = storeDataSource[ss];
                inExtra[s * inStride + i] = core.loadStore().renamingLatency();
            }
        }
    }

    private int renamedThisCycle;

    // Loads of the loop met reading what a store wrote through another address expression, and how many:
    // the renamer learns such pairs for a few loads of a loop only (see CoreSpec.LoadStore.renamingLearnedLoads).
    private final boolean[] learnedLoad;
    private int learnedLoads;

    /**
     * Whether the renamer learns this pair although its address expressions differ: on a core that learns
     * pairs, a loop's load, while the loop has no more such loads than the core learns. Unrolled code is
     * copied at new addresses when measured, so each copy's load is a new one and none is learned.
     */
    private boolean learnable(StaticInstruction store, StaticInstruction load) {
        int most = core.loadStore().renamingLearnedLoads();
        if (most == 0 || !input.loop() || !renamableValues(core, store, load)) return false;
        if (!learnedLoad[load.index]) {
            learnedLoad[load.index] = true;
            learnedLoads++;
        }
        return learnedLoads <= most;
    }

    /**
     * Whether memory renaming recognises this store/load pair (they are known to access the same
     * bytes). Static: the dependency graph asks the same question.
     */
    static boolean renamable(CoreSpec core, StaticInstruction store, StaticInstruction load) {
        if (!renamableValues(core, store, load)) return false;
        var shapes = core.loadStore().renamingShapes();
        if (shapes.contains(CoreSpec.RenamingShape.ANY)) return true;
        var a = memoryOperand(store.instruction);
        var b = memoryOperand(load.instruction);
        if (a == null || b == null) return false;
        boolean sameForm = a.base() == b.base() && a.index() == null && b.index() == null && a.displacement() == b.displacement();
        if (shapes.contains(CoreSpec.RenamingShape.BASE_DISPLACEMENT) && sameForm) return true;
        if (shapes.contains(CoreSpec.RenamingShape.UNINDEXED) && a.index() == null && b.index() == null) return true;
        boolean stack = a.base() != null && (a.base().root() == dev.uopsim.isa.Register.RSP || a.base().root() == dev.uopsim.isa.Register.RBP);
        return shapes.contains(CoreSpec.RenamingShape.STACK) && sameForm && stack;
    }

    /** Whether renaming passes on what this store writes to what this load reads, whatever their addresses. */
    static boolean renamableValues(CoreSpec core, StaticInstruction store, StaticInstruction load) {
        if (store.isLoad() && !readModifyWriteRenamable(core.loadStore().renamingReadModifyWrite(), store)) return false;
        var values = core.loadStore().renamedValues();
        return values.contains(store.memoryValue) && values.contains(load.memoryValue);
    }

    /** Whether renaming passes on the result of this read-modify-write instruction (its store). */
    private static boolean readModifyWriteRenamable(CoreSpec.ReadModifyWriteRenaming policy, StaticInstruction rmw) {
        return switch (policy) {
            case ANY -> true;
            case NONE -> false;
            case IMMEDIATE_SOURCE -> !rmw.registerSourced;
        };
    }

    private static dev.uopsim.isa.MemoryOperand memoryOperand(dev.uopsim.isa.Instruction i) {
        for (var o : i.operands()) if (o instanceof dev.uopsim.isa.MemoryOperand m && m.width() != 0) return m;
        return null;
    }

    // ======================================================================================
    // Schedulers and ports
    // ======================================================================================

    private void enqueue(int uid, int portMask, int slot) {
        int q = queues == 1 ? 0 : chooseQueue(portMask);      // one queue takes every µop
        int port = -1;
        if (leastLoaded) {
            int candidates = portMask & queuePorts[q];
            if (candidates == 0) candidates = portMask;
            port = bySlot ? portBySlot(candidates, slot) : leastLoadedPort(candidates);
            portPending[port]++;
        }
        uopPort[uid] = port;
        uopPorts[uid] = port >= 0 ? 1 << port : uopSpecs[uid].portMask() & queuePorts[q];
        station.enter(uid, q, port >= 0 ? portClass(q, port) : uopClass(q, uid));
    }

    /** The lowest-numbered of the least loaded ports (candidates is never empty), without a branch per port. */
    private int leastLoadedPort(int candidates) {
        int best = Integer.numberOfTrailingZeros(candidates);
        int bestPending = portPending[best];
        for (int left = candidates & (candidates - 1); left != 0; left &= left - 1) {
            int p = Integer.numberOfTrailingZeros(left);
            int pending = portPending[p];
            best = pending < bestPending ? p : best;
            bestPending = Math.min(pending, bestPending);
        }
        return best;
    }

    /**
     * The port by rename slot: counts are those at the start of the cycle, so µops renamed together
     * do not see each other; even slots take the least loaded port and odd slots the second, unless
     * it has 3 or more µops waiting beyond the first. Ties go to the higher-numbered port.
     */
    private int portBySlot(int candidates, int slot) {
        int first = -1, second = -1;
        for (int left = candidates; left != 0; left &= left - 1) {
            int p = Integer.numberOfTrailingZeros(left);       // ascending: <= prefers the higher port
            int load = portPendingAtCycleStart[p];
            if (first < 0 || load <= portPendingAtCycleStart[first]) {
                second = first;
                first = p;
            } else if (second < 0 || load <= portPendingAtCycleStart[second]) {
                second = p;
            }
        }
        if ((slot & 1) == 0 || second < 0) return first;
        return portPendingAtCycleStart[second] - portPendingAtCycleStart[first] >= 3 ? first : second;
    }

    // The station's class of a µop, found once per queue and port (bound µops) or per static µop and queue.
    private final int[] portClasses;
    private final int[] uopClasses;

    private int portClass(int q, int port) {
        int k = q * portPending.length + port;
        if (portClasses[k] < 0) portClasses[k] = station.classOf(q, 1 << port);
        return portClasses[k];
    }

    private int uopClass(int q, int uid) {
        StaticInstruction si = slotCode[slot(uopInst[uid])];
        int k = (si.index * maxUopsPerInstruction + uopSpec[uid]) * queues + q;
        if (uopClasses[k] < 0) uopClasses[k] = station.classOf(q, uopSpecs[uid].portMask() & queuePorts[q]);
        return uopClasses[k];
    }

    /** The scheduler queue for a µop: one that can issue to its ports, with the most free entries. */
    private int chooseQueue(int portMask) {
        int best = -1;
        int bestFree = Integer.MIN_VALUE;
        for (int q = 0; q < queues; q++) {
            if ((queuePorts[q] & portMask) == 0) continue;
            int free = queueSize[q] - queueLength[q];
            if (free > bestFree) {
                best = q;
                bestFree = free;
            }
        }
        if (best < 0) {
            // A µop no queue serves would never run: put it where most space is (models are checked for this).
            for (int q = 0; q < queues; q++) {
                int free = queueSize[q] - queueLength[q];
                if (free > bestFree) {
                    best = q;
                    bestFree = free;
                }
            }
        }
        return best;
    }

    /**
     * Each queue's µops that may act this cycle, oldest first, to the first free port they may use. A
     * µop woken by one dispatched this cycle is looked at this cycle when it comes later in that order
     * (a later queue, or younger in this one), as if every µop were looked at in turn.
     */
    private void dispatch() {
        station.release(cycle);
        if (oldestId >= nextRenameId) return;
        // Every µop of an instruction older than the oldest in flight has gone.
        long from = firstUopInFlight();
        if (from >= nextUop) return;
        long firstWord = from >>> 6, lastWord = (nextUop - 1) >>> 6;
        int used = 0;
        for (int q = 0; q < queues; q++) {
            // Classes whose ports are all taken are passed over (unless a listener hears each µop). With
            // no port taken yet none is (a class of no port, a µop no queue serves, goes nowhere either way).
            int full = observed || used == 0 ? 0 : station.fullClasses(q, used, fullClasses);
            for (long aw = firstWord; aw <= lastWord; aw++) {
                int w = (int) (aw & station.wordMask);
                long seen = 0;         // this word's µops looked at already
                long bits = station.candidates(q, w, fullClasses, full);
                while (bits != 0) {
                    int b = Long.numberOfTrailingZeros(bits);
                    seen |= (2L << b) - 1;
                    int port = consider(w << 6 | b, q, used);
                    if (port != 0) {
                        // A port taken may fill classes, and the µop's results may wake younger µops.
                        // The first port taken fills the classes of no port as well: all are looked at then.
                        boolean first = used == 0;
                        used |= port;
                        if (!observed) full = first ? station.fullClasses(q, used, fullClasses) : station.fill(q, port, used, fullClasses, full);
                        bits = station.candidates(q, w, fullClasses, full) & ~seen;
                    } else {
                        bits &= ~seen;         // a µop that does not go changes no other µop's state
                    }
                }
            }
        }
    }

    // L1 banks: loads started in each bank this cycle (the cycle they count for in bankCycle).
    private final CoreSpec.LoadBanks banks;
    /** banks.limited(), kept: dispatch asks for every µop that finds a port. */
    private final boolean bankLimited;
    private final int[] bankLoads;
    private long bankCycle = -1;

    /**
     * Whether the load of the instruction in slot {@code s} may start this cycle: every bank its bytes
     * touch (a 32-byte load four 8-byte banks) has room; if so, counts it in each.
     */
    private boolean bankFree(int s, StaticInstruction si) {
        if (bankCycle != cycle) {
            java.util.Arrays.fill(bankLoads, 0);
            bankCycle = cycle;
        }
        long offset = trace.offset(trace.at(iter[s], si.index, si.loadAccess));
        int first = banks.bank(offset);
        int touched = banks.banksTouched(offset, si.loadSize);
        int n = bankLoads.length;
        for (int k = 0; k < touched; k++) if (bankLoads[(first + k) % n] >= banks.loadsPerBank()) return false;
        for (int k = 0; k < touched; k++) bankLoads[(first + k) % n]++;
        return true;
    }

    /** Scratch for dispatch: the port classes of the queue being scanned that have no port left this cycle. */
    private final int[] fullClasses;

    /** The oldest instruction that may have µops not dispatched (none older has). */
    private long dispatchFrom;

    /** The number of the first µop of the oldest instruction with µops not dispatched, or nextUop. */
    private long firstUopInFlight() {
        if (dispatchFrom < oldestId) dispatchFrom = oldestId;
        while (dispatchFrom < nextRenameId && slotState[slot(dispatchFrom) * STATE + UOPS_LEFT] == 0) dispatchFrom++;
        return dispatchFrom < nextRenameId ? slotState[slot(dispatchFrom) * STATE + FIRST_UOP] : nextUop;
    }

    /** Looks at one µop: checks its inputs if they are not known, sends it to a free port if it is ready; returns the port taken (a bit) or 0. */
    private int consider(int uid, int q, int used) {
        // The station holds only unchecked µops and ready ones (their ready cycle is known and past).
        boolean waitingForPort = uopReadyAt[uid] < NOT_READY;
        if (!waitingForPort && !uopReady(uid)) {
            if (uopReadyAt[uid] < NOT_READY) station.later(uid, uopReadyAt[uid], cycle);
            return 0;
        }
        int s = slot(uopInst[uid]);
        StaticInstruction si = slotCode[s];
        UopSpec spec = uopSpecs[uid];
        int candidates = uopPorts[uid];
        int free = candidates & ~used;
        boolean bubble = si.heldByTransferBubble && (transferLandings & 2) != 0 && (free & bubblePorts) != 0;
        if (bubble) free &= ~bubblePorts;     // it would land next cycle, with the transfer
        if (spec.unit() >= 0) free &= unitsFree(free, spec.unit());
        if (free != 0 && bankLimited && spec.kind() == UopKind.LOAD && !si.prefetch && !bankFree(s, si)) free = 0;
        if (free != 0) {
            int p = Integer.numberOfTrailingZeros(free);
            station.issue(uid);
            execute(uid, uopInst[uid], s, si, spec, p);
            return 1 << p;
        }
        if (observed) listener.stalled(cycle, bubble ? Stall.TRANSFER_BUBBLE : Stall.PORT_BUSY, uopInst[uid], si.index, candidates);
        if (!waitingForPort) station.ready(uid);
        return 0;
    }

    /** A woken µop is among those dispatch checks again. */
    private void activate(int uid) {
        station.recheck(uid);
    }

    private int unitsFree(int ports, int unit) {
        int ok = 0;
        for (int p = 0; p < portPending.length; p++) {
            if ((ports & (1 << p)) != 0 && unitBusyUntil[p * UNITS + unit] <= cycle) ok |= 1 << p;
        }
        return ok;
    }

    /** True when the µop's inputs are ready this cycle (the result is cached once it is known). */
    private boolean uopReady(int uid) {
        long at = uopReadyAt[uid];
        if (at < NOT_READY) return at <= cycle;
        // Still waiting for the value it waited for last time: not ready (checking all would say the same).
        long waits = uopWaitsFor[uid];
        if (waits != NO_VALUE && readyAt(waits) >= NOT_READY) {
            park(uid, waits);
            return false;
        }
        long id = uopInst[uid];
        int s = slot(uopInst[uid]);
        StaticInstruction si = slotCode[s];
        UopSpec spec = uopSpecs[uid];
        checkReady = slotState[s * STATE + RENAME_CYCLE] + 1;
        checkDecider = -1;
        if (serializes && !serializationAllows(uid, id, s, si)) return false;
        switch (spec.kind()) {
            case COMPUTE -> {
                if (!latestInput(uid, s, si.computeInputs)) return false;
            }
            case LOAD -> {
                if (!latestInput(uid, s, si.addressInputs)) return false;
                if (renamedLoad[s] && si.computeUops == 0) {
                    // A renamed pure load passes its value on when the renamed source is ready.
                    if (!latestInput(uid, s, si.memoryInputs)) return false;
                }
                long order = memoryOrderReady(id, s);
                if (order >= NOT_READY) {
                    if (observed) listener.stalled(cycle, Stall.MEMORY_ORDER, id, si.index, orderStore >= 0 ? sidx[slot(orderStore)] : -1);
                    // Unheard, the wait need not be looked at every cycle: the store wakes the load when
                    // its data (or commit) is known. Waiting for all older stores has no single waker.
                    if (!observed && !waitsForOlderStores && orderStore >= 0) parkOn(uid, slot(orderStore));
                    return false;
                }
                if (order > checkReady) {
                    checkReady = order;
                    checkDecider = -1;
                    if (observed && orderStore >= 0) listener.waitedFor(id, si.index, orderStore, sidx[slot(orderStore)], order);
                }
            }
            case STORE_ADDRESS -> {
                if (!latestInput(uid, s, si.addressInputs)) return false;
            }
            case STORE_DATA, STORE -> {
                if (spec.kind() == UopKind.STORE) {
                    if (!latestInput(uid, s, si.addressInputs)) return false;
                }
                boolean pureStore = si.computeUops == 0;
                if (pureStore) {
                    if (!latestInput(uid, s, si.storeDataInputs)) return false;
                } else {
                    // The data is this instruction's own result: no other producer to name. It is known
                    // when the last compute µop dispatches, which wakes the µops parked on the instruction.
                    long r = memoryOutputReady(s, si);
                    if (r >= NOT_READY) {
                        parkOn(uid, s);
                        return false;
                    }
                    if (r > checkReady) {
                        checkReady = r;
                        checkDecider = -1;
                    }
                }
            }
        }
        long ready = checkReady;
        int decider = checkDecider;    // the input that became ready last, for waitedFor
        uopReadyAt[uid] = ready;
        if (observed && decider >= 0) {
            long ref = inSource[s * inStride + decider];
            long producer = ref >>> 5;
            if (ref != READY && producer >= oldestId && producer != id) listener.waitedFor(id, si.index, producer, sidx[slot(producer)], ready);
        }
        return ready <= cycle;
    }

    /**
     * A serializing instruction's µops wait until every older instruction has retired; any other µop waits
     * for the serializing instruction before it to complete (folded into checkReady). False, with the µop
     * parked on what it waits for, while that is not known.
     */
    private boolean serializationAllows(int uid, long id, int s, StaticInstruction si) {
        if (si.serializing && id != oldestId) {
            if (observed) listener.stalled(cycle, Stall.SERIALIZED, id, si.index, sidx[slot(id - 1)]);
            parkOn(uid, slot(id - 1));       // woken when it retires
            return false;
        }
        long before = serializedBy[s];
        if (before < oldestId) return true;     // none, or retired
        int b = slot(before);
        if (slotState[b * STATE + UOPS_LEFT] > 0 || slotState[b * STATE + COMPLETE_CYCLE] >= NOT_READY) {
            if (observed) listener.stalled(cycle, Stall.SERIALIZED, id, si.index, sidx[b]);
            parkOn(uid, b);                  // woken when it finishes
            return false;
        }
        checkReady = Math.max(checkReady, slotState[b * STATE + COMPLETE_CYCLE]);
        return true;
    }

    // What latestInput found so far: the latest ready cycle, and the input it came from (-1: none).
    private long checkReady;
    private int checkDecider;

    /**
     * Folds the ready cycles of inputs {@code inputs} of the instruction in slot {@code s} into
     * checkReady (the first latest one decides); false, with the µop parked, when one is not known.
     */
    private boolean latestInput(int uid, int s, int[] inputs) {
        for (int i : inputs) {
            long r = inputReady(s, i);
            if (r >= NOT_READY) return waitFor(uid, s, i);
            if (r > checkReady) {
                checkReady = r;
                checkDecider = i;
            }
        }
        return true;
    }

    /** Remembers the input value a µop waits for, so that the next check looks at that one first. */
    private boolean waitFor(int uid, int s, int input) {
        long ref = inSource[s * inStride + input];
        uopWaitsFor[uid] = ref;
        park(uid, ref);
        return false;
    }

    private void park(int uid, long ref) {
        int producer = slot(ref >>> 5);
        parkOn(uid, producer);
    }

    private void parkOn(int uid, int producer) {
        uopNextWaiter[uid] = waitersOf[producer];
        waitersOf[producer] = uid;
        station.park(uid);
    }

    /** The instruction in slot {@code s} set an output or retired: µops parked on it look again. */
    private void wake(int s) {
        int u = waitersOf[s];
        if (u < 0) return;             // the usual case (retirement wakes every instruction): no store
        waitersOf[s] = -1;
        for (; u >= 0; u = uopNextWaiter[u]) activate(u);
    }

    /** The older store {@link #memoryOrderReady} last found a load waiting for, or -1. */
    private long orderStore = -1;

    /** When a load may go, as far as older stores are concerned. */
    private long memoryOrderReady(long id, int s) {
        long ready = 0;
        orderStore = -1;
        if (waitsForOlderStores) {
            for (long k = storesRenamed - 1; k >= 0 && k >= storesRenamed - capacity; k--) {
                long sid = storeIds[(int) (k & mask)];
                if (sid < oldestStore) break;
                if (sid >= id) continue;                       // younger than the load
                int ss = slot(sid);
                if (commitCycle[ss] <= cycle) continue;
                long known = inOrderLoads ? storeDataCycle[ss] : storeAddressKnown(ss);
                if (known >= NOT_READY) {
                    orderStore = sid;
                    return NOT_READY;
                }
                if (known + 1 > ready) {
                    ready = known + 1;
                    orderStore = sid;
                }
            }
        }
        long from = forwardFrom[s];
        if (from >= 0 && from >= oldestStore && !renamedLoad[s]) {
            int fs = slot(from);
            if (forwardPartial[s]) {
                // Forwarding cannot serve a load the store covers only in part: it waits for the commit,
                // and its data comes the failure penalty after it (kept: the store may drain first).
                if (commitCycle[fs] >= NOT_READY) {
                    orderStore = from;
                    return NOT_READY;
                }
                partialReadyAt[s] = commitCycle[fs] + core.loadStore().forwardFailPenalty();
                if (commitCycle[fs] > ready) {
                    ready = commitCycle[fs];
                    orderStore = from;
                }
            } else if (storeDataCycle[fs] >= NOT_READY) {
                orderStore = from;
                return NOT_READY;
            }
        }
        return ready;
    }

    /**
     * When a store's address is known: its store-address µop's dispatch, or for a store done by one
     * combined µop (or none), as soon as its address registers are ready.
     */
    private long storeAddressKnown(int ss) {
        if (storeAddressCycle[ss] < NOT_READY) return storeAddressCycle[ss];
        StaticInstruction st = slotCode[ss];
        boolean separate = false;
        for (UopSpec u : st.uops) separate |= u.kind() == UopKind.STORE_ADDRESS;
        if (separate) return NOT_READY;
        long ready = slotState[ss * STATE + RENAME_CYCLE] + 1;
        for (int i = 0; i < st.inRegs.length; i++) {
            if (st.inUse[i] != StaticInstruction.ADDRESS) continue;
            long r = inputReady(ss, i);
            if (r >= NOT_READY) return NOT_READY;
            ready = Math.max(ready, r + 1);
        }
        return ready;
    }

    private long memoryOutputReady(int s, StaticInstruction si) {
        boolean computed = slotState[s * STATE + COMPUTE_LEFT] == 0;
        for (int o = 0; o < si.outRegs.length; o++) {
            if (si.outRegs[o] == StaticInstruction.MEMORY) return computed ? outReady[s * outStride + o] : NOT_READY;
        }
        long last = slotState[s * STATE + LAST_COMPUTE];
        return computed && last >= 0 ? last + 1 : NOT_READY;
    }

    // ======================================================================================
    // Execution
    // ======================================================================================

    private void execute(int uid, long id, int s, StaticInstruction si, UopSpec spec, int port) {
        if (uopPort[uid] >= 0) portPending[uopPort[uid]]--;
        if (spec.unit() >= 0) unitBusyUntil[port * UNITS + spec.unit()] = cycle + spec.occupancy();
        slotState[s * STATE + UOPS_LEFT]--;
        if (observed) listener.dispatched(id, si.index, uopSpec[uid], port, cycle);
        switch (spec.kind()) {
            case LOAD -> {
                long own = cycle + loadToUse(si);
                long data = Math.max(own, partialReadyAt[s]);
                long from = forwardFrom[s];
                if (from >= 0 && from >= oldestStore && !renamedLoad[s] && !forwardPartial[s]) {
                    data = Math.max(data, storeDataCycle[slot(from)] + forwardCycles() + (computedData(slot(from)) ? computedExtraCycles() : 0));
                }
                if (observed && data > own && from >= 0) listener.waitedFor(id, si.index, from, forwardFromIndex[s], data);
                outReady[s * outStride + loadData] = data;
                wakeConsumers(s);
                if (si.computeUops == 0) {
                    if (mergedValuesKnown(s, si)) computeOutputs(s, si, cycle);
                    else waitToMerge(s);
                }
            }
            case STORE_ADDRESS -> storeAddressCycle[s] = cycle;
            case STORE_DATA -> {
                storeDataCycle[s] = cycle;
                wake(s);                        // loads that wait to forward its data
            }
            case STORE -> {
                storeAddressCycle[s] = cycle;
                storeDataCycle[s] = cycle;
                wake(s);
            }
            case COMPUTE -> {
                int at = s * STATE;
                slotState[at + LAST_COMPUTE] = Math.max(slotState[at + LAST_COMPUTE], cycle);
                if (--slotState[at + COMPUTE_LEFT] == 0) computeOutputs(s, si, cycle);
            }
        }
        if (slotState[s * STATE + UOPS_LEFT] == 0) finish(id, s, si);
    }

    private long forwards;
    private long computedForwards;

    /** Extra cycles of the next forward of computed data: the model's figure, a fraction spread as forwardCycles spreads it. */
    private int computedExtraCycles() {
        double x = core.loadStore().forwardComputedExtra();
        if (x <= 0) return 0;
        long n = computedForwards++;
        return (int) (Math.floor((n + 1) * x + 1e-9) - Math.floor(n * x + 1e-9));
    }

    /**
     * Whether the store in slot {@code ss} writes data an operation computed: its own (a read-modify-write)
     * or its data register's producer's, a compute µop that is no load; not a loaded, moved or constant value.
     */
    private boolean computedData(int ss) {
        StaticInstruction store = slotCode[ss];
        if (store.computeUops > 0) return true;
        long ref = storeDataSource[ss];
        if (ref == READY) return false;
        long producer = ref >>> 5;
        if (producer + capacity < nextRenameId) return false;      // its slot has been reused: long retired
        StaticInstruction p = slotCode[slot(producer)];
        return p.computeUops > 0 && !p.isLoad();
    }

    /**
     * Cycles of the next store-to-load forward: the model's latency, or for a fractional average
     * (4.5) the neighbouring whole numbers in turn, so the average over all forwards is the figure.
     */
    private int forwardCycles() {
        double l = core.loadStore().forwardLatency();
        long n = forwards++;
        return (int) (Math.floor((n + 1) * l + 1e-9) - Math.floor(n * l + 1e-9));
    }

    private int loadToUse(StaticInstruction si) {
        return loadToUse(core, si);
    }

    /** Cycles from a load's dispatch to its data (static: the dependency graph uses the same figure). */
    static int loadToUse(CoreSpec core, StaticInstruction si) {
        CoreSpec.LoadStore ls = core.loadStore();
        return (si.complexAddress ? ls.loadToUseComplex() : ls.loadToUse()) + (si.vectorLoad ? ls.vectorLoadExtra() : 0);
    }

    /**
     * Outputs of an instruction whose last compute µop dispatched at {@code d}: each output is ready
     * after the latency from each input, shifted by how late the computation started.
     */
    private void computeOutputs(int s, StaticInstruction si, long d) {
        int[] inputs = si.computeInputs;
        long earliest = -1;
        for (int k = 0; k < inputs.length; k++) {
            long r = inputReady(s, inputs[k]);
            inputCycles[k] = r;
            earliest = Math.max(earliest, r);
        }
        // Late by what kept the last µop from its port, beyond the spread the instruction's own µops need.
        long shift = earliest < 0 ? 0 : Math.max(0, d - earliest - si.computeSpread);
        int[][] shortfall = si.latencyShortfall;
        for (int o = 0; o < si.outRegs.length && o < loadData; o++) {
            if (outReady[s * outStride + o] < NOT_READY) continue;      // the stack engine set it already
            long r = -1;
            if (shortfall == null) {
                for (int k = 0; k < inputs.length; k++) r = Math.max(r, inputCycles[k] + si.latency[inputs[k]][o]);
            } else {
                for (int k = 0; k < inputs.length; k++) {
                    int i = inputs[k];
                    r = Math.max(r, inputCycles[k] + si.latency[i][o] - (shortfall[i][o] > 0 ? spared(si, i, o) : 0));
                }
            }
            if (r < 0) r = d + si.sourcelessLatency[o];
            else r += shift;
            // Not before the cycle after the last compute µop, less the spread the instruction's own µops need: a flow
            // whose result comes from an early µop does not wait for its last (LEA cx, [rbx+rsi*4+0x8]: five µops on
            // four ALUs, a one-cycle link of a chain measured at 3.00 cycles with XOR and BSR; 4.0 when it waited).
            outReady[s * outStride + o] = Math.max(r, d + (si.computeUops > 0 ? 1 - si.computeSpread : 0));
        }
        if (si.movesToIntegerSide) noteTransferLanding(s, si);
        wakeConsumers(s);
    }

    /** Marks the cycle the instruction's general-register or flags value lands (its latest such output). */
    private void noteTransferLanding(int s, StaticInstruction si) {
        long lands = -1;
        for (int o = 0; o < si.outRegs.length && o < loadData; o++) {
            if (RenameRegisters.isIntegerSide(si.outRegs[o])) lands = Math.max(lands, outReady[s * outStride + o]);
        }
        long ahead = lands - cycle;
        if (ahead >= 1 && ahead < Long.SIZE) transferLandings |= 1L << ahead;
    }

    /**
     * The instruction in slot {@code s} computed its outputs (or its load's data): the compute µops parked on it find their
     * ready cycle now, as their next check would (unheard: a listener hears each check in its turn),
     * instead of being checked again by dispatch first; others look again as after {@link #wake}.
     */
    private void wakeConsumers(int s) {
        int u = waitersOf[s];
        if (u < 0) return;
        waitersOf[s] = -1;
        while (u >= 0) {
            int next = uopNextWaiter[u];      // read first: a µop checked now may park on another producer
            if (!observed && uopSpecs[u].kind() == UopKind.COMPUTE) settle(u);
            else activate(u);
            u = next;
        }
    }

    /** Checks a woken µop's inputs: ready, it waits for a port; ready later, on the wheel; else it parked again. */
    private void settle(int uid) {
        if (uopReady(uid)) station.ready(uid);
        else if (uopReadyAt[uid] < NOT_READY) station.later(uid, uopReadyAt[uid], cycle);
    }

    /**
     * A measured latency that is not whole (2.08) is rounded up in the table (3); this gives back the
     * cycle on the share of instances the figure says (92 of 100), carrying the remainder from one
     * instance of the instruction to the next as bypass crossings do.
     */
    private int spared(StaticInstruction si, int in, int out) {
        return carried(latencyOwed, (si.index * maxInputs + in) * maxOutputs + out, si.latencyShortfall[in][out]);
    }

    /** Per static instruction, input and output: hundredths of a cycle owed toward the next spared cycle. */
    private final int[] latencyOwed;
    private final int maxInputs, maxOutputs;

    /** The ready cycles of the compute inputs of the instruction computeOutputs works on. */
    private final long[] inputCycles;


    // A pure load into part of a register (MOVZX cx, BYTE PTR [m]) merges the register's old value into
    // its result, which it computes as it dispatches. When that value's time is not known yet (its
    // producer has not dispatched: an older such load served later in the same cycle, or an operation
    // still waiting for its inputs), the result is computed once it is, at the end of a dispatch.
    // Unrolled `movzx cx, [r14]` chains 1.00 cycle a copy here; without this the engine gave 0.50.
    private final int[] mergeSlots;
    private final long[] mergeDispatch;
    private int mergesWaiting;

    /** Whether the register values a pure load merges into its result (its non-memory inputs) have known times. */
    private boolean mergedValuesKnown(int s, StaticInstruction si) {
        for (int i : si.computeInputs) {
            if (si.inRegs[i] != StaticInstruction.MEMORY && inputReady(s, i) >= NOT_READY) return false;
        }
        return true;
    }

    private void waitToMerge(int s) {
        mergeSlots[mergesWaiting] = s;
        mergeDispatch[mergesWaiting++] = cycle;
    }

    /** Computes the results of the waiting merges whose values are known now, oldest first (a younger may merge an older). */
    private void resolveMerges() {
        boolean progress = true;
        while (progress && mergesWaiting > 0) {
            progress = false;
            int kept = 0;
            for (int k = 0; k < mergesWaiting; k++) {
                int s = mergeSlots[k];
                StaticInstruction si = slotCode[s];
                if (mergedValuesKnown(s, si)) {
                    computeOutputs(s, si, mergeDispatch[k]);
                    slotState[s * STATE + COMPLETE_CYCLE] = latestOutput(s, si, slotState[s * STATE + COMPLETE_CYCLE]);
                    progress = true;
                } else {
                    mergeSlots[kept] = s;
                    mergeDispatch[kept++] = mergeDispatch[k];
                }
            }
            mergesWaiting = kept;
        }
    }

    /** {@code done}, or the latest known time of the instruction's register results if later. */
    private long latestOutput(int s, StaticInstruction si, long done) {
        for (int o = 0; o < si.outRegs.length && o < loadData; o++) {
            long r = outReady[s * outStride + o];
            if (r < NOT_READY) done = Math.max(done, r);
        }
        return done;
    }

    private void finish(long id, int s, StaticInstruction si) {
        long done = cycle + 1;
        if (si.isStore() && si.storeDataUops == 0) {
            // A store the model gives no store µop: its data is there when the instruction finishes.
            storeAddressCycle[s] = Math.min(storeAddressCycle[s], cycle);
            storeDataCycle[s] = Math.min(storeDataCycle[s], cycle);
            wake(s);
        }
        done = latestOutput(s, si, done);
        if (si.isLoad()) done = Math.max(done, outReady[s * outStride + loadData]);
        slotState[s * STATE + COMPLETE_CYCLE] = done;
        if (si.serializing) wake(s);          // the younger µops parked on it now know when they may start
        if (observed) listener.completed(id, si.index, done);
    }

    /** What the oldest in-flight instruction waits for: a line for diagnostics of a run that never settles. */
    public String oldestState() {
        if (oldestId >= nextRenameId) return "nothing in flight";
        int s = slot(oldestId);
        StaticInstruction si = slotCode[s];
        StringBuilder sb = new StringBuilder("#" + si.index + " " + si + ": µops left " + slotState[s * STATE + UOPS_LEFT] + ", complete "
                + (slotState[s * STATE + COMPLETE_CYCLE] >= NOT_READY ? "unknown" : slotState[s * STATE + COMPLETE_CYCLE]) + ", forward from " + (si.hasLoadState ? forwardFrom[s] : -1)
                + (si.hasLoadState && forwardPartial[s] ? " (partial)" : "") + "; inputs");
        for (int i = 0; i < si.inRegs.length; i++) {
            long r = inputReady(s, i);
            sb.append(' ').append(si.inNames[i]).append('=').append(r >= NOT_READY ? "?" : Long.toString(r));
        }
        return sb.toString();
    }

    /** The value references of an in-flight instruction's inputs (for views and analyses). */
    public long inputSource(long id, int input) {
        return inSource[slot(id) * inStride + input];
    }
}
