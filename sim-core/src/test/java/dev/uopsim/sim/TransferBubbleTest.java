package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.WhatIf;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A value moved from the vector unit into a general register or the flags lands through the integer side's
 * result network: on the Zen 4 guest each such move cost the single-cycle ALU µops beside it a whole cycle
 * of the four ALUs (characterize/experiments/zen4-vector-to-integer-bubble, uopsim measure, unrolled): one
 * VMOVD r32, xmm beside four independent LEAs 2.00 cycles a copy, beside eight 3.00; beside two IMUL (three
 * cycles) or vector work nothing beyond their ports. (The shipped table lets two VMOVD run in a cycle, as
 * uops.info's port count says; the guest ran them one a cycle, so kernels with two are left to the host model.)
 */
class TransferBubbleTest {
    private static final String[] LEAS = {"lea r8, [r9+8]", "lea r10, [r9+8]", "lea r11, [r9+8]", "lea r12, [r9+8]",
            "lea r13, [r9+8]", "lea r15, [r9+8]", "lea rsi, [r9+8]", "lea rdi, [r9+8]"};

    private static BoundModel zen4(boolean bubble) {
        return ModelBinder.bind(ModelLoader.load("zen4", List.of(new WhatIf.Set("bypass.transfers.bubble=" + bubble))));
    }

    private static double cycles(boolean bubble, String... lines) {
        BoundModel m = zen4(bubble);
        return TestCores.cyclesPerIteration(ModelCore.core(m), ModelCore.timings(m), TestCores.unrolled(lines));
    }

    private static String[] moves(int moves, int leas) {
        List<String> lines = new java.util.ArrayList<>();
        for (int i = 0; i < moves; i++) lines.add("vmovd " + List.of("eax", "ecx", "edx").get(i) + ", xmm" + (i + 1));
        lines.addAll(List.of(LEAS).subList(0, leas));
        return lines.toArray(String[]::new);
    }

    @Test
    void eachCycleInWhichMovesLandCostsTheSingleCycleAluWorkACycle() {
        // given moves from the vector unit beside independent LEAs, which any of the four ALUs runs in a cycle
        // then each move takes a whole cycle of the ALUs, as measured
        assertEquals(2.0, cycles(true, moves(1, 4)), 0.1, "one move, four LEAs: 2.00 measured");
        assertEquals(3.0, cycles(true, moves(1, 8)), 0.1, "one move, eight LEAs: 3.00 measured");
        // two moves on two pipes land in the same cycle and cost it once: 1.60 measured
        assertEquals(1.6, cycles(true, "vmovd eax, xmm1", "movmskps ecx, xmm2", LEAS[0], LEAS[1]), 0.15);
        // four one-cycle chains of SHLX beside a move: 2.00 measured
        assertEquals(2.0, cycles(true, "movmskps eax, xmm1", "shlx r8, r8, rcx", "shlx r9, r9, rcx", "shlx r10, r10, rcx",
                "shlx r11, r11, rcx"), 0.1);
        // and without the bubble the LEAs fill the ALUs beside the moves (the shipped queues leave ALU3 a quarter idle)
        assertTrue(cycles(false, moves(1, 4)) <= 1.3, "without the bubble: " + cycles(false, moves(1, 4)));
        assertTrue(cycles(false, moves(1, 8)) <= 2.3, "without the bubble: " + cycles(false, moves(1, 8)));
    }

    @TempDir
    java.nio.file.Path dir;

    /** The shipped zen4 with the bubble on and a partial model (JSON) merged over it. */
    private BoundModel zen4WithBubbleAnd(String file, String overlayJson) throws java.io.IOException {
        java.nio.file.Path overlay = dir.resolve(file);
        java.nio.file.Files.writeString(overlay, overlayJson);
        return ModelBinder.bind(ModelLoader.load("zen4", List.of(new WhatIf.Set("bypass.transfers.bubble=true"), new WhatIf.Overlay(overlay))));
    }

    @Test
    void aMoveFromMemoryLandsAtItsMeasuredLatencyAndHoldsTheAlusBack() throws java.io.IOException {
        // given the row the Zen 4 guest's host model has for CVTTSD2SI r32, m64 (h76): the memory path measured
        // (12 cycles, the address register to the result), the operation's own figure unknown beyond the default,
        // its move on the pipe of VMOVD
        BoundModel m = zen4WithBubbleAnd("cvttsd2si-m64.json", "{\"instructions\": {\"forms\": {\"CVTTSD2SI (R32, M64)\": {\"uops\": [{\"ports\": [\"AGU0\", "
                + "\"AGU1\", \"AGU2\"]}, {\"ports\": [\"FP4\"]}, {\"ports\": [\"FP2\", \"FP3\"]}], \"latency\": {\"mem->op0\": 12, \"*->*\": 1}}}}}");
        // when it runs in a chain through its address, and beside four LEAs
        double chain = TestCores.cyclesPerIteration(ModelCore.core(m), ModelCore.timings(m), TestCores.unrolled("cvttsd2si esi, qword ptr [rsi]"));
        double beside = TestCores.cyclesPerIteration(ModelCore.core(m), ModelCore.timings(m),
                TestCores.unrolled("cvttsd2si eax, qword ptr [rdx]", LEAS[0], LEAS[1], LEAS[2], LEAS[3]));
        // then the chain takes the measured 12 cycles (the value came a cycle after the load's data before), and the
        // move, landing ahead of the cycle it was sent in, costs the ALUs their cycle as the register form's does
        assertEquals(12.0, chain, 0.05);
        assertEquals(2.0, beside, 0.1);
    }

    @Test
    void multipliesAndVectorWorkBesideTheMovesLoseNothing() {
        // IMUL takes three cycles on one ALU's multiplier: two beside two moves 3.00 measured, as their port allows
        assertEquals(cycles(false, "vmovd eax, xmm1", "vmovd ecx, xmm2", "imul r8, r9", "imul r10, r9"),
                cycles(true, "vmovd eax, xmm1", "vmovd ecx, xmm2", "imul r8, r9", "imul r10, r9"), 0.05);
        assertEquals(cycles(false, "vmovd eax, xmm1", "vmovd ecx, xmm2", "vaddps xmm4, xmm5, xmm6", "vaddps xmm7, xmm5, xmm6"),
                cycles(true, "vmovd eax, xmm1", "vmovd ecx, xmm2", "vaddps xmm4, xmm5, xmm6", "vaddps xmm7, xmm5, xmm6"), 0.05);
    }

    @Test
    void fpPipesListingTheAluUnitStayOpenToVectorWork() throws java.io.IOException {
        // given a model whose FP pipes list the ALU unit beside their vector units, as a measured model may when
        // blocking put an integer flow's µops there (h83's FP0-FP3), and a move from memory to a general register
        // in every copy beside a legacy zero idiom, a MINSS from memory and a VPMULHUW (heldout-mix-189: 1.00 measured)
        BoundModel m = zen4WithBubbleAnd("fp-alu.json", "{\"ports\": {\"FP0\": {\"units\": [\"ALU\", \"VEC_ALU\", \"VEC_MUL\", \"FP_MUL\", \"FMA\", \"FP_DIV\", \"CRYPTO\"]}, "
                + "\"FP1\": {\"units\": [\"ALU\", \"VEC_ALU\", \"VEC_MUL\", \"FP_MUL\", \"FMA\", \"FP_DIV\", \"VEC_SHUFFLE\", \"CRYPTO\"]}}}");
        String[] mix = {"pxor xmm2, xmm2", "minss xmm2, dword ptr [r14+0x200]", "vpmulhuw xmm3, xmm0, xmm1", "vcvttsd2si rcx, qword ptr [r14+0x280]"};
        double withAluOnFp = TestCores.cyclesPerIteration(ModelCore.core(m), ModelCore.timings(m), TestCores.unrolled(mix));
        // then the moves' bubble closes only the integer ALUs: the vector work runs as it does on the shipped pipes
        assertEquals(cycles(true, mix), withAluOnFp, 0.05);
        assertEquals(ModelCore.core(zen4(true)).transferBubble().aluPorts(), ModelCore.core(m).transferBubble().aluPorts());
    }

    @Test
    void theMovesAndTheMicroOpsTheyHoldAreKnownStatically() {
        BoundModel m = zen4(true);
        var code = StaticInstruction.of(ModelCore.core(m), ModelCore.timings(m),
                TestCores.unrolled("vmovd eax, xmm1", "ucomiss xmm0, xmm1", "lea r8, [r9+8]", "vpaddd xmm1, xmm2, xmm3", "imul r8, r9"));
        assertTrue(code.get(0).movesToIntegerSide, "VMOVD r32, xmm");
        assertTrue(code.get(1).movesToIntegerSide, "UCOMISS writes the flags");
        assertFalse(code.get(2).movesToIntegerSide);
        assertTrue(code.get(2).heldByTransferBubble, "LEA: one cycle on any ALU");
        assertFalse(code.get(3).movesToIntegerSide, "a vector result stays in the vector unit");
        assertFalse(code.get(3).heldByTransferBubble);
        assertFalse(code.get(4).heldByTransferBubble, "IMUL: three cycles on the multiplier");
        var off = StaticInstruction.of(ModelCore.core(zen4(false)), ModelCore.timings(zen4(false)), TestCores.unrolled("vmovd eax, xmm1"));
        assertFalse(off.get(0).movesToIntegerSide, "a core without the bubble marks nothing");
    }
}
