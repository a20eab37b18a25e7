package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoopDeliveryTest {
    private static final int WIDTH = 6;
    /** The harness's loop counter and branch: a memory decrement (two slots) and a conditional jump. */
    private static final int OVERHEAD = 3;

    /** Cycles per NOP the probe would measure: two-copy loop minus one-copy loop, per NOP. */
    private static Map<Integer, Double> probe(boolean across) {
        Map<Integer, Double> m = new LinkedHashMap<>();
        for (int k : LoopDelivery.nopCounts(WIDTH)) {
            double one = cycles(k + OVERHEAD, across), two = cycles(2 * k + OVERHEAD, across);
            m.put(k, (two - one) / k);
        }
        return m;
    }

    private static double cycles(int slots, boolean across) {
        return across ? (double) slots / WIDTH : Math.ceil((double) slots / WIDTH);
    }

    @Test
    void loopsRunningAtTheirSlotCountShowDeliveryAcrossTheEnd() {
        assertEquals(Boolean.TRUE, LoopDelivery.decide(WIDTH, probe(true)).across());
    }

    @Test
    void loopsRoundedToWholeCyclesShowDeliveryStoppingAtTheEnd() {
        assertEquals(Boolean.FALSE, LoopDelivery.decide(WIDTH, probe(false)).across());
    }

    @Test
    void loopsAllSlowerThanTheFrontEndSettleNothing() {
        Map<Integer, Double> slow = new LinkedHashMap<>();
        for (int k : LoopDelivery.nopCounts(WIDTH)) slow.put(k, 0.25);   // e.g. a 4-wide limit elsewhere
        assertNull(LoopDelivery.decide(WIDTH, slow).across());
    }

    @Test
    void aMissingLoopSettlesNothing() {
        Map<Integer, Double> m = probe(true);
        m.put(LoopDelivery.nopCounts(WIDTH)[2], Double.NaN);
        assertNull(LoopDelivery.decide(WIDTH, m).across());
    }
}
