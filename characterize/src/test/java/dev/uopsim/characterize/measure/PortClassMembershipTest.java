package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.infer.PortClasses;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which forms may make up a port class: not a class resting on one pair, not a store among operations. */
class PortClassMembershipTest {
    @Test
    void classesOfOneOrTwoFormsAreDroppedAndTheRestRenumbered() {
        // Given: the classes h27.jsonl formed for two ports' worth of forms, with the pair that misled it.
        List<PortClasses.Klass> formed = List.of(
                new PortClasses.Klass(0, 2, List.of("MULPS (XMM, XMM)", "ADDPS (XMM, XMM)", "VFMADD231PS (XMM, XMM, XMM)"), "MULPS (XMM, XMM)"),
                new PortClasses.Klass(1, 2, List.of("ORPS (XMM, XMM)", "VFMSUBADD231PS (XMM, XMM, XMM)"), "ORPS (XMM, XMM)"),
                new PortClasses.Klass(2, 1, List.of("BSF (R64, R64)"), "BSF (R64, R64)"),
                new PortClasses.Klass(3, 1, List.of("IMUL (R64, R64)", "POPCNT (R64, R64)", "BZHI (R32, R32, R32)", "PDEP (R64, R64, R64)"),
                        "IMUL (R64, R64)"));

        // When
        List<PortClasses.Klass> kept = HostInference.kept(formed);

        // Then: the pair and the single form are measured like any form; ids stay dense for the structure.
        assertEquals(List.of("MULPS (XMM, XMM)", "IMUL (R64, R64)"), kept.stream().map(PortClasses.Klass::representative).toList());
        assertEquals(List.of(0, 1), kept.stream().map(PortClasses.Klass::id).toList());
    }

    @Test
    void aStoreOrALoadIsTriedOnlyAgainstAClassOfItsKind() {
        // h31.jsonl put VMOVAPS (M128, XMM) with MINPS (XMM, XMM): a store never shares an operation's ports.
        assertFalse(HostInference.sameMemoryRole(PortClasses.Family.SSE_STORE, PortClasses.Family.SSE));
        assertFalse(HostInference.sameMemoryRole(PortClasses.Family.LOAD, PortClasses.Family.GPR));
        assertFalse(HostInference.sameMemoryRole(PortClasses.Family.VEX256_LOAD, PortClasses.Family.VEX256_STORE));
        assertTrue(HostInference.sameMemoryRole(PortClasses.Family.SSE_STORE, PortClasses.Family.STORE));
        assertTrue(HostInference.sameMemoryRole(PortClasses.Family.VEX256_LOAD, PortClasses.Family.LOAD));
        assertTrue(HostInference.sameMemoryRole(PortClasses.Family.SSE, PortClasses.Family.VEX128));
    }
}
