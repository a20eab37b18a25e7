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
    void aBoundComparedFirstAsCompilersWriteItCounts() {
        // gcc -O2: inc rax; cmp rdx, rax; jne (the bound on the left)
        LoopControl c = LoopControl.detect(kernel("l:", "vaddss xmm0, xmm0, DWORD PTR [rsi+rax*4]", "inc rax", "cmp rdx, rax", "jne l").instructions(), "k.s");
        assertEquals(Register.RDX, c.register());
        assertEquals(Register.RAX, c.start());
        assertEquals(1, c.step());
    }

    @Test
    void orderedBranchesMustKeepLoopingBelowTheBound() {
        assertEquals(Register.RDX, LoopControl.detect(kernel("l:", "add rax, 8", "cmp rdx, rax", "ja l").instructions(), "k.s").register());
        assertEquals(Register.RDX, LoopControl.detect(kernel("l:", "add rax, 8", "cmp rax, rdx", "jb l").instructions(), "k.s").register());
        // cmp rax, rdx; ja with rax counting up would stop at once or never: refused
        assertThrows(InputException.class, () -> LoopControl.detect(kernel("l:", "add rax, 8", "cmp rax, rdx", "ja l").instructions(), "k.s"));
    }

    @Test
    void anIncrementTestedByJnzCountsUpToZero() {
        LoopControl c = LoopControl.detect(kernel("l:", "add rbx, QWORD PTR [rdi+rcx*8]", "add rcx, 1", "jnz l").instructions(), "k.s");
        assertEquals(Register.RCX, c.register());
        assertEquals(0, c.base());
        assertEquals(-1, c.step());
    }

    @Test
    void aCounterThatIsAlsoAPointerStartsWhereItPoints() {
        // sum of an array: rdi walks it and counts; starting it at 0 would read address 0
        LoopControl c = LoopControl.detect(kernel("l:", "add rax, QWORD PTR [rdi]", "add rdi, 8", "cmp rdi, rdx", "jne l").instructions(), "k.s");
        assertTrue(c.keepsStart());
        LoopControl run = c.startingFrom(r -> r == Register.RDI.number() ? 0x2324000L : 7);
        assertEquals(0x2324000L, run.startValue());
        assertEquals(0x2324000L, run.base());
        assertEquals(8, run.step());
        // a counter only counting stays at 0
        LoopControl plain = LoopControl.detect(kernel("l:", "add rax, rbx", "add rdi, 8", "cmp rdi, rdx", "jne l").instructions(), "k.s");
        assertEquals(0, plain.startingFrom(r -> 0x2324000L).startValue());
    }

    @Test
    void aLoopWhoseCountIsUnknownIsRefusedWithAHint() {
        InputException e = assertThrows(InputException.class,
                () -> LoopControl.detect(kernel("l:", "mov rax, [rax]", "test rax, rax", "jnz l").instructions(), "k.s"));
        assertTrue(e.hint().orElse("").contains("--mode unrolled"), e.render());
    }
}
