package dev.uopsim.sim;

import java.util.List;

/**
 * How one form executes on one core (a static descriptor, computed once per model and form).
 *
 * @param slots   slots it takes in the front end, rename and retirement (fused µops / macro-ops)
 * @param uops    its execution µops; empty when it executes nowhere (NOP)
 * @param latency latency per operand pair
 */
public record FormTiming(int slots, List<UopSpec> uops, LatencyTable latency) {
    public FormTiming {
        uops = List.copyOf(uops);
    }

    public int count(UopKind kind) {
        int n = 0;
        for (UopSpec u : uops) if (u.kind() == kind) n++;
        return n;
    }
}
