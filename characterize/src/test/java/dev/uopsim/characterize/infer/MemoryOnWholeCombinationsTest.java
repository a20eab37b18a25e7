package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A µop found on part of the load ports is a load µop (Zen 4: 256-bit loads on two of three load ports). */
class MemoryOnWholeCombinationsTest {
    private static final int LOADS = 0b111, TWO_LOAD_PORTS = 0b011, STORE = 0b1000, FP23 = 0b110000;

    @Test
    void aLoadOperationsLoadWithinANarrowerLoadClassCountsAsItsLoad() {
        // MAXPS (XMM, M128) on the family 19h model 11h guest: FP23 1.02, AGU01 0.76.
        var u = new PortUsage.Usage(List.of(new PortUsage.Group(FP23, 1), new PortUsage.Group(TWO_LOAD_PORTS, 1)), Map.of(), List.of());
        var merged = PortUsage.memoryOnWholeCombinations(u, LOADS, STORE);
        assertEquals(Set.of(new PortUsage.Group(FP23, 1), new PortUsage.Group(LOADS, 1)), Set.copyOf(merged.groups()));
    }

    @Test
    void usageWithoutNarrowerMemoryGroupsIsLeftAsItIs() {
        var u = new PortUsage.Usage(List.of(new PortUsage.Group(FP23, 1), new PortUsage.Group(LOADS, 1), new PortUsage.Group(STORE, 1)),
                Map.of(), List.of());
        assertSame(u, PortUsage.memoryOnWholeCombinations(u, LOADS, STORE));
    }
}
