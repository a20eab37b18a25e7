package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.host.CpuInfo;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The bypass benchmarks: which forms are chained, and the chains through the reference forms. */
class BypassProbeTest {
    private static InstructionForm form(String name) {
        return FormTable.shipped().byName(name).orElseThrow();
    }

    @Test
    void vectorFormsThatCarryARegisterAreProbedOthersNot() {
        // given vector, general-purpose, store and eliminated-move forms
        List<InstructionForm> forms = List.of(form("PADDD (XMM, XMM)"), form("VMULPS (YMM, YMM, YMM)"), form("ADD_01 (R64, R64)"),
                form("VMOVAPS (M256, YMM)"), form("VMOVAPS_28 (YMM, YMM)"), form("VPSUBUSW (YMM, YMM, M256)"));
        // then only the vector computations (memory operands read are constants) are
        List<String> names = BypassProbe.eligible(forms).stream().map(InstructionForm::name).toList();
        assertEquals(List.of("PADDD (XMM, XMM)", "VMULPS (YMM, YMM, YMM)", "VPSUBUSW (YMM, YMM, M256)"), names);
    }

    @Test
    void eachReferenceChainsWithAFormThroughOneRegister() {
        // given an AVX2 machine
        CpuInfo cpu = CpuInfo.of("GenuineIntel", 6, 0x97, Set.of("BASE", "SSE", "SSE2", "SSSE3", "SSE4", "AVX", "AVX2"));
        Generator g = new Generator(cpu);
        InstructionForm f = form("VPSUBUSW (YMM, YMM, M256)");
        for (String ref : BypassProbe.references(true).keySet()) {
            // when the form is chained with the reference
            Benchmark b = g.chain(Generator.slug(f) + "-bypass-" + Generator.slug(form(ref)), List.of(HeldApart.link(f), HeldApart.link(form(ref))));
            // then one trip is the two instructions, the second reading what the first wrote
            assertNotNull(b, ref);
            assertEquals(1, b.perCopy());
            assertTrue(b.name().startsWith("vpsubusw_ymm_ymm_m256-bypass-"), b.name());
        }
        assertFalse(BypassProbe.references(false).keySet().stream().anyMatch(r -> r.startsWith("V")), "without AVX the references are SSE forms");
        // and a form on doubles meets the double-precision twins of the floating-point references
        assertTrue(BypassProbe.onDoubles(form("VADDSUBPD (YMM, YMM, YMM)")));
        assertFalse(BypassProbe.onDoubles(form("VPSUBUSW (YMM, YMM, M256)")));
        assertEquals(List.of("VADDPD (XMM, XMM, XMM)", "VMULPD (XMM, XMM, XMM)"), List.copyOf(BypassProbe.doubleTwins(true).values()));
    }

    @Test
    void aReferenceChainThatDidNotSettleTakesPartOnesSettledLatency() {
        // VMULPS xmm, xmm, xmm: part 1 settled op1 -> op0 at 3.996 cycles (h60.jsonl), its bypass self-chain did not
        var vmulps = dev.uopsim.isa.FormTable.shipped().byName("VMULPS (XMM, XMM, XMM)").orElseThrow();
        var link = HeldApart.link(vmulps);
        var settled = new dev.uopsim.characterize.infer.FormFigures("VMULPS (XMM, XMM, XMM)", 0.497, true, 2, false, false,
                java.util.Map.of("op1->op0", new dev.uopsim.characterize.infer.FormFigures.Latency(3.996, false, true)), java.util.List.of());
        org.junit.jupiter.api.Assertions.assertEquals(3.996, BypassProbe.settledLatency(settled, link), 1e-9);

        // an unsettled or upper-bound figure is no substitute
        var unsettled = new dev.uopsim.characterize.infer.FormFigures("VMULPS (XMM, XMM, XMM)", 0.497, true, 2, false, false,
                java.util.Map.of("op1->op0", new dev.uopsim.characterize.infer.FormFigures.Latency(4.7, false, false)), java.util.List.of());
        org.junit.jupiter.api.Assertions.assertNull(BypassProbe.settledLatency(unsettled, link));
        org.junit.jupiter.api.Assertions.assertNull(BypassProbe.settledLatency(null, link));
    }
}
