package dev.uopsim.sim;

import java.util.List;

/**
 * The engine's view of a core: every number the pipeline needs, already resolved from a machine
 * model (names of ports became bit positions). Built by the model binding; tests build small ones.
 *
 * @param portNames  port names in bit order (for reports only; the engine uses bit masks)
 * @param schedulers the schedulers: one unified (Intel) or several queues each feeding some ports
 * @param portPolicy how a µop's port is chosen among those it may use
 * @param bypass     extra cycles between bypass domains (forms name theirs in {@link FormTiming#domain()})
 * @param transferBubble what a value moved from the vector unit to the integer side costs the integer ALUs
 */
public record CoreSpec(String name, List<String> portNames, FrontEnd frontEnd, int renameWidth, int robSize,
                       int retireWidth, List<Scheduler> schedulers, PortPolicy portPolicy, LoadStore loadStore,
                       RenameFeatures rename, BypassDelays bypass, TransferBubble transferBubble) {

    /** A core whose moves from the vector unit cost the integer side nothing. */
    public CoreSpec(String name, List<String> portNames, FrontEnd frontEnd, int renameWidth, int robSize,
                    int retireWidth, List<Scheduler> schedulers, PortPolicy portPolicy, LoadStore loadStore,
                    RenameFeatures rename, BypassDelays bypass) {
        this(name, portNames, frontEnd, renameWidth, robSize, retireWidth, schedulers, portPolicy, loadStore, rename, bypass, TransferBubble.NONE);
    }

    /** A core without bypass domains. */
    public CoreSpec(String name, List<String> portNames, FrontEnd frontEnd, int renameWidth, int robSize,
                    int retireWidth, List<Scheduler> schedulers, PortPolicy portPolicy, LoadStore loadStore,
                    RenameFeatures rename) {
        this(name, portNames, frontEnd, renameWidth, robSize, retireWidth, schedulers, portPolicy, loadStore, rename, BypassDelays.NONE);
    }

    /**
     * Bypass domains by number (a form's domain indexes them) and the extra cycles a value takes from
     * a producer of domain {@code from} to a consumer of domain {@code to}: {@code cycles[from][to]}.
     * A fractional average (0.38) is realised by adding the whole cycle to that share of the crossings.
     */
    public record BypassDelays(List<String> domains, double[][] cycles) {
        public static final BypassDelays NONE = new BypassDelays(List.of(), new double[0][0]);

        public BypassDelays {
            domains = List.copyOf(domains);
            double[][] copy = new double[domains.size()][domains.size()];
            for (int i = 0; i < copy.length; i++) {
                if (cycles[i].length != copy.length) throw new IllegalArgumentException("bypass delays: row " + i + " has " + cycles[i].length + " entries, not " + copy.length);
                for (int j = 0; j < copy.length; j++) {
                    if (!(cycles[i][j] >= 0)) throw new IllegalArgumentException("bypass delays: negative delay " + cycles[i][j]);
                    copy[i][j] = cycles[i][j];
                }
            }
            cycles = copy;
        }

        /** Extra cycles from a producer of domain {@code from} to a consumer of domain {@code to}; 0 when either has none (-1) or is not one of these. */
        public double delay(int from, int to) {
            return from < 0 || to < 0 || from >= cycles.length || to >= cycles.length ? 0 : cycles[from][to];
        }

        /** True when some pair of domains costs a delay. */
        public boolean any() {
            for (double[] row : cycles) for (double c : row) if (c > 0) return true;
            return false;
        }
    }

    /**
     * A value moved from the vector unit into a general register or the flags takes the integer side's
     * result network as it lands: single-cycle µops start on none of {@code aluPorts} in the cycle before,
     * so that none lands beside it.
     *
     * @param aluPorts    the integer ALU ports (bits; 0: no bubble)
     * @param vectorPorts the ports of the vector unit (bits): an instruction with a compute µop bound to
     *                    them alone that writes a general register or the flags moves a value across
     */
    public record TransferBubble(int aluPorts, int vectorPorts) {
        public static final TransferBubble NONE = new TransferBubble(0, 0);

        public boolean on() {
            return aluPorts != 0;
        }
    }

    /** How µops are bound to ports. */
    public enum PortPolicy {
        /** At allocation, to the allowed port with the fewest µops waiting (Intel). */
        LEAST_LOADED_AT_ALLOCATION,
        /**
         * At allocation, from each port's waiting µops at the start of the cycle: a µop in an even
         * rename slot takes the least loaded port, one in an odd slot the second least loaded unless
         * that trails by 3 or more (Intel, as the uiCA paper reverse-engineered it on 8-port cores).
         */
        BY_ISSUE_SLOT_AT_ALLOCATION,
        /** At allocation, to the scheduler queue with the most free entries among those that can serve it (Zen). */
        PER_QUEUE
    }

    /**
     * @param fetchBytes           bytes the predecoder looks at per cycle (an aligned window)
     * @param predecodeWidth       instructions predecoded per cycle at most
     * @param lcpPenalty           extra predecode cycles for a length-changing prefix
     * @param instructionQueue     instruction queue entries between predecode and decode
     * @param decoders             decoders; the first also takes multi-µop instructions
     * @param complexDecoderUops   µops the first decoder emits for one instruction at most
     * @param simpleDecoderUops    µops each other decoder emits for one instruction at most
     * @param decodeUopsPerCycle   µops the decoders deliver per cycle at most
     * @param microcodeThreshold   instructions with more µops come from the microcode sequencer
     * @param microcodeUopsPerCycle µops per cycle from the microcode sequencer
     * @param uopCacheUops         µop cache (DSB) delivery per cycle; 0 = no µop cache
     * @param uopCacheWindow       bytes per µop-cache window (32 on Skylake, 64 on Ice Lake)
     * @param uopCacheWindowsPerCycle windows of consecutive code one cycle's µop-cache delivery may span
     * @param uopCacheCapacity     µops the cache holds (a loop bigger than this runs from the decoders)
     * @param loopBuffer           µops of a loop the loop buffer can stream by itself (LSD); 0 = none. It
     *                             delivers up to the rename width per cycle but not across the loop's end, unless
     *                             the loop is smaller than the rename width (then it is unrolled)
     * @param uopQueue             µop queue (IDQ) entries
     * @param takenBranchesPerCycle taken branches the front end follows per cycle
     * @param macroFusion          instruction pairs fused into one slot
     * @param jccErratum           the JCC-erratum rule: a branch crossing or ending at a 32-byte line is not cached
     * @param microcodeExitCycles  for a form with its own sequencer cycles: cycles after its flow's µops are out
     *                             before the front end delivers other instructions
     */
    public record FrontEnd(int fetchBytes, int predecodeWidth, int lcpPenalty, int instructionQueue, int decoders,
                           int complexDecoderUops, int simpleDecoderUops, int decodeUopsPerCycle, int microcodeThreshold,
                           int microcodeUopsPerCycle, int uopCacheUops, int uopCacheWindow, int uopCacheCapacity,
                           int loopBuffer, int uopQueue, double takenBranchesPerCycle, List<FusionRule> macroFusion,
                           boolean jccErratum, boolean loopBufferAcrossIterations, int uopCacheWindowsPerCycle,
                           int microcodeExitCycles) {

        /** The same front end whose µop cache delivers from one window a cycle, with no sequencer exit delay. */
        public FrontEnd(int fetchBytes, int predecodeWidth, int lcpPenalty, int instructionQueue, int decoders,
                        int complexDecoderUops, int simpleDecoderUops, int decodeUopsPerCycle, int microcodeThreshold,
                        int microcodeUopsPerCycle, int uopCacheUops, int uopCacheWindow, int uopCacheCapacity,
                        int loopBuffer, int uopQueue, double takenBranchesPerCycle, List<FusionRule> macroFusion,
                        boolean jccErratum, boolean loopBufferAcrossIterations) {
            this(fetchBytes, predecodeWidth, lcpPenalty, instructionQueue, decoders, complexDecoderUops, simpleDecoderUops,
                    decodeUopsPerCycle, microcodeThreshold, microcodeUopsPerCycle, uopCacheUops, uopCacheWindow, uopCacheCapacity,
                    loopBuffer, uopQueue, takenBranchesPerCycle, macroFusion, jccErratum, loopBufferAcrossIterations, 1, 0);
        }
    }

    /**
     * A first instruction (by assembler mnemonic) that fuses with the following conditional branches
     * (assembler mnemonics); {@code memory}: it may have a memory operand; {@code memoryImmediate}:
     * it may have a memory operand and an immediate.
     */
    public record FusionRule(List<String> first, List<String> second, boolean memory, boolean memoryImmediate) {}

    /** A scheduler queue: entries, and the ports it issues to (bit mask). */
    public record Scheduler(String name, int size, int portMask) {}

    /**
     * @param loadToUse          cycles from a load's dispatch to its data for a simple address (base + small displacement)
     * @param loadToUseComplex   the same with an index register or a large displacement
     * @param vectorLoadExtra    extra cycles for a load into a vector register
     * @param loadBuffer         load buffer entries
     * @param storeBuffer        store buffer entries
     * @param forwardLatency     cycles from a store's data to a load that reads it, when forwarding works; a
     *                           fractional average (4.5) is realised by alternating the neighbouring whole
     *                           cycles so that the average over forwards is the figure
     * @param renamingShapes     the address shapes memory renaming recognises
     * @param renamingPerCycle   loads memory renaming handles per cycle (0 = no limit)
     * @param forwardFailPenalty cycles a load waits beyond the store's commit when forwarding cannot work
     * @param memoryRenaming     a load reading what an older store of the same address shape wrote takes
     *                           the store's data register directly (Zen 3, Ice Lake family)
     * @param renamingLatency    cycles such a load's result is behind the stored value
     * @param dependencePolicy   what a load does about older stores whose address is not known yet
     * @param inOrderLoads       loads never pass older memory operations
     * @param storeCommitsPerCycle retired stores written to the cache per cycle at most (0 = no limit)
     * @param storeCommitSameLine  a cycle's second and later commits must write the first one's 64-byte line
     * @param renamingReadModifyWrite which read-modify-write stores memory renaming passes on to a load
     * @param loadBanks          how many loads a cycle may start in one L1 bank
     * @param renamingSameCycle  a load is renamed from a store renamed in the same cycle (false: it waits a cycle)
     * @param renamedValues      the values memory renaming moves (a pair whose store or load is of another kind forwards)
     * @param renamingLearnedLoads loads of a loop renamed from a store written through another address expression,
     *                           once the pair repeats, at most (a loop with more gets none; unrolled code none)
     */
    public record LoadStore(int loadToUse, int loadToUseComplex, int vectorLoadExtra, int loadBuffer, int storeBuffer,
                            double forwardLatency, int forwardFailPenalty, boolean memoryRenaming, int renamingLatency,
                            java.util.Set<RenamingShape> renamingShapes, int renamingPerCycle, DependencePolicy dependencePolicy,
                            boolean inOrderLoads, int storeCommitsPerCycle, boolean storeCommitSameLine,
                            ReadModifyWriteRenaming renamingReadModifyWrite, LoadBanks loadBanks, boolean renamingSameCycle,
                            java.util.Set<RenamedValue> renamedValues, double forwardComputedExtra, int segmentStorePorts,
                            int renamingLearnedLoads) {

        /** The same unit that renames only the address shapes it recognises (no learned pairs). */
        public LoadStore(int loadToUse, int loadToUseComplex, int vectorLoadExtra, int loadBuffer, int storeBuffer,
                         double forwardLatency, int forwardFailPenalty, boolean memoryRenaming, int renamingLatency,
                         java.util.Set<RenamingShape> renamingShapes, int renamingPerCycle, DependencePolicy dependencePolicy,
                         boolean inOrderLoads, int storeCommitsPerCycle, boolean storeCommitSameLine,
                         ReadModifyWriteRenaming renamingReadModifyWrite, LoadBanks loadBanks, boolean renamingSameCycle,
                         java.util.Set<RenamedValue> renamedValues, double forwardComputedExtra, int segmentStorePorts) {
            this(loadToUse, loadToUseComplex, vectorLoadExtra, loadBuffer, storeBuffer, forwardLatency, forwardFailPenalty,
                    memoryRenaming, renamingLatency, renamingShapes, renamingPerCycle, dependencePolicy, inOrderLoads,
                    storeCommitsPerCycle, storeCommitSameLine, renamingReadModifyWrite, loadBanks, renamingSameCycle, renamedValues,
                    forwardComputedExtra, segmentStorePorts, 0);
        }

        /** The same unit without a port limit for FS/GS stores. */
        public LoadStore(int loadToUse, int loadToUseComplex, int vectorLoadExtra, int loadBuffer, int storeBuffer,
                         double forwardLatency, int forwardFailPenalty, boolean memoryRenaming, int renamingLatency,
                         java.util.Set<RenamingShape> renamingShapes, int renamingPerCycle, DependencePolicy dependencePolicy,
                         boolean inOrderLoads, int storeCommitsPerCycle, boolean storeCommitSameLine,
                         ReadModifyWriteRenaming renamingReadModifyWrite, LoadBanks loadBanks, boolean renamingSameCycle,
                         java.util.Set<RenamedValue> renamedValues, double forwardComputedExtra) {
            this(loadToUse, loadToUseComplex, vectorLoadExtra, loadBuffer, storeBuffer, forwardLatency, forwardFailPenalty,
                    memoryRenaming, renamingLatency, renamingShapes, renamingPerCycle, dependencePolicy, inOrderLoads,
                    storeCommitsPerCycle, storeCommitSameLine, renamingReadModifyWrite, loadBanks, renamingSameCycle, renamedValues,
                    forwardComputedExtra, 0);
        }

        /** The same unit forwarding computed data as fast as loaded data. */
        public LoadStore(int loadToUse, int loadToUseComplex, int vectorLoadExtra, int loadBuffer, int storeBuffer,
                         double forwardLatency, int forwardFailPenalty, boolean memoryRenaming, int renamingLatency,
                         java.util.Set<RenamingShape> renamingShapes, int renamingPerCycle, DependencePolicy dependencePolicy,
                         boolean inOrderLoads, int storeCommitsPerCycle, boolean storeCommitSameLine,
                         ReadModifyWriteRenaming renamingReadModifyWrite, LoadBanks loadBanks, boolean renamingSameCycle,
                         java.util.Set<RenamedValue> renamedValues) {
            this(loadToUse, loadToUseComplex, vectorLoadExtra, loadBuffer, storeBuffer, forwardLatency, forwardFailPenalty,
                    memoryRenaming, renamingLatency, renamingShapes, renamingPerCycle, dependencePolicy, inOrderLoads,
                    storeCommitsPerCycle, storeCommitSameLine, renamingReadModifyWrite, loadBanks, renamingSameCycle, renamedValues, 0);
        }

        /** The same unit whose memory renaming moves values of every kind. */
        public LoadStore(int loadToUse, int loadToUseComplex, int vectorLoadExtra, int loadBuffer, int storeBuffer,
                         double forwardLatency, int forwardFailPenalty, boolean memoryRenaming, int renamingLatency,
                         java.util.Set<RenamingShape> renamingShapes, int renamingPerCycle, DependencePolicy dependencePolicy,
                         boolean inOrderLoads, int storeCommitsPerCycle, boolean storeCommitSameLine,
                         ReadModifyWriteRenaming renamingReadModifyWrite, LoadBanks loadBanks, boolean renamingSameCycle) {
            this(loadToUse, loadToUseComplex, vectorLoadExtra, loadBuffer, storeBuffer, forwardLatency, forwardFailPenalty,
                    memoryRenaming, renamingLatency, renamingShapes, renamingPerCycle, dependencePolicy, inOrderLoads,
                    storeCommitsPerCycle, storeCommitSameLine, renamingReadModifyWrite, loadBanks, renamingSameCycle,
                    java.util.EnumSet.allOf(RenamedValue.class));
        }

        /** The same unit with the later features at their defaults: every RMW store renamed, no bank limit, same-cycle renaming. */
        public LoadStore(int loadToUse, int loadToUseComplex, int vectorLoadExtra, int loadBuffer, int storeBuffer,
                         double forwardLatency, int forwardFailPenalty, boolean memoryRenaming, int renamingLatency,
                         java.util.Set<RenamingShape> renamingShapes, int renamingPerCycle, DependencePolicy dependencePolicy,
                         boolean inOrderLoads, int storeCommitsPerCycle, boolean storeCommitSameLine) {
            this(loadToUse, loadToUseComplex, vectorLoadExtra, loadBuffer, storeBuffer, forwardLatency, forwardFailPenalty,
                    memoryRenaming, renamingLatency, renamingShapes, renamingPerCycle, dependencePolicy, inOrderLoads,
                    storeCommitsPerCycle, storeCommitSameLine, ReadModifyWriteRenaming.ANY, LoadBanks.NONE, true);
        }

        /** The same unit with no limit on store commits beyond the store ports. */
        public LoadStore(int loadToUse, int loadToUseComplex, int vectorLoadExtra, int loadBuffer, int storeBuffer,
                         double forwardLatency, int forwardFailPenalty, boolean memoryRenaming, int renamingLatency,
                         java.util.Set<RenamingShape> renamingShapes, int renamingPerCycle, DependencePolicy dependencePolicy,
                         boolean inOrderLoads) {
            this(loadToUse, loadToUseComplex, vectorLoadExtra, loadBuffer, storeBuffer, forwardLatency, forwardFailPenalty,
                    memoryRenaming, renamingLatency, renamingShapes, renamingPerCycle, dependencePolicy, inOrderLoads, 0, false);
        }
    }

    /**
     * L1 banks of {@code bankBytes} over a 64-byte line; at most {@code loadsPerBank} loads start in
     * one bank per cycle. Symbolic addresses have line-aligned bases, so a load's bank is its offset's.
     */
    public record LoadBanks(int bankBytes, int loadsPerBank) {
        public static final LoadBanks NONE = new LoadBanks(0, 0);

        public boolean limited() { return bankBytes > 0 && loadsPerBank > 0; }

        /** The bank of an address with this line offset (any offset; bases are line-aligned). */
        public int bank(long offset) { return (int) (Math.floorMod(offset, 64L) / bankBytes); }

        public int banks() { return limited() ? Math.max(1, 64 / bankBytes) : 0; }

        /** Banks a load of {@code bytes} at this line offset touches (consecutive from its first; at most all). */
        public int banksTouched(long offset, int bytes) {
            long start = Math.floorMod(offset, (long) bankBytes);
            return (int) Math.min(banks(), Math.max(1, (start + Math.max(1, bytes) - 1) / bankBytes + 1));
        }
    }

    /** Read-modify-write stores (ADD [m], r) whose result memory renaming passes on to a later load. */
    public enum ReadModifyWriteRenaming {
        ANY,
        /** Only those with no register source besides the address (ADD [m], 1, INC [m]). */
        IMMEDIATE_SOURCE,
        NONE
    }

    /**
     * The kind of value a store writes or a load reads, as memory renaming sees it: a vector register's,
     * or a general-purpose value of the memory operand's width.
     */
    public enum RenamedValue { GPR8, GPR16, GPR32, GPR64, VECTOR, SIGN_EXTENDED }

    /** Store/load pairs memory renaming recognises. */
    public enum RenamingShape {
        /** Both address the stack through RSP or RBP with the same displacement. */
        STACK,
        /** Both are written with the same base register and displacement, no index. */
        BASE_DISPLACEMENT,
        /** Neither address has an index register (any bases and displacements). */
        UNINDEXED,
        /** Any pair that reads exactly what the store wrote (the predictor learns the pair). */
        ANY
    }

    public enum DependencePolicy {
        /** A load waits until every older store address is known. */
        WAIT_FOR_OLDER_STORES,
        /** A load goes ahead; a predictor trained per instruction makes those that alias wait (steady state). */
        PREDICT_PER_INSTRUCTION,
        /** A load goes ahead unless it aliases an older store whose address is known. */
        PREDICT_INDEPENDENT
    }

    /** What rename does with an idiom: nothing, drop its input dependence, or also its µop. */
    public enum IdiomHandling { NONE, DEPENDENCY_BREAKING, ELIMINATED }

    /**
     * @param moveEliminationGpr     register-to-register GPR moves take no µop
     * @param moveEliminationVector  vector register moves take no µop
     * @param zeroIdioms             XOR/SUB/PXOR... of a register with itself
     * @param onesIdioms             PCMPEQ of a register with itself
     * @param carryIdioms            SBB r, r (only CF matters)
     * @param partialRegisterMerge   an 8/16-bit GPR write depends on the old full register
     * @param moveFusion             which register moves fold into the ALU operation after them
     * @param serializing            uops.info mnemonics of the instructions rename marks as barriers: they start
     *                               once every older instruction has retired, and no younger µop starts before they complete
     * @param foldedImmediates       which consumers of a register + offset kept at rename need the sum first
     * @param logicFlags             which flag consumers are slower when a logical operation set the flags
     * @param sseZeroIdioms          zero idioms in legacy SSE encoding on XMM registers (they keep the upper bits)
     * @param splitAcrossCycles      an instruction of several slots may take the last slots of a cycle and the first of the next
     * @param microcodeAlone         an instruction from the microcode sequencer is renamed in cycles of its own
     * @param dispatchLimits         per group of ports (a mask), the most µops a cycle renames whose ports all lie in it
     */
    public record RenameFeatures(boolean moveEliminationGpr, boolean moveEliminationVector, IdiomHandling zeroIdioms,
                                 IdiomHandling onesIdioms, IdiomHandling carryIdioms, boolean partialRegisterMerge,
                                 MoveFusionRule moveFusion, java.util.Set<String> serializing, FoldedImmediates foldedImmediates,
                                 LogicFlags logicFlags, IdiomHandling sseZeroIdioms, boolean splitAcrossCycles,
                                 boolean microcodeAlone, java.util.List<DispatchLimit> dispatchLimits) {

        public RenameFeatures {
            serializing = java.util.Set.copyOf(serializing);
            dispatchLimits = java.util.List.copyOf(dispatchLimits);
        }

        /** Features without limits on a rename cycle's content beyond the width. */
        public RenameFeatures(boolean moveEliminationGpr, boolean moveEliminationVector, IdiomHandling zeroIdioms,
                              IdiomHandling onesIdioms, IdiomHandling carryIdioms, boolean partialRegisterMerge,
                              MoveFusionRule moveFusion, java.util.Set<String> serializing, FoldedImmediates foldedImmediates,
                              LogicFlags logicFlags, IdiomHandling sseZeroIdioms, boolean splitAcrossCycles) {
            this(moveEliminationGpr, moveEliminationVector, zeroIdioms, onesIdioms, carryIdioms, partialRegisterMerge, moveFusion,
                    serializing, foldedImmediates, logicFlags, sseZeroIdioms, splitAcrossCycles, false, java.util.List.of());
        }

        /** Features whose instructions may be split across rename cycles. */
        public RenameFeatures(boolean moveEliminationGpr, boolean moveEliminationVector, IdiomHandling zeroIdioms,
                              IdiomHandling onesIdioms, IdiomHandling carryIdioms, boolean partialRegisterMerge,
                              MoveFusionRule moveFusion, java.util.Set<String> serializing, FoldedImmediates foldedImmediates,
                              LogicFlags logicFlags, IdiomHandling sseZeroIdioms) {
            this(moveEliminationGpr, moveEliminationVector, zeroIdioms, onesIdioms, carryIdioms, partialRegisterMerge, moveFusion,
                    serializing, foldedImmediates, logicFlags, sseZeroIdioms, true);
        }

        /** Features without move fusion or serializing instructions. */
        public RenameFeatures(boolean moveEliminationGpr, boolean moveEliminationVector, IdiomHandling zeroIdioms,
                              IdiomHandling onesIdioms, IdiomHandling carryIdioms, boolean partialRegisterMerge) {
            this(moveEliminationGpr, moveEliminationVector, zeroIdioms, onesIdioms, carryIdioms, partialRegisterMerge, MoveFusionRule.NONE,
                    java.util.Set.of(), FoldedImmediates.NONE, LogicFlags.NONE, zeroIdioms);
        }

        /** An idiom's handling; {@code legacySseVector}: the form is legacy SSE encoded on XMM registers. */
        public IdiomHandling handling(dev.uopsim.isa.Idiom idiom, boolean legacySseVector) {
            return idiom == dev.uopsim.isa.Idiom.ZERO && legacySseVector ? sseZeroIdioms : handling(idiom);
        }

        public IdiomHandling handling(dev.uopsim.isa.Idiom idiom) {
            return switch (idiom) {
                case ZERO -> zeroIdioms;
                case ONES -> onesIdioms;
                case CARRY_ONLY -> carryIdioms;
                case NONE -> IdiomHandling.NONE;
            };
        }
    }

    /** At most {@code perCycle} µops a rename cycle whose ports all lie in {@code portMask}. */
    public record DispatchLimit(int portMask, int perCycle) {}

    /**
     * MOV r1, r2 followed by one of {@code operations} (assembler mnemonics, lower case) on r1 with an
     * immediate encoded in {@code immediateBits}: one slot, and the operation's µop reads r2.
     */
    public record MoveFusionRule(java.util.Set<String> operations, int immediateBits) {
        public static final MoveFusionRule NONE = new MoveFusionRule(java.util.Set.of(), 32);

        public MoveFusionRule {
            operations = java.util.Set.copyOf(operations);
        }

        public boolean any() { return !operations.isEmpty(); }
    }

    /**
     * A register whose last writer the renamer ran as "register + offset" (an ADD r64, imm the model
     * gives no µop) must have the offset added before a consumer in {@code materializedBy} (uops.info
     * mnemonics) reads it: one more µop on the consumer's ports, {@code latency} cycles before it. A 64-bit
     * ADD/SUB whose immediate's magnitude is below {@code immediatesBelow} (0: none) runs as the table's
     * 8-bit-immediate form of the same operation, whatever its own encoding. A reader of the flags such
     * a folded instruction writes takes them {@code flagsLatency} cycles after its register input.
     */
    public record FoldedImmediates(java.util.Set<String> materializedBy, int latency, long immediatesBelow, int flagsLatency) {
        public static final FoldedImmediates NONE = new FoldedImmediates(java.util.Set.of(), 0, 0, 0);

        public FoldedImmediates {
            materializedBy = java.util.Set.copyOf(materializedBy);
        }

        public FoldedImmediates(java.util.Set<String> materializedBy, int latency) {
            this(materializedBy, latency, 0, 0);
        }

        public FoldedImmediates(java.util.Set<String> materializedBy, int latency, long immediatesBelow) {
            this(materializedBy, latency, immediatesBelow, 0);
        }

        public boolean any() { return !materializedBy.isEmpty(); }
    }

    /**
     * A consumer whose uops.info mnemonic starts with one of {@code consumers} (CMOV, SET) and whose flags
     * come from one starting with one of {@code producers} (TEST, AND, OR, XOR) takes {@code latency} more
     * cycles from each of its inputs (its flags input only when {@code flagsInput}).
     */
    public record LogicFlags(java.util.List<String> producers, java.util.List<String> consumers, int latency, boolean flagsInput) {
        public static final LogicFlags NONE = new LogicFlags(java.util.List.of(), java.util.List.of(), 0, true);

        public LogicFlags {
            producers = java.util.List.copyOf(producers);
            consumers = java.util.List.copyOf(consumers);
        }

        public boolean any() { return !producers.isEmpty() && !consumers.isEmpty() && latency > 0; }

        static boolean matches(java.util.List<String> prefixes, String mnemonic) {
            for (String p : prefixes) if (mnemonic.startsWith(p)) return true;
            return false;
        }
    }

    /** Bit mask of all ports. */
    public int allPorts() {
        return (1 << portNames.size()) - 1;
    }
}
