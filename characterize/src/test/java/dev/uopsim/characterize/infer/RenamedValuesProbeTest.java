package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which kinds of value memory renaming moves, from the same-address store/reload chains. */
class RenamedValuesProbeTest {
    /** The chains as measured on the development host (cycles per step; a load takes 5). */
    private static Map<String, Double> host() {
        Map<String, Double> c = new HashMap<>();
        c.put("load-gpr", 5.0);
        c.put("forward-same-address", 0.52);
        c.put("forward-same-address-gpr32", 0.52);
        c.put("forward-same-address-gpr16", 7.58);
        c.put("forward-same-address-gpr8", 1.00);
        c.put("forward-same-address-vector", 7.37);
        return c;
    }

    @Test
    void kindsWhoseChainRunsFasterThanALoadAreRenamed() {
        assertEquals(List.of("gpr8", "gpr32", "gpr64"), CoreProbes.renamedValues(host(), 5.0));
        assertEquals(List.of("gpr8", "gpr32", "gpr64"), CoreProbes.decode(host(), 6).renamedValues());
    }

    @Test
    void aJournalWithoutTheChainsSettlesNothing() {
        Map<String, Double> c = host();
        c.remove("forward-same-address-vector");
        assertNull(CoreProbes.renamedValues(c, 5.0));
    }

    @Test
    void everyChainNamedByTheProbesIsOneOfThem() {
        for (String kind : List.of("gpr8", "gpr16", "gpr32", "vector")) {
            assertEquals(true, CoreProbes.ids(true).contains("forward-same-address-" + kind), kind);
        }
    }
}
