package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class UopCacheDeliveryTest {
    private static final int RENAME = 6;

    private static final List<String> NINE = UopCacheDelivery.probeWindow(8);

    @Test
    void theProbesWindowHoldsOneNopMoreThanTheCacheDeliversInACycle() {
        assertEquals(9, NINE.size());
        assertEquals(64, java.util.Arrays.stream(UopCacheDelivery.lengths(NINE)).sum());
        List<String> ten = UopCacheDelivery.probeWindow(9);
        assertEquals(10, ten.size());
        assertEquals(64, java.util.Arrays.stream(UopCacheDelivery.lengths(ten)).sum());
        // A narrower cache keeps the nine NOPs (no layout of 8- and 4-byte NOPs has seven in 64 bytes).
        assertEquals(NINE, UopCacheDelivery.probeWindow(6));
    }

    @Test
    void theNineNopLayoutKeepsItsBenchmarkNameAndOthersSayTheirCount() {
        assertEquals("frontend-uopcache-nop8-nop4-x20", UopCacheDelivery.benchmarkName(NINE, 20));
        assertEquals("frontend-uopcache-nop8-nop4-10per64-x20", UopCacheDelivery.benchmarkName(UopCacheDelivery.probeWindow(9), 20));
    }

    @Test
    void deliveryThatStopsAtAWindowsEndTakesTwoCyclesPerWindow() {
        // 8 NOPs, then the ninth alone: 4.5 a cycle, whatever the renamer's width.
        assertEquals(4.5, UopCacheDelivery.predicted(NINE, 64, 8, 1, RENAME), 1e-9);
        // Going on into the next window, 8 a cycle: the renamer binds.
        assertEquals(RENAME, UopCacheDelivery.predicted(NINE, 64, 8, 2, RENAME), 1e-9);
        assertEquals(8, UopCacheDelivery.predicted(NINE, 64, 8, 2, 10), 1e-9);
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
    void tenNopWindowsFasterThanOneWindowAllowsSpanTwoEvenBeyondTheRenamersWidth() {
        // Zen 4 (cache width 9): ten NOPs in each 64 bytes ran 2.31 cycles per twenty, 8.66 a cycle,
        // where stopping at each window's end allows 5 (characterize/experiments/zen4-uop-cache-spanning).
        var v = UopCacheDelivery.decide(2.31 / 20, 64, 9, RENAME);
        assertEquals(2, v.windowsPerCycle(), v.note());
        assertTrue(v.note().contains("faster than the renamer"), v.note());
        assertEquals(1, UopCacheDelivery.decide(1 / 5.1, 64, 9, RENAME).windowsPerCycle());
    }

    @Test
    void aRateBelowEitherRuleIsNotSettled() {
        var v = UopCacheDelivery.decide(1 / 3.0, 64, 8, RENAME);
        assertNull(v.windowsPerCycle());
        assertTrue(v.note().contains("below what either rule allows"), v.note());
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
