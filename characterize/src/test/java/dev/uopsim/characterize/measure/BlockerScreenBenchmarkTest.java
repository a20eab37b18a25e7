package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.infer.PortClasses;
import dev.uopsim.characterize.infer.SlotFiller;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The screen of a blocking candidate (BlockerScreen): 2|c| copies on distinct registers, then the slot fillers. */
class BlockerScreenBenchmarkTest {
    private static HostInference.Candidate candidate(String name, PortClasses.Family family) {
        InstructionForm f = FormTable.shipped().byName(name).orElseThrow();
        return new HostInference.Candidate(f, 1, family, 0.25, false);
    }

    private static Generator generator() {
        return TestGenerators.zen4WithClcFillers();
    }

    @Test
    void eightCopiesOfAFourPortBlockerThenThreeFillers() {
        // given a six-wide front end and a candidate of a four-port combination
        Benchmark b = HostInference.screenBenchmark(generator(), candidate("VPADDD (XMM, XMM, XMM)", PortClasses.Family.VEX128), 4, 1, 6);
        assertNotNull(b);
        // then each copy of the loop body holds eight VPADDDs writing eight registers, and three CLCs
        List<String> unit = b.units().getFirst();
        List<String> copies = unit.stream().filter(l -> l.startsWith("vpaddd")).toList();
        assertEquals(8, copies.size(), unit.toString());
        assertEquals(8, copies.stream().map(l -> l.split("[ ,]+")[1]).distinct().count(), unit.toString());
        assertEquals(3, unit.stream().filter(l -> l.equals(SlotFiller.CLEAR_CARRY)).count(), unit.toString());
        assertEquals(1, b.perCopy());
    }

    @Test
    void noScreenWhereTheFrontEndLeavesNoRoomForAFiller() {
        assertNull(HostInference.screenBenchmark(generator(), candidate("ADD_01 (R64, R64)", PortClasses.Family.GPR), 6, 1, 6));
    }
}
