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
    void theClassesPlacePortsOnOneSide() {
        // given a Zen-like layout: the ALUs' class of integer forms, the FP pipes' class of vector forms, EMMS (no register) beside them
        var alus = new PortClasses.Klass(0, 4, List.of("ADD_01 (R64, R64)", "POPCNT (R64, R64)"), "ADD_01 (R64, R64)");
        var pipes = new PortClasses.Klass(1, 4, List.of("VPADDD (XMM, XMM, XMM)", "VPOR (XMM, XMM, XMM)", "EMMS"), "VPADDD (XMM, XMM, XMM)");
        int[] sides = SidePorts.classSides(List.of(alus, pipes), new int[]{ALU0123, 0b11110000});
        assertEquals(ALU0123, sides[0]);
        assertEquals(0b11110000, sides[1]);
        // then an integer form's µops there go, though the units say ALU too (h81: FP0-FP3 had taken the ALU unit)
        var units = Map.of(4, List.of(Unit.ALU, Unit.VEC_ALU), 5, List.of(Unit.ALU, Unit.VEC_ALU), 6, List.of(Unit.ALU, Unit.VEC_ALU),
                7, List.of(Unit.ALU, Unit.VEC_ALU), 0, List.of(Unit.ALU), 1, List.of(Unit.ALU), 2, List.of(Unit.ALU), 3, List.of(Unit.ALU));
        var rcl = List.of(new PortUsage.Group(ALU0123, 6), new PortUsage.Group(0b11110000, 4));
        assertEquals(List.of(new PortUsage.Group(ALU0123, 6)), IntegerOnlyForms.withoutVectorPorts(form("RCL (R32, I8)"), rcl, units, sides[1]));
        assertSame(rcl, IntegerOnlyForms.withoutVectorPorts(form("RCL (R32, I8)"), rcl, units), "by the units alone nothing goes");
        // and on an Intel-like layout, whose ALU ports hold a class of each, no port is on one side
        var shared = new PortClasses.Klass(2, 4, List.of("VPADDD (XMM, XMM, XMM)", "VPOR (XMM, XMM, XMM)"), "VPADDD (XMM, XMM, XMM)");
        int[] intel = SidePorts.classSides(List.of(alus, shared), new int[]{ALU0123, ALU0123});
        assertEquals(0, intel[0] | intel[1]);
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
