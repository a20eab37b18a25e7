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
 * Memory renaming is predicted per static load: a pair found by address is renamed only when the
 * load met a store the same distance back the last times. A histogram whose counter repeats in a
 * pattern (BHive's memory value read byte by byte: counters 0, 0x40, 0x32, 2, 0, 0, 0, 0) changes
 * that distance every few iterations; a recurrence through one location never does.
 */
class RenamingPredictionTest {
    private static double cycles(SimulationInput in, boolean renaming) {
        BoundModel m = ModelBinder.bind(ModelLoader.load("zen3", List.of(new WhatIf.Set("memory.memoryRenaming.enabled=" + renaming))));
        return TestCores.cyclesPerIteration(ModelCore.core(m), ModelCore.timings(m), in);
    }

    @Test
    void aRecurrenceThroughOneLocationIsRenamedEveryIteration() {
        // given *p += 1 in a loop: the load always reads the store one iteration back
        SimulationInput recurrence = TestCores.loop("top:", "add DWORD PTR [rdi], 1", "dec rcx", "jnz top");
        // then renaming takes the store-to-load forward out of the chain
        double renamed = cycles(recurrence, true);
        double forwarded = cycles(recurrence, false);
        assertTrue(renamed < forwarded - 2, "renamed " + renamed + ", forwarded " + forwarded);
    }

    @Test
    void aHistogramWhoseStoreDistanceChangesIsNotRenamedThroughout() {
        // given the histogram: five of eight increments hit counter 0, at distances 1, 1, 1, 1 and 4 iterations
        SimulationInput histogram = TestCores.loop("top:", "movzx eax, BYTE PTR [rsi]", "inc rsi", "inc DWORD PTR [rdi+rax*4]", "dec rcx", "jnz top");
        double withRenaming = cycles(histogram, true);
        double without = cycles(histogram, false);
        // then only increments whose distance held twice are renamed: the loop stays well above the
        // 1-2 cycles a renaming oracle would give (this host: 4.62 measured for the same loop on a
        // core that renames), and below the loop without renaming
        assertTrue(withRenaming > 2.5, "with renaming " + withRenaming);
        assertTrue(withRenaming < without, "with renaming " + withRenaming + ", without " + without);
    }
}
