package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Instructions with more µops than one stage takes at once still go through: a microcoded one in a
 * loop small enough for the loop buffer, one with more µops than the ROB holds, and one with more µops
 * for a scheduler queue than that queue holds. Each once stalled the engine for good (characterize's
 * benchmarks of DIV and RDTSCP, RDSEED on Skylake).
 */
class LongInstructionsProgressTest {
    /** Eight ALU µops: over the fixture's microcode threshold (4) and its rename width (4). */
    private static final FormTiming EIGHT = new FormTiming(8, Collections.nCopies(8, UopSpec.compute(TestCores.ALU)), LatencyTable.uniform(1));

    private static final TimingTable ADD_IS_LONG = form -> form.name().equals("ADD (R64, I8)") ? EIGHT : TestCores.RULES.timing(form);

    private static double cpi(CoreSpec core, SimulationInput in) {
        Engine e = new Engine(core, ADD_IS_LONG, in, EngineListener.NONE, 300);
        e.run(300, 200_000);
        assertTrue(e.iterationsDone() >= 300, "made no progress: " + e.iterationsDone() + " iterations in " + e.cycles() + " cycles");
        return (e.iterationEnd(299) - e.iterationEnd(99)) / 200.0;
    }

    /** The fixture core with other schedulers, or a loop buffer of {@code loopBuffer} µops. */
    private static CoreSpec fixture(List<CoreSpec.Scheduler> schedulers, int loopBuffer) {
        CoreSpec s = TestCores.skylakeLike();
        CoreSpec.FrontEnd f = s.frontEnd();
        CoreSpec c = TestCores.withDelivery(s, f.uopCacheUops(), f.uopCacheWindowsPerCycle(), loopBuffer, f.microcodeExitCycles(),
                s.renameWidth(), s.retireWidth());
        return new CoreSpec(c.name(), c.portNames(), c.frontEnd(), c.renameWidth(), c.robSize(), c.retireWidth(),
                schedulers == null ? c.schedulers() : schedulers, c.portPolicy(), c.loadStore(), c.rename(), c.bypass());
    }

    @Test
    void aMicrocodedInstructionInALoopTheLoopBufferCouldHoldComesFromTheSequencer() {
        // given a small loop (10 slots) around an 8-µop instruction, on a core with a 28-µop loop buffer
        SimulationInput loop = TestCores.loop("top:", "add rax, 1", "dec rcx", "jnz top");
        // when it runs, then the loop goes on, at the sequencer's 4 µops a cycle for the long one
        double c = cpi(fixture(null, 28), loop);
        assertTrue(c >= 2.0 && c <= 3.05, "cycles per iteration " + c);
    }

    @Test
    void anInstructionWithMoreMuopsThanTheRobHoldsEntersItEmpty() {
        // given a 300-µop instruction (the fixture's ROB holds 224; RDSEED on Skylake has 11,046)
        FormTiming huge = new FormTiming(300, Collections.nCopies(300, UopSpec.compute(TestCores.ALU)), LatencyTable.uniform(1));
        TimingTable t = form -> form.name().equals("ADD (R64, I8)") ? huge : TestCores.RULES.timing(form);
        Engine e = new Engine(TestCores.skylakeLike(), t, TestCores.unrolled("add rax, 1"), EngineListener.NONE, 20);
        // when copies run back to back, then every copy goes through, alone in the ROB
        e.run(20, 1_000_000);
        assertEquals(20, e.iterationsDone(), "iterations in " + e.cycles() + " cycles");
        // at least its µops on four ALU ports a copy (75 cycles)
        assertTrue(e.cycles() >= 20 * 75, "cycles " + e.cycles());
    }

    @Test
    void anInstructionWithMoreMuopsForOneQueueThanItHoldsEntersWhenTheQueuesAreEmpty() {
        // given ALU and memory queues of 6 entries each (12 in all), and the 8-µop instruction, all ALU µops
        List<CoreSpec.Scheduler> split = List.of(new CoreSpec.Scheduler("ALU", 6, TestCores.ALU),
                new CoreSpec.Scheduler("MEM", 6, TestCores.P2 | TestCores.P3 | TestCores.P4 | TestCores.P7));
        // when copies run back to back, then each enters and runs: 8 µops on 4 ALU ports, 2 cycles or more a copy
        double c = cpi(fixture(split, 0), TestCores.unrolled("add rax, 1"));
        assertTrue(c >= 2.0, "cycles per iteration " + c);
        assertEquals(c, cpi(fixture(split, 0), TestCores.unrolled("add rax, 1")), 0.0, "deterministic");
    }
}
