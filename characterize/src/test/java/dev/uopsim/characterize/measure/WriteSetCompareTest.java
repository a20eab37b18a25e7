package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.runner.MachineState;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Instruction;
import dev.uopsim.traces.KernelReader;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The comparison behind check-writes, on states written by hand. */
class WriteSetCompareTest {
    private static Instruction one(String text) {
        return new KernelReader(FormTable.shipped()).parse("t.s", List.of(text), KernelReader.Options.DEFAULT).instructions().getFirst();
    }

    private static Set<String> extra(String text, MachineState before, MachineState after) {
        Set<String> out = new LinkedHashSet<>();
        WriteSetCheck.compare(one(text), before, after, out);
        return out;
    }

    @Test
    void a32BitWriteMayChangeTheWholeRegisterButNothingElse() {
        MachineState before = new MachineState().gpr(0, 0xffff_ffff_0000_0001L).gpr(3, 5);
        MachineState after = before.copy().gpr(0, 6).flags(0x10);      // rax zero-extended, AF set
        assertEquals(Set.of(), extra("add eax, ebx", before, after));
        MachineState clobbered = after.copy().gpr(3, 7);
        assertEquals(Set.of("rbx[1:1]"), extra("add eax, ebx", before, clobbered));
    }

    @Test
    void an8BitWriteOwnsOnlyItsByte() {
        MachineState before = new MachineState().gpr(0, 0x1234);
        MachineState after = before.copy().gpr(0, 0x1299);
        assertEquals(Set.of(), extra("mov al, 0x99", before, after));
        MachineState wide = before.copy().gpr(0, 0x9999);
        assertEquals(Set.of("rax[15:8]"), extra("mov al, 0x99", before, wide));
    }

    @Test
    void aFlagTheFormDoesNotWriteIsReported() {
        MachineState before = new MachineState().flags(0);
        MachineState after = before.copy().flags(0x1);                 // CF
        assertEquals(Set.of("flag CF"), extra("inc rax", before, after));
    }

    @Test
    void legacySseKeepsTheUpperHalfAndVexZeroesIt() {
        MachineState before = new MachineState().allVectors(0x1111);
        MachineState after = before.copy().vec(1, 0, 0x2222).vec(1, 2, 0);
        assertTrue(extra("addps xmm1, xmm2", before, after).contains("ymm1[191:128]"));
        assertEquals(Set.of(), extra("vaddps xmm1, xmm1, xmm2", before, after));
    }

    @Test
    void vzeroupperWritesTheUpperHalvesOfAllSixteen() {
        MachineState before = new MachineState().allVectors(0x1111);
        MachineState after = before.copy();
        for (int v = 0; v < 16; v++) after.vec(v, 2, 0).vec(v, 3, 0);
        assertEquals(Set.of(), extra("vzeroupper", before, after));
    }
}
