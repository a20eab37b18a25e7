package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.stats.Estimate;
import dev.uopsim.common.MeasurementException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** Bypass chains that did not settle, taken again until they do, from the journal first and then fresh. */
class UnsettledRetakesTest {
    private static Measurement reading(double cycles, boolean settled) {
        return new Measurement("vmulps_xmm_xmm_xmm-bypass-self", true, null, new Estimate(cycles, 0.01, settled, 20, 24, null), 4096, 8,
                List.of(), "h", 1230);
    }

    /** Attempts served by a function of (attempt, batch index); records each attempt's number, pending indices and pause. */
    private static final class Scripted implements UnsettledRetakes.Attempts {
        final int journaledUpTo;
        final BiFunction<Integer, Integer, Measurement> answer;
        final List<String> calls = new ArrayList<>();

        Scripted(int journaledUpTo, BiFunction<Integer, Integer, Measurement> answer) {
            this.journaledUpTo = journaledUpTo;
            this.answer = answer;
        }

        @Override
        public boolean journaled(int k, List<Integer> pending) {
            return k <= journaledUpTo;
        }

        @Override
        public List<Measurement> take(int k, List<Integer> pending, int pause) {
            calls.add(k + ":" + pending + " pause " + pause);
            List<Measurement> out = new ArrayList<>();
            for (int i : pending) out.add(answer.apply(k, i));
            return out;
        }
    }

    @Test
    void readingsTakenOnASharedCoreAreMeasuredAgainAfterGrowingPausesUntilTheySettle() throws IOException {
        // given h60's reference self-chains: VMULPS read 4.75 cycles a trip, unsettled; VPADDD settled
        List<Measurement> first = List.of(reading(4.75, false), reading(1.0, true), reading(2.03, false));
        // when the machine is quiet again for the first chain at the first retake and for the third at the second
        Scripted attempts = new Scripted(0, (k, i) -> i == 0 ? reading(3.99, true) : reading(k == 2 ? 2.0 : 2.2, k == 2));
        var outcome = UnsettledRetakes.settle(first, attempts, true, "bypass", s -> { });
        // then only the unsettled ones are taken again, after pauses 1 and 2 (5 s, then 10 s)
        assertEquals(List.of("1:[0, 2] pause 1", "2:[2] pause 2"), attempts.calls);
        assertEquals(3.99, outcome.readings().get(0).perCopy());
        assertEquals(2.0, outcome.readings().get(2).perCopy());
        assertEquals(0, outcome.unsettled());
        assertEquals(2, outcome.fresh());
    }

    @Test
    void aReplayReadsTheJournaledAttemptsWithoutPausingAndMeasuresNothingMore() throws IOException {
        // given a journal with two attempts, the chain still unsettled after both
        Scripted attempts = new Scripted(2, (k, i) -> reading(4.5 - 0.1 * k, false));
        var outcome = UnsettledRetakes.settle(List.of(reading(4.75, false)), attempts, false, "bypass", s -> { });
        // then both are read, without a pause, and the lowest unsettled reading stands
        assertEquals(List.of("1:[0] pause 0", "2:[0] pause 0"), attempts.calls);
        assertEquals(4.3, outcome.readings().getFirst().perCopy(), 1e-9);
        assertEquals(1, outcome.unsettled());
        assertEquals(0, outcome.fresh());
    }

    @Test
    void aResumedRunReadsTheJournaledAttemptsThenMeasuresFreshOnes() throws IOException {
        // given a run that stopped after its three attempts, every one unsettled
        Scripted attempts = new Scripted(3, (k, i) -> reading(4.7, false));
        var outcome = UnsettledRetakes.settle(List.of(reading(4.75, false)), attempts, true, "bypass", s -> { });
        // then the resumed run reads attempts 1-3 and measures 4, 5 and 6 after the pauses of a fresh run
        assertEquals(List.of("1:[0] pause 0", "2:[0] pause 0", "3:[0] pause 0", "4:[0] pause 1", "5:[0] pause 2", "6:[0] pause 3"),
                attempts.calls);
        assertEquals(UnsettledRetakes.FRESH_ATTEMPTS, outcome.fresh());
    }

    @Test
    void aBatchMostlyUnsettledAfterEveryRetakeStopsTheRunForALaterResume() throws IOException {
        // given 100 chains of which 30 never settle
        List<Measurement> first = new ArrayList<>(Collections.nCopies(70, reading(1.0, true)));
        first.addAll(Collections.nCopies(30, reading(4.7, false)));
        Scripted attempts = new Scripted(0, (k, i) -> reading(4.6, false));
        var outcome = UnsettledRetakes.settle(first, attempts, true, "bypass", s -> { });
        // then the run stops with a hint to resume
        MeasurementException stop = assertThrows(MeasurementException.class, () -> UnsettledRetakes.usable(outcome, "bypass chains"));
        assertTrue(stop.hint().contains("--resume"), stop.hint());
        assertTrue(stop.getMessage().startsWith("30 of 100 bypass chains did not settle"), stop.getMessage());
    }

    @Test
    void aFewSlowFormsDoNotStopARun() throws IOException {
        // given 1,000 chains of which 19 never settle (variable-latency forms read unsettled on a quiet core too)
        List<Measurement> first = new ArrayList<>(Collections.nCopies(981, reading(1.0, true)));
        first.addAll(Collections.nCopies(19, reading(13.0, false)));
        var outcome = UnsettledRetakes.settle(first, new Scripted(0, (k, i) -> reading(13.1, false)), true, "bypass", s -> { });
        // then the figures stand
        assertSame(outcome, UnsettledRetakes.usable(outcome, "bypass chains"));
        assertEquals(19, outcome.unsettled());
    }

    @Test
    void aSettledRetakeReplacesAnUnsettledReadingAndAFailedOneChangesNothing() {
        Measurement held = reading(4.75, false);
        assertEquals(3.99, UnsettledRetakes.better(held, reading(3.99, true)).perCopy());
        assertEquals(4.2, UnsettledRetakes.better(held, reading(4.2, false)).perCopy());
        assertSame(held, UnsettledRetakes.better(held, reading(4.9, false)));
        assertSame(held, UnsettledRetakes.better(held, Measurement.failed("x", "timeout", "h")));
    }
}
