package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A front-end probe's slot count must fit the form's own throughput: the front end brings at most its width a cycle. */
class SlotProbeTest {
    @Test
    void slotsTheFormsOwnThroughputCannotDeliverAreRejected() {
        // BTR r32, imm8 on the development host: 1.00 cycle an instance, 6 slots a cycle; a disturbed probe read 13.05.
        assertFalse(SlotProbe.fitsThroughput(13.05, 0.997, 6));
        assertTrue(SlotProbe.fitsThroughput(1.01, 0.997, 6));
        // A renamer-executed ADD at the front end's own rate, and a microcoded form its throughput holds.
        assertTrue(SlotProbe.fitsThroughput(0.98, 0.167, 6));
        assertTrue(SlotProbe.fitsThroughput(14.0, 6.0, 6));
        // The slack: 10% and half a slot over width x throughput.
        assertTrue(SlotProbe.fitsThroughput(3.7, 0.5, 6));
        assertFalse(SlotProbe.fitsThroughput(3.9, 0.5, 6));
    }

    @Test
    void slotsOnlyTheSequencerDeliversAreBoundByItsRate() {
        // More than a decoder's 4 slots come at the sequencer's 4 a cycle: CMOVBE r64, r64 read as 7.03 slots
        // at 0.994 cycles and ROL r8h, imm8 as 10.43 at 1.997 on the development host are not slots.
        assertFalse(SlotProbe.fitsThroughput(7.03, 0.994, 6));
        assertFalse(SlotProbe.fitsThroughput(10.43, 1.997, 6));
        // A decoder's 4 slots at the front end's width; a microcoded RCL's 14 slots at 6 cycles.
        assertTrue(SlotProbe.fitsThroughput(4.0, 0.67, 6));
        assertTrue(SlotProbe.fitsThroughput(14.0, 6.0, 6));
    }
}
