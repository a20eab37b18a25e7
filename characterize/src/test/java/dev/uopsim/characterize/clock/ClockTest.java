package dev.uopsim.characterize.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.runner.RawSample;
import dev.uopsim.characterize.stats.Estimate;
import dev.uopsim.characterize.stats.Estimator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The two clocks turn raw samples into cycles; the counter path, which this machine cannot run, from recorded data. */
class ClockTest {
    private static List<RawSample> recorded() throws IOException {
        List<RawSample> out = new ArrayList<>();
        try (InputStream in = ClockTest.class.getResourceAsStream("recorded-perf-samples.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] f = line.trim().split("\\s+");
                long[] w = new long[9];
                for (int i = 0; i < 9; i++) w[i] = Long.parseLong(f[i]);
                out.add(RawSample.of(w));
            }
        }
        return out;
    }

    /** The recorded samples with two interrupts in B and one in A, as a busy machine gives them. */
    private static List<RawSample> disturbed() throws IOException {
        List<RawSample> raw = new ArrayList<>(recorded());
        for (int i : new int[]{5, 11}) {
            RawSample r = raw.get(i);
            raw.set(i, new RawSample(r.ticksA(), r.ticksB() * 5 / 4, r.calShortBefore(), r.calLongBefore(), r.calShortAfter(),
                    r.calLongAfter(), r.sentinel(), r.perfA(), r.perfB() * 5 / 4));
        }
        RawSample r = raw.get(8);
        raw.set(8, new RawSample(r.ticksA() * 3 / 2, r.ticksB(), r.calShortBefore(), r.calLongBefore(), r.calShortAfter(),
                r.calLongAfter(), r.sentinel(), r.perfA() * 3 / 2, r.perfB()));
        return raw;
    }

    @Test
    void perfCyclesAreUsedAsCountedAndTheLowerEnvelopeIgnoresInterruptedSamples() throws IOException {
        Clock clock = new Clock(ClockKind.PERF_CYCLES);
        List<Clock.Sample> samples = clock.convert(disturbed());
        assertEquals(16, samples.size());
        assertEquals((double) recorded().getFirst().perfA(), samples.getFirst().cyclesA());
        Estimate e = Estimator.latency().estimate(samples, 32.0 * 256);
        assertEquals(3.0, e.value(), 0.02, "3-cycle chain from perf counts: " + e);
        assertTrue(e.stable(), e.toString());
        assertEquals("perf-cycles", clock.kind().id());
    }

    @Test
    void tscTicksAreConvertedWithEachSamplesCalibration() throws IOException {
        Clock clock = new Clock(ClockKind.TSC_CALIBRATED);
        List<Clock.Sample> samples = clock.convert(disturbed());
        RawSample first = recorded().getFirst();
        double before = 2000.0 / (first.calLongBefore() - first.calShortBefore());
        double after = 2000.0 / (first.calLongAfter() - first.calShortAfter());
        assertEquals((before + after) / 2, samples.getFirst().cyclesPerTick(), 1e-9);
        Estimate e = Estimator.latency().estimate(samples, 32.0 * 256);
        assertEquals(3.0, e.value(), 0.05, e.toString());
    }

    @Test
    void aSampleWhoseSentinelRanSlowIsDropped() throws IOException {
        List<RawSample> raw = new ArrayList<>(recorded());
        RawSample r = raw.get(3);
        raw.set(3, new RawSample(r.ticksA(), r.ticksB(), r.calShortBefore(), r.calLongBefore(), r.calShortAfter(),
                r.calLongAfter(), r.sentinel() * 3 / 2, r.perfA(), r.perfB()));
        long keptBefore = new Clock(ClockKind.TSC_CALIBRATED).convert(recorded()).stream().filter(Clock.Sample::kept).count();
        List<Clock.Sample> s = new Clock(ClockKind.TSC_CALIBRATED).convert(raw);
        assertFalse(s.get(3).kept());
        assertTrue(s.get(3).dropped().contains("sentinel"), s.get(3).dropped());
        assertEquals(keptBefore - 1, s.stream().filter(Clock.Sample::kept).count());
    }

    @Test
    void aSampleDuringWhichTheFrequencyMovedIsDropped() throws IOException {
        List<RawSample> raw = new ArrayList<>(recorded());
        RawSample r = raw.get(5);
        raw.set(5, new RawSample(r.ticksA(), r.ticksB(), r.calShortBefore(), r.calLongBefore(), r.calShortAfter(),
                r.calShortAfter() + 1600, r.sentinel(), r.perfA(), r.perfB()));
        List<Clock.Sample> s = new Clock(ClockKind.TSC_CALIBRATED).convert(raw);
        assertFalse(s.get(5).kept());
        assertTrue(s.get(5).dropped().contains("moved"), s.get(5).dropped());
    }

    /** The samples with their sentinel scaled by {@code factor} (every one, or every other from {@code from}). */
    private static List<RawSample> sentinels(List<RawSample> raw, double factor, int from, int step) {
        List<RawSample> out = new ArrayList<>(raw);
        for (int i = from; i < out.size(); i += step) {
            RawSample r = out.get(i);
            out.set(i, new RawSample(r.ticksA(), r.ticksB(), r.calShortBefore(), r.calLongBefore(), r.calShortAfter(),
                    r.calLongAfter(), Math.round(r.sentinel() * factor), r.perfA(), r.perfB()));
        }
        return out;
    }

    private static List<Boolean> kept(List<Clock.Sample> samples) {
        return samples.stream().map(Clock.Sample::kept).toList();
    }

    @Test
    void aJobJudgedAgainstItsRecordedReferenceKeepsTheSameSamplesWhateverWasMeasuredBefore() throws IOException {
        // Measured after a job whose sentinels ran 5% faster, every other sample of this one 4% slower
        // still: those are over the slack against the window's reference and dropped.
        Clock live = new Clock(ClockKind.TSC_CALIBRATED);
        live.convert(sentinels(recorded(), 0.95, 0, 1));
        List<RawSample> job = sentinels(recorded(), 1.04, 1, 2);
        List<Clock.Sample> measured = live.convert(job);
        double reference = live.bestSentinel();

        // A replay converts the same raw samples on a clock that saw nothing before (or other jobs).
        Clock replay = new Clock(ClockKind.TSC_CALIBRATED);
        replay.convert(sentinels(recorded(), 1.10, 0, 1));
        assertEquals(kept(measured), kept(replay.convert(job, reference)));
        assertEquals(kept(measured), kept(new Clock(ClockKind.TSC_CALIBRATED).convert(job, reference)));
        // Without the reference the job is judged by its own fastest sentinel: other samples are kept.
        assertNotEquals(kept(measured), kept(new Clock(ClockKind.TSC_CALIBRATED).convert(job)));
        assertTrue(kept(measured).contains(false), "the slower samples dropped live: " + kept(measured));
    }

    /** A job timed by a TSC that advances 26 ticks at a time, {@code cyclesPerTick} core cycles a tick. */
    private static List<RawSample> coarseJob(double cyclesPerTick, double cyclesA, double cyclesB, long seed) {
        java.util.Random random = new java.util.Random(seed);
        List<RawSample> out = new ArrayList<>();
        for (int i = 0; i < 48; i++) {
            long[] w = new long[9];
            double[] cycles = {cyclesA, cyclesB, 1000, 3000, 1000, 3000, 1024};
            for (int k = 0; k < cycles.length; k++) {
                double start = random.nextDouble() * 26, ticks = cycles[k] / cyclesPerTick;
                w[k] = 26 * (long) Math.floor((start + ticks) / 26) - 26 * (long) Math.floor(start / 26);
            }
            out.add(RawSample.of(w));
        }
        return out;
    }

    @Test
    void aCoarseTscConvertsTheJobWithOneRatioPooledOverItsCalibrationRuns() {
        // One step of 26 ticks is 1.8% of a calibration run: each sample's own ratio would fall on a few
        // levels and the lower envelope would prefer the samples rounded down (figures fast by up to about 1%).
        double cyclesPerTick = 1.4037;
        for (long seed = 1; seed <= 5; seed++) {
            List<Clock.Sample> s = new Clock(ClockKind.TSC_CALIBRATED).convert(coarseJob(cyclesPerTick, 30_000, 60_000, seed));
            assertEquals(cyclesPerTick, s.getFirst().cyclesPerTick(), cyclesPerTick * 0.003, "pooled ratio, seed " + seed);
            assertTrue(s.stream().allMatch(x -> x.cyclesPerTick() == s.getFirst().cyclesPerTick()), "one ratio for the job");
            assertTrue(s.stream().filter(Clock.Sample::kept).count() >= 40, "rounding alone drops no sample: " + s);
            Estimate e = Estimator.throughput().estimate(s, 30_000);
            assertEquals(1.0, e.value(), 0.005, "seed " + seed + ": " + e);
        }
    }

    @Test
    void theTscStepIsTheCommonDivisorOfTheCalibrationRuns() {
        assertEquals(26, JobCalibration.tickStep(coarseJob(1.4, 30_000, 60_000, 7)));
    }

    @Test
    void theCalibrationChainIsNotAnAddOfAnImmediate() {
        // Golden Cove-class cores run 'add r, imm' chains at rename, several per cycle.
        String code = FixedCode.calibration();
        assertTrue(code.contains("add r8, r9"), code);
        assertFalse(code.matches("(?s).*add r8, \\d.*"), code);
    }
}
