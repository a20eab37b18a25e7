package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import org.junit.jupiter.api.Test;

class HeldApartTest {
    private static InstructionForm form(String name) {
        return FormTable.shipped().byName(name).orElseThrow();
    }

    @Test
    void aChainLinkCarriesAReadWriteRegisterElseAnInputOfTheSameFileToTheOutput() {
        var add = HeldApart.link(form("ADD_01 (R64, R64)"));
        assertEquals(0, add.input());
        assertEquals(0, add.output());
        var vpaddd = HeldApart.link(form("VPADDD (YMM, YMM, YMM)"));
        assertEquals(1, vpaddd.input());
        assertEquals(0, vpaddd.output());
    }

    @Test
    void legacySseIsNotMixedWithWideVex() {
        assertFalse(HeldApart.compatible(form("ADDPS (XMM, XMM)"), form("VADDPS (YMM, YMM, YMM)")));
        assertTrue(HeldApart.compatible(form("ADDPS (XMM, XMM)"), form("VADDPS (XMM, XMM, XMM)")));
        assertTrue(HeldApart.compatible(form("ADD_01 (R64, R64)"), form("VADDPS (YMM, YMM, YMM)")));
    }
}
