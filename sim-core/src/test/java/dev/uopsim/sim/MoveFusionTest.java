package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A register move followed by an ALU operation with a 32-bit immediate on its destination takes one
 * slot and one µop where the model says so. On the development host (Sapphire Rapids class) six such
 * pairs run in 1.22 cycles, the same pairs with an 8-bit immediate in 2.23.
 */
class MoveFusionTest {
    private static CoreSpec fusing(Set<String> operations) {
        CoreSpec c = TestCores.skylakeLike(false);
        CoreSpec.RenameFeatures r = c.rename();
        CoreSpec.RenameFeatures fused = new CoreSpec.RenameFeatures(r.moveEliminationGpr(), r.moveEliminationVector(), r.zeroIdioms(),
                r.onesIdioms(), r.carryIdioms(), r.partialRegisterMerge(), new CoreSpec.MoveFusionRule(operations, 32), java.util.Set.of(),
                CoreSpec.FoldedImmediates.NONE, CoreSpec.LogicFlags.NONE, r.sseZeroIdioms());
        return new CoreSpec(c.name(), c.portNames(), c.frontEnd(), c.renameWidth(), c.robSize(), c.retireWidth(), c.schedulers(),
                c.portPolicy(), c.loadStore(), fused, c.bypass());
    }

    private static SimulationInput pairs(String operation, String immediate) {
        String[] lines = new String[12];
        String[][] regs = {{"eax", "ecx"}, {"ebx", "ecx"}, {"esi", "ecx"}, {"edi", "ecx"}, {"r8d", "ecx"}, {"r9d", "ecx"}};
        for (int i = 0; i < 6; i++) {
            lines[2 * i] = "mov " + regs[i][0] + ", " + regs[i][1];
            lines[2 * i + 1] = operation + " " + regs[i][0] + ", " + immediate;
        }
        // from the µop cache, as the host measures such code: the fixture's legacy decode would bound both at fetch
        return new SimulationInput("test", TestCores.code(lines), false, true, java.util.Map.of(), true);
    }

    @Test
    void aMoveBeforeAnOperationWithA32BitImmediateTakesNoSlot() {
        CoreSpec core = fusing(Set.of("add", "or"));
        // given six move + add pairs on a 4-wide renamer: twelve slots without fusion, six with it
        double plain = TestCores.cyclesPerIteration(TestCores.skylakeLike(false), pairs("add", "0x12345"));
        double fused = TestCores.cyclesPerIteration(core, pairs("add", "0x12345"));
        assertTrue(plain >= 2.95, "without fusion: 12 slots / 4 at best, was " + plain);
        assertEquals(1.5, fused, 0.15, "fused: 6 slots / 4");
        // an 8-bit immediate and an operation the rule does not list stay two slots
        assertEquals(plain, TestCores.cyclesPerIteration(core, pairs("add", "0x12")), 0.15, "8-bit immediate");
        assertEquals(plain, TestCores.cyclesPerIteration(core, pairs("sub", "0x12345")), 0.15, "SUB not listed");
    }

    @Test
    void theFusedOperationReadsTheMovesSource() {
        CoreSpec core = fusing(Set.of("add"));
        // given a chain through both pairs (rcx -> rax -> rcx): two 1-cycle adds an iteration, fused or not
        SimulationInput chain = TestCores.unrolled("mov rax, rcx", "add rax, 0x12345", "mov rcx, rax", "add rcx, 0x12345");
        double fused = TestCores.cyclesPerIteration(core, chain);
        assertEquals(2.0, fused, 0.05, "the chain keeps its two adds' latency");
        // and the move's destination is the operation's result: a reader after the pair waits for it
        assertTrue(StaticInstruction.of(core, TestCores.RULES, chain).get(0).absorbedByNext, "the first move is absorbed");
    }
}
