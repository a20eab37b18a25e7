package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.host.CpuInfo;
import dev.uopsim.characterize.infer.PortClasses;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A combination's best blocker cannot always share a loop with the form measured: a form that writes
 * AH..DH leaves too few registers for BZHI's three (legacy registers only), so port usage falls back
 * to the combination's next blocker (POPCNT on the same port). Without it the high-byte forms were
 * never blocked on their port and their µop was spread over the wider combinations around it.
 */
class BlockerFallbackTest {
    private static final FormTable TABLE = FormTable.shipped();

    private static InstructionForm form(String name) {
        return TABLE.byName(name).orElseThrow();
    }

    private static Benchmark blockedMix(Generator g, InstructionForm f, InstructionForm blocker) {
        return g.mix("t", List.of(new Generator.Part(f, 1), new Generator.Part(blocker, 2)), Generator.Layout.BLOCKED, 0, true, true, 1,
                Benchmark.Kind.THROUGHPUT);
    }

    @Test
    void aHighByteFormLeavesBzhiNoRegistersButPopcntFits() {
        Set<String> all = new TreeSet<>();
        for (InstructionForm f : TABLE.forms()) all.add(f.extension());
        Generator g = new Generator(CpuInfo.of("GenuineIntel", 6, 0x8f, all));
        InstructionForm highByte = form("SUB_2A (R8h, R8l)");
        assertNull(blockedMix(g, highByte, form("BZHI (R32, R32, R32)")));
        assertNotNull(blockedMix(g, highByte, form("POPCNT (R64, R64)")));
    }

    @Test
    void theBlockersAFormMayShareALoopWithComeBestFirst() {
        var bzhi = new HostInference.Candidate(form("BZHI (R32, R32, R32)"), 2, PortClasses.Family.GPR, 1.0, false);
        var vector = new HostInference.Candidate(form("VCOMISD (XMM, XMM)"), 2, PortClasses.Family.VEX128, 1.0, false);
        var popcnt = new HostInference.Candidate(form("POPCNT (R64, R64)"), 2, PortClasses.Family.GPR, 1.0, false);
        var c = new HostInference.Combination(2, List.of(bzhi, vector, popcnt));
        List<HostInference.Candidate> gpr = c.blockersFor(PortClasses.Family.GPR);
        assertEquals(bzhi, gpr.getFirst());
        assertEquals(List.of(bzhi, popcnt), gpr.stream().filter(k -> k.family() == PortClasses.Family.GPR).toList());
    }
}
