package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A register + offset the renamer keeps unsummed (an ADD r64, imm or LEA r, [r + disp] the model gives no
 * µop) costs a shift that reads it one more µop and the model's cycles. Measured on the development host:
 * `lea rax, [rax+1]; shl rax, 1` 3.0 cycles an iteration, `lea rax, [rbx+1]; shl rax, 4` 1.0, the same
 * through `mov rdx, rax` 1.0, with `lea rax, [rbx+rcx+8]` (a µop of its own) 0.5.
 */
class ImmediateFoldingTest {
    /** The fixture's timings, but LEA and ADD with an immediate run at rename (no µop, latency 0), as on Golden Cove. */
    private static final TimingTable AT_RENAME = form -> {
        boolean immediateAdd = form.mnemonic().equals("ADD") && form.operands().size() == 2
                && form.operands().get(1).kind().category() == dev.uopsim.isa.OperandKind.Category.IMMEDIATE;
        if (form.name().equals("LEA_B_D8 (R64)") || immediateAdd) return new FormTiming(1, List.of(), LatencyTable.uniform(0));
        return TestCores.RULES.timing(form);
    };

    private static CoreSpec folding(Set<String> consumers) {
        CoreSpec c = TestCores.skylakeLike(false);
        return TestCores.withFolding(c, new CoreSpec.FoldedImmediates(consumers, 2), c.rename().moveFusion());
    }

    private static double cycles(CoreSpec core, String... lines) {
        return TestCores.cyclesPerIteration(core, AT_RENAME, TestCores.unrolled(lines));
    }

    @Test
    void aShiftOfAFoldedRegisterPaysForTheSum() {
        CoreSpec core = folding(Set.of("SHL"));
        // a chain through the fold and the shift: 0 + 2 (the sum) + 1 (the shift)
        assertEquals(1.0, cycles(TestCores.skylakeLike(false), "lea rax, [rax+0x1]", "shl rax, 0x1"), 0.05, "no rule");
        assertEquals(3.0, cycles(core, "lea rax, [rax+0x1]", "shl rax, 0x1"), 0.05, "folded");
        assertEquals(3.0, cycles(core, "add rax, 0x8", "shl rax, 0x1"), 0.05, "an ADD folds too");
        // a value with a µop of its own (ADD r, r) is summed already
        assertEquals(2.0, cycles(core, "add rax, rcx", "shl rax, 0x1"), 0.05, "not folded");
    }

    @Test
    void theFoldPassesThroughAMoveAndEndsAtAnyOtherWrite() {
        CoreSpec core = folding(Set.of("SHL"));
        var code = StaticInstruction.of(core, AT_RENAME, TestCores.unrolled("lea rax, [rbx+0x1]", "mov rdx, rax", "shl rdx, 0x4",
                "xor rdx, rcx", "shl rdx, 0x4"));
        assertEquals(2, code.get(2).uops.length, "the shift of the moved fold sums it");
        assertEquals(1, code.get(4).uops.length, "after XOR the register holds a sum");
        // a consumer the rule does not list pays nothing
        var sar = StaticInstruction.of(core, AT_RENAME, TestCores.unrolled("lea rax, [rbx+0x1]", "sar rax, 0x4"));
        assertEquals(1, sar.get(1).uops.length);
    }

    /** The fixture's timings, but ADD/SUB r64 with an 8-bit immediate run at rename, the 32-bit forms take a µop (as measured by encoding). */
    private static final TimingTable BY_ENCODING = form -> {
        if (form.name().equals("ADD (R64, I8)") || form.name().equals("SUB (R64, I8)")) return new FormTiming(1, List.of(), LatencyTable.uniform(0));
        return TestCores.RULES.timing(form);
    };

    private static CoreSpec foldingBelow(long bound, boolean moveFusion) {
        CoreSpec c = TestCores.skylakeLike(false);
        return TestCores.withFolding(c, new CoreSpec.FoldedImmediates(Set.of(), 2, bound),
                moveFusion ? new CoreSpec.MoveFusionRule(Set.of("add", "sub"), 32) : c.rename().moveFusion());
    }

    @Test
    void smallImmediatesFoldWhateverTheirEncoding() {
        // Measured on the development host: chains of 'add rax, 0x80' (a 32-bit immediate) 0.32 cycles an add,
        // 'add rax, 0x3ff' 0.49, 'add rax, 0x400' 1.00.
        CoreSpec core = foldingBelow(0x400, false);
        String[] small = {"add rax, 0x80", "sub rax, 0x3ff", "add rax, 0x80", "sub rax, 0x80"};
        String[] large = {"add rax, 0x400", "sub rax, 0x400", "add rax, 0x1000", "sub rax, 0x400"};
        assertEquals(4.0, TestCores.cyclesPerIteration(TestCores.skylakeLike(false), BY_ENCODING, TestCores.unrolled(small)), 0.05,
                "without the rule a 32-bit immediate takes its µop");
        // folded like 8-bit ones: no chain left, only the front end's pace with these 7-byte instructions
        double folded = TestCores.cyclesPerIteration(core, BY_ENCODING, TestCores.unrolled(small));
        assertTrue(folded < 2.0, "folded: " + folded);
        assertEquals(4.0, TestCores.cyclesPerIteration(core, BY_ENCODING, TestCores.unrolled(large)), 0.05, "at the bound and above: a µop each");
        var code = StaticInstruction.of(core, BY_ENCODING, TestCores.unrolled("add rax, 0x80", "add ecx, 0x80", "add rdx, rcx"));
        assertEquals(0, code.get(0).uops.length, "64-bit ADD, small immediate");
        assertEquals(1, code.get(1).uops.length, "a 32-bit destination is not folded");
        assertEquals(1, code.get(2).uops.length, "no immediate");
    }

    @Test
    void aMoveFusedIntoTheAddKeepsItsEncodingsRow() {
        // 'mov r1, r2; add r1, 0x80' six times 1.18 cycles on the host: one µop a pair, as with any 32-bit immediate.
        var code = StaticInstruction.of(foldingBelow(0x400, true), BY_ENCODING, TestCores.unrolled("mov rax, rbx", "add rax, 0x80",
                "add rcx, 0x80"));
        assertEquals(1, code.get(1).uops.length, "the fused pair's µop");
        assertEquals(0, code.get(2).uops.length, "alone: folded");
    }

    @Test
    void theFlagsOfAFoldedAddComeACycleAfterItsRegister() {
        // Measured on the development host: 'add r9, 0x7; cmovs r9, r11' 2.0 cycles an iteration, with LEA
        // (no flags) 1.0, 'add r9, 0x7; and r9, -8' 1.0.
        CoreSpec c = TestCores.skylakeLike(false);
        CoreSpec core = TestCores.withFolding(c, new CoreSpec.FoldedImmediates(Set.of(), 2, 0, 1), c.rename().moveFusion());
        assertEquals(1.0, cycles(folding(Set.of()), "add r9, 0x7", "cmovs r9, r11"), 0.05, "without the rule: flags at rename");
        assertEquals(2.0, cycles(core, "add r9, 0x7", "cmovs r9, r11"), 0.05, "the flags a cycle after r9");
        assertEquals(1.0, cycles(core, "lea r11, [r9+0xe]", "cmovs r9, r11"), 0.05, "LEA writes no flags");
        assertEquals(1.0, cycles(core, "add r9, 0x7", "and r9, 0x7"), 0.05, "no flags read");
        assertEquals(2.0, cycles(core, "add r9, rcx", "cmovs r9, r11"), 0.05, "an ADD with a µop: its own cycle, no more");
    }
}
