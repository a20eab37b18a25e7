package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which operations a preceding register move fuses with, from six-pair steps and the front end's width. */
class MoveFusionProbeTest {
    /** Steps as measured on the development host (uopsim measure, six pairs: 1.22 to 1.23 cycles; width 6). */
    private static Map<String, Double> host() {
        Map<String, Double> c = new HashMap<>();
        for (String op : List.of("add", "sub", "and", "or", "xor")) c.put("move-then-" + op + "-imm32", 1.22);
        return c;
    }

    @Test
    void pairsFasterThanTheirSlotsAtTheRenameWidthAreFused() {
        assertEquals(List.of("ADD", "SUB", "AND", "OR", "XOR"), CoreProbes.moveFusion(host(), 6));
        // a step at the width's pace for twelve slots (2 cycles at 6) is not fused
        Map<String, Double> c = host();
        c.put("move-then-xor-imm32", 2.05);
        assertEquals(List.of("ADD", "SUB", "AND", "OR"), CoreProbes.moveFusion(c, 6));
    }

    @Test
    void aMissingStepOrWidthSettlesNothing() {
        Map<String, Double> c = host();
        c.remove("move-then-or-imm32");
        assertNull(CoreProbes.moveFusion(c, 6));
        assertNull(CoreProbes.moveFusion(host(), Double.NaN));
    }

    @Test
    void everyOperationHasAProbeOfTwelveInstructions() {
        var probes = CoreProbes.benchmarks(false);
        for (String op : CoreProbes.MOVE_FUSION_OPERATIONS) {
            var b = probes.get("move-then-" + op.toLowerCase() + "-imm32");
            assertTrue(b != null, op);
            assertEquals(CoreProbes.MOVE_FUSION_STEP, b.units().getFirst().size(), op);
        }
    }
}
