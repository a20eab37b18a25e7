package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.WhatIf;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A core may rename a store/load pair whose address expressions differ once it has learned the pair, for a
 * few loads of a loop only. Measured on the family 19h model 11h guest (uopsim measure, --init distinct,
 * both registers bound to one address): `mov [r14+0x100], rdx; mov rdx, [r13+0x100]` 1.0 cycles a pair in
 * loops of up to 24 pairs, 6.6 in a loop of 32; 7.1 unrolled (each copy a new load); `mov eax, [rdi]; add eax,
 * 1; mov [rsi], eax` 1.0 in a loop, 7.6 unrolled.
 */
class LearnedRenamingTest {
    private static double cycles(SimulationInput in, int learnedLoads) {
        BoundModel m = ModelBinder.bind(ModelLoader.load("zen4", List.of(
                new WhatIf.Set("memory.memoryRenaming.enabled=true"),
                new WhatIf.Set("memory.memoryRenaming.learnedLoads=" + learnedLoads))));
        return TestCores.cyclesPerIteration(ModelCore.core(m), ModelCore.timings(m), in);
    }

    private static final String[] STATEMENT = {"mov eax, DWORD PTR [rdi]", "add eax, 1", "mov DWORD PTR [rsi], eax"};

    private static SimulationInput loop(int statements) {
        List<String> lines = new java.util.ArrayList<>(List.of("top:"));
        for (int i = 0; i < statements; i++) lines.addAll(List.of(STATEMENT));
        lines.addAll(List.of("dec rcx", "jnz top"));
        return TestCores.loop(lines.toArray(String[]::new));
    }

    @Test
    void aLoopsFewLoadsAreRenamedThroughAnotherRegister() {
        // given *b = *a + 1 with a and b in two registers holding one address (BHive's init: every register the same)
        double learned = cycles(loop(2), 2);
        double forwarded = cycles(loop(2), 0);
        // then the loop runs at the ADDs' chain, not through store-to-load forwarding
        assertEquals(2.0, learned, 0.3, "two statements, an ADD each");
        assertTrue(forwarded > learned + 6, "forwarded " + forwarded + ", learned " + learned);
    }

    @Test
    void aLoopWithMoreSuchLoadsThanTheCoreLearnsForwardsThemAll() {
        double three = cycles(loop(3), 2);
        assertEquals(cycles(loop(3), 0), three, 0.05, "three loads, two learned at most: none renamed");
    }

    @Test
    void unrolledCodeIsNeverLearned() {
        SimulationInput unrolled = TestCores.unrolled(STATEMENT);
        assertEquals(cycles(unrolled, 0), cycles(unrolled, 24), 0.05, "each copy is a new load");
    }
}
