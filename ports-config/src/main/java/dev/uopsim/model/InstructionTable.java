package dev.uopsim.model;

import java.util.List;
import java.util.Map;

/**
 * Per-form timing. Keys are instruction forms in uops.info notation ({@code ADD (R64, M64)});
 * rows the instruction model does not know (yet) are kept by name and reported when binding.
 */
public record InstructionTable(
        @Param(value = "id in 'sources' for every row without its own source", def = Param.OPTIONAL) String source,
        @Param(value = "form name -> timing", def = "{}") Map<String, Form> forms) {

    public InstructionTable {
        forms = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(forms));
    }

    /**
     * One form's timing on this core.
     *
     * <p>Latencies are keyed by {@link LatencyKey} ({@code op1->op0}, {@code mem->*}, {@code *->*}).
     */
    public record Form(
            @Param(value = "ISA extension, uops.info family (BASE, AVX2...)", def = "\"BASE\"") String ext,
            @Param(value = "slots in the front end, rename and retirement (Intel fused-domain µops, AMD macro-ops)", def = "1") int slots,
            @Param(value = "execution µops; empty = executes nowhere (eliminated, NOP)", def = "[]") List<Uop> uops,
            @Param(value = "latency per operand pair FROM->TO, cycles; \"<=n\" for an upper bound", def = "{}") Map<String, Latency> latency,
            @Param(value = "measured reciprocal throughput, cycles per instruction", def = Param.OPTIONAL) Double throughput,
            @Param(value = "bypass domain of its register results and inputs (a name in bypass.domains); absent = none, no delay either way",
                    def = Param.OPTIONAL) String domain,
            @Param(value = "cycles from the start of this form's microcode flow to the start of the sequencer's next flow; the front end "
                    + "delivers other instructions once the flow's slots are out at the sequencer's µops per cycle and "
                    + "frontEnd.legacyDecode.microcodeExitCycles have passed; absent = its slots at the sequencer's µops per cycle",
                    def = Param.OPTIONAL) Integer microcodeCycles,
            @Param(value = "id in 'sources' when this row's numbers come from elsewhere than the table's", def = Param.OPTIONAL) String source) {
        public Form {
            uops = List.copyOf(uops);
            latency = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(latency));
        }

        /** Execution µops, counting repeats. */
        public int uopCount() {
            int n = 0;
            for (Uop u : uops) n += u.count();
            return n;
        }
    }

    /** µops of one kind: how many, the ports each may use, and a non-pipelined unit it occupies. */
    public record Uop(@Param("ports it may dispatch to") List<String> ports,
                      @Param(value = "how many such µops", def = "1", min = 1) int count,
                      @Param(value = "a non-pipelined unit it occupies (DIV, FP_DIV, LOAD...)", def = Param.OPTIONAL) Unit unit,
                      @Param(value = "cycles it keeps that unit busy", def = "1", min = 1) int occupancy) {
        public Uop {
            ports = List.copyOf(ports);
        }

        public static Uop on(List<String> ports) {
            return new Uop(ports, 1, null, 1);
        }
    }

    /** Rows in name order (for reports). */
    public List<String> names() {
        return forms.keySet().stream().sorted().toList();
    }
}
