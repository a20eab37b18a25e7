package dev.uopsim.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Bypass (forwarding) domains: groups of execution units whose results reach each other on the
 * same forwarding network. A value that crosses from a producer of one domain to a consumer of
 * another arrives some cycles later than the producer's latency says (on Intel cores, between the
 * integer-vector and floating-point stacks). A form names its domain in
 * {@link InstructionTable.Form#domain()}; a form without one neither pays nor causes a delay.
 * Latencies in the instruction table are measured within a form's own domain.
 */
public record Bypass(
        @Param(value = "the domains, by name; forms name one in their 'domain'", def = "[]") List<String> domains,
        @Param(value = "extra cycles from a producer's domain to a consumer's domain: {\"FROM\": {\"TO\": cycles}}; pairs not listed cost 0; "
                + "a measured average such as 0.38 is kept as such (the simulator adds the whole cycle to that share of the crossings)",
                def = "{}") Map<String, Map<String, Double>> delays,
        @Param(value = "values moved from the vector unit into a general register or the flags (MOVMSKPS, MOVD r32, xmm, CVTSD2SI, "
                + "COMISS, PTEST, ...) as they land on the integer side", def = "{}") Transfers transfers,
        @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {

    public Bypass {
        domains = List.copyOf(domains);
        Map<String, Map<String, Double>> copy = new LinkedHashMap<>();
        delays.forEach((from, row) -> copy.put(from, Collections.unmodifiableMap(new LinkedHashMap<>(row))));
        delays = Collections.unmodifiableMap(copy);
    }

    /** No domains: every value reaches every consumer after its producer's latency. */
    public static final Bypass NONE = new Bypass(List.of(), Map.of(), Transfers.NONE, null);

    /**
     * A value moved from the vector unit lands in the integer register file through the integer side's
     * result network. On the Zen 4 guest measured here (characterize/experiments/zen4-vector-to-integer-bubble)
     * each such move cost the simple integer µops beside it one whole cycle of the four ALUs: one
     * VMOVD r32, xmm beside four independent LEAs 2.0 cycles, beside eight 3.0, two beside eight 4.0,
     * two beside two SHLX 3.1; multiplies (three cycles), loads and vector work beside it lost nothing.
     */
    public record Transfers(
            @Param(value = "whether single-cycle µops start on no integer ALU in the cycle before such a value lands, so that "
                    + "none lands beside it", def = "false") boolean bubble,
            @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {
        public static final Transfers NONE = new Transfers(false, null);
    }

    /** Extra cycles from a producer in domain {@code from} to a consumer in domain {@code to} (0 when not listed). */
    public double delay(String from, String to) {
        Map<String, Double> row = delays.get(from);
        Double d = row == null ? null : row.get(to);
        return d == null ? 0 : d;
    }
}
