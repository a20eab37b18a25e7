package dev.uopsim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.uopsim.characterize.infer.LoopBufferUse;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.asm.Syntax;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.WhatIf;
import dev.uopsim.sim.CoreSpec;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.Simulator;
import dev.uopsim.sim.TimingTable;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import dev.uopsim.traces.Simulations;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * characterize's loop-buffer probe read the way the engine runs its loops: the probe's two inner
 * loop simulated on a Golden Cove model with a loop buffer that stops at the loop's end, with one
 * that goes on across it, and with none, and each outcome decided as the measured figure is. The
 * decision must give back the front end each model has, or a model written from it would run the
 * loops of every later benchmark differently from the hardware that was measured.
 */
class LoopBufferProbeTest {
    private static final int WIDTH = 6;

    /** The probe's inner loop of {@code adds} ADDs as a kernel that is its own loop (the copy's counter set and alignment left out). */
    private static double cyclesPerIteration(int adds, CoreSpec core, TimingTable timings) {
        List<String> lines = new ArrayList<>();
        for (String line : LoopBufferUse.copy(adds)) {
            if (line.startsWith("mov ecx") || line.startsWith(".p2align")) continue;
            lines.add(line.equals("2:") ? "inner:" : line.replace("2b", "inner"));
        }
        Kernel k = new KernelReader(FormTable.shipped()).parse("loopbuffer-x" + adds, lines,
                new KernelReader.Options(false, Syntax.INTEL, Kernel.Mode.LOOP, Kernel.InitPolicy.DISTINCT));
        return Simulator.run(core, timings, Simulations.input(k), Simulator.Options.DEFAULT).cyclesPerIteration();
    }

    /** The probe on Alder Lake P's model (a 6-wide renamer) changed by {@code sets}, decided with the model's µop-cache width. */
    private static LoopBufferUse.Verdict probe(Boolean deliveredAcross, String... sets) {
        List<WhatIf> changes = new ArrayList<>();
        for (String s : sets) changes.add(new WhatIf.Set(s));
        var bound = ModelBinder.bind(ModelLoader.load("alderlake-p", changes));
        CoreSpec core = ModelCore.core(bound);
        assertEquals(WIDTH, core.renameWidth());
        double cycles = cyclesPerIteration(LoopBufferUse.adds(WIDTH), core, ModelCore.timings(bound));
        return LoopBufferUse.decide(cycles, deliveredAcross, WIDTH, core.frontEnd().uopCacheUops());
    }

    @Test
    void aLoopBufferThatStopsAtTheLoopsEndIsSeen() {
        var v = probe(false, "frontEnd.loopBuffer.size=72", "frontEnd.loopBuffer.acrossIterations=false", "frontEnd.uopCache.width=8");
        assertEquals(Boolean.TRUE, v.used(), v.note());
        assertEquals(2.0, v.cycles(), 0.05);
    }

    @Test
    void loopsFromAMicroOpCacheWiderThanTheRenamerMeanNoLoopBuffer() {
        // As measured on the development host (family 6 model 0xcf): 1.20 cycles an iteration.
        var v = probe(false, "frontEnd.loopBuffer.size=0", "frontEnd.uopCache.width=8");
        assertEquals(Boolean.FALSE, v.used(), v.note());
        assertEquals((WIDTH + 1.0) / WIDTH, v.cycles(), 0.05);
    }

    @Test
    void aMicroOpCacheAsWideAsTheRenamerRoundsTooAndSettlesNothing() {
        var v = probe(false, "frontEnd.loopBuffer.size=0", "frontEnd.uopCache.width=6");
        assertEquals(2.0, v.cycles(), 0.05);
        assertNull(v.used(), v.note());
    }

    @Test
    void aLoopBufferDeliveringAcrossTheEndIsKeptWhereTheDeliveryProbeSawIt() {
        var v = probe(true, "frontEnd.loopBuffer.size=72", "frontEnd.loopBuffer.acrossIterations=true", "frontEnd.uopCache.width=8");
        assertEquals(Boolean.TRUE, v.used(), v.note());
    }

    @Test
    void aFigureBetweenOrMissingSettlesNothing() {
        assertNull(LoopBufferUse.decide(1.7, false, WIDTH, 8).used());
        assertNull(LoopBufferUse.decide(Double.NaN, false, WIDTH, 8).used());
    }
}
