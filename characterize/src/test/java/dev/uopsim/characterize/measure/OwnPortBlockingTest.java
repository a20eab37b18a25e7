package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.infer.PortClasses;
import dev.uopsim.isa.FormTable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Classes no layout explains keep ports of their own; blocking finds µops there only for a memory class.
 * In h70 (the family 19h model 11h guest) the FP-to-integer moves' class, whose copies hold back integer
 * work by something that is not a port, gave BTS (R64, R64) two µops on its one port.
 */
class OwnPortBlockingTest {
    private static HostInference.Candidate candidate(String name, PortClasses.Family family) {
        return new HostInference.Candidate(FormTable.shipped().byName(name).orElseThrow(), 1, family, 0.5, false);
    }

    @Test
    void onlyAMemoryClassOnPortsOfItsOwnIsABlockingCombination() {
        // given an ALU class in the layout, and the 64-bit stores and VPMOVMSKB each on ports of their own
        var alu = new PortClasses.Klass(0, 4, List.of("ADD_01 (R64, R64)"), "ADD_01 (R64, R64)");
        var stores = new PortClasses.Klass(1, 2, List.of("MOV (M64, R64)"), "MOV (M64, R64)");
        var moves = new PortClasses.Klass(2, 1, List.of("VPMOVMSKB (R32, YMM)"), "VPMOVMSKB (R32, YMM)");
        Map<String, HostInference.Candidate> byName = new LinkedHashMap<>();
        for (var c : List.of(candidate("ADD_01 (R64, R64)", PortClasses.Family.GPR), candidate("MOV (M64, R64)", PortClasses.Family.STORE),
                candidate("VPMOVMSKB (R32, YMM)", PortClasses.Family.VEX256))) byName.put(c.form().name(), c);
        var structure = new HostInference.Structure(7, new int[]{0b1111, 0b110000, 0b1000000}, 0.02, 100, new int[]{1, 2});
        var classes = List.of(alu, stores, moves);
        var all = HostInference.combinations(classes, structure, byName, Map.of());
        assertEquals(3, all.size());
        // when blocking takes its combinations
        var blocking = HostInference.blockingCombinations(all, classes, structure, byName);
        // then the stores' ports stay, the moves' port does not
        assertEquals(List.of(0b1111, 0b110000), blocking.stream().map(HostInference.Combination::mask).sorted().toList());
    }

    @Test
    void whereTheCoreHasTheTransferBubbleTheMoveClassesAreLeftOutAndBlockMovesOnly() {
        // given an ALU class and the two move pipes' classes (h76: MOVMSKPS's class fitted onto an ALU port)
        var alu = new PortClasses.Klass(0, 4, List.of("ADD_01 (R64, R64)", "POPCNT (R64, R64)"), "ADD_01 (R64, R64)");
        var pipeA = new PortClasses.Klass(1, 1, List.of("VPMOVMSKB (R32, YMM)", "VMOVD (R32, XMM)"), "VPMOVMSKB (R32, YMM)");
        var pipeB = new PortClasses.Klass(2, 1, List.of("MOVMSKPS (R32, XMM)", "VMOVMSKPS (R32, YMM)"), "MOVMSKPS (R32, XMM)");
        var classes = List.of(alu, pipeA, pipeB);
        Map<String, HostInference.Candidate> byName = new LinkedHashMap<>();
        for (var c : List.of(candidate("ADD_01 (R64, R64)", PortClasses.Family.GPR), candidate("POPCNT (R64, R64)", PortClasses.Family.GPR),
                candidate("VPMOVMSKB (R32, YMM)", PortClasses.Family.VEX256), candidate("VMOVD (R32, XMM)", PortClasses.Family.VEX128),
                candidate("MOVMSKPS (R32, XMM)", PortClasses.Family.SSE), candidate("VMOVMSKPS (R32, YMM)", PortClasses.Family.VEX256))) {
            byName.put(c.form().name(), c);
        }
        // when the core probes found the bubble, the move classes are the structure's transfers; without it none are
        assertArrayEquals(new int[]{1, 2}, HostInference.transferClasses(classes, byName, true));
        assertArrayEquals(new int[0], HostInference.transferClasses(classes, byName, false));
        // and, left out on ports of their own, they stay blocking combinations, for moves only
        var structure = new HostInference.Structure(6, new int[]{0b1111, 0b10000, 0b100000}, 0.02, 100, new int[]{1, 2}, new int[]{1, 2});
        var blocking = HostInference.blockingCombinations(HostInference.combinations(classes, structure, byName, Map.of()), classes, structure, byName);
        assertEquals(List.of(0b1111, 0b10000, 0b100000), blocking.stream().map(HostInference.Combination::mask).sorted().toList());
        for (var c : blocking) {
            if (c.mask() == 0b1111) assertFalse(c.transfers());
            else assertTrue(c.transfers());
        }
    }
}
