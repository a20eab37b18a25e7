package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The legacy SSE zero-idiom probe's verdict, and what it changes in the class pairs' decision. */
class SseZeroIdiomsTest {
    private static final double WIDTH = 6.04;   // the Zen 4 guest's front end

    @Test
    void readsEliminationExecutionOrNoAnswer() {
        // a Zen 4 guest: twelve PXORs 3.0 cycles, 0.25 each: four FP pipes
        SseZeroIdioms.Verdict zen4 = SseZeroIdioms.decide(0.25, WIDTH);
        assertFalse(zen4.eliminated());
        assertEquals(4, zen4.ports());
        assertEquals("dependency-breaking", zen4.handling());
        assertEquals(0.25, zen4.executedCycles(), 1e-9);
        // at the front end's pace: eliminated, no port time
        SseZeroIdioms.Verdict fast = SseZeroIdioms.decide(1 / 6.0, WIDTH);
        assertTrue(fast.eliminated());
        assertEquals("eliminated", fast.handling());
        assertEquals(0, fast.executedCycles());
        // between answers (a shared core), or not measured (a journal from before the probe): no answer
        assertNull(SseZeroIdioms.decide(0.29, WIDTH).handling());
        assertNull(SseZeroIdioms.decide(Double.NaN, WIDTH).handling());
        assertEquals(0, SseZeroIdioms.Verdict.UNKNOWN.executedCycles());
    }

    @Test
    void countsTheLegacyZeroIdiomsOfAUnit() {
        List<String> unit = List.of("pxor xmm5, xmm5", "mulps xmm5, xmm0", "vpxor xmm6, xmm6, xmm6", "pxor xmm7, xmm8", "vpshufb xmm3, xmm1, xmm2");
        assertEquals(1, SseZeroIdioms.countIn(unit));
        assertEquals(12, SseZeroIdioms.countIn(SseZeroIdioms.benchmark("frontend-zero-idiom-sse-x12").units().getFirst()));
    }

    @Test
    void executedBreakersKeepAPairOfOtherPortsOutOfOneClass() {
        // h72.jsonl: MULPS (0.50, FP0/FP1) x2 with two PXORs beside VPSHUFB (0.50, FP1/FP2) x2 read 1.649 cycles
        double mulps = 0.5, vpshufb = 0.5, measured = 1.649, slots = 6;
        // without the breakers' ports, "other ports" allows 1.33 at most, and 1.649 reads as one class
        assertTrue(PortClasses.same(measured, mulps, vpshufb, 2, slots, WIDTH, 0));
        // with them (four vector instances and two PXORs on the PXORs' four ports: 1.5 cycles) it does not
        double breakers = (4 + 2) * SseZeroIdioms.decide(0.25, WIDTH).executedCycles();
        assertFalse(PortClasses.same(measured, mulps, vpshufb, 2, slots, WIDTH, breakers));
        // and a pair that does share its two ports (2.0 cycles) still joins
        assertTrue(PortClasses.same(1.99, mulps, 0.5, 2, slots, WIDTH, breakers));
    }
}
