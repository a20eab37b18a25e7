package dev.uopsim.model;

/** Fetch and decode, the µop cache and the loop buffer. */
public record FrontEnd(
        @Param(value = "bytes the legacy decode path fetches per cycle", def = "16", min = 1) int fetchBytes,
        @Param(value = "x86 instructions the legacy decoders decode per cycle", def = "4", min = 1) int decodeWidth,
        @Param(value = "decoded µop cache; width 0 = none", def = "{}") UopCache uopCache,
        @Param(value = "loop stream detector / loop buffer; size 0 = none", def = "{}") LoopBuffer loopBuffer,
        @Param(value = "µop queue between front end and rename (Intel IDQ), µops", def = "64", min = 1) int queueSize,
        @Param(value = "taken branches per cycle the front end can follow (0.5 = one every other cycle)", def = "1", min = 0.01)
        double takenBranchesPerCycle,
        @Param(value = "id in 'sources' for the numbers of this object", def = Param.OPTIONAL) String source) {

    public record UopCache(@Param(value = "µops delivered per cycle; 0 = no µop cache", def = "0") int width,
                           @Param(value = "bytes of code one cache window (way set) covers", def = "32", min = 1) int windowBytes,
                           @Param(value = "capacity in µops", def = "1536") int size,
                           @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}

    public record LoopBuffer(@Param(value = "µops the loop buffer holds; 0 = none", def = "0") int size,
                             @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}
}
