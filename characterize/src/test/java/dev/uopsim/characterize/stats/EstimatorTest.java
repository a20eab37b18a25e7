package dev.uopsim.characterize.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.clock.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EstimatorTest {
    private static List<Clock.Sample> samples(double a, double b, int n, double noise, long seed) {
        Random r = new Random(seed);
        List<Clock.Sample> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // Interference only ever adds cycles.
            out.add(new Clock.Sample(a + Math.abs(r.nextGaussian()) * noise * a, b + Math.abs(r.nextGaussian()) * noise * b, 1.5, 1000, null));
        }
        return out;
    }

    @Test
    void theDifferenceOfLowerEnvelopesRecoversTheCostOfTheExtraCopies() {
        // A: 64 copies + 200 cycles of overhead, B: 128 copies + the same overhead, 1 cycle per copy.
        Estimate e = Estimator.throughput().estimate(samples(264, 328, 24, 0.002, 1), 64);
        assertEquals(1.0, e.value(), 0.02);
        assertTrue(e.stable());
        assertEquals(24, e.kept());
    }

    @Test
    void aDisturbedVariantADoesNotMakeTheDifferenceSmall() {
        List<Clock.Sample> s = samples(10_000, 20_000, 24, 0.0005, 2);
        s.set(0, new Clock.Sample(15_000, 20_000, 1.5, 1000, null));      // an interrupt in A
        Estimate e = Estimator.latency().estimate(s, 10_000);
        assertEquals(1.0, e.value(), 0.01);
    }

    @Test
    void samplesThatNeverSettleAreReportedUnstable() {
        List<Clock.Sample> s = new ArrayList<>();
        Random r = new Random(3);
        for (int i = 0; i < 24; i++) s.add(new Clock.Sample(10_000, 20_000 + (i % 2 == 0 ? 0 : 3000) + r.nextInt(50), 1.5, 1000, null));
        Estimate e = Estimator.throughput().estimate(s, 10_000);
        assertFalse(e.stable(), e.toString());
        assertTrue(e.note().contains("halves disagree"), e.note());
    }

    @Test
    void tooFewKeptSamplesGiveAnUnstableFigureFromAllOfThem() {
        List<Clock.Sample> s = new ArrayList<>();
        for (int i = 0; i < 10; i++) s.add(new Clock.Sample(1000, 2000, 1.5, 1000, i < 9 ? "sentinel slow: the core was shared" : null));
        Estimate e = Estimator.throughput().estimate(s, 1000);
        assertFalse(e.stable());
        assertEquals(1.0, e.value(), 1e-9);
        assertTrue(e.note().contains("sentinel"), e.note());
    }
}
