package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which shifts must sum a register + offset the renamer kept, from chains after LEA r, [r+1] and after ADD r, r. */
class FoldingProbeTest {
    /** As measured on the development host (characterize's core-fold-* probes, cycles a step). */
    private static Map<String, Double> host() {
        Map<String, Double> c = new HashMap<>();
        for (String m : List.of("shl", "shr", "sar", "shlx", "shrx", "sarx", "rorx")) {
            c.put("fold-" + m, 3.0);
            c.put("fold-plain-" + m, 2.0);
        }
        for (String m : List.of("rol", "ror")) {
            c.put("fold-" + m, 3.75);
            c.put("fold-plain-" + m, 2.0);
        }
        return c;
    }

    @Test
    void shiftsWhoseChainGrowsAfterTheFoldAreListedWithTheMedianCost() {
        CoreProbes.Folding f = CoreProbes.folding(host());
        assertEquals(List.of("SHL", "SHR", "SAR", "ROL", "ROR", "SHLX", "SHRX", "SARX", "RORX"), f.materializedBy());
        assertEquals(2, f.latency());
        // a shift whose chain is the same after either is not listed
        Map<String, Double> c = host();
        c.put("fold-sar", 2.05);
        assertEquals(List.of("SHL", "SHR", "ROL", "ROR", "SHLX", "SHRX", "SARX", "RORX"), CoreProbes.folding(c).materializedBy());
    }

    @Test
    void aMissingProbeSettlesNothing() {
        Map<String, Double> c = host();
        c.remove("fold-plain-rorx");
        assertNull(CoreProbes.folding(c));
    }
}
