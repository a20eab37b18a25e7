package dev.uopsim.model;

/** Fetch and decode, the µop cache and the loop buffer. */
public record FrontEnd(
        @Param(value = "bytes the legacy decode path fetches per cycle", def = "16", min = 1) int fetchBytes,
        @Param(value = "x86 instructions the legacy decoders decode per cycle", def = "4", min = 1) int decodeWidth,
        @Param(value = "legacy decode path: predecoder, instruction queue, decoders, microcode sequencer", def = "{}")
        LegacyDecode legacyDecode,
        @Param(value = "decoded µop cache; width 0 = none", def = "{}") UopCache uopCache,
        @Param(value = "loop stream detector / loop buffer; size 0 = none", def = "{}") LoopBuffer loopBuffer,
        @Param(value = "µop queue between front end and rename (Intel IDQ), µops", def = "64", min = 1) int queueSize,
        @Param(value = "taken branches per cycle the front end can follow (0.5 = one every other cycle)", def = "1", min = 0.01)
        double takenBranchesPerCycle,
        @Param(value = "id in 'sources' for the numbers of this object", def = Param.OPTIONAL) String source) {

    public record UopCache(@Param(value = "µops delivered per cycle; 0 = no µop cache", def = "0") int width,
                           @Param(value = "bytes of code one cache window (way set) covers", def = "32", min = 1) int windowBytes,
                           @Param(value = "capacity in µops", def = "1536") int size,
                           @Param(value = "windows one cycle's delivery may span (consecutive code)", def = "1", min = 1) int windowsPerCycle,
                           @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}

    public record LoopBuffer(@Param(value = "µops the loop buffer holds; 0 = none", def = "0") int size,
                             @Param(value = "whether it goes on into the next iteration in the cycle it delivers the loop's branch "
                                     + "(up to the taken branches per cycle); otherwise the branch ends the cycle's delivery, and "
                                     + "only a loop shorter than the rename width is unrolled", def = "false")
                             boolean acrossIterations,
                             @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}

    /** The legacy decode path in detail (what uiCA calls predecode and MITE). */
    public record LegacyDecode(
            @Param(value = "instructions the predecoder marks per cycle", def = "5", min = 1) int predecodeWidth,
            @Param(value = "extra predecode cycles for a length-changing prefix (66h/67h that changes an immediate's size)", def = "3")
            int lcpPenalty,
            @Param(value = "instruction queue between predecode and decode, instructions", def = "25", min = 1) int instructionQueue,
            @Param(value = "µops the first (complex) decoder emits for one instruction", def = "4", min = 1) int complexDecoderUops,
            @Param(value = "µops each other decoder emits for one instruction", def = "1", min = 1) int simpleDecoderUops,
            @Param(value = "µops the decoders deliver per cycle", def = "4", min = 1) int decodeUops,
            @Param(value = "instructions with more µops than this come from the microcode sequencer", def = "4", min = 1) int microcodeThreshold,
            @Param(value = "µops per cycle from the microcode sequencer", def = "4", min = 1) int microcodeUops,
            @Param(value = "for forms whose row gives microcodeCycles: cycles after the sequencer has handed out such a flow's "
                    + "µops (at microcodeUops a cycle) before the front end delivers other instructions", def = "0", min = 0)
            int microcodeExitCycles,
            @Param(value = "the JCC-erratum rule: a jump crossing or ending on a 32-byte boundary is not kept in the µop cache", def = "false")
            boolean jccErratum,
            @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}
}
