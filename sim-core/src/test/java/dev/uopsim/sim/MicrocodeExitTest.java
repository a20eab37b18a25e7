package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A microcoded form whose row gives its own sequencer cycles holds the sequencer that long, not the
 * front end: instructions after it are delivered once its slots are out (at the sequencer's rate) and
 * the model's exit cycles have passed. On the development host RCL r32, imm8 (6 cycles a copy, 14
 * slots) hid six one-slot instructions and paid a cycle for seven to twelve.
 */
class MicrocodeExitTest {
    /** ADD (R64, I8) as a 14-slot flow the sequencer holds for 6 cycles (one ALU µop: no port limit). */
    private static final TimingTable ADD_IS_A_FLOW = form -> form.name().equals("ADD (R64, I8)")
            ? new FormTiming(14, List.of(UopSpec.compute(TestCores.ALU)), LatencyTable.uniform(1), 0, 6)
            : TestCores.RULES.timing(form);

    /** The flow and eight one-slot SUBs a copy, unrolled from the µop cache. */
    private static final SimulationInput COPIES = TestCores.unrolled("add rax, 1", "sub rbx, 1", "sub rcx, 1", "sub rdx, 1",
            "sub rsi, 1", "sub rdi, 1", "sub r8, 1", "sub r9, 1", "sub r10, 1").withUnrolledFromUopCache(true);

    /**
     * The fixture core 6 wide at rename and 8 at retirement (so neither limits), its µop cache delivering
     * 6 a cycle from any number of windows, with the given exit cycles.
     */
    private static CoreSpec core(int exitCycles) {
        CoreSpec c = TestCores.skylakeLike();
        return TestCores.withDelivery(c, 6, 8, c.frontEnd().loopBuffer(), exitCycles, 6, 8);
    }

    @Test
    void instructionsAfterTheFlowGoOnceItsSlotsAreOut() {
        // 14 slots at 4 a cycle: out after 4 cycles; the 8 SUBs (6 a cycle from the µop cache) take the
        // 5th and 6th, within the flow's own 6 cycles: the next flow starts on time
        assertEquals(6.0, TestCores.cyclesPerIteration(core(0), ADD_IS_A_FLOW, COPIES), 0.02);
    }

    /** ADD (R64, I8) as a 4-slot flow the sequencer holds for 2 cycles: out in one cycle at 4 a cycle. */
    private static final TimingTable ADD_IS_A_SHORT_FLOW = form -> form.name().equals("ADD (R64, I8)")
            ? new FormTiming(4, List.of(UopSpec.compute(TestCores.ALU)), LatencyTable.uniform(1), 0, 2)
            : TestCores.RULES.timing(form);

    @Test
    void theExitHidesBehindAShortFlowsOwnCycles() {
        // given a flow out in one cycle that holds the sequencer for two, and one exit cycle
        SimulationInput copies = TestCores.unrolled("add rax, 1", "sub rbx, 1", "sub rcx, 1", "sub rdx, 1").withUnrolledFromUopCache(true);
        // then the SUBs go in the flow's second cycle and the next flow starts on time: 2 cycles a copy, as a
        // Zen 4 guest ran SHLD r32, r32, imm8 (2 cycles its own) with up to four ADDs (waiting out the exit
        // before them would give 3)
        assertEquals(2.0, TestCores.cyclesPerIteration(core(1), ADD_IS_A_SHORT_FLOW, copies), 0.02);
    }

    @Test
    void anExitCycleDelaysThemByOne() {
        // with one exit cycle the SUBs take the 6th and 7th cycles: 7 a copy (holding the front end
        // for all 6 cycles would give 8)
        assertEquals(7.0, TestCores.cyclesPerIteration(core(1), ADD_IS_A_FLOW, COPIES), 0.02);
    }
}
