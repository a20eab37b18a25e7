package dev.uopsim.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RegisterTest {
    @Test
    void subRegistersSitInsideTheirRoot() {
        Register ah = Register.byName("ah");
        assertSame(Register.RAX, ah.root());
        assertEquals(8, ah.offset());
        assertEquals(8, ah.width());
        assertSame(Register.RAX, Register.byName("EAX").root());
        assertSame(Register.byName("zmm5"), Register.byName("xmm5").root());
        assertSame(Register.byName("r13"), Register.byName("r13b").root());
    }

    @Test
    void overlapFollowsBits() {
        Register al = Register.byName("al");
        Register ah = Register.byName("ah");
        assertFalse(al.overlaps(ah), "AL and AH are different bytes of RAX");
        assertTrue(al.overlaps(Register.byName("ax")));
        assertTrue(Register.byName("xmm3").overlaps(Register.byName("ymm3")));
        assertFalse(Register.byName("xmm3").overlaps(Register.byName("xmm4")));
    }

    @Test
    void encodingPropertiesOfByteRegisters() {
        assertTrue(Register.byName("sil").needsRexForByte());
        assertTrue(Register.byName("bh").isHigh8());
        assertTrue(Register.byName("r9").isExtended());
        assertTrue(Register.byName("xmm17").needsEvex());
        assertSame(Register.byName("st1"), Register.byName("%st(1)"));
    }

    @Test
    void flagGroupsSplitCarryOverflowAndTheRest() {
        int inc = Flag.parseMask("PAZSO");
        assertEquals(1 << FlagGroup.OF.ordinal() | 1 << FlagGroup.SZAP.ordinal(), FlagGroup.groupsTouched(inc));
        assertEquals(0, FlagGroup.groupsPartlyWritten(inc), "INC writes OF and all of SZAP, not CF");
        int bt = Flag.parseMask("C");
        assertEquals(1 << FlagGroup.CF.ordinal(), FlagGroup.groupsTouched(bt));
        assertEquals(1 << FlagGroup.SZAP.ordinal(), FlagGroup.groupsPartlyWritten(Flag.parseMask("CZ")));
    }
}
