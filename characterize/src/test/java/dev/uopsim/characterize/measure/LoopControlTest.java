package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.common.InputException;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Register;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoopControlTest {
    private static Kernel kernel(String... lines) {
        return new KernelReader(FormTable.shipped()).parse("k.s", List.of(lines), KernelReader.Options.DEFAULT);
    }

    @Test
    void theMemdepKernelsCountUpToABoundRegister() {
        Kernel k = new KernelReader(FormTable.shipped()).read("memdep-D", KernelReader.Options.DEFAULT);
        LoopControl c = LoopControl.detect(k.instructions(), k.name());
        assertEquals(Register.byName("r12"), c.register());
        assertEquals(Register.RBX, c.start());
        assertEquals(1, c.step());
    }

    @Test
    void decAndJnzCountsDown() {
        LoopControl c = LoopControl.detect(kernel("l:", "add rax, rbx", "dec rcx", "jnz l").instructions(), "k.s");
        assertEquals(Register.RCX, c.register());
        assertEquals(1, c.step());
        assertNull(c.start());
    }

    @Test
    void anImmediateBoundStartsTheCounterBelowIt() {
        LoopControl c = LoopControl.detect(kernel("l:", "add rax, rbx", "add rsi, 8", "cmp rsi, 800", "jne l").instructions(), "k.s");
        assertEquals(Register.RSI, c.register());
        assertEquals(800, c.base());
        assertEquals(-8, c.step());
    }

    @Test
    void aLoopWhoseCountIsUnknownIsRefusedWithAHint() {
        InputException e = assertThrows(InputException.class,
                () -> LoopControl.detect(kernel("l:", "mov rax, [rax]", "test rax, rax", "jnz l").instructions(), "k.s"));
        assertTrue(e.hint().orElse("").contains("--mode unrolled"), e.render());
    }
}
