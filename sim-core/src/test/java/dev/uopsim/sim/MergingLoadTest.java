package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A pure load into part of a register merges the register's old value: copies of `movzx cx, BYTE PTR
 * [r14]` chain through CX, 1.00 cycle a copy on the development host (0.50 simulated before, when two
 * such loads served in one cycle, the younger first, lost the chain), and 2.00 with an `add cl, 0`
 * after each (1.00 simulated before).
 */
class MergingLoadTest {
    /** MOVZX (R16, M8) as the characterized model has it: one load µop, the old CX to CX in a cycle. */
    private static final TimingTable MOVZX_LOADS = form -> form.name().equals("MOVZX (R16, M8)")
            ? new FormTiming(1, List.of(new UopSpec(UopKind.LOAD, TestCores.P2 | TestCores.P3, -1, 1)),
                    new LatencyTable(Map.of("op0->op0", 1, "mem->op0", 5), Set.of()))
            : TestCores.RULES.timing(form);

    private static double perCopy(String... copy) {
        return TestCores.cyclesPerIteration(TestCores.skylakeLike(), MOVZX_LOADS, TestCores.unrolled(copy));
    }

    @Test
    void mergingLoadsChainThroughTheRegister() {
        // two load ports serve two such loads a cycle, yet each merges the one before: a cycle each
        assertEquals(1.0, perCopy("movzx cx, BYTE PTR [rdi]"), 0.02);
    }

    @Test
    void aMergeWaitsForAnOperationStillWaitingForItsInput() {
        // the ADD waits for the load before it; the next load's merge waits for the ADD: 2 a copy
        assertEquals(2.0, perCopy("movzx cx, BYTE PTR [rdi]", "add cl, 0"), 0.02);
    }
}
