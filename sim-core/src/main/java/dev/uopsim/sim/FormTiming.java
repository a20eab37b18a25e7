package dev.uopsim.sim;

import java.util.List;

/**
 * How one form executes on one core (a static descriptor, computed once per model and form).
 *
 * @param slots   slots it takes in the front end, rename and retirement (fused µops / macro-ops)
 * @param uops    its execution µops; empty when it executes nowhere (NOP)
 * @param latency latency per operand pair
 * @param domain  its bypass domain (an index into the core's {@link CoreSpec.BypassDelays}), or -1 for none
 */
public record FormTiming(int slots, List<UopSpec> uops, LatencyTable latency, int domain, int microcodeCycles) {
    public FormTiming {
        uops = List.copyOf(uops);
    }

    /** A form whose microcode delivery (if any) takes its slots at the sequencer's rate. */
    public FormTiming(int slots, List<UopSpec> uops, LatencyTable latency, int domain) {
        this(slots, uops, latency, domain, 0);
    }

    /** A form in no bypass domain. */
    public FormTiming(int slots, List<UopSpec> uops, LatencyTable latency) {
        this(slots, uops, latency, -1);
    }

    public int count(UopKind kind) {
        int n = 0;
        for (UopSpec u : uops) if (u.kind() == kind) n++;
        return n;
    }
}
