package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/**
 * A slot probe that does not settle is taken again; which reading stands. Readings of STD from
 * h58.jsonl (the development host in a busy hour): the first attempt beyond what its throughput
 * allows (no reading), the second 14.6 slots, the third beyond again.
 */
class SlotAttemptTest {
    private static final HostInference.Slots NONE = new HostInference.Slots(Double.NaN, null, "std-slots-k60-x1", "not settled: too many");
    private static final HostInference.Slots UNSETTLED = new HostInference.Slots(14.56, null, "std-slots-k60-x1-again1", "not settled: 14.56 slots");
    private static final HostInference.Slots SETTLED = new HostInference.Slots(14.9, 15, "std-slots-k60-x1-again2", null);

    @Test
    void aReadingAtAllBeatsNone() {
        assertSame(UNSETTLED, HostInference.kept(NONE, UNSETTLED));
        // and a later attempt with no reading does not undo it
        assertSame(UNSETTLED, HostInference.kept(UNSETTLED, NONE));
    }

    @Test
    void aSettledAttemptStandsAndAnUnsettledOneDoesNotReplaceAReading() {
        assertSame(SETTLED, HostInference.kept(UNSETTLED, SETTLED));
        var other = new HostInference.Slots(16.2, null, "std-slots-k60-x1-again2", "not settled: 16.2 slots");
        assertSame(UNSETTLED, HostInference.kept(UNSETTLED, other));
    }
}
