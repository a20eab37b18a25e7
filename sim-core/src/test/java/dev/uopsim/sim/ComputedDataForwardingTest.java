package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Forwarding data an operation computed costs more than forwarding a reloaded value. Measured on the
 * development host (chains through one address, not renamed): store/reload through an index register
 * 5.00 cycles a step, with an ADD between reload and store 7.20, a register-sourced read-modify-write
 * (`add QWORD PTR [rax+8], rdi`) 7.39.
 */
class ComputedDataForwardingTest {
    private static CoreSpec forwarding(double extra) {
        CoreSpec c = TestCores.skylakeLike(false);
        return TestCores.withMemory(c, false, c.loadStore().renamingShapes(), c.loadStore().renamedValues(), extra, 0);
    }

    private static double cycles(CoreSpec core, String... lines) {
        return TestCores.cyclesPerIteration(core, TestCores.unrolled(lines));
    }

    @Test
    void computedDataPaysTheExtraReloadedDataDoesNot() {
        String[] reloaded = {"mov rdx, QWORD PTR [rax+0x8]", "mov QWORD PTR [rax+0x8], rdx"};
        String[] computed = {"mov rdx, QWORD PTR [rax+0x8]", "add rdx, rcx", "mov QWORD PTR [rax+0x8], rdx"};
        String[] rmw = {"add QWORD PTR [rax+0x8], rdi"};
        CoreSpec plain = forwarding(0), extra = forwarding(1);
        assertEquals(cycles(plain, reloaded), cycles(extra, reloaded), 0.05, "a reloaded value: no extra");
        assertEquals(cycles(plain, computed) + 1, cycles(extra, computed), 0.05, "through an ADD");
        assertEquals(cycles(plain, rmw) + 1, cycles(extra, rmw), 0.05, "a read-modify-write's own result");
        assertEquals(cycles(plain, computed) + 0.5, cycles(forwarding(0.5), computed), 0.05, "a fraction: every other forward");
    }
}
