package dev.uopsim.validation.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The replay's counts: every check in the headline, the ones with an unsettled measurement apart. */
class ReplaySummaryTest {
    private static ReplayCommand.Row row(double measured, double simulated, boolean settled) {
        return new ReplayCommand.Row("heldout", "heldout-mix-" + measured + "-" + simulated, null, measured, simulated, "ports", null, settled);
    }

    @Test
    @SuppressWarnings("unchecked")
    void uncheckedMeasurementsAreCountedInTheHeadlineAndApartFromTheSettledFigures() {
        List<ReplayCommand.Row> rows = List.of(
                row(1.00, 1.02, true),          // within 5%
                row(2.00, 2.30, true),          // 15% off
                row(4.00, 2.00, false),         // measured twice as slow: a shared core
                row(3.00, 3.05, false),         // unsettled, yet within 5%
                row(Double.NaN, Double.NaN, false));   // not measured
        Map<String, Object> s = ReplayCommand.summary(rows);
        assertEquals(4, s.get("benchmarks"));
        assertEquals(2L, s.get("within_5pct"));
        assertEquals(1L, s.get("not_measured"));
        assertEquals(2, s.get("unsettled"));
        Map<String, Object> settled = (Map<String, Object>) s.get("settled");
        assertEquals(2, settled.get("benchmarks"));
        assertEquals(1L, settled.get("within_5pct"));
        assertEquals(0.5, settled.get("share_within_5pct"));
    }
}
