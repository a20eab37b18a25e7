package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rename takes µops, not whole instructions: an instruction whose slots do not fit in what is left of
 * a cycle's width takes those slots and the first ones of the next cycle. Held-apart mixes measured on
 * a Golden Cove-class host ran at their slots over the width (three- and four-slot forms among one-slot
 * ones: 1.43 cycles a copy measured, 2.00 with whole instructions a cycle, 1.52 straddling).
 */
class RenameStraddleTest {
    private static final SimulationInput COPIES =
            TestCores.unrolled("add rax, 1", "sub rbx, 1", "sub rdx, 1").withUnrolledFromUopCache(true);

    /** ADD (R64, I8) as {@code slots} slots of one ALU µop: rename-bound, not port-bound. */
    private static TimingTable addTakes(int slots) {
        return form -> form.name().equals("ADD (R64, I8)")
                ? new FormTiming(slots, List.of(UopSpec.compute(TestCores.ALU)), LatencyTable.uniform(1))
                : TestCores.RULES.timing(form);
    }

    /**
     * The fixture core with a µop cache that delivers 8 µops from any number of windows a cycle and
     * retirement 8 wide (as on Golden Cove), so rename is what limits.
     */
    private static CoreSpec wideDelivery() {
        CoreSpec c = TestCores.skylakeLike();
        return TestCores.withDelivery(c, 8, 8, c.frontEnd().loopBuffer(), 0, c.renameWidth(), 8);
    }

    @Test
    void aThreeSlotInstructionStraddlesTwoRenameCycles() {
        // given copies of a 3-slot add and two 1-slot subs: 5 slots a copy on a 4-wide rename
        // when they run back to back
        double c = TestCores.cyclesPerIteration(wideDelivery(), addTakes(3), COPIES);
        // then rename passes 4 slots every cycle: 1.25 cycles a copy (whole instructions a cycle: 1.50)
        assertEquals(1.25, c, 0.02);
    }

    /** The same core with a renamer that keeps an instruction's slots in one cycle (Rename.Split). */
    private static CoreSpec withoutSplitting(CoreSpec c) {
        CoreSpec.RenameFeatures r = c.rename();
        return TestCores.withRename(c, new CoreSpec.RenameFeatures(r.moveEliminationGpr(), r.moveEliminationVector(), r.zeroIdioms(),
                r.onesIdioms(), r.carryIdioms(), r.partialRegisterMerge(), r.moveFusion(), r.serializing(), r.foldedImmediates(),
                r.logicFlags(), r.sseZeroIdioms(), false));
    }

    @Test
    void aRenamerThatDoesNotSplitLeavesTheCyclesLastSlotsUnused() {
        // given copies of a 3-slot add and two 1-slot subs: 5 slots a copy on a 4-wide rename
        // when the renamer keeps an instruction's slots in one cycle
        double c = TestCores.cyclesPerIteration(withoutSplitting(wideDelivery()), addTakes(3), COPIES);
        // then an add that finds two slots left waits for the next cycle: two copies take three cycles
        // (cycles of 4, 4 and 2 slots), where splitting passes 4 slots a cycle (1.25). A Zen 4 guest: an
        // XCHG (two slots) and nine CLCs, 2.00 cycles a copy, not 1.83.
        assertEquals(1.5, c, 0.02);
    }

    @Test
    void anInstructionWiderThanTheStageStillTakesCyclesOfItsOwn() {
        // given a 6-slot add (wider than the 4-wide stage, so microcoded) between two 1-slot subs
        // when they run back to back
        double c = TestCores.cyclesPerIteration(wideDelivery(), addTakes(6), COPIES);
        // then it takes two cycles of its own and the subs a third (straddling it would give 2.0)
        assertTrue(c >= 2.9, "cycles per copy " + c);
    }
}
