package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Pauses on a shared machine: doubling, a few per measurement, within a budget that can be renewed. */
class ContentionTest {
    @Test
    void pausesStopAtTheRetriesOrTheBudgetAndARenewedBudgetAllowsMore() {
        Contention c = new Contention(3, 1);            // 3 ms of pauses, the first 1 ms
        assertFalse(c.pause(Contention.RETRIES), "no more attempts than the retries");
        assertTrue(c.pause(0));                         // 1 ms
        assertTrue(c.pause(1));                         // 2 ms: 3 in all, the budget spent
        assertFalse(c.pause(0), "the budget is spent");
        c.renew();
        assertTrue(c.pause(0), "a renewed budget");
        assertEquals(2, c.remeasured(), "measurements paused for: those whose first pause was taken");
    }
}
