package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The front end delivers whole slots: a NOP rate between whole numbers was read on a shared core. */
class FrontEndWidthTest {
    @Test
    void ratesNearAWholeNumberOfSlotsAreWidths() {
        assertTrue(HostInference.wholeWidth(6.01));
        assertTrue(HostInference.wholeWidth(5.94));
        assertTrue(HostInference.wholeWidth(4.0));
    }

    @Test
    void aRateBetweenWholeNumbersIsNot() {
        // the development host in a busy hour (2026-11-26): 3.65 NOPs a cycle, 6.0 before and after
        assertFalse(HostInference.wholeWidth(3.65));
        assertFalse(HostInference.wholeWidth(5.5));
        assertFalse(HostInference.wholeWidth(0.0));
    }

    @Test
    void aWholeReadingStandsOnlyWhenTheNextOneAgrees() {
        // a quiet run: 6.0, then 6.01
        var quiet = new HostInference.WidthConfirmation();
        assertTrue(Double.isNaN(quiet.offer(6.0)));
        assertEquals(6.01, quiet.offer(6.01), 1e-9);

        // h59.jsonl, a busy quarter hour: 3.39, 4.75, 3.97 (four, unconfirmed), then quiet again
        var busy = new HostInference.WidthConfirmation();
        assertTrue(Double.isNaN(busy.offer(3.39)));
        assertTrue(Double.isNaN(busy.offer(4.75)));
        assertTrue(Double.isNaN(busy.offer(3.97)));
        assertTrue(Double.isNaN(busy.offer(5.99)));
        assertEquals(6.0, busy.offer(6.0), 1e-9);
    }
}
