package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which of a form's measured sequences and chains give its throughput and latencies. */
class FormResultsChoiceTest {
    private static FormResults.Figure seq(String key, String variant, double cycles, boolean stable) {
        return new FormResults.Figure("f-throughput-" + key, key, variant, cycles, false, stable, null, null);
    }

    @Test
    void aSequenceBoundByItsOwnChainGivesWayToTwiceTheInstances() {
        // VFNMSUB213PS ymm on the development host: only x1 settled, and each doubling halved the time
        var figures = List.of(seq("x1", "", 3.993, true), seq("x2", "", 1.997, false), seq("x4", "", 1.0, false),
                seq("x8", "", 0.51, false), seq("x8", "breakers", 0.515, false));
        assertEquals(0.51, FormResults.bestThroughput(figures).cycles());
    }

    @Test
    void aLowerUnstableFigureThatNoChainExplainsDoesNot() {
        // VMOVMSKPS r32, xmm: flat at 1.0 from x1 to x4, one unstable 0.69 at x8
        var flat = List.of(seq("x1", "", 0.989, false), seq("x2", "", 0.994, true), seq("x4", "", 1.004, false), seq("x8", "", 0.688, false));
        assertEquals(0.994, FormResults.bestThroughput(flat).cycles());
        // VSQRTPS xmm: an unstable 2.22 at x4 below the stable 2.97 at x8 (fewer instances cannot be faster)
        var fewer = List.of(seq("x4", "", 2.223, false), seq("x8", "", 2.966, true), seq("x8", "low-values", 2.5, true));
        assertEquals(2.966, FormResults.bestThroughput(fewer).cycles());
    }

    private static FormResults.Figure lat(String variant, double cycles, boolean stable) {
        return new FormResults.Figure("f-latency-op1-op0" + (variant.isEmpty() ? "" : "-" + variant), "op1->op0", variant, cycles, false,
                stable, null, null);
    }

    @Test
    void aShuffleChainWellBelowTheDirectOneIsTheLatency() {
        // VCVTPS2DQ ymm on the development host: its self chain crosses bypass domains every step
        var cvt = List.of(lat("", 6.147, false), lat("via-int-shuffle", 4.561, false), lat("via-fp-shuffle", 4.549, false));
        assertEquals(4.549, FormResults.mainLatency(cvt).cycles());
        // a shuffle chain above the direct one holds the round trip: the direct chain stays
        var mul = List.of(lat("", 3.994, true), lat("via-int-shuffle", 5.36, true));
        assertEquals(3.994, FormResults.mainLatency(mul).cycles());
        // below a cycle a shuffle chain's figure is noise (VPERMILPS ymm: 0.68 through a shuffle, 0.97 direct)
        var perm = List.of(lat("", 0.972, false), lat("via-fp-shuffle", 0.677, false));
        assertEquals(0.972, FormResults.mainLatency(perm).cycles());
    }

    @Test
    void aChainThroughXorsBelowASelfChainThatTheThroughputBoundsIsTheLatency() {
        // RCR r32, imm8 on the development host: its self-chain read its throughput, 5.99; with eight XORs 5 is left
        var rcr = List.of(lat("", 5.99, true), lat("via-xors", 5.01, true));
        assertEquals(5.01, FormResults.mainLatency(rcr).cycles());
        // a one-cycle form reads the same through the XORs: the direct chain stays
        var add = List.of(lat("", 1.0, true), lat("via-xors", 0.99, true));
        assertEquals(1.0, FormResults.mainLatency(add).cycles());
    }
}
