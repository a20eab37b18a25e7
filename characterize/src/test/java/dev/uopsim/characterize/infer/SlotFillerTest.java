package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which filler the slot probes use, from the register-move probe's cycles a pair (readings of the family 19h model 11h guest). */
class SlotFillerTest {
    @Test
    void aNopThatKeepsItsSlotStaysTheFiller() {
        SlotFiller.Choice c = SlotFiller.choose(2.0 / 6, Double.NaN, 6);
        assertEquals(SlotFiller.LONG_NOP, c.filler());
    }

    @Test
    void whereNopsFuseClcTakesOverIfItKeepsItsSlot() {
        // Twelve moves and long NOPs ran in 2.1 cycles, with CLC in 4.0.
        SlotFiller.Choice c = SlotFiller.choose(2.1 / 12, 4.0 / 12, 6);
        assertEquals(SlotFiller.CLEAR_CARRY, c.filler(), c.note());
        assertTrue(c.note().contains("fuse"), c.note());
    }

    @Test
    void whereClcFusesTooTheNopStaysAndTheNoteSaysWhatReadsLow() {
        SlotFiller.Choice c = SlotFiller.choose(2.1 / 12, 2.2 / 12, 6);
        assertEquals(SlotFiller.LONG_NOP, c.filler());
        assertTrue(c.note().contains("read low"), c.note());
    }

    @Test
    void aJournalWithoutTheProbeKeepsTheLongNop() {
        assertEquals(SlotFiller.LONG_NOP, SlotFiller.choose(Double.NaN, Double.NaN, 6).filler());
    }

    @Test
    void aReadingBetweenFusedAndApartDoesNotSettle() {
        assertTrue(SlotFiller.settles(0.175, 6));
        assertTrue(SlotFiller.settles(0.335, 6));
        assertFalse(SlotFiller.settles(0.29, 6), "neither one slot nor two: taken again");
        assertFalse(SlotFiller.settles(Double.NaN, 6));
    }
}
