package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An instruction of more µops than the ALUs take in a cycle: its µops go out most constrained first, and its
 * result comes its latency after its inputs, not a cycle after its last µop. On the Zen 4 guest (h76.jsonl's
 * held-apart chains) `sub cx, dx; shld cx, bx, 7` ran 3.00 cycles a copy (SHLD r16: seven µops, latency 2) and
 * `xor rcx, 7; bsr cx, dx; lea cx, [rbx+rsi*4+0x8]` 3.00 (that LEA: five µops, latency 1); the engine had 4.0
 * for both: the first took its µops in table order (a µop any ALU runs took the port a later one needed:
 * three cycles instead of two) and both waited for their last µop.
 */
class FlowResultTest {
    private static TimingTable with(String form, FormTiming timing) {
        return f -> f.name().equals(form) ? timing : TestCores.RULES.timing(f);
    }

    private static List<UopSpec> uops(int... masks) {
        List<UopSpec> out = new ArrayList<>();
        for (int m : masks) out.add(UopSpec.compute(m));
        return out;
    }

    @Test
    void aWideFlowsResultFollowsItsInputsByItsLatency() {
        // given SHLD r16 as the guest's model has it: one µop on P1, four on any ALU, two on P0 or P1; latency 2
        int any = TestCores.ALU, p01 = TestCores.P0 | TestCores.P1;
        TimingTable t = with("SHLD_IMMB (R16, R16, I8)", new FormTiming(4, uops(TestCores.P1, any, any, any, any, p01, p01), LatencyTable.uniform(2)));
        // then a chain through it and a one-cycle SUB takes 3 cycles a copy: seven µops fit in two cycles on
        // four ALUs, and the second cycle's µops do not hold the result back
        assertEquals(3.0, TestCores.cyclesPerIteration(TestCores.skylakeLike(), t, TestCores.unrolled("sub cx, dx", "shld cx, bx, 7")), 0.05);
    }

    @Test
    void aFlowOfMoreMicroOpsThanAluPortsPassesItsResultOnInItsLatency() {
        // given a 16-bit LEA of five µops on four ALUs with latency 1 (the second cycle only finishes its µops)
        int any = TestCores.ALU;
        TimingTable t = with("LEA_B_IS_D8 (R16)", new FormTiming(4, uops(TestCores.P1, TestCores.P5, any, any, TestCores.P0 | TestCores.P1),
                LatencyTable.uniform(1)));
        // then the chain XOR, ADD, LEA runs at 3 cycles a copy, one for each
        assertEquals(3.0, TestCores.cyclesPerIteration(TestCores.skylakeLike(), t,
                TestCores.unrolled("xor rcx, 7", "add cx, dx", "lea cx, [rbx+rsi*4+0x8]")), 0.1);
    }
}
