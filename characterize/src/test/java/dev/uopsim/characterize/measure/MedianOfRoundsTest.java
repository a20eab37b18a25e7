package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.uopsim.characterize.stats.Estimate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which reading of a held-apart check counts when it was measured in three rounds. */
class MedianOfRoundsTest {
    private static Measurement reading(double cycles, boolean settled) {
        return new Measurement("heldout-mix-1", true, null, new Estimate(cycles, 0.01, settled, 20, 24, null), 4096, 8, List.of(), "h", 1230);
    }

    @Test
    void theMiddleSettledReadingCountsAndABurstSpoilsOnlyOne() {
        assertEquals(1.31, JournalMeasurer.median(List.of(reading(1.63, true), reading(1.31, true), reading(1.30, true))).perCopy());
    }

    @Test
    void unsettledReadingsStandAsideWhileASettledOneExists() {
        assertEquals(1.31, JournalMeasurer.median(List.of(reading(1.20, false), reading(1.31, true), reading(1.98, false))).perCopy());
    }

    @Test
    void ofTwoTheLowerCountsSinceOtherWorkOnlyAddsCycles() {
        assertEquals(1.30, JournalMeasurer.median(List.of(reading(1.45, true), reading(1.30, true))).perCopy());
    }

    @Test
    void withNothingSettledTheMiddleOfAllCounts() {
        assertEquals(1.5, JournalMeasurer.median(List.of(reading(2.0, false), reading(1.5, false), reading(1.2, false))).perCopy());
    }

    @Test
    void aFailedFirstReadingGivesWayToAMeasuredOne() {
        Measurement failed = Measurement.failed("heldout-mix-1", "timeout", "h");
        assertEquals(1.4, JournalMeasurer.median(List.of(failed, reading(1.4, true))).perCopy());
    }
}
