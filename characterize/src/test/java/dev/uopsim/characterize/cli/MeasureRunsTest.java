package dev.uopsim.characterize.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.uopsim.characterize.measure.BlockMeasurer;
import dev.uopsim.characterize.stats.Estimate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How far apart the runs of one kernel were, as `measure --json` reports it. */
class MeasureRunsTest {
    private static BlockMeasurer.Result run(double cycles) {
        return new BlockMeasurer.Result("k", true, null, null, cycles, new Estimate(cycles, 0.004, true, 14, 16, null), 1, 4096, 50,
                "50 and 100 copies", List.of(), 1230);
    }

    @Test
    void theSpreadIsTheRangeOverTheMedianRun() {
        assertEquals(0.2264, MeasureCommand.runsSpread(List.of(run(2.0098), run(2.0064), run(2.4613))), 1e-4);
        assertEquals(0.0, MeasureCommand.runsSpread(List.of(run(1.0), run(1.0))), 1e-12);
        assertNull(MeasureCommand.runsSpread(List.of(run(1.0))));
        assertNull(MeasureCommand.runsSpread(List.of(run(1.0), BlockMeasurer.Result.failed("k", "timeout", "20 s"))));
    }
}
