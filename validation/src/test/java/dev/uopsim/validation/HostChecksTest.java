package dev.uopsim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Which of several measurements of a kernel a host check believes (no hardware needed). */
class HostChecksTest {
    @Test
    void theLowestFigureAnotherConfirmsCountsElseTheMedian() {
        // A worker stuck in a slow mode, then fast ones: the fast figure, confirmed.
        assertEquals(0.17, HostChecks.lowestConfirmed(new double[]{0.33, 0.17, 0.25, 0.174, 0.285}), 1e-12);
        // One run read fast by a disturbed calibration: not confirmed, the next one is.
        assertEquals(7.37, HostChecks.lowestConfirmed(new double[]{6.92, 7.37, 7.38, 7.40, 7.39}), 1e-12);
        // Nothing agrees: the median; failed runs (NaN) left out.
        assertEquals(3.0, HostChecks.lowestConfirmed(new double[]{2.0, 3.0, Double.NaN, 4.0}), 1e-12);
    }
}
