package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.WhatIf;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How many 64-byte windows one cycle's µop-cache delivery may span. Eight 8-byte NOPs fill a window:
 * from one window a cycle, a six-wide delivery takes six, then the window's last two (four a cycle
 * on average); spanning two consecutive windows, it keeps up six a cycle.
 */
class UopCacheWindowsTest {
    private static final SimulationInput LONG_NOPS = TestCores.unrolled("nop DWORD PTR [rax+rax*1+0x12345678]")
            .withUnrolledFromUopCache(true);

    private static double cycles(int windows) {
        BoundModel m = ModelBinder.bind(ModelLoader.load("alderlake-p", List.of(new WhatIf.Set("frontEnd.uopCache.windowBytes=64"),
                new WhatIf.Set("frontEnd.uopCache.width=6"), new WhatIf.Set("frontEnd.uopCache.windowsPerCycle=" + windows))));
        return TestCores.cyclesPerIteration(ModelCore.core(m), ModelCore.timings(m), LONG_NOPS);
    }

    @Test
    void deliveryFromOneWindowACycleLosesTheWindowsTail() {
        assertEquals(0.25, cycles(1), 0.01);
    }

    @Test
    void deliverySpanningTwoWindowsKeepsUpWithTheWidth() {
        assertEquals(1.0 / 6, cycles(2), 0.01);
    }
}
