package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.measure.HostInference;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Microcoded flows on a core whose flows hold whole cycles (the Zen 4 guest: decoders take 2 macro-ops). The
 * slot probe of such a form reads more slots than its throughput allows, blocking reads the front end's
 * starvation as µops, and the probe's slot count is the sequencer's time.
 */
class MicrocodeFlowRowTest {
    private static HostInference.InferredForm probed(Integer settled, String note) {
        return new HostInference.InferredForm("SHLD_IMMB (R64, R64, I8)", settled, Double.NaN, note, List.of(), "blocking", Map.of(), List.of());
    }

    @Test
    void aProbeReadingMoreSlotsThanTheThroughputAllowsIsAFlowWhereFlowsHoldWholeCycles() {
        // h74: SHLD r64, r64, imm8 read 11.2 slots at 1.50 cycles a copy (uops.info's Zen 4 table: 4 µops)
        var shld = probed(null, "not settled: the probe read 11.20 slots, more than its throughput (1.50 cycles at 6 slots a cycle) allows");
        assertTrue(HostModel.readAsAFlow(shld, 2));
        assertFalse(HostModel.readAsAFlow(shld, 4), "Intel's decoders (4): such readings came with 2- and 3-µop forms there");
        assertFalse(HostModel.readAsAFlow(probed(null, "not settled: 2.40 slots"), 2));
        assertFalse(HostModel.readAsAFlow(probed(2, null), 2));
    }

    @Test
    void aboveTheThresholdOfWholeCycleCoresAFormIsAFlowWhateverItsPortsSay() {
        // RCR r16, imm8 on the Zen 4 guest: 13 slots, 3.0 cycles, blocking's µops a port bound of 3.0
        assertTrue(HostModel.sequenced(13, 2, 2.995, 3.0, 6));
        assertFalse(HostModel.sequenced(13, 2, 1.2, 3.0, 6), "not from under 1.4 cycles");
        assertFalse(HostModel.sequenced(2, 2, 3.0, 1.0, 6), "at the threshold: decoded");
        // Intel's threshold (4): from 2 cycles, and only when slower than its ports and the front end
        assertFalse(HostModel.sequenced(13, 4, 2.995, 3.0, 6));
        assertTrue(HostModel.sequenced(13, 4, 6.0, 3.0, 6));
    }

    @Test
    void aFlowDeliversItsSlotsBeforeItsLastCycle() {
        // CMPXCHG r16, r16: 13 slots by its probe, 3.0 cycles a copy, two with six others 6.0 cycles
        assertEquals(8, HostModel.flowSlots(13, 3, 2));
        // a two-cycle flow keeps what fits its first cycle, and stays above the decoders' threshold
        assertEquals(4, HostModel.flowSlots(11, 2, 2));
        assertEquals(3, HostModel.flowSlots(3, 2, 2));
        assertEquals(3, HostModel.flowSlots(11, 1, 2));
    }

    @Test
    void aFlowsGroupKeepsOneMicroOpPerPort() {
        // RCL r32, imm8: blocking read 4 µops on ALU1 and 7 on ALU1 and X5; uops.info: 9 µops, latency 2
        assertEquals(1, HostModel.flowGroupCount(4, 0b1));
        assertEquals(2, HostModel.flowGroupCount(7, 0b11));
        assertEquals(1, HostModel.flowGroupCount(1, 0b1111));
    }
}
