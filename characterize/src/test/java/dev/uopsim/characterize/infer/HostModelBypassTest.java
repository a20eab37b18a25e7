package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.measure.BypassProbe;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the model writer makes of the bypass domains found. */
class HostModelBypassTest {
    private static final HostModel.Provenance PROV = new HostModel.Provenance("j.jsonl", "2026-11-22T21:00:00Z", "uopsim characterize", "cpu", "2026-11-22");

    @Test
    @SuppressWarnings("unchecked")
    void domainsNonZeroDelaysAndEachRowsDomainAreWrittenWithTheirSource() {
        // given two domains, int -> fp 0.69 and fp -> int 0, and a row for a form of each plus one without
        var classes = new BypassDomains.Classes(Map.of("PADDD (XMM, XMM)", "vec-int", "MULPS (XMM, XMM)", "fp-mul"),
                Map.of("SQRTPD (XMM, XMM)", "round trip through PADDD is 4.85 cycles, more than a bypass"),
                List.of("vec-int", "fp-mul"), Map.of("vec-int", "PADDD (XMM, XMM)", "fp-mul", "MULPS (XMM, XMM)"),
                Map.of("vec-int", new double[]{0, 1.38}, "fp-mul", new double[]{1.38, 0}));
        var found = new BypassProbe.Result(classes, new double[][]{{0, 0.69}, {0, 0}}, Map.of("vec-int<->fp-mul", "paddd_xmm_xmm-bypass-mulps_xmm_xmm"),
                List.of("PADDD (XMM, XMM)", "MULPS (XMM, XMM)"), Map.of());
        Map<String, Object> model = new LinkedHashMap<>(), sources = new LinkedHashMap<>(), rows = new LinkedHashMap<>();
        for (String f : List.of("PADDD (XMM, XMM)", "MULPS (XMM, XMM)", "SQRTPD (XMM, XMM)")) rows.put(f, new LinkedHashMap<String, Object>());
        // when written
        HostModel.bypass(model, sources, rows, found, PROV, "measured here");
        // then the section lists the domains and only the delays that are not 0
        Map<String, Object> b = (Map<String, Object>) model.get("bypass");
        assertEquals(List.of("vec-int", "fp-mul"), b.get("domains"));
        assertEquals(Map.of("vec-int", Map.of("fp-mul", 0.69)), b.get("delays"));
        assertEquals("bypass", b.get("source"));
        // and its source names the benchmarks; rows carry their domain, the unsettled form none
        assertTrue(((Map<String, Object>) sources.get("bypass")).get("note").toString().contains("paddd_xmm_xmm-bypass-mulps_xmm_xmm"));
        assertEquals("vec-int", ((Map<String, Object>) rows.get("PADDD (XMM, XMM)")).get("domain"));
        assertFalse(((Map<String, Object>) rows.get("SQRTPD (XMM, XMM)")).containsKey("domain"));
    }

    @Test
    void withoutDomainsTheModelHasNoBypassSection() {
        Map<String, Object> model = new LinkedHashMap<>();
        HostModel.bypass(model, new LinkedHashMap<>(), new LinkedHashMap<>(), BypassProbe.Result.NONE, PROV, "measured here");
        assertFalse(model.containsKey("bypass"));
    }
}
