package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.WhatIf;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How allocation picks among a µop's ports ({@code rename.portBinding.choice}). Least-loaded counts
 * the µops bound earlier in the same rename group; issue-slot judges every µop of a group from the
 * counts at the start of the cycle and splits them by slot parity between the least and the second
 * least loaded port, ties going to the higher-numbered port.
 */
class PortChoiceBySlotTest {
    private static BoundModel skylake(String choice) {
        return ModelBinder.bind(ModelLoader.load("skylake", List.of(new WhatIf.Set("rename.portBinding.choice=" + choice))));
    }

    /** The port each instruction of the first iteration was dispatched to. */
    private static int[] firstIterationPorts(String choice, SimulationInput input, int instructions) {
        BoundModel m = skylake(choice);
        int[] ports = new int[instructions];
        EngineListener record = new EngineListener() {
            @Override
            public void dispatched(long id, int index, int uop, int port, long cycle) {
                if (id < instructions) ports[(int) id] = port;
            }
        };
        Simulator.run(ModelCore.core(m), ModelCore.timings(m), input,
                Simulator.Options.DEFAULT.withListeners(List.of(record)));
        return ports;
    }

    private static final SimulationInput FOUR_ADDS = TestCores.unrolled("add rax, rsi", "add rbx, rsi", "add rcx, rsi", "add rdx, rsi");

    @Test
    void leastLoadedSpreadsOneGroupOverEveryPortItMayUse() {
        int p0 = 0, p1 = 1, p5 = 5, p6 = 6;     // skylake's ports in declaration order: P0..P7
        int[] ports = firstIterationPorts("least-loaded", FOUR_ADDS, 4);
        java.util.Arrays.sort(ports);
        assertArrayEquals(new int[] {p0, p1, p5, p6}, ports);
    }

    @Test
    void bySlotAGroupSeenFromAnIdleMachineTakesTheTwoHighestPortsInTurn() {
        int p5 = 5, p6 = 6;
        assertArrayEquals(new int[] {p6, p5, p6, p5}, firstIterationPorts("issue-slot", FOUR_ADDS, 4));
    }

    /**
     * Two shifts (ports 0 and 6) and two adds (0, 1, 5, 6): bound one by one, the adds keep off the
     * shifts' ports and a copy takes a cycle. Bound by slot, shifts and adds of one group land on the
     * same port often enough to cost cycles. (A Golden Cove-class host measured 1.43 cycles a copy for
     * this kernel, unrolled; the host's own rule is not known.)
     */
    @Test
    void bySlotShiftsAndAddsRenamedTogetherCollide() {
        SimulationInput shiftsAndAdds = TestCores.unrolled("shr rax, 7", "add rbx, rsi", "shr rcx, 7", "add rdx, rsi");
        BoundModel least = skylake("least-loaded");
        BoundModel bySlot = skylake("issue-slot");
        assertEquals(1.0, TestCores.cyclesPerIteration(ModelCore.core(least), ModelCore.timings(least), shiftsAndAdds), 0.02);
        assertTrue(TestCores.cyclesPerIteration(ModelCore.core(bySlot), ModelCore.timings(bySlot), shiftsAndAdds) > 1.2);
    }
}
