package dev.uopsim.sim;

/**
 * The front end: it creates the dynamic instruction stream and delivers it, as slots, into the µop
 * queue that rename reads. Three paths, chosen by what the core has and what the code is:
 * <ul>
 *   <li>the legacy decoders (unrolled code, or a loop too big for the µop cache): a predecoder
 *       that works through aligned fetch windows (an instruction belongs to the window holding its
 *       last byte), stalls on length-changing prefixes, fills the instruction queue; decoders of
 *       which only the first takes multi-µop instructions; the microcode sequencer beyond;</li>
 *   <li>the µop cache (a loop that fits): one window per cycle, up to its width;</li>
 *   <li>the loop buffer (a loop that fits the µop queue, on cores that have one).</li>
 * </ul>
 * A taken branch at the end of a loop body ends delivery for the cycle.
 */
final class FrontEnd {
    enum Path { DECODERS, UOP_CACHE, LOOP_BUFFER }

    private final Engine engine;
    private final CoreSpec.FrontEnd spec;
    private final boolean[] second;
    private final int[] fusedMask;
    private final boolean[] fusedWithNext;
    /** The slots each instruction of the code takes (0: the branch of a fused pair), asked per instruction delivered. */
    private final int[] slotsByIndex;
    // Per instruction of the code, what the decoders and the predecoder ask of it each time it comes
    // by, worked out once: the slots it takes with its fused partner, whether the microcode sequencer
    // streams it, and its last byte's address in the first copy (fetch windows go by last bytes).
    private final int[] decodeSlots;
    private final boolean[] decodeSequenced;
    private final long[] lastByte;
    private final int n;
    private final long size;
    private final boolean loop;
    final Path path;

    // the next instruction to bring in
    private int nextIndex;
    private int nextIteration;
    private long nextId;

    // instruction queue (predecoded, not decoded)
    private final long[] iq;
    /** The instruction queue's entries (its array, recycled, may be longer). */
    private final int iqSize;
    private int iqHead;
    private int iqCount;
    // µop queue (delivered, not renamed)
    private final long[] idq;
    private final int idqSize;
    private int idqHead;
    private int idqCount;
    private int idqSlots;

    private long window = Long.MIN_VALUE;
    private long stallUntil;
    private long microcodeBusyUntil;
    /** The sequencer's next flow starts no earlier (a form's own sequencer cycles after its flow began). */
    private long microcodeNextFlow;

    private final int bodySlots;

    /**
     * @param slotsTaken the slots each instruction of the code takes (see {@link StaticInstruction#slotsTaken})
     * @param arrays     where its queues come from (entries are written before they are read)
     */
    FrontEnd(Engine engine, boolean[] second, int[] slotsTaken, int bodySlots, ArrayRecycler arrays) {
        this.engine = engine;
        this.bodySlots = bodySlots;
        this.spec = engine.core.frontEnd();
        this.second = second;
        this.n = engine.program.length;
        this.size = engine.input.bytes();
        this.loop = engine.input.loop();
        this.slotsByIndex = slotsTaken;
        this.fusedWithNext = new boolean[n];
        this.fusedMask = new int[n];
        for (int i = 0; i + 1 < n; i++) {
            fusedWithNext[i] = engine.program[i].absorbedByNext;       // the move and its operation go as one
            if (!second[i + 1]) continue;
            fusedWithNext[i] = true;
            for (UopSpec u : engine.program[i + 1].uops) if (u.kind() == UopKind.COMPUTE) fusedMask[i] = u.portMask();
        }
        this.decodeSlots = new int[n];
        this.decodeSequenced = new boolean[n];
        this.lastByte = new long[n];
        for (int i = 0; i < n; i++) {
            decodeSlots[i] = slotsByIndex[i] + (fusedWithNext[i] ? slotsByIndex[i + 1] : 0);
            decodeSequenced[i] = sequenced(i, decodeSlots[i]);
            lastByte[i] = engine.program[i].address + engine.program[i].length - 1;
        }
        this.iqSize = Math.max(1, spec.instructionQueue());
        this.iq = arrays.longs(iqSize);
        // A fused pair takes one slot but two entries: room for twice the slots.
        this.idqSize = Math.max(8, 2 * spec.uopQueue() + 2);
        this.idq = arrays.longs(idqSize);
        // A loop with an instruction for the microcode sequencer streams from the µop cache, which hands it
        // to the sequencer: the loop buffer path has no sequencer, and such an instruction is wider than
        // one of its cycles.
        boolean microcoded = false;
        for (int i = 0; i < n; i++) microcoded |= sequenced(i, slotsByIndex[i]);
        if (loop && spec.loopBuffer() > 0 && bodySlots <= spec.loopBuffer() && !microcoded) path = Path.LOOP_BUFFER;
        else if (spec.uopCacheUops() > 0 && (loop ? bodySlots <= spec.uopCacheCapacity() : engine.input.unrolledFromUopCache())) path = Path.UOP_CACHE;
        else path = Path.DECODERS;
    }

    boolean fusedWithNext(int index) {
        return fusedWithNext[index];
    }

    /** A fused compare-and-branch executes where the branch would. */
    int fusedPortMask(int index, int own) {
        return fusedMask[index] != 0 ? fusedMask[index] : own;
    }

    long peekDelivered() {
        return idqCount == 0 ? -1 : idq[idqHead];
    }

    void takeDelivered() {
        long id = idq[idqHead];
        if (++idqHead == idqSize) idqHead = 0;
        idqCount--;
        idqSlots -= slotsOf(id);
    }

    private int slotsOf(long id) {
        return engine.slotCost[engine.slot(id)];
    }

    /**
     * Whether instruction {@code index} ({@code slots} with a fused partner) comes from the microcode
     * sequencer: more slots than the decoders take, or a row that gives its sequencer cycles (a form the
     * measurements showed held that long, whatever the documented threshold).
     */
    private boolean sequenced(int index, int slots) {
        return slots > spec.microcodeThreshold() || engine.program[index].microcodeCycles > 0;
    }

    /** Whether instruction {@code index} comes from the microcode sequencer. */
    boolean fromSequencer(int index) {
        return sequenced(index, slotsOfIndex(index));
    }

    private int slotsOfIndex(int index) {
        return slotsByIndex[index];
    }

    /** The address of the next instruction: unrolled copies follow each other, a loop runs the same bytes. */
    private long addressOf(int index, int iteration) {
        long a = engine.program[index].address;
        return loop ? a : a + iteration * size;
    }

    /** The address of the last byte of the next instruction (see {@link #addressOf}). */
    private long lastByteOf(int index, int iteration) {
        long a = lastByte[index];
        return loop ? a : a + iteration * size;
    }

    /** Creates the next dynamic instruction, or returns -1 when the ring is full or no iteration is left. */
    private long create() {
        // A retired store keeps its slot until it commits: a store-commit limit can hold it long after.
        if (nextId - Math.min(engine.oldestId, engine.oldestStore) >= engine.capacity - 2) return -1;
        if (nextIteration >= engine.trace.iterations()) return -1;
        long id = nextId++;
        int s = engine.slot(id);
        engine.sidx[s] = nextIndex;
        engine.slotCode[s] = engine.program[nextIndex];
        engine.slotCost[s] = slotsOfIndex(nextIndex);
        engine.iter[s] = nextIteration;
        engine.fusedSecond[s] = second[nextIndex];
        nextIndex++;
        if (nextIndex == n) {
            nextIndex = 0;
            nextIteration++;
        }
        return id;
    }

    private void deliver(long id) {
        int s = engine.slot(id);
        idq[wrap(idqHead + idqCount, idqSize)] = id;
        idqCount++;
        idqSlots += slotsOf(id);
        if (engine.observed) engine.listener.delivered(id, engine.sidx[s], engine.iter[s], engine.cycle);
    }

    /** Free slots of the µop queue (there is always an entry left for a pair's branch). */
    private int idqFree() {
        return Math.min(spec.uopQueue() - idqSlots, idqSize - idqCount - 2);
    }

    void cycle(long now) {
        switch (path) {
            case DECODERS -> {
                decode(now);
                predecode(now);
            }
            case UOP_CACHE -> streamUopCache(now);
            case LOOP_BUFFER -> streamLoopBuffer();
        }
    }

    /** A position in a ring of {@code length} entries, from head + count (less than twice the length). */
    private static int wrap(int position, int length) {
        return position < length ? position : position - length;
    }

    /** The aligned window of {@code bytes} holding {@code address} (a shift for the usual power of two: this runs per instruction). */
    private static long fetchWindow(long address, int bytes) {
        return bytes > 0 && (bytes & (bytes - 1)) == 0 ? address >> Integer.numberOfTrailingZeros(bytes) : Math.floorDiv(address, bytes);
    }

    /**
     * The sequencer starts instruction {@code index}'s flow: its slots go out at the sequencer's rate
     * and the front end delivers nothing else meanwhile. A form whose row gives its own sequencer
     * cycles (longer than that delivery) holds the sequencer, not the front end, that long: other
     * instructions follow once its slots are out and the exit cycles have passed. On this host RCL
     * r32, imm8 (6 cycles a copy, 14 slots) hid up to six one-slot instructions after it, paid a cycle
     * for seven to twelve and two for thirteen or fourteen (4 cycles of delivery + 1 + the others at
     * the rename width).
     */
    private void startFlow(long now, int index, int slots) {
        int delivery = (slots + spec.microcodeUopsPerCycle() - 1) / spec.microcodeUopsPerCycle();
        int own = engine.program[index].microcodeCycles;
        int held = own > 0 ? own : delivery;
        int busy = Math.min(held, delivery + spec.microcodeExitCycles());
        // The exit hides behind a flow's own time: others go out in its last cycle at the latest. A Zen 4
        // guest ran SHLD r32, r32, imm8 (its own 2 cycles) 2.00 a copy with up to four ADDs beside it, and
        // RCL r32, imm8 (4 cycles) 4.0 with six NOPs, 5.0 with twelve (others from its third cycle).
        if (own > 0) busy = Math.max(delivery, Math.min(busy, own - 1));
        microcodeBusyUntil = now + busy;
        microcodeNextFlow = now + held;
    }

    // ---- legacy decode pipeline ---------------------------------------------------------

    private void decode(long now) {
        if (microcodeBusyUntil > now) return;
        int used = 0;
        int uops = 0;
        while (iqCount > 0 && used < spec.decoders()) {
            long id = iq[iqHead];
            int index = engine.sidx[engine.slot(id)];
            boolean pair = fusedWithNext[index];
            if (pair && iqCount < 2) return;              // the second of the pair is not predecoded yet
            int slots = decodeSlots[index];
            if (decodeSequenced[index]) {
                if (used > 0 || microcodeNextFlow > now) return;
                // The microcode sequencer streams a long instruction: it needs room for a queue's worth.
                if (idqFree() < Math.min(slots, spec.uopQueue())) return;
                takeFromIq(pair);
                startFlow(now, index, slots);
                return;
            }
            if (slots > (used == 0 ? spec.complexDecoderUops() : spec.simpleDecoderUops())) {
                if (used > 0) return;                       // only the first decoder takes it: next cycle
            }
            if (uops + slots > spec.decodeUopsPerCycle()) return;
            if (idqFree() < slots) return;
            takeFromIq(pair);
            used++;
            uops += slots;
        }
    }

    private void takeFromIq(boolean pair) {
        for (int k = 0; k < (pair ? 2 : 1); k++) {
            long id = iq[iqHead];
            if (++iqHead == iqSize) iqHead = 0;
            iqCount--;
            deliver(id);
        }
    }

    private void predecode(long now) {
        if (stallUntil > now) {
            if (engine.observed) engine.listener.stalled(now, Stall.LENGTH_CHANGING_PREFIX, nextId, nextIndex, -1);
            return;
        }
        int fetch = spec.fetchBytes();
        // Each cycle works on one window: the next one once every instruction ending in this one is done.
        long first = fetchWindow(lastByteOf(nextIndex, nextIteration), fetch);
        if (window == Long.MIN_VALUE) window = first;
        else if (first > window) window++;
        int count = 0;
        while (count < spec.predecodeWidth() && iqCount < iqSize) {
            if (fetchWindow(lastByteOf(nextIndex, nextIteration), fetch) != window) return;
            StaticInstruction si = engine.program[nextIndex];
            long id = create();
            if (id < 0) return;
            iq[wrap(iqHead + iqCount, iqSize)] = id;
            iqCount++;
            count++;
            if (si.lengthChangingPrefix) {
                stallUntil = now + 1 + spec.lcpPenalty();
                return;
            }
            if (si.takenBranchToStart && loop) {
                // Fetch continues at the loop start, in a new window, next cycle.
                window = Long.MIN_VALUE;
                return;
            }
        }
    }

    // ---- µop cache and loop buffer ---------------------------------------------------------

    private void streamUopCache(long now) {
        if (microcodeBusyUntil > now) return;
        int delivered = 0;
        long cacheWindow = Long.MIN_VALUE;
        int windowsLeft = spec.uopCacheWindowsPerCycle();
        int window = spec.uopCacheWindow();
        while (true) {
            StaticInstruction si = engine.program[nextIndex];
            int slots = slotsOfIndex(nextIndex);
            boolean pair = fusedWithNext[nextIndex];
            int pairSlots = slots + (pair ? slotsOfIndex(nextIndex + 1) : 0);
            long w = fetchWindow(addressOf(nextIndex, nextIteration), window);
            if (w != cacheWindow) {
                // A cycle delivers from so many windows of consecutive code (one on most cores).
                if (windowsLeft == 0 || (cacheWindow != Long.MIN_VALUE && w != cacheWindow + 1)) return;
                windowsLeft--;
                cacheWindow = w;
            }
            if (sequenced(nextIndex, slots)) {
                if (delivered > 0 || idqFree() < Math.min(slots, spec.uopQueue()) || microcodeNextFlow > now) return;
                int index = nextIndex;                                  // before delivery moves nextIndex on
                if (!createAndDeliver(pair)) return;
                startFlow(now, index, slots);
                return;
            }
            // An instruction wider than a cycle's delivery goes alone (it would never go otherwise).
            if ((delivered > 0 && delivered + pairSlots > spec.uopCacheUops()) || idqFree() < pairSlots) return;
            boolean branch = pair ? engine.program[nextIndex + 1].takenBranchToStart : si.takenBranchToStart;
            if (!createAndDeliver(pair)) return;
            delivered += pairSlots;
            if (branch) return;
        }
    }

    private void streamLoopBuffer() {
        int delivered = 0;
        int width = engine.core.renameWidth();
        boolean across = spec.loopBufferAcrossIterations();
        boolean unrolled = !across && bodySlots < width;
        // Going on across the loop's end, a cycle still takes no more loop branches than the
        // taken-branch limit allows (a 5-µop loop runs at one iteration per cycle, not 6/5).
        int endsAllowed = Math.max(1, (int) spec.takenBranchesPerCycle());
        int ends = 0;
        while (true) {
            int slots = slotsOfIndex(nextIndex);
            boolean pair = fusedWithNext[nextIndex];
            int pairSlots = slots + (pair ? slotsOfIndex(nextIndex + 1) : 0);
            if ((delivered > 0 && delivered + pairSlots > width) || idqFree() < pairSlots) return;
            boolean last = nextIndex + (pair ? 1 : 0) == n - 1;
            if (last && across && ends == endsAllowed) return;
            if (!createAndDeliver(pair)) return;
            delivered += pairSlots;
            if (last) ends++;
            if (last && !across && !unrolled) return;   // the loop's end closes the cycle's delivery
        }
    }

    private boolean createAndDeliver(boolean pair) {
        long id = create();
        if (id < 0) return false;
        deliver(id);
        if (pair) {
            long id2 = create();
            if (id2 >= 0) deliver(id2);
        }
        return true;
    }
}
