package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.uopsim.isa.Register;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.WhatIf;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A core that cannot rename a load from a store renamed in the same cycle. Memdep kernel B's loop
 * (each statement's load reads the store just before it; iterations independent) on the zen3 model:
 * with same-cycle renaming the 14-slot loop runs at the rename groups' 3 cycles; without it every
 * store/load pair splits a group and the loop takes 4 cycles, the published Zen 3 figure (1.00 per
 * statement), which the shipped model does not claim (its A, C and H cannot tell the two apart).
 */
class RenamingSameCycleTest {
    /** The kernel file's loop and bindings: a..h in rdi..r11, equal parameters on one 64-byte line. */
    private static final SimulationInput KERNEL_B = new SimulationInput("memdep-B", TestCores.code("top:",
            "mov eax, DWORD PTR [rdi]", "add eax, 1", "mov DWORD PTR [rsi], eax",
            "mov eax, DWORD PTR [rdx]", "add eax, 1", "mov DWORD PTR [rcx], eax",
            "mov eax, DWORD PTR [r8]", "add eax, 1", "mov DWORD PTR [r9], eax",
            "mov eax, DWORD PTR [r10]", "add eax, 1", "mov DWORD PTR [r11], eax",
            "add rbx, 1", "cmp rbx, r12", "jne top"), true, false, java.util.Map.of(
            Register.RDI, 0L, Register.RSI, 64L, Register.RDX, 64L, Register.RCX, 128L,
            Register.byName("r8"), 128L, Register.byName("r9"), 192L, Register.byName("r10"), 192L, Register.byName("r11"), 256L));

    private static double cycles(boolean sameCycle) {
        BoundModel m = ModelBinder.bind(ModelLoader.load("zen3", List.of(new WhatIf.Set("memory.memoryRenaming.sameCycle=" + sameCycle))));
        return TestCores.cyclesPerIteration(ModelCore.core(m), ModelCore.timings(m), KERNEL_B);
    }

    @Test
    void aLoadRenamedFromAStoreOfItsOwnGroupWaitsForTheNextGroup() {
        assertEquals(3.0, cycles(true), 0.05);
        assertEquals(4.0, cycles(false), 0.05);
    }
}
