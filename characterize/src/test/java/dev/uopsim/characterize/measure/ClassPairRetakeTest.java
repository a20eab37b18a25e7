package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.infer.PortClasses;
import dev.uopsim.characterize.stats.Estimate;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A pair mix read while another tenant shared the core must not put a form in a class: h62.jsonl read
 * MULSS (XMM, XMM) beside SHLX (R64, R64, R64) at 1.83 cycles, unsettled, where quiet runs read 1.33,
 * and the form joined SHLX's class (P0 and P6 here) instead of the multipliers' (P0 and P1).
 */
class ClassPairRetakeTest {
    private static final String PAIR = "pair-same-mulss_xmm_xmm-x2-shlx_r64_r64_r64-x2-breakers";
    /** MULSS's and SHLX's throughputs (cycles an instance), two instances of each, six lines a unit (two zero idioms). */
    private static final double MULSS = 0.493, SHLX = 0.50, SLOTS_PER_UNIT = 6, WIDTH = 6;

    private static Measurement reading(String name, double cycles, boolean settled) {
        return new Measurement(name, true, null, new Estimate(cycles, 0.01, settled, 20, 24, null), 4096, 8, List.of(), "h", 1230);
    }

    @Test
    void aBusyReadingWouldJoinTheWrongClassAndItsSettledRetakeDoesNot() throws IOException {
        // given the busy reading: by itself it is full competition, the pair would share a class
        Measurement busy = reading(PAIR, 1.829, false);
        assertTrue(PortClasses.same(busy.perCopy(), MULSS, SHLX, 2, SLOTS_PER_UNIT, WIDTH, 0));

        // when it is taken again after a pause and the core is quiet
        List<String> calls = new ArrayList<>();
        UnsettledRetakes.Attempts attempts = new UnsettledRetakes.Attempts() {
            @Override
            public boolean journaled(int k, List<Integer> pending) {
                return false;
            }

            @Override
            public List<Measurement> take(int k, List<Integer> pending, int pause) {
                calls.add(HostInference.again(PAIR, k) + " after pause " + pause);
                return List.of(reading(HostInference.again(PAIR, k), 1.331, true));
            }
        };
        var outcome = UnsettledRetakes.settle(List.of(busy), attempts, true, "port classes", s -> { });

        // then the settled retake stands, it may decide, and it says the two forms have different ports
        assertEquals(List.of(PAIR + "-again1 after pause 1"), calls);
        Measurement kept = outcome.readings().getFirst();
        assertEquals(1.331, kept.perCopy(), 1e-9);
        assertTrue(HostInference.decides(kept, true));
        assertFalse(PortClasses.same(kept.perCopy(), MULSS, SHLX, 2, SLOTS_PER_UNIT, WIDTH, 0));
    }

    @Test
    void aReadingThatNeverSettledThroughItsRetakesDecidesNothing() {
        assertFalse(HostInference.decides(reading(PAIR, 1.829, false), true));
    }

    @Test
    void aJournalFromBeforeTheRetakesReplaysOnTheReadingItHolds() {
        // given a journal without retakes of the pair (h58-h63): its reading placed the form when it ran
        assertTrue(HostInference.decides(reading(PAIR, 1.829, false), false));
    }

    @Test
    void settledAndFailedReadingsDecideAsBefore() {
        assertTrue(HostInference.decides(reading(PAIR, 1.331, true), true));
        // a failed reading gives no cycles, which the class decision skips on its own
        assertTrue(HostInference.decides(Measurement.failed(PAIR, "the worker crashed", "h"), true));
    }
}
