package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A zero idiom in legacy SSE encoding keeps the register's upper bits, and a core may run it on a
 * vector port where the VEX one takes none. Measured on a Zen 4 guest (uopsim measure, unrolled):
 * twelve PXOR xmm, xmm on distinct registers 3.0 cycles (four a cycle, its four FP pipes), twelve
 * VPXOR 2.0 (six a cycle, the rename width), six XORPS or PSUBD 1.5, six GPR XORs 1.0.
 */
class LegacySseZeroIdiomTest {
    /** The fixture core renamed and delivered 8 wide, so that its four vector ports (P0 P1 P5 P6) are the narrower limit. */
    private static CoreSpec core(CoreSpec.IdiomHandling sse) {
        CoreSpec wide = TestCores.withDelivery(TestCores.skylakeLike(false), 8, 2, 0, 0, 8, 8);
        CoreSpec.RenameFeatures r = wide.rename();
        return TestCores.withRename(wide, new CoreSpec.RenameFeatures(r.moveEliminationGpr(), r.moveEliminationVector(), r.zeroIdioms(),
                r.onesIdioms(), r.carryIdioms(), r.partialRegisterMerge(), r.moveFusion(), r.serializing(), r.foldedImmediates(),
                r.logicFlags(), sse));
    }

    private static double twelve(CoreSpec core, String format) {
        String[] lines = new String[12];
        for (int i = 0; i < 12; i++) lines[i] = format.replace("N", String.valueOf(i + 2));
        // delivered from the µop cache, so that the legacy decoders' 16 bytes a cycle are no limit
        return TestCores.cyclesPerIteration(core, TestCores.unrolled(lines).withUnrolledFromUopCache(true));
    }

    @Test
    void legacySseZeroIdiomsTakeAPortWhenTheModelSaysSo() {
        // given a core whose legacy SSE zero idioms only break the dependence
        CoreSpec core = core(CoreSpec.IdiomHandling.DEPENDENCY_BREAKING);
        // then twelve PXORs run four a cycle on the vector ports, VPXORs and GPR XORs eight a cycle at rename
        assertEquals(3.0, twelve(core, "pxor xmmN, xmmN"), 0.05, "PXOR: a µop each");
        assertEquals(3.0, twelve(core, "xorps xmmN, xmmN"), 0.05, "XORPS: a µop each");
        assertEquals(1.5, twelve(core, "vpxor xmmN, xmmN, xmmN"), 0.05, "VPXOR: eliminated");
    }

    @Test
    void withoutTheKeyLegacySseZeroIdiomsAreHandledAsTheOthers() {
        CoreSpec core = core(CoreSpec.IdiomHandling.ELIMINATED);
        assertEquals(1.5, twelve(core, "pxor xmmN, xmmN"), 0.05);
        assertEquals(1.5, twelve(core, "vpxor xmmN, xmmN, xmmN"), 0.05);
    }
}
