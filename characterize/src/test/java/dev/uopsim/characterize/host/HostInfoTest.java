package dev.uopsim.characterize.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

class HostInfoTest {
    @Test
    void cpuidDescribesThisProcessor() {
        assumeTrue(HostInfo.unsupportedReason().isEmpty(), () -> "skipped: " + HostInfo.unsupportedReason().orElse(""));
        HostInfo h = HostInfo.detect();
        assertTrue(h.cpu().vendor().equals("GenuineIntel") || h.cpu().vendor().equals("AuthenticAMD"), h.cpu().vendor());
        assertTrue(h.cpu().family() >= 6, h.cpu().summary());
        assertTrue(h.cpu().has("BASE") && h.cpu().has("SSE2"), h.cpu().extensions().toString());
        assertFalse(h.kernel().isBlank());
        assertTrue(h.perfCycles() || h.perfProblem() != null, "either perf works or we say why not");
    }

    @Test
    void aMaskedModelNumberIsRecognisedFromTheExtensions() {
        CpuInfo c = CpuInfo.of("GenuineIntel", 6, 0xa7, Set.of("BASE", "AVX512F", "AVX512_FP16", "AMX_TILE"));
        assertEquals("sapphirerapids", c.uarchGuess());
        assertTrue(c.uarchEvidence().contains("masked"), c.uarchEvidence());
        assertEquals("zen3", CpuInfo.of("AuthenticAMD", 0x19, 0x21, Set.of("BASE")).uarchGuess());
    }
}
