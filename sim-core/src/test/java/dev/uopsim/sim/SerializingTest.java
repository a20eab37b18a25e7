package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A serializing instruction (LFENCE by the SDM; PAUSE and MFENCE too on the development host) starts
 * once every older instruction has retired, and no younger µop starts before it completes. Measured
 * here: LFENCE alone 12.0 cycles a copy, followed by four dependent IMULs 23.0 (the 12-cycle chain
 * added, not hidden).
 */
class SerializingTest {
    private static CoreSpec serializing(Set<String> mnemonics) {
        CoreSpec c = TestCores.skylakeLike(false);
        CoreSpec.RenameFeatures r = c.rename();
        CoreSpec.RenameFeatures f = new CoreSpec.RenameFeatures(r.moveEliminationGpr(), r.moveEliminationVector(), r.zeroIdioms(),
                r.onesIdioms(), r.carryIdioms(), r.partialRegisterMerge(), r.moveFusion(), mnemonics,
                r.foldedImmediates(), r.logicFlags(), r.sseZeroIdioms());
        return new CoreSpec(c.name(), c.portNames(), c.frontEnd(), c.renameWidth(), c.robSize(), c.retireWidth(), c.schedulers(),
                c.portPolicy(), c.loadStore(), f, c.bypass());
    }

    private static final SimulationInput FENCED_CHAIN = TestCores.unrolled("lfence", "imul r10, r10", "imul r10, r10", "imul r10, r10",
            "imul r10, r10");

    @Test
    void aChainAfterTheFenceIsAddedToItNotHiddenBesideIt() {
        // given the fixture's 3-cycle IMUL: a 12-cycle chain an iteration, carried from one to the next
        double free = TestCores.cyclesPerIteration(TestCores.skylakeLike(false), FENCED_CHAIN);
        double fenced = TestCores.cyclesPerIteration(serializing(Set.of("LFENCE")), FENCED_CHAIN);
        assertEquals(12.0, free, 0.1, "the fence runs beside the chain");
        // the fence waits for the chain before it to retire, and the chain after it for the fence: the
        // fence's own cycle (the fixture gives it one 1-cycle µop) no longer hides beside the chain
        assertEquals(13.0, fenced, 0.1, "serialized");
    }

    @Test
    void independentWorkWaitsForTheFence() {
        SimulationInput work = TestCores.unrolled("lfence", "add rax, 1", "add rbx, 1", "add rcx, 1");
        double free = TestCores.cyclesPerIteration(TestCores.skylakeLike(false), work);
        double fenced = TestCores.cyclesPerIteration(serializing(Set.of("LFENCE")), work);
        assertEquals(1.0, free, 0.1, "four slots on a 4-wide core");
        // each fence waits for the adds before it to retire, and they for the fence to complete: a cycle
        // each, one after the other
        assertEquals(2.0, fenced, 0.1, "serialized");
        // an instruction the model does not list does not serialize
        assertEquals(free, TestCores.cyclesPerIteration(serializing(Set.of("MFENCE")), work), 1e-9);
    }

    @Test
    void theWaitIsHeardAsASerializedStall() {
        long[] serialized = {0};
        EngineListener counter = new EngineListener() {
            @Override
            public void stalled(long cycle, Stall cause, long id, int index, int detail) {
                if (cause == Stall.SERIALIZED) serialized[0]++;
            }
        };
        Engine e = new Engine(serializing(Set.of("LFENCE")), TestCores.RULES, FENCED_CHAIN, counter, 50);
        e.run(50, 100_000);
        assertTrue(serialized[0] > 0, "no SERIALIZED stall heard");
    }
}
