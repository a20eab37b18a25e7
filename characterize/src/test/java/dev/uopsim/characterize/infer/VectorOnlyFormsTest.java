package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.model.Unit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Blocking's µops on integer-only ports are dropped from vector-only forms (h79s's VHSUBPS ymm: two on
 * ALU0/ALU1 and two on the four ALUs beside its FP pipes; uops.info's Zen 4 table has FP pipes only).
 */
class VectorOnlyFormsTest {
    private static final int ALU01 = 0b11, ALU0123 = 0b1111, FP23 = 0b110000, AGU = 0b1000000;
    private static final Map<Integer, List<Unit>> UNITS = Map.of(0, List.of(Unit.ALU, Unit.SHIFT, Unit.MUL), 1, List.of(Unit.ALU, Unit.DIV),
            2, List.of(Unit.ALU), 3, List.of(Unit.ALU), 4, List.of(Unit.ALU, Unit.VEC_ALU, Unit.FP_ADD), 5, List.of(Unit.VEC_ALU, Unit.FP_ADD),
            6, List.of(Unit.LOAD));

    private static InstructionForm form(String name) {
        return FormTable.shipped().byName(name).orElseThrow();
    }

    @Test
    void formsOfVectorRegistersWithoutFlagsAreVectorOnly() {
        assertTrue(VectorOnlyForms.vectorOnly(form("VHSUBPS (YMM, YMM, YMM)")));
        assertTrue(VectorOnlyForms.vectorOnly(form("HADDPS (XMM, M128)")), "memory is allowed");
        assertTrue(VectorOnlyForms.vectorOnly(form("PHSUBW (MM, MM)")));
        assertFalse(VectorOnlyForms.vectorOnly(form("VPCMPISTRI (XMM, XMM, I8)")), "writes ECX and the flags");
        assertFalse(VectorOnlyForms.vectorOnly(form("MOVMSKPS (R32, XMM)")), "writes a general register");
        assertFalse(VectorOnlyForms.vectorOnly(form("COMISS (XMM, XMM)")), "writes the flags");
        assertFalse(VectorOnlyForms.vectorOnly(form("ADD_01 (R64, R64)")));
    }

    @Test
    void aVectorOnlyFormLosesItsGroupsOnIntegerOnlyPorts() {
        var groups = List.of(new PortUsage.Group(ALU01, 2), new PortUsage.Group(FP23, 2), new PortUsage.Group(ALU0123, 2),
                new PortUsage.Group(AGU, 1));
        assertEquals(List.of(new PortUsage.Group(FP23, 2), new PortUsage.Group(AGU, 1)),
                VectorOnlyForms.withoutIntegerPorts(form("HADDPS (XMM, M128)"), groups, UNITS));
        assertSame(groups, VectorOnlyForms.withoutIntegerPorts(form("RCL (R32, I8)"), groups, UNITS), "integer forms as they are");
    }

    @Test
    void aLoadUnitOnAnAluPortLeavesItOnTheIntegerSide() {
        // h81: ALU2 took a load unit from one misplaced class member
        var units = new java.util.HashMap<>(UNITS);
        units.put(2, List.of(Unit.ALU, Unit.MUL, Unit.LOAD));
        var groups = List.of(new PortUsage.Group(FP23, 1), new PortUsage.Group(ALU0123, 4));
        assertEquals(List.of(new PortUsage.Group(FP23, 1)), VectorOnlyForms.withoutIntegerPorts(form("VPHADDW (XMM, XMM, XMM)"), groups, units));
    }

    @Test
    void aPortWithVectorUnitsIsNoIntegerPortAndEveryComputeMicroOpThereStays() {
        // port 4 holds an ALU and vector units (as Intel's ports do): not integer-only
        var shared = List.of(new PortUsage.Group(0b10000, 1), new PortUsage.Group(ALU01, 1));
        assertEquals(List.of(new PortUsage.Group(0b10000, 1)), VectorOnlyForms.withoutIntegerPorts(form("VHSUBPS (YMM, YMM, YMM)"), shared, UNITS));
        var onlyThere = List.of(new PortUsage.Group(ALU0123, 2));
        assertSame(onlyThere, VectorOnlyForms.withoutIntegerPorts(form("VHSUBPS (YMM, YMM, YMM)"), onlyThere, UNITS));
    }
}
