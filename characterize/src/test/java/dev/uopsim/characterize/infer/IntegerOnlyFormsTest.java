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

/** Blocking's µops on vector-only ports are dropped from integer-only forms (h74's RCL r32, imm8: FP5 x4, FP0-3 x3). */
class IntegerOnlyFormsTest {
    private static final int ALU1 = 0b1, X5 = 0b10, FP5 = 0b100, FP0123 = 0b1111000;
    private static final Map<Integer, List<Unit>> UNITS = Map.of(0, List.of(Unit.ALU, Unit.SHIFT, Unit.MUL), 1, List.of(Unit.ALU, Unit.SHIFT),
            2, List.of(Unit.VEC_ALU), 3, List.of(Unit.VEC_ALU, Unit.FMA), 4, List.of(Unit.VEC_ALU), 5, List.of(Unit.FP_ADD), 6, List.of(Unit.VEC_SHUFFLE));

    private static InstructionForm form(String name) {
        return FormTable.shipped().byName(name).orElseThrow();
    }

    @Test
    void formsOfGeneralPurposeRegistersAndFlagsAreIntegerOnly() {
        assertTrue(IntegerOnlyForms.integerOnly(form("RCL (R32, I8)")));
        assertTrue(IntegerOnlyForms.integerOnly(form("CMPXCHG (R16, R16)")));
        assertTrue(IntegerOnlyForms.integerOnly(form("ADD (M64, R64)")));
        assertFalse(IntegerOnlyForms.integerOnly(form("MOVD (R32, XMM)")), "reads a vector register");
        assertFalse(IntegerOnlyForms.integerOnly(form("CVTTSD2SI (R32, XMM)")));
        assertFalse(IntegerOnlyForms.integerOnly(form("HADDPD (XMM, XMM)")));
    }

    @Test
    void anIntegerOnlyFormLosesItsGroupsOnVectorOnlyPorts() {
        var groups = List.of(new PortUsage.Group(ALU1, 4), new PortUsage.Group(FP5, 4), new PortUsage.Group(ALU1 | X5, 2),
                new PortUsage.Group(FP0123, 4));
        assertEquals(List.of(new PortUsage.Group(ALU1, 4), new PortUsage.Group(ALU1 | X5, 2)),
                IntegerOnlyForms.withoutVectorPorts(form("RCL (R32, I8)"), groups, UNITS));
        assertSame(groups, IntegerOnlyForms.withoutVectorPorts(form("HADDPD (XMM, XMM)"), groups, UNITS), "vector forms as they are");
    }

    @Test
    void aFormWithEveryComputeMicroOpOnSuchPortsKeepsThem() {
        // h74 found CMOVNB r32, r32 on a port its classes took for the FP-to-integer moves'
        var onlyThere = List.of(new PortUsage.Group(FP5, 1));
        assertSame(onlyThere, IntegerOnlyForms.withoutVectorPorts(form("CMOVNB (R32, R32)"), onlyThere, UNITS));
    }
}
