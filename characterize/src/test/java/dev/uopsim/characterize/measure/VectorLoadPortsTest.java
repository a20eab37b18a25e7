package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.infer.PortClasses;
import dev.uopsim.characterize.infer.PortUsage;
import dev.uopsim.isa.FormTable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * On a Zen 4 guest three loads a cycle go into integer registers and two into vector ones (six VMOVDQU
 * xmm 3.0 cycles, three 1.5, six VBROADCASTSS ymm 3.0; characterize/experiments/zen4-vector-loads), and a
 * load-operation's load is no different: VPSRAW xmm, xmm, m128 beside two CVTPS2PD xmm, m64 ran 1.50
 * cycles where three load ports would allow 1.0. The classes find the plain vector loads' two ports; a
 * form that loads into the vector unit gets its load µops there.
 */
class VectorLoadPortsTest {
    private static final int LOADS = 0b111, VECTOR_LOADS = 0b101, FP23 = 0b110000, STORES = 0b1100;

    private static HostInference.Candidate candidate(String name, PortClasses.Family family) {
        return new HostInference.Candidate(FormTable.shipped().byName(name).orElseThrow(), 2, family, 0.5, false);
    }

    @Test
    void theVectorLoadsCombinationIsThePartOfTheLoadPortsThatPlainVectorLoadsBlock() {
        var combos = List.of(
                new HostInference.Combination(VECTOR_LOADS, List.of(candidate("VMOVDQU (YMM, M256)", PortClasses.Family.VEX256_LOAD),
                        candidate("VMOVUPS (XMM, M128)", PortClasses.Family.LOAD))),
                new HostInference.Combination(STORES, List.of(candidate("MOV (M64, R64)", PortClasses.Family.STORE))),
                new HostInference.Combination(LOADS, List.of(candidate("MOV (R64, M64)", PortClasses.Family.LOAD))));
        assertEquals(VECTOR_LOADS, HostInference.vectorLoadMask(combos, LOADS));
        // where vector loads share the integer loads' ports (one class, as on the Intel hosts), nothing changes
        assertEquals(0, HostInference.vectorLoadMask(List.of(combos.get(2)), LOADS));
    }

    @Test
    void aFormWithAVectorRegisterLoadsIntoTheVectorUnit() {
        assertTrue(HostInference.loadsIntoVectorUnit(FormTable.shipped().byName("CVTPS2PD (XMM, M64)").orElseThrow()));
        assertTrue(HostInference.loadsIntoVectorUnit(FormTable.shipped().byName("VPSRAW (XMM, XMM, M128)").orElseThrow()));
        assertFalse(HostInference.loadsIntoVectorUnit(FormTable.shipped().byName("MOV (R64, M64)").orElseThrow()));
        assertFalse(HostInference.loadsIntoVectorUnit(FormTable.shipped().byName("VPADDD (XMM, XMM, XMM)").orElseThrow()), "no load");
        assertFalse(HostInference.loadsIntoVectorUnit(FormTable.shipped().byName("VMOVDQU (M128, XMM)").orElseThrow()), "a store");
    }

    @Test
    void loadMicroOpsMoveToTheVectorLoadsPortsAndTheRestStays() {
        var u = new PortUsage.Usage(List.of(new PortUsage.Group(FP23, 1), new PortUsage.Group(LOADS, 1)), Map.of(), List.of());
        var moved = PortUsage.loadsOn(u, LOADS, VECTOR_LOADS);
        assertEquals(Set.of(new PortUsage.Group(FP23, 1), new PortUsage.Group(VECTOR_LOADS, 1)), Set.copyOf(moved.groups()));
        assertSame(u, PortUsage.loadsOn(u, LOADS, LOADS));
        var noLoad = new PortUsage.Usage(List.of(new PortUsage.Group(FP23, 1)), Map.of(), List.of());
        assertSame(noLoad, PortUsage.loadsOn(noLoad, LOADS, VECTOR_LOADS));
    }
}
