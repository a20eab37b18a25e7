package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.isa.FormTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Moves from the vector unit to the integer side, told by their operands, and the ALU µops their own
 * bubble makes blocking read. On the family 19h model 11h guest (h76) blocking with SHLXs gave
 * CVTTSD2SI (R32, XMM) a µop on ALU0/ALU1 and PEXTRD (R32, XMM, I8) two there and none on the vector
 * side; a pair of either on its move pipe measured 2.00 cycles, the model 1.0.
 */
class TransferMovesTest {
    private static boolean moves(String name) {
        return TransferMoves.movesToIntegerSide(FormTable.shipped().byName(name).orElseThrow());
    }

    @Test
    void withoutCoreProbesTheBubbleIsThePublicCoresAndSaysSo() {
        // given a journal without the core probes: the zen4 core file records the bubble, Golden Cove's says nothing
        var zen4 = PublicCore.forCpu(dev.uopsim.characterize.host.CpuInfo.of("AuthenticAMD", 0x19, 0x11, java.util.Set.of()));
        var goldenCove = PublicCore.forCpu(dev.uopsim.characterize.host.CpuInfo.of("GenuineIntel", 6, 0x8f, java.util.Set.of()));
        // then the verdict is the public one, not measured, and the boolean both writers use agrees with it
        assertEquals(new TransferMoves.BubbleVerdict(true, false), TransferMoves.bubbleVerdict(null, zen4));
        assertEquals(new TransferMoves.BubbleVerdict(goldenCove.transferBubble(), false), TransferMoves.bubbleVerdict(null, goldenCove));
        assertTrue(TransferMoves.bubble(null, dev.uopsim.characterize.host.CpuInfo.of("AuthenticAMD", 0x19, 0x11, java.util.Set.of())));
        assertFalse(TransferMoves.bubble(null, dev.uopsim.characterize.host.CpuInfo.of("GenuineIntel", 6, 0x8f, java.util.Set.of())));
    }

    @Test
    void movesFromTheVectorUnitAreToldByTheirOperands() {
        for (String m : List.of("VMOVD (R32, XMM)", "MOVQ (R64, XMM)", "MOVMSKPS (R32, XMM)", "VPMOVMSKB (R32, YMM)", "PEXTRD (R32, XMM, I8)",
                "CVTTSD2SI (R32, XMM)", "COMISS (XMM, XMM)", "VPTEST (YMM, YMM)", "MOVD (R32, MM)")) {
            assertTrue(moves(m), m);
        }
        // a memory form as its register sibling: the load goes to the vector unit
        assertTrue(moves("CVTTSD2SI (R32, M64)"));
        assertTrue(moves("COMISS (XMM, M32)"));
        for (String m : List.of("ADD_01 (R64, R64)", "POPCNT (R64, R64)", "CRC32 (R32, R32)", "CVTSI2SD (XMM, R32)", "PINSRD (XMM, R32, I8)",
                "VPADDD (XMM, XMM, XMM)", "MOV (R64, M64)", "ADD (R64, M64)", "PEXTRD (M32, XMM, I8)", "MOVD (XMM, R32)")) {
            assertFalse(moves(m), m);
        }
    }

    @Test
    void aluMicroOpsAreDroppedOnlyBesideAMovePipeMicroOp() {
        int alus = 0b1111, pipes = 0b110000, fp = 0b1100000000;
        // given CVTTSD2SI (R32, XMM) as blocking read it: a µop on two ALUs, one on the FP adders, one on pipe A
        var withPipe = new PortUsage.Usage(List.of(new PortUsage.Group(0b010000, 1), new PortUsage.Group(0b0011, 1), new PortUsage.Group(fp, 1)),
                Map.of(), List.of());
        // when the bubble's readings are dropped
        var kept = TransferMoves.withoutBubbleReadings(withPipe, pipes, alus);
        // then the pipe and FP µops stay, the ALU one goes
        assertEquals(List.of(new PortUsage.Group(0b010000, 1), new PortUsage.Group(fp, 1)), kept.groups());
        // and without a pipe µop (no move class blocked it) nothing is dropped
        var noPipe = new PortUsage.Usage(List.of(new PortUsage.Group(0b0011, 2)), Map.of(), List.of());
        assertSame(noPipe, TransferMoves.withoutBubbleReadings(noPipe, pipes, alus));
        // nor without move pipes at all (a core without the bubble)
        assertSame(withPipe, TransferMoves.withoutBubbleReadings(withPipe, 0, alus));
    }
}
