package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.host.CpuInfo;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The sizes and decoder rules characterize writes for what it does not measure follow the core CPUID names, never one vendor's. */
class PublicCoreTest {
    private static final Set<String> BASE = Set.of("BASE", "SSE", "SSE2", "AVX", "AVX2");

    @Test
    void aGoldenCoveTakesTheTableCharacterizeWasBuiltWithAndIntelsRules() {
        PublicCore c = PublicCore.forCpu(CpuInfo.of("GenuineIntel", 6, 0x8f, BASE));
        assertEquals(HostModel.GOLDEN_COVE, c.sizes());
        assertEquals(Map.of("at", "allocation", "source", "intel-opt"), c.renameRules().get("portBinding"));
        assertTrue(c.sources().containsKey("intel-opt"));
    }

    @Test
    void aZen4KeepsItsInstructionsWholeAcrossRenameCyclesAsItsCoreFileSays() {
        // the shipped zen4 file: rename.split.allowed false (characterize/experiments/zen4-exchange-slots)
        Object split = PublicCore.forCpu(CpuInfo.of("AuthenticAMD", 0x19, 0x11, BASE)).renameRules().get("split");
        assertTrue(split instanceof Map<?, ?> m && Boolean.FALSE.equals(m.get("allowed")), "rename.split: " + split);
        // a Golden Cove's file does not say: the schema's default (split) holds
        assertFalse(PublicCore.forCpu(CpuInfo.of("GenuineIntel", 6, 0x8f, BASE)).renameRules().containsKey("split"));
    }

    @Test
    void aZen4sDispatchGroupsGoIntoItsModelWhereItsPortsHaveThePipesNames() {
        // the shipped zen4 file: a flow in cycles of its own, four ALU operations a cycle (experiments/zen4-microcode-dispatch)
        PublicCore zen4 = PublicCore.forCpu(CpuInfo.of("AuthenticAMD", 0x19, 0x11, BASE));
        Map<String, Object> rename = new java.util.LinkedHashMap<>();
        HostModel.dispatch(rename, zen4, List.of("ALU0", "ALU1", "ALU2", "ALU3", "FP0", "FP1"));
        assertTrue(rename.get("dispatch") instanceof Map<?, ?> d && Boolean.TRUE.equals(d.get("microcodeAlone")), "rename: " + rename);
        // inferred ports named otherwise (no reference named them): no limit on ports the model does not have
        Map<String, Object> unnamed = new java.util.LinkedHashMap<>();
        HostModel.dispatch(unnamed, zen4, List.of("P0", "P1", "P2", "P3"));
        assertFalse(unnamed.containsKey("dispatch"));
        // a Golden Cove's file says nothing
        Map<String, Object> intel = new java.util.LinkedHashMap<>();
        HostModel.dispatch(intel, PublicCore.forCpu(CpuInfo.of("GenuineIntel", 6, 0x8f, BASE)), List.of("ALU0", "ALU1", "ALU2", "ALU3"));
        assertFalse(intel.containsKey("dispatch"));
    }

    @Test
    void aZen4sOpCacheReadsTwoWindowsACycleWhereTheProbeDoesNotDecide() {
        // zen4.core.json records it from characterize/experiments/zen4-uop-cache-spanning; a journal whose probe
        // was laid out for another width (h82's nine NOPs a window) takes it from there.
        assertEquals(2, PublicCore.forCpu(CpuInfo.of("AuthenticAMD", 0x19, 0x11, BASE)).sizes().uopCacheWindowsPerCycle());
        assertEquals(1, PublicCore.forCpu(CpuInfo.of("GenuineIntel", 6, 0x8f, BASE)).sizes().uopCacheWindowsPerCycle());
    }

    @Test
    void theMicrocodeThresholdIsTheDocumentedOneElseTheSchemas() {
        // AMD's guide: more than 2 macro-ops come from the sequencer (the shipped zen4 file)
        assertEquals(2, PublicCore.forCpu(CpuInfo.of("AuthenticAMD", 0x19, 0x11, BASE)).microcodeThreshold());
        // the Golden Cove table documents none: the schema's 4
        assertEquals(4, PublicCore.forCpu(CpuInfo.of("GenuineIntel", 6, 0x8f, BASE)).microcodeThreshold());
    }

    @Test
    void aZen3TakesTheShippedZen3ModelsFiguresAndAmdsRules() {
        PublicCore c = PublicCore.forCpu(CpuInfo.of("AuthenticAMD", 0x19, 0x21, BASE));
        HostModel.CoreSizes s = c.sizes();
        // Given: the shipped zen3 model (ROB 256, retire 8, 192/160 registers: LLVM-Zn3; 4 decoders from Zen 4's).
        assertEquals(256, s.rob());
        assertEquals(8, s.retire());
        assertEquals(192, s.gprFile());
        assertEquals(160, s.vectorFile());
        assertEquals(4, s.decodeWidth());
        assertEquals("zen3-public", s.sourceId());
        // No Intel rule on an AMD core: no port binding at allocation, no unlamination, AMD's fusion pairs.
        assertFalse(c.renameRules().containsKey("portBinding"));
        assertFalse(c.renameRules().containsKey("microFusion"));
        assertFalse(c.sources().containsKey("intel-opt"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> fusion = (List<Map<String, Object>>) c.renameRules().get("macroFusion");
        assertEquals(List.of("CMP", "TEST"), fusion.getFirst().get("first"));
        assertEquals("zen3-public", fusion.getFirst().get("source"));
        assertTrue(c.sources().containsKey("zen3-public"));
    }

    @Test
    void anotherIntelCoreWithAShippedModelTakesThatModel() {
        PublicCore c = PublicCore.forCpu(CpuInfo.of("GenuineIntel", 6, 0x5e, BASE));
        assertEquals(224, c.sizes().rob());
        assertEquals("skylake-public", c.sizes().sourceId());
    }

    @Test
    void aCoreNothingDescribesGetsTheSchemaDefaultsAndNoRules() {
        PublicCore c = PublicCore.forCpu(CpuInfo.of("GenuineIntel", 6, 0x01, BASE));
        assertEquals("unknown-core", c.sizes().sourceId());
        assertTrue(c.renameRules().isEmpty());
        assertTrue(c.sources().get("unknown-core").get("note").toString().contains("schema's default"));
    }
}
