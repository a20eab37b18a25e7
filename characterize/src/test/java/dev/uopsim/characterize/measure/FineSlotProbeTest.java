package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.infer.FormFigures;
import dev.uopsim.characterize.infer.SlotProbe;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An unsettled slot probe is taken again with the fewest fillers per instance: the probe reads slots as
 * the difference of two loop lengths, so its error grows with the fillers (h84.jsonl, a shared hour:
 * VFMSUB132PS (XMM, XMM, XMM) chained on itself behind 61 NOPs read 1.56 slots three times).
 */
class FineSlotProbeTest {
    private static final InstructionForm FMA = FormTable.shipped().byName("VFMSUB132PS (XMM, XMM, XMM)").orElseThrow();

    private static Generator generator() {
        return TestGenerators.zen4WithClcFillers();
    }

    private static FormFigures figures(List<FormFigures.Sequence> sequences) {
        FormFigures.Sequence best = sequences.getLast();
        return new FormFigures(FMA.name(), best.cycles(), true, best.instances(), best.breakers(), best.sameLine(), Map.of(), sequences);
    }

    @Test
    void aChainedFormIsProbedFinelyThroughItsMostInstances() {
        // given an FMA's throughput sequences as part 1 measures them: one instance bound by its 4-cycle chain, eight at 0.5 each
        FormFigures fig = figures(List.of(new FormFigures.Sequence(1, false, false, 4.0, true), new FormFigures.Sequence(2, false, false, 2.0, true),
                new FormFigures.Sequence(4, false, false, 1.0, true), new FormFigures.Sequence(8, false, false, 0.5, true)));
        Benchmark usual = SlotProbe.benchmark(generator(), FMA, fig, 6);
        Benchmark fine = SlotProbe.fine(generator(), FMA, fig, 6);
        assertNotNull(usual);
        assertNotNull(fine);
        // then the usual probe hides the chain behind 60 NOPs, the fine one takes eight instances with 8 NOPs each
        assertEquals(60, SlotProbe.fillersOf(usual), usual.name());
        assertEquals(8, SlotProbe.fillersOf(fine), fine.name());
        assertEquals(8, fine.perCopy());
        assertTrue(fine.name().endsWith("-fine"), fine.name());
        // and a reading of the fine loop gives the slots as the usual one does: one slot, 9 a copy at six a cycle
        assertEquals(1.0, SlotProbe.slots(fine, 9.0 / 6, 6), 1e-9);
    }

    @Test
    void aFormWithNoFinerSequenceHasNoFineProbe() {
        FormFigures fig = figures(List.of(new FormFigures.Sequence(1, false, false, 4.0, true)));
        assertNull(SlotProbe.fine(generator(), FMA, fig, 6));
    }
}
