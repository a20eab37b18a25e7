package dev.uopsim.model;

import java.util.List;

/** The load/store unit. Load, store-address and store-data ports are the ports with those units. */
public record Memory(
        @Param(value = "load-to-use latency of a plain load, cycles, per destination register class", def = "{}") LoadToUse loadToUse,
        @Param(value = "load buffer (load queue) entries", def = "72", min = 1) int loadBuffer,
        @Param(value = "store buffer (store queue) entries", def = "56", min = 1) int storeBuffer,
        @Param(value = "widest access one load port handles per cycle, bytes; wider loads take several cycles", def = "32", min = 1) int loadPortBytes,
        @Param(value = "widest store one store-data port writes per cycle, bytes", def = "32", min = 1) int storePortBytes,
        @Param(value = "store-to-load forwarding", def = "{}") StoreForwarding storeForwarding,
        @Param(value = "memory renaming: a load takes an older store's data at rename", def = "{}") MemoryRenaming memoryRenaming,
        @Param(value = "how fast retired stores leave the store buffer for the L1 cache", def = "{}") StoreCommit storeCommit,
        @Param(value = "banks of the L1 data cache: how many loads a cycle may start in one bank", def = "{}") LoadBanks loadBanks,
        @Param(value = "what a load does while an older store's address is unknown", def = "\"predict-independent\"") DependencePolicy dependencePolicy,
        @Param(value = "extra cycles when a load predicted independent turns out to alias an older store (pipeline flush)", def = "15")
        int misspeculationPenalty,
        @Param(value = "whether loads issue out of program order with respect to each other", def = "\"out-of-order\"") LoadIssue loadIssue,
        @Param(value = "ports a store through FS or GS may take its address µop to (the lowest of its set); 0 = all of them", def = "0", min = 0)
        int segmentStorePorts,
        @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {

    public record LoadToUse(@Param(value = "into a general-purpose register", def = "4") int gpr,
                            @Param(value = "into a vector register", def = "5") int vector,
                            @Param(value = "extra cycles when the address has an index register or a displacement of 2048 or more", def = "1")
                            int complexAddress,
                            @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}

    public enum ForwardCase {
        /** The load reads exactly the bytes the store wrote. */
        EXACT,
        /** The load starts where the store starts and is narrower. */
        SAME_START,
        /** The load lies anywhere inside the store. */
        CONTAINED
    }

    public record StoreForwarding(@Param(value = "store-to-load forwarding latency, cycles (store data ready -> load result); a measured average such as 4.5 is kept as such", def = "5") double latency,
                                  @Param(value = "size/offset cases forwarding covers", def = "[\"exact\", \"same-start\", \"contained\"]")
                                  List<ForwardCase> cases,
                                  @Param(value = "extra cycles when a load overlaps a store it cannot forward from (waits for the store to commit)", def = "12")
                                  int failurePenalty,
                                  @Param(value = "extra cycles when the stored data was computed by an operation (an ALU result, a read-modify-write's) "
                                          + "rather than loaded or moved: the development host forwards a reloaded value in 5.0 cycles, one through "
                                          + "an ADD in 7.0-7.4 (5 + 1 + this)", def = "0", min = 0)
                                  double computedDataExtra,
                                  @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {
        public StoreForwarding {
            cases = List.copyOf(cases);
        }
    }

    public enum AddressShape {
        /** RSP- or RBP-relative with a constant displacement (stack slots). */
        STACK,
        /** Same base register and displacement, no index. */
        BASE_DISPLACEMENT,
        /** Any base registers and displacements, but no index register in either address. */
        UNINDEXED,
        /** Same base, index, scale and displacement. */
        ANY
    }

    public record MemoryRenaming(@Param(value = "whether the core renames memory", def = "false") boolean enabled,
                                 @Param(value = "address shapes it recognises", def = "[]") List<AddressShape> shapes,
                                 @Param(value = "latency of a renamed store->load pair, cycles (0 = like a register move)", def = "0") int latency,
                                 @Param(value = "loads renamed per cycle at most; 0 = no limit", def = "0") int perCycle,
                                 @Param(value = "read-modify-write stores a load may be renamed to: any; immediate (only those whose other "
                                         + "operand is an immediate or none: ADD [m], 1, INC [m]); none", def = "\"any\"")
                                 ReadModifyWrite readModifyWrite,
                                 @Param(value = "whether a load is renamed in the cycle its store is renamed; false: it waits for the next cycle",
                                         def = "true") boolean sameCycle,
                                 @Param(value = "the values it passes on, by the register a store writes from and a load reads into: gpr8, gpr16, "
                                         + "gpr32, gpr64 (by the memory operand's width), vector, sign-extended (a MOVSX/MOVSXD load, whatever its width); a pair "
                                         + "outside the list forwards",
                                         def = "[\"gpr8\", \"gpr16\", \"gpr32\", \"gpr64\", \"vector\", \"sign-extended\"]") List<RenamedValue> values,
                                 @Param(value = "loads of a loop whose store pair it learns although the two address expressions differ "
                                         + "(another base register holding the same address), at most; 0 = none. A loop with more such "
                                         + "loads gets none of them renamed, and unrolled code (each copy a new load) none either",
                                         def = "0", min = 0) int learnedLoads,
                                 @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {
        public MemoryRenaming {
            shapes = List.copyOf(shapes);
            values = List.copyOf(values);
        }
    }

    /** The kind of value a renamed store/load pair moves. */
    /** What a load renamed from a store takes: by width, a vector, or a sign-extending load's (MOVSX, MOVSXD). */
    public enum RenamedValue { GPR8, GPR16, GPR32, GPR64, VECTOR, SIGN_EXTENDED }

    /** Which read-modify-write stores (the store of ADD [m], r) memory renaming passes on to a later load. */
    public enum ReadModifyWrite {
        ANY,
        /** Only those whose source besides memory is an immediate or nothing (INC, ADD [m], 1): not ADD [m], r. */
        IMMEDIATE,
        NONE
    }

    /**
     * Retired stores write the L1 cache in program order. Cores with two store ports may still
     * write only one cache line per cycle (Ice Lake and later pair two stores only when they hit
     * the same line), so code storing to many lines is bound by this, not by the ports.
     */
    public record StoreCommit(@Param(value = "stores committed per cycle at most; 0 = no limit beyond the store ports", def = "0", min = 0) int perCycle,
                              @Param(value = "whether a cycle's second and later stores must write the first one's 64-byte line", def = "false")
                              boolean sameLine,
                              @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}

    /**
     * The L1 data cache as banks of {@code bankBytes} interleaved over a 64-byte line: loads whose
     * addresses fall in one bank (the same bytes of different lines, or the same address) can start
     * only {@code loadsPerBank} a cycle, however many load ports are free.
     */
    public record LoadBanks(@Param(value = "bytes per bank; 0 = no bank limit", def = "0", min = 0) int bankBytes,
                            @Param(value = "loads that may start in one bank per cycle", def = "2", min = 1) int loadsPerBank,
                            @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}

    public enum DependencePolicy {
        /** Loads wait until every older store address is known. */
        WAIT,
        /** Loads go ahead; an alias found later costs {@link #misspeculationPenalty}. */
        PREDICT_INDEPENDENT,
        /** Per load instruction: predicted independent until it once aliased, then it waits (store-set-like). */
        LEARN
    }

    public enum LoadIssue { IN_ORDER, OUT_OF_ORDER }
}
