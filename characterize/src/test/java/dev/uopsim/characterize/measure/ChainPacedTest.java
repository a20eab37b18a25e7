package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.infer.FormFigures;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A chained form's best throughput that is its chains' pace says nothing of its ports: it is no class candidate. */
class ChainPacedTest {
    private static InstructionForm form(String name) {
        return FormTable.shipped().byName(name).orElseThrow();
    }

    /** Figures with the best throughput from {@code instances} instances and the first operand's latency to itself. */
    private static FormFigures figures(String name, double throughput, int instances, double selfLatency) {
        return new FormFigures(name, throughput, true, instances, false, false,
                Map.of("op0->op0", new FormFigures.Latency(selfLatency, false, true)), List.of());
    }

    @Test
    void fourChainsOfTwoCyclesAtHalfACycleAreTheChainsPace() {
        // the Zen 4 guest (h77.jsonl): PAVGB (MM, MM) 0.50 a copy on four instances, latency 2 (uops.info: 0.25, FP0123)
        assertTrue(HostInference.chainPaced(form("PAVGB (MM, MM)"), figures("PAVGB (MM, MM)", 0.499, 4, 2.0)));
    }

    @Test
    void aReadingFasterThanTheChainsIsThePorts() {
        // MULPS (XMM, XMM): eight instances, latency 3, 0.50 a copy: its two pipes, not its chains (3 / 8)
        assertFalse(HostInference.chainPaced(form("MULPS (XMM, XMM)"), figures("MULPS (XMM, XMM)", 0.5, 8, 3.0)));
        // a one-cycle chain is not a chain that hides ports (and a form without a read-write register has none)
        assertFalse(HostInference.chainPaced(form("PADDB (MM, MM)"), figures("PADDB (MM, MM)", 0.25, 4, 1.0)));
        assertFalse(HostInference.chainPaced(form("VPADDD (XMM, XMM, XMM)"), figures("VPADDD (XMM, XMM, XMM)", 0.25, 4, 1.0)));
    }
}
