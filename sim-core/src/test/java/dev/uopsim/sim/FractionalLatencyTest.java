package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A measured latency that is not whole (characterize writes averages such as 2.08) costs a chain
 * that many cycles on average: rounded up, as the table keeps it, the chain runs a cycle slow per
 * instruction.
 */
class FractionalLatencyTest {
    /** IMUL at {@code cycles} rounded up, less {@code shortfall} hundredths; everything else as TestCores has it. */
    private static TimingTable imulAt(int cycles, int shortfall) {
        return form -> {
            FormTiming t = TestCores.RULES.timing(form);
            if (!form.mnemonic().startsWith("IMUL")) return t;
            Map<String, Integer> sf = shortfall > 0 ? Map.of("*->*", shortfall) : Map.of();
            return new FormTiming(t.slots(), t.uops(), new LatencyTable(Map.of("*->*", cycles), Set.of(), sf));
        };
    }

    private static final SimulationInput CHAIN = TestCores.unrolled("imul rax, rbx");

    @Test
    void aWholeLatencyIsTakenAsIs() {
        assertEquals(3.0, TestCores.cyclesPerIteration(TestCores.skylakeLike(), imulAt(3, 0), CHAIN), 1e-9);
    }

    @Test
    void twoAndAHalfCyclesAlternateTwoAndThree() {
        assertEquals(2.5, TestCores.cyclesPerIteration(TestCores.skylakeLike(), imulAt(3, 50), CHAIN), 1e-9);
    }

    @Test
    void twoPointZeroEightIsTwoMostOfTheTime() {
        // 3 less 92 hundredths: over 200 instances, 184 take two cycles and 16 three.
        assertEquals(2.08, TestCores.cyclesPerIteration(TestCores.skylakeLike(), imulAt(3, 92), CHAIN), 0.01);
    }
}
