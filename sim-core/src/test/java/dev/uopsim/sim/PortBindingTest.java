package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.WhatIf;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * When a µop gets its port. A copy (eliminated), a shift that only two ports run and a compare that five run: bound at
 * issue to the first free port, the compare takes one of the shift's two ports and the pair runs at
 * one a cycle; bound at allocation to the least loaded port, the compares spread and two pairs run
 * a cycle (measured on a Golden Cove-class host: 0.51 cycles per pair).
 */
class PortBindingTest {
    private static final SimulationInput SHIFT_THEN_COMPARE = TestCores.unrolled("mov r9, rbp", "shr r9, 6", "cmp r9, 0x30")
            .withUnrolledFromUopCache(true);      // as the host measured it: a loop of copies in the µop cache

    private static double cycles(String binding) {
        BoundModel m = ModelBinder.bind(ModelLoader.load("alderlake-p", List.of(new WhatIf.Set("rename.portBinding.at=" + binding))));
        return TestCores.cyclesPerIteration(ModelCore.core(m), ModelCore.timings(m), SHIFT_THEN_COMPARE);
    }

    @Test
    void bindingAtAllocationSpreadsAFlexibleMicroOpAwayFromAScarcePort() {
        assertEquals(0.5, cycles("allocation"), 0.02);
    }

    @Test
    void bindingAtDispatchToTheFirstFreePortLetsItTakeTheScarceOne() {
        assertEquals(1.0, cycles("dispatch"), 0.02);
    }
}
