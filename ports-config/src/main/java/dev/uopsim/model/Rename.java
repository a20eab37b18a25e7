package dev.uopsim.model;

import java.util.List;

/** The rename/allocate stage: its width and what it resolves without execution. */
public record Rename(
        @Param(value = "slots (fused-domain µops, or macro-ops) renamed and allocated per cycle", def = "4", min = 1) int width,
        @Param(value = "register moves performed at rename", def = "{}") MoveElimination moveElimination,
        @Param(value = "what rename does with idioms (same register as all sources)", def = "{}") Idioms idioms,
        @Param(value = "instruction pairs decoded into one slot (compare + conditional branch)", def = "[]") List<MacroFusion> macroFusion,
        @Param(value = "a register move folded into the ALU operation after it (MOV r, r then ADD r, imm32: one slot, one µop)", def = "{}")
        MoveFusion moveFusion,
        @Param(value = "flags from a logical operation (TEST, AND...) that slow a CMOVcc or SETcc reading them", def = "{}")
        LogicFlags logicFlags,
        @Param(value = "register + small immediate results the renamer keeps as an offset, and the consumers that must have them added first",
                def = "{}") ImmediateFolding immediateFolding,
        @Param(value = "micro-fusion of load+op and store-address+store-data, and when it is undone", def = "{}") MicroFusion microFusion,
        @Param(value = "physical register file sizes; 0 = unlimited (not modelled)", def = "{}") RegisterFiles registerFiles,
        @Param(value = "when a µop is bound to one port of its set", def = "{}") PortBinding portBinding,
        @Param(value = "whether an instruction of several slots may be renamed across two cycles", def = "{}") Split split,
        @Param(value = "what one rename cycle may hold: microcoded instructions, µops per group of ports", def = "{}") Dispatch dispatch,
        @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {

    public Rename {
        macroFusion = List.copyOf(macroFusion);
    }

    /**
     * What one rename cycle (a dispatch group) may hold. A Zen 4 guest (characterize/experiments/
     * zen4-microcode-dispatch) ran VHADDPS xmm (four macro-ops, two cycles from the microcode sequencer)
     * 2.00 cycles a copy with up to six CLCs after it, 3.00 with eight to twelve, 4.00 with fourteen: the
     * flow's macro-ops go in a group of their own and the others six a group after it. With CMPs in place
     * of the CLCs, 2.00 up to four, 3.00 with five to eight, 4.00 with ten or twelve: four integer ALU
     * operations a group (VPORs: 2.00 with five).
     */
    public record Dispatch(@Param(value = "true: an instruction from the microcode sequencer is renamed in cycles of its own, "
                                   + "without instructions before or after it", def = "false") boolean microcodeAlone,
                           @Param(value = "per group of ports, the most µops a cycle renames whose ports all lie in the group", def = "[]")
                           List<Limit> limits,
                           @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {
        public Dispatch {
            limits = List.copyOf(limits);
        }
    }

    public record Limit(@Param("the ports of the group") List<String> ports,
                        @Param(value = "µops a cycle", min = 1) int perCycle) {
        public Limit {
            ports = List.copyOf(ports);
        }
    }

    public record MoveElimination(@Param(value = "general-purpose register moves (MOV r64, r64; MOV r32, r32)", def = "false") boolean gpr,
                                  @Param(value = "vector register moves (MOVAPS/VMOVDQA...)", def = "false") boolean vector,
                                  @Param(value = "moves eliminated per cycle; 0 = as many as rename width", def = "0") int perCycle,
                                  @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}

    /**
     * Intel cores bind each µop to a port when it is allocated, choosing by the µops already waiting
     * for each port; AMD cores send a µop to a scheduler queue that serves fixed pipes and pick among
     * them when it issues.
     */
    public record PortBinding(@Param(value = "allocation (the least loaded port of the µop's set, at rename), dispatch (the first "
                                      + "free port of its queue when it issues), or auto (allocation with one scheduler, dispatch with several)",
                                      def = "\"auto\"") PortBindingTime at,
                              @Param(value = "how allocation picks among the µop's ports: least-loaded (the port with the fewest "
                                      + "µops waiting, counting those bound earlier in the same cycle) or issue-slot (from the "
                                      + "counts at the start of the cycle: µops in even rename slots take the least loaded port, "
                                      + "those in odd slots the second least loaded unless it trails by 3 or more; ties go to the "
                                      + "higher-numbered port)", def = "\"least-loaded\"") PortChoice choice,
                              @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}

    public enum PortBindingTime { AUTO, ALLOCATION, DISPATCH }

    /**
     * Whether an instruction of several slots may take the last slots of one rename cycle and the first
     * of the next. A Golden Cove-class host renamed three- and four-slot forms among one-slot ones at
     * their slots over the width; a Zen 4 guest did not split a two-slot XCHG or MULX: with nine
     * one-slot CLCs after each (eleven slots a copy, six a cycle) a copy took 2.00 cycles, not 1.83.
     */
    public record Split(@Param(value = "true: the slots left in a cycle take the first slots of an instruction wider than them "
                                + "and the next cycle the rest; false: such an instruction waits for the next cycle", def = "true") boolean allowed,
                        @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}

    /** How a µop bound at allocation picks one port of its set. */
    public enum PortChoice { LEAST_LOADED, ISSUE_SLOT }

    public enum IdiomHandling {
        /** Treated like any other instruction. */
        NONE,
        /** Still executes, but does not wait for its sources. */
        DEPENDENCY_BREAKING,
        /** Resolved at rename: no execution µop. */
        ELIMINATED
    }

    public record Idioms(@Param(value = "XOR/SUB/PXOR... of a register with itself (result zero)", def = "\"none\"") IdiomHandling zero,
                         @Param(value = "PCMPEQ of a register with itself (result all ones)", def = "\"none\"") IdiomHandling ones,
                         @Param(value = "SBB r, r (result depends only on CF)", def = "\"none\"") IdiomHandling carry,
                         @Param(value = "zero idioms in legacy SSE encoding on XMM registers (PXOR, XORPS, PSUBD...): they keep the "
                                 + "register's upper bits, and a core may run them on a vector port (a Zen 4 guest: twelve PXOR "
                                 + "xmm, xmm 3.0 cycles, twelve VPXOR 2.0); absent = as 'zero'", def = Param.OPTIONAL) IdiomHandling zeroSse,
                         @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {

        /** How the zero idioms of legacy SSE encoding are handled: {@code zeroSse}, else as the others. */
        public IdiomHandling zeroSseOrZero() { return zeroSse != null ? zeroSse : zero; }
    }

    /**
     * An instruction whose mnemonic is in {@code first} followed by a conditional branch whose
     * mnemonic is in {@code branches} ({@code *} = every Jcc) takes one slot and one µop.
     */
    public record MacroFusion(@Param("uops.info mnemonics of the first instruction (CMP, TEST, ADD...)") List<String> first,
                              @Param(value = "Jcc mnemonics it fuses with, uops.info spelling (JZ, JNZ, JB...); [\"*\"] = all", def = "[\"*\"]")
                              List<String> branches,
                              @Param(value = "whether a first instruction with a memory operand fuses", def = "true") boolean memory,
                              @Param(value = "whether one with both a memory operand and an immediate fuses", def = "false") boolean memoryImmediate,
                              @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {
        public MacroFusion {
            first = List.copyOf(first);
            branches = List.copyOf(branches);
        }
    }

    /**
     * MOV r1, r2 (32 or 64 bits) directly followed by an operation in {@code operations} that writes r1
     * from r1 and an immediate encoded in {@code immediateBits}: the pair takes one slot and the
     * operation's µop reads r2 (r1 = r2 op imm); the move costs nothing.
     */
    public record MoveFusion(@Param(value = "uops.info mnemonics of the operation (ADD, SUB, AND, OR, XOR); [] = no fusion", def = "[]")
                             List<String> operations,
                             @Param(value = "the immediate's encoded width in bits (32: ADD r, imm32 fuses, ADD r, imm8 does not)",
                                     def = "32", min = 8) int immediateBits,
                             @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {
        public MoveFusion {
            operations = List.copyOf(operations);
        }
    }

    /**
     * A 64-bit ADD/SUB/INC/DEC with an immediate, or LEA r, [r + disp], that the table gives no µop and
     * latency 0 is kept at rename as "register + offset"; a consumer in {@code materializedBy} (a shift)
     * cannot take the offset and gets one more µop on its ports, {@code latency} cycles before it. Whether an
     * ADD/SUB is folded depends on its immediate's value, not its encoding (measured on the development host:
     * chains of {@code add rax, 0x80} 0.32 cycles an add, {@code 0x3ff} 0.49, {@code 0x400} 1.00).
     */
    public record ImmediateFolding(@Param(value = "uops.info mnemonics of the consumers that need the value added first (SHL, SHR...); [] = none",
                                          def = "[]") List<String> materializedBy,
                                   @Param(value = "cycles the added µop puts before the consumer", def = "2", min = 0) int latency,
                                   @Param(value = "a 64-bit ADD/SUB with an immediate of smaller magnitude is folded whatever its encoding: "
                                           + "the 32-bit-immediate form runs as the table's 8-bit-immediate one; 0 = as the table says",
                                           def = "0", min = 0) int immediatesBelow,
                                   @Param(value = "cycles a reader of the flags of a folded ADD/SUB/INC/DEC (no µop) waits beyond that "
                                           + "instruction's register input: the flags are computed then", def = "0", min = 0) int flagsLatency,
                                   @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {
        public ImmediateFolding {
            materializedBy = List.copyOf(materializedBy);
        }
    }

    /**
     * A consumer in {@code consumers} (uops.info mnemonic prefixes: CMOV, SET) whose flags come from a
     * producer in {@code producers} (TEST, AND, OR, XOR) takes {@code latency} more cycles from each of its inputs.
     */
    public record LogicFlags(@Param(value = "uops.info mnemonic prefixes of the flag producers; [] = none", def = "[]") List<String> producers,
                             @Param(value = "uops.info mnemonic prefixes of the slowed consumers", def = "[]") List<String> consumers,
                             @Param(value = "extra cycles from each of the consumer's inputs", def = "1", min = 0) int latency,
                             @Param(value = "whether the flags input pays too; false where the producers' table rows already carry that cycle "
                                     + "(uops.info's Alder Lake-P: TEST r64, r64 -> flags 2, measured through a CMOV)", def = "true")
                             boolean flagsInput,
                             @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {
        public LogicFlags {
            producers = List.copyOf(producers);
            consumers = List.copyOf(consumers);
        }
    }

    public enum Unlamination {
        /** Micro-fused µops stay fused through rename. */
        NONE,
        /** Micro-fused µops with an indexed address are split at rename (Sandy/Ivy Bridge). */
        INDEXED,
        /** Split when indexed, unless the instruction has two operands and reads/writes its destination (Haswell and later). */
        INDEXED_UNLESS_RMW
    }

    public record MicroFusion(@Param(value = "when micro-fused µops are split again at rename", def = "\"none\"") Unlamination unlamination,
                              @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}

    public record RegisterFiles(@Param(value = "integer physical registers", def = "0") int gpr,
                                @Param(value = "vector/FP physical registers", def = "0") int vector,
                                @Param(value = "flags physical registers (0 = shared with gpr or not modelled)", def = "0") int flags,
                                @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}
}
