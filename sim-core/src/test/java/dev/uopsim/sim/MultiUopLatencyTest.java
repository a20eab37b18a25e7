package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A form whose compute µops share one port (HADDPS: two µops only port 5 runs) needs a cycle more
 * to dispatch them all, and a latency measured on the hardware already holds that cycle: the chain
 * runs at the measured latency, and only waiting for a port beyond that makes it later.
 */
class MultiUopLatencyTest {
    /** IMUL as two compute µops on {@code ports} each, latency 3; everything else as TestCores has it. */
    private static TimingTable twoUopImul(int ports) {
        return form -> {
            FormTiming t = TestCores.RULES.timing(form);
            if (!form.mnemonic().startsWith("IMUL")) return t;
            return new FormTiming(2, List.of(UopSpec.compute(ports), UopSpec.compute(ports)), LatencyTable.uniform(3));
        };
    }

    @Test
    void twoMicroOpsOnOnePortRunAChainAtTheMeasuredLatency() {
        SimulationInput chain = TestCores.unrolled("imul rax, rbx");
        assertEquals(3.0, TestCores.cyclesPerIteration(TestCores.skylakeLike(), twoUopImul(TestCores.P1), chain), 1e-9);
    }

    @Test
    void waitingForAPortOtherWorkTookStillDelaysTheResult() {
        // Two independent chains through the same one-port form: each instruction's two µops need port 1
        // for two cycles, so the pair of chains needs four cycles of port 1 per step, not three.
        SimulationInput twoChains = TestCores.unrolled("imul rax, rbx", "imul rcx, rbx");
        assertEquals(4.0, TestCores.cyclesPerIteration(TestCores.skylakeLike(), twoUopImul(TestCores.P1), twoChains), 1e-9);
    }

    @Test
    void theSpreadCountsOnlyWhatThePortsForce() {
        UopSpec p1 = UopSpec.compute(TestCores.P1), p5 = UopSpec.compute(TestCores.P5), p15 = UopSpec.compute(TestCores.P1 | TestCores.P5);
        assertEquals(0, StaticInstruction.computeSpread(new UopSpec[] {p1, p5}));
        assertEquals(1, StaticInstruction.computeSpread(new UopSpec[] {p5, p5, p15}));
        assertEquals(2, StaticInstruction.computeSpread(new UopSpec[] {p1, p1, p1}));
    }
}
