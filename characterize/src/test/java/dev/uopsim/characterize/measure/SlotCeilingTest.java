package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.uopsim.characterize.infer.FormFigures;
import dev.uopsim.characterize.infer.PortUsage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Blocking can find more µops than a form has (the blocking instructions' interference; a microcoded
 * form's sequencer stalls). The slots bound them: the settled probe count, microcoded or not, and what
 * the front end delivers in the form's own throughput time. Figures from h56.jsonl (the development
 * host, family 6 model 0xcf, 6 slots a cycle).
 */
class SlotCeilingTest {
    private static final double WIDTH = 6.0;

    private static FormFigures throughput(String form, double cycles) {
        return new FormFigures(form, cycles, true, 1, false, false, Map.of(), List.of());
    }

    @Test
    void aMicrocodedFormsProbeCountBoundsItsMicroOps() {
        // RCR ah, imm8: the probe reads 12 slots (the sequencer's time), 5.99 cycles a copy
        var slots = new HostInference.Slots(12.1, 12, "rcr_r8h_i8-slots", null);
        assertEquals(12, HostInference.slotCeiling(slots, throughput("RCR (R8h, I8)", 5.986), WIDTH));

        // and blocking's 32 µops come down to 12, the widest combinations giving up the excess
        var found = new PortUsage.Usage(List.of(new PortUsage.Group(0b10, 5), new PortUsage.Group(0b1001, 5),
                new PortUsage.Group(0b10110, 14), new PortUsage.Group(0b111, 8)), Map.of(), List.of());
        var kept = PortUsage.withinForm(found, 12, 0, 0, false, false);
        assertEquals(12, kept.uops());
        assertEquals(List.of(new PortUsage.Group(0b10, 5), new PortUsage.Group(0b1001, 5), new PortUsage.Group(0b111, 2)), kept.groups());
    }

    @Test
    void withoutASettledCountTheFrontEndsDeliveryInTheFormsTimeBoundsIt() {
        // DPPD xmm, xmm, imm8: no settled probe count, 1.036 cycles a copy; blocking found 19 µops
        var unsettled = new HostInference.Slots(4.6, null, "dppd-slots", "not settled");
        assertEquals(7, HostInference.slotCeiling(unsettled, throughput("DPPD (XMM, XMM, I8)", 1.036), WIDTH));
    }

    @Test
    void theLowerOfTheTwoBoundsHolds() {
        var settled = new HostInference.Slots(3.0, 3, "x-slots", null);
        assertEquals(3, HostInference.slotCeiling(settled, throughput("X", 2.0), WIDTH));
        assertEquals(2, HostInference.slotCeiling(settled, throughput("Y", 0.33), WIDTH));
        assertEquals(0, HostInference.slotCeiling(null, null, WIDTH));
    }
}
