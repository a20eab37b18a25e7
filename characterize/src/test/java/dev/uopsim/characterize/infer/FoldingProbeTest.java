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

    @Test
    void theBoundIsTheSmallestImmediateWhoseChainTakesACycle() {
        // As measured on the development host (core-fold-add-* probes, cycles an add).
        Map<String, Double> c = host();
        double[] measured = {0.319, 0.443, 0.494, 0.518, 0.999, 0.998};
        for (int k = 0; k < measured.length; k++) c.put("fold-add-0x" + Long.toHexString(CoreProbes.FOLD_VALUES.get(k)), measured[k]);
        assertEquals(0x400, CoreProbes.folding(c).immediatesBelow());
        c.put("fold-add-0x80", 1.0);
        assertEquals(0, CoreProbes.immediatesBelow(c), "not even the smallest folds: the table decides");
        for (long v : CoreProbes.FOLD_VALUES) c.put("fold-add-0x" + Long.toHexString(v), 0.2);
        assertEquals(0x801, CoreProbes.immediatesBelow(c), "every one folds: at least one above the largest");
        c.remove("fold-add-0x200");
        assertEquals(0, CoreProbes.immediatesBelow(c), "a probe not measured settles nothing");
    }

    @Test
    void theFlagsOfAFoldedAddCostWhatTheirChainShowsBeyondAPlainAdds() {
        Map<String, Double> c = host();
        assertEquals(0, CoreProbes.flagsLatency(c), "not measured");
        c.put("fold-flags", 2.0);                 // as measured here: ADD rax, 1; CMOVS rax, rcx
        c.put("fold-flags-plain", 2.0);           // ADD rax, rcx; CMOVS rax, rcx
        assertEquals(1, CoreProbes.folding(c).flagsLatency());
        c.put("fold-flags", 1.0);                 // flags with the folded add: nothing to add
        assertEquals(0, CoreProbes.flagsLatency(c));
    }
}
