package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How long the front end waits after a sequencer-held flow, from RCL r32, imm8 followed by 0, 6 and 12 NOPs. */
class MicrocodeExitProbeTest {
    /** As measured on the development host (core-microcode-exit-*, cycles a step). */
    private static Map<String, Double> host() {
        Map<String, Double> c = new HashMap<>();
        c.put("microcode-exit-0", 5.99);
        c.put("microcode-exit-6", 6.99);
        c.put("microcode-exit-12", 8.00);
        return c;
    }

    @Test
    void theHostWaitsOneCycleAfterTheFlowsSlotsAreOut() {
        // 14 slots at 4 a cycle: out after 4 cycles; 7 others need a 6th cycle, 13 a 7th
        assertEquals(1, CoreProbes.microcodeExit(host(), 14, 4, 6.0));
    }

    @Test
    void twelveNopsHiddenMeanNoWait() {
        Map<String, Double> c = host();
        c.put("microcode-exit-6", 6.0);
        c.put("microcode-exit-12", 6.01);
        assertEquals(0, CoreProbes.microcodeExit(c, 14, 4, 6.0));
    }

    @Test
    void aFlowNoSlowerThanItsDeliveryOrAMissingProbeSettlesNothing() {
        assertNull(CoreProbes.microcodeExit(host(), 24, 4, 6.0));
        Map<String, Double> c = host();
        c.remove("microcode-exit-12");
        assertNull(CoreProbes.microcodeExit(c, 14, 4, 6.0));
    }
}
