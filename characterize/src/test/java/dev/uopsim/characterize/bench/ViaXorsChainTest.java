package dev.uopsim.characterize.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.host.CpuInfo;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A general-purpose register's chain through itself, also taken with one-cycle XORs between the instances. */
class ViaXorsChainTest {
    private static final Generator GENERATOR = new Generator(CpuInfo.of("GenuineIntel", 6, 0xcf,
            Set.of("BASE", "SSE", "SSE2", "SSSE3", "SSE4", "AVX", "AVX2", "BMI1", "BMI2")));

    private static InstructionForm form(String name) {
        return FormTable.shipped().byName(name).orElseThrow();
    }

    private static List<Benchmark> viaXors(String form) {
        List<Benchmark> out = new ArrayList<>();
        for (Benchmark b : GENERATOR.latency(form(form), new ArrayList<>())) if (b.variant().equals("via-xors")) out.add(b);
        return out;
    }

    @Test
    void aRegisterReadAndWrittenIsAlsoChainedThroughEightXorsWithZero() {
        // given RCR r32, imm8, whose self-chain its throughput (one every 6 cycles) bounds
        List<Benchmark> bs = viaXors("RCR (R32, I8)");
        // then its op0 -> op0 chain is also taken with eight one-cycle XORs between the instances
        assertEquals(1, bs.size(), bs.toString());
        Benchmark b = bs.getFirst();
        assertEquals("rcr_r32_i8-latency-op0-op0-via-xors", b.name());
        assertEquals("op0->op0", b.key());
        List<String> unit = b.units().getFirst();
        String reg = unit.get(unit.size() - 1).replace("xor ", "").replace(", 0", "");
        assertTrue(unit.get(unit.size() - Generator.VIA_XORS - 1).startsWith("rcr " + reg + ","), unit.toString());
        assertEquals(Collections.nCopies(Generator.VIA_XORS, "xor " + reg + ", 0"), unit.subList(unit.size() - Generator.VIA_XORS, unit.size()));
        // and the XORs' reference latency is subtracted, one per XOR
        assertEquals(Collections.nCopies(Generator.VIA_XORS, "xor"), b.subtract());
    }

    @Test
    void vectorRegistersPairsBetweenOperandsAndDividersKeepTheirChains() {
        assertTrue(viaXors("PADDD (XMM, XMM)").isEmpty(), "a vector chain has its shuffle variants");
        assertTrue(viaXors("DIV (R32)").isEmpty(), "a divider's values are set by its own chains");
        for (Benchmark b : viaXors("ADD_01 (R64, R64)")) assertEquals("op0->op0", b.key(), "only a register's chain through itself");
    }
}
