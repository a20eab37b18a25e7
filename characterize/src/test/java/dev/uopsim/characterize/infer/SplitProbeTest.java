package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Whether the renamer splits a two-slot instruction across cycles, from an XCHG and 4-11 CLCs a step (core-split-clc-K). */
class SplitProbeTest {
    /** Cycles a step at {@code width} slots a cycle for an XCHG of two slots and K one-slot CLCs. */
    private static Map<String, Double> times(int width, boolean split) {
        Map<String, Double> c = new HashMap<>();
        for (int k : CoreProbes.SPLIT_FILLERS) {
            int slots = 2 + k;
            // Not split, a step whose slots leave one at a cycle's end wastes it (the next XCHG cannot start there).
            int taken = !split && slots % width == width - 1 ? slots + 1 : slots;
            c.put("split-clc-" + k, (double) taken / width);
        }
        return c;
    }

    @Test
    void timesInStairsSayTheInstructionIsKeptWhole() {
        // the Zen 4 guest (zen4-exchange-slots, unrolled): 1.65, 2.00, 2.00, 2.18 cycles with 8 to 11 CLCs
        assertEquals(false, CoreProbes.splitsAcrossCycles(times(6, false)));
        assertEquals(false, CoreProbes.splitsAcrossCycles(times(4, false)));
    }

    @Test
    void timesClimbingEvenlySayItIsSplit() {
        assertEquals(true, CoreProbes.splitsAcrossCycles(times(6, true)));
        assertEquals(true, CoreProbes.splitsAcrossCycles(times(8, true)));
    }

    @Test
    void aMissingOrPortBoundProbeSettlesNothing() {
        Map<String, Double> c = times(6, false);
        c.remove("split-clc-7");
        assertNull(CoreProbes.splitsAcrossCycles(c));
        Map<String, Double> flat = new HashMap<>();
        for (int k : CoreProbes.SPLIT_FILLERS) flat.put("split-clc-" + k, 3.0);
        assertNull(CoreProbes.splitsAcrossCycles(flat));
    }
}
