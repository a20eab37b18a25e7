package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.ProgramWriter;
import dev.uopsim.characterize.clock.Clock;
import dev.uopsim.characterize.clock.ClockKind;
import dev.uopsim.characterize.runner.RawSample;
import dev.uopsim.characterize.stats.Estimate;
import dev.uopsim.characterize.stats.Estimator;
import dev.uopsim.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A measurement read back from the journal has the estimate the run had, whatever the reading process
 * converted before: replay takes its decisions from the same figures, so the checks it regenerates are
 * the ones the run measured (a replay of a fresh journal once found none of its 800 held-apart checks).
 */
class JournalEstimateTest {
    /** One A/B sample at a cycle a tick (the calibration chain's 2,000 cycles in 2,000 ticks), its sentinel and B's extra ticks given. */
    private static RawSample sample(long sentinel, long extraB) {
        return RawSample.of(new long[]{30_000, 60_000 + extraB, 1000, 3000, 1000, 3000, sentinel, 0, 0});
    }

    @Test
    void aJournaledMeasurementGivesBackItsEstimateAfterOtherJobs() throws Exception {
        Clock live = new Clock(ClockKind.TSC_CALIBRATED);
        // An earlier job with a fast sentinel sets the window's reference.
        live.convert(List.of(sample(380, 0), sample(380, 0)));
        // This job: a third of its samples have a sentinel over 6% slower than 380 (within 6% of its own fastest, 400) (and B figures that
        // would move the envelope, were they kept).
        List<RawSample> samples = new ArrayList<>();
        for (int i = 0; i < 12; i++) samples.add(i % 3 == 0 ? sample(420, -900) : sample(400, i));
        Estimate liveEstimate = Estimator.latency().estimate(live.convert(samples), 10.0);
        Measurement m = new Measurement("x-latency-op0-op0", true, null, liveEstimate, 1, 10, samples, "h", live.bestSentinel());

        // Written to the journal and read back as JSON, on a clock that has seen other work.
        @SuppressWarnings("unchecked")
        Map<String, Object> rec = Json.mapper().readValue(Json.write(m.journalRecord("phase", "ports", "tsc-calibrated")), Map.class);
        Clock other = new Clock(ClockKind.TSC_CALIBRATED);
        other.convert(List.of(sample(500, 0)));
        BenchmarkRunner reader = new BenchmarkRunner(null, null, new ProgramWriter(true), other);
        Measurement back = reader.fromJournal(rec, Benchmark.Kind.LATENCY);

        assertEquals(liveEstimate.value(), back.estimate().value(), 1e-12);
        assertEquals(m.sentinelReference(), back.sentinelReference());
        // The reference mattered: judged by its own fastest sentinel the job keeps its slow samples.
        double withoutReference = Estimator.latency().estimate(new Clock(ClockKind.TSC_CALIBRATED).convert(samples), 10.0).value();
        assertTrue(Math.abs(withoutReference - liveEstimate.value()) > 1e-9,
                "without the reference " + withoutReference + ", with it " + liveEstimate.value());
    }

    private static Measurement measured(List<RawSample> samples, double reference) {
        Clock clock = new Clock(ClockKind.TSC_CALIBRATED);
        Estimate e = Estimator.latency().estimate(clock.convert(samples, reference), 10.0);
        return new Measurement("x-latency-op0-op0", true, null, e, 1, 10, samples, "h", reference);
    }

    @Test
    void aMeasurementTakenMostlyWhileTheCoreWasSharedIsMeasuredAgainAndNoOtherIs() {
        Clock clock = new Clock(ClockKind.TSC_CALIBRATED);
        List<RawSample> busy = new ArrayList<>(), quiet = new ArrayList<>(), jittery = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            busy.add(i < 9 ? sample(520, 40 * i) : sample(400, 3 * i));         // 9 of 12 sentinels 30% slow
            quiet.add(sample(400, i % 2));
            jittery.add(sample(400, i % 2 == 0 ? 0 : 600));                      // unstable, but not contended
        }
        Measurement b = measured(busy, 400), q = measured(quiet, 400), j = measured(jittery, 400);
        assertFalse(b.estimate().stable(), b.estimate().toString());
        assertTrue(BenchmarkRunner.worthRemeasuring(b, clock));
        assertFalse(BenchmarkRunner.worthRemeasuring(q, clock), "stable");
        assertFalse(j.estimate().stable(), j.estimate().toString());
        assertFalse(BenchmarkRunner.worthRemeasuring(j, clock), "unstable on a quiet core: waiting would not help");
        assertFalse(BenchmarkRunner.worthRemeasuring(Measurement.failed("x", "fault", "h"), clock));
    }
}
