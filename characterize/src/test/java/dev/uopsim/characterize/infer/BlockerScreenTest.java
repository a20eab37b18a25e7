package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A blocker must hold back its ports and nothing else. The readings below are the family 19h model 11h
 * guest's (characterize/experiments/zen4-emms-blocker): eight EMMS and three CLCs 2.48 cycles, eight
 * VPADDDs or eight CMPs and three CLCs 2.00.
 */
class BlockerScreenTest {
    @Test
    void theFillersKeepTheFrontEndFivePercentUnderThePortBound() {
        // given a six-wide front end, when a combination has 4, 2, 1 or 6 ports
        // then 8 one-slot copies take 3 fillers (11 slots: 1.83 cycles against 2.00), 4 take 7, 2 take 9, 12 none
        assertEquals(3, BlockerScreen.fillers(4, 1, 6));
        assertEquals(7, BlockerScreen.fillers(2, 1, 6));
        assertEquals(9, BlockerScreen.fillers(1, 1, 6));
        assertEquals(0, BlockerScreen.fillers(6, 1, 6));
        // and a two-slot blocker leaves room for fewer
        assertEquals(0, BlockerScreen.fillers(4, 2, 6));
        for (int ports = 1; ports <= 5; ports++) {
            int k = BlockerScreen.fillers(ports, 1, 6);
            double frontEnd = (BlockerScreen.copies(ports) + k) / 6.0;
            assertTrue(frontEnd * (1 + BlockerScreen.SLACK) <= 2.0 + 1e-9, "ports " + ports);
            assertTrue((BlockerScreen.copies(ports) + k + 1) / 6.0 * (1 + BlockerScreen.SLACK) > 2.0, "one more filler would fit, ports " + ports);
        }
    }

    @Test
    void aBlockerThatHoldsBackTheFrontEndFailsAndGoesLast() {
        var emms = new BlockerScreen.Reading("EMMS", 2.48, 2.0);
        var vpaddd = new BlockerScreen.Reading("VPADDD (XMM, XMM, XMM)", 2.00, 2.0);
        var notMeasured = new BlockerScreen.Reading("VPOR (XMM, XMM, XMM)", Double.NaN, 2.0);
        assertFalse(emms.passed());
        assertTrue(vpaddd.passed());
        assertFalse(notMeasured.measured());

        List<String> ranked = List.of("EMMS", "VPOR (XMM, XMM, XMM)", "VPADDD (XMM, XMM, XMM)", "VPAND (XMM, XMM, XMM)");
        List<String> out = BlockerScreen.reorder(ranked, Function.identity(), List.of(emms, notMeasured, vpaddd));
        assertEquals(List.of("VPADDD (XMM, XMM, XMM)", "VPOR (XMM, XMM, XMM)", "VPAND (XMM, XMM, XMM)", "EMMS"), out);
    }

    @Test
    void withoutReadingsTheRankStands() {
        List<String> ranked = List.of("EMMS", "VPADDD (XMM, XMM, XMM)");
        assertEquals(ranked, BlockerScreen.reorder(ranked, Function.identity(), List.of()));
    }

    @Test
    void whereNoneMeetsTheBoundTheRankStands() {
        // six plain loads and five CLCs took 2.24 cycles, six MOVZX loads 2.17: the loads' bound, not the blockers
        List<String> ranked = List.of("MOV (R64, M64)", "MOVZX (R32, M8)", "MOV (R16, M16)", "MOVSX (R64, M8)");
        var readings = List.of(new BlockerScreen.Reading("MOV (R64, M64)", 2.24, 2.0), new BlockerScreen.Reading("MOVZX (R32, M8)", 2.17, 2.0),
                new BlockerScreen.Reading("MOV (R16, M16)", 2.25, 2.0));
        assertEquals(ranked, BlockerScreen.reorder(ranked, Function.identity(), readings));
    }

    @Test
    void aReadingWithinFivePercentOfTheBoundPasses() {
        assertTrue(new BlockerScreen.Reading("CMP (R32, 0)", 2.09, 2.0).passed());
        assertFalse(new BlockerScreen.Reading("CMP (R32, 0)", 2.11, 2.0).passed());
    }
}
