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
        c.put("forward-same-address-sign-extended", 7.37);     // MOVSXD reloading what MOV stored: forwarded
        return c;
    }

    @Test
    void kindsWhoseChainRunsFasterThanALoadAreRenamed() {
        assertEquals(List.of("gpr8", "gpr32", "gpr64"), CoreProbes.renamedValues(host(), 5.0));
        assertEquals(List.of("gpr8", "gpr32", "gpr64"), CoreProbes.decode(host(), 6).renamedValues());
    }

    @Test
    void aJournalFromBeforeTheSignExtendingProbeLetsSuchLoadsGoWithTheirWidth() {
        Map<String, Double> c = host();
        c.remove("forward-same-address-sign-extended");
        assertEquals(List.of("gpr8", "gpr32", "gpr64", "sign-extended"), CoreProbes.renamedValues(c, 5.0));
    }

    @Test
    void anIndexedChainThatForwardsLeavesRenamingToUnindexedAddresses() {
        // As measured here: the chain through another base register 0.50 a step, through an index register 5.00.
        Map<String, Double> c = host();
        c.put("forward-other-register", 0.50);
        c.put("forward-indexed", 5.00);
        assertEquals(true, CoreProbes.decode(c, 6).renamedOtherRegister());
        assertEquals(false, CoreProbes.decode(c, 6).renamedIndexed());
        c.put("forward-indexed", 0.50);
        assertEquals(true, CoreProbes.decode(c, 6).renamedIndexed());
    }

    @Test
    void forwardingComputedDataCostsWhatTheChainThroughAnAddShowsBeyondItsCycle() {
        Map<String, Double> c = host();
        c.put("forward-indexed", 5.00);
        assertEquals(0, CoreProbes.decode(c, 6).computedDataExtra(), "not measured");
        c.put("forward-computed", 7.20);                 // as measured here
        assertEquals(1, CoreProbes.decode(c, 6).computedDataExtra());
        c.put("forward-computed", 5.95);
        assertEquals(0, CoreProbes.decode(c, 6).computedDataExtra());
    }

    @Test
    void storesThroughFsOneACycleAgainstFasterPlainStoresTakeOnePort() {
        Map<String, Double> c = host();
        assertEquals(0, CoreProbes.decode(c, 6).segmentStorePorts(), "not measured");
        c.put("segment-store", 1.02);            // as measured here
        c.put("segment-store-plain", 0.38);
        assertEquals(1, CoreProbes.decode(c, 6).segmentStorePorts());
        c.put("segment-store", 0.40);
        assertEquals(0, CoreProbes.decode(c, 6).segmentStorePorts());
    }

    @Test
    void aJournalWithoutTheChainsSettlesNothing() {
        Map<String, Double> c = host();
        c.remove("forward-same-address-vector");
        assertNull(CoreProbes.renamedValues(c, 5.0));
    }

    @Test
    void everyChainNamedByTheProbesIsOneOfThem() {
        for (String kind : List.of("gpr8", "gpr16", "gpr32", "vector", "sign-extended")) {
            assertEquals(true, CoreProbes.ids(true).contains("forward-same-address-" + kind), kind);
        }
    }

    @Test
    void theRenamedLoadsLatencyRateAndLearnedLoopLoadsComeFromTheirChains() {
        // As measured on the family 19h model 11h guest (a load takes 4): the plain renamed chain 1.0 a step, with an
        // ADD in it 1.0; the other-register chain renamed in loops of 2-12 steps (4-24 loads in variant B), not 16.
        Map<String, Double> c = host();
        c.put("load-gpr", 4.0);
        c.put("forward-same-address", 1.0);
        c.put("forward-same-address-computed", 1.0);
        for (int copies : CoreProbes.LEARNED_COPIES) c.put("forward-learned-x" + copies, copies <= 12 ? 1.0 : 12.1);
        assertEquals(new CoreProbes.Renaming(0, 1, 24), CoreProbes.decode(c, 6).renaming());
        // a core whose renamed load lags a cycle and that renames any number a cycle, learning nothing
        c.put("forward-same-address", 0.5);
        c.put("forward-same-address-computed", 2.0);
        for (int copies : CoreProbes.LEARNED_COPIES) c.put("forward-learned-x" + copies, 6.6);
        assertEquals(new CoreProbes.Renaming(1, 0, 0), CoreProbes.decode(c, 6).renaming());
        // an older journal: the plain chain's whole cycles, as before
        c.remove("forward-same-address-computed");
        c.put("forward-same-address", 1.0);
        assertEquals(new CoreProbes.Renaming(1, 0, 0), CoreProbes.decode(c, 6).renaming());
    }
}
