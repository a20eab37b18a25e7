package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Dispatch groups (Rename.Dispatch). A Zen 4 guest ran VHADDPS xmm (four macro-ops, two cycles from the
 * microcode sequencer) 2.00 cycles a copy with up to six CLCs after it, 3.00 with eight to twelve, 4.00
 * with fourteen; with CMPs in place of the CLCs 2.00 up to four, 3.00 with five to eight, 4.00 with ten or
 * twelve (characterize/experiments/zen4-microcode-dispatch). The fixture: a six-wide renamer fed nine
 * slots a cycle, and ADD r64, imm8 as a four-slot flow of two sequencer cycles.
 */
class MicrocodeDispatchTest {
    /** ADD (R64, I8) as the flow: four slots, one µop on the store-data port (no ALU), two sequencer cycles. */
    private static final TimingTable FLOW = form -> form.name().equals("ADD (R64, I8)")
            ? new FormTiming(4, List.of(UopSpec.compute(TestCores.P4)), LatencyTable.uniform(1), -1, 2)
            : TestCores.RULES.timing(form);

    private static CoreSpec core(boolean alone, List<CoreSpec.DispatchLimit> limits) {
        CoreSpec c = TestCores.withDelivery(TestCores.skylakeLike(), 9, 2, 0, 1, 6, 8);
        CoreSpec.RenameFeatures r = c.rename();
        return TestCores.withRename(c, new CoreSpec.RenameFeatures(r.moveEliminationGpr(), r.moveEliminationVector(), r.zeroIdioms(),
                r.onesIdioms(), r.carryIdioms(), r.partialRegisterMerge(), r.moveFusion(), r.serializing(), r.foldedImmediates(),
                r.logicFlags(), r.sseZeroIdioms(), false, alone, limits));
    }

    /** The flow, then {@code k} instructions of {@code line} (with {@code %d} a register number from 8). */
    private static SimulationInput flowAnd(int k, String line) {
        List<String> lines = new ArrayList<>(List.of("add rax, 1"));
        for (int i = 0; i < k; i++) lines.add(line.formatted(8 + i % 8));
        return TestCores.unrolled(lines.toArray(String[]::new)).withUnrolledFromUopCache(true);
    }

    private static double cycles(CoreSpec core, int k, String line) {
        return TestCores.cyclesPerIteration(core, FLOW, flowAnd(k, line));
    }

    @Test
    void aFlowInACycleOfItsOwnLeavesTheOthersWholeCyclesAfterIt() {
        CoreSpec alone = core(true, List.of());
        // given NOPs after the flow (a slot each, no µop): six share its second cycle, each six more a cycle
        assertEquals(2.0, cycles(alone, 6, "nop"), 0.05);
        assertEquals(3.0, cycles(alone, 8, "nop"), 0.05);
        assertEquals(3.0, cycles(alone, 12, "nop"), 0.05);
        assertEquals(4.0, cycles(alone, 14, "nop"), 0.05);
    }

    @Test
    void withoutTheRuleTheOthersFillTheFlowsCycles() {
        // 4 + 8 slots over a six-wide renamer: the flow's two cycles
        assertEquals(2.0, cycles(core(false, List.of()), 8, "nop"), 0.05);
    }

    @Test
    void fourAluOperationsAGroup() {
        CoreSpec limited = core(true, List.of(new CoreSpec.DispatchLimit(TestCores.ALU, 4)));
        // given SUBs (one ALU µop each) after the flow: four a group
        assertEquals(2.0, cycles(limited, 4, "sub r%d, 1"), 0.05);
        assertEquals(3.0, cycles(limited, 5, "sub r%d, 1"), 0.05);
        assertEquals(3.0, cycles(limited, 8, "sub r%d, 1"), 0.05);
        assertEquals(4.0, cycles(limited, 10, "sub r%d, 1"), 0.05);
        // and without the limit six a group
        assertEquals(2.0, cycles(core(true, List.of()), 5, "sub r%d, 1"), 0.05);
    }
}
