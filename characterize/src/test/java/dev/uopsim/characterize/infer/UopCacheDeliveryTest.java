package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class UopCacheDeliveryTest {
    private static final int RENAME = 6;

    @Test
    void theProbesWindowHoldsOneNopMoreThanTheCacheDeliversInACycle() {
        List<String> w = UopCacheDelivery.PROBE_WINDOW;
        assertEquals(9, w.size());
        assertEquals(64, java.util.Arrays.stream(UopCacheDelivery.lengths(w)).sum());
    }

    @Test
    void deliveryThatStopsAtAWindowsEndTakesTwoCyclesPerWindow() {
        // 8 NOPs, then the ninth alone: 4.5 a cycle, whatever the renamer's width.
        assertEquals(4.5, UopCacheDelivery.predicted(UopCacheDelivery.PROBE_WINDOW, 64, 8, 1, RENAME), 1e-9);
        // Going on into the next window, 8 a cycle: the renamer binds.
        assertEquals(RENAME, UopCacheDelivery.predicted(UopCacheDelivery.PROBE_WINDOW, 64, 8, 2, RENAME), 1e-9);
        assertEquals(8, UopCacheDelivery.predicted(UopCacheDelivery.PROBE_WINDOW, 64, 8, 2, 10), 1e-9);
    }

    @Test
    void aLoopAtTheRenamersWidthSpansTwoWindowsAndOneAtFourAndAHalfStopsAtTheEnd() {
        // 27.12 cycles per iteration for 162 such NOPs (and the loop's dec/jnz), measured on the
        // development host with 'uopsim measure': 0.167 cycles per NOP.
        var spanning = UopCacheDelivery.decide(27.12 / 162, 64, 8, RENAME);
        assertEquals(2, spanning.windowsPerCycle(), spanning.note());
        var stopping = UopCacheDelivery.decide(1 / 4.4, 64, 8, RENAME);
        assertEquals(1, stopping.windowsPerCycle(), stopping.note());
    }

    @Test
    void aRateNeitherRuleExplainsIsNotSettled() {
        var v = UopCacheDelivery.decide(1 / 3.0, 64, 8, RENAME);
        assertNull(v.windowsPerCycle());
        assertTrue(v.note().contains("no candidate"), v.note());
        assertNull(UopCacheDelivery.decide(Double.NaN, 64, 8, RENAME).windowsPerCycle());
    }

    @Test
    void aCacheWhoseWindowsHoldTheWholeLayoutCannotBeToldApart() {
        // 128-byte windows hold 18 of the NOPs: either rule delivers 8 a cycle and the renamer binds.
        var v = UopCacheDelivery.decide(1 / 6.0, 128, 8, RENAME);
        assertNull(v.windowsPerCycle());
        assertTrue(v.note().contains("cannot tell"), v.note());
    }
}
