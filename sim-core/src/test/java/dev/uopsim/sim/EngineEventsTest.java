package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The listener contract the views rely on. */
class EngineEventsTest {
    /** Records the events' arguments. */
    private static final class Recorder implements EngineListener {
        final List<long[]> renamed = new ArrayList<>();
        final List<long[]> waits = new ArrayList<>();
        final List<long[]> stalls = new ArrayList<>();
        final Set<Long> completed = new HashSet<>();
        final Set<Long> retired = new HashSet<>();

        @Override
        public void renamed(long id, int index, int iteration, long cycle) {
            renamed.add(new long[]{id, index, iteration});
        }

        @Override
        public void completed(long id, int index, long cycle) {
            completed.add(id);
        }

        @Override
        public void retired(long id, int index, int iteration, long cycle) {
            retired.add(id);
        }

        @Override
        public void stalled(long cycle, Stall cause, long id, int index, int detail) {
            stalls.add(new long[]{cycle, cause.ordinal(), id, index, detail});
        }

        @Override
        public void waitedFor(long consumerId, int consumerIndex, long producerId, int producerIndex, long readyCycle) {
            waits.add(new long[]{consumerId, consumerIndex, producerId, producerIndex, readyCycle});
        }
    }

    private static SimulationInput storeForwardLoop() {
        return TestCores.loop("top:", "mov eax, DWORD PTR [rdi]", "add eax, 1", "mov DWORD PTR [rdi], eax", "dec rcx", "jnz top");
    }

    private static Recorder run(SimulationInput in, int iterations) {
        Recorder r = new Recorder();
        Engine e = new Engine(TestCores.skylakeLike(), TestCores.RULES, in, r, iterations);
        e.run(iterations, 100_000);
        return r;
    }

    @Test
    void idsAreNumberedInProgramOrderAcrossIterations() {
        Recorder r = run(storeForwardLoop(), 20);
        for (long[] e : r.renamed) assertEquals(e[0], e[2] * 5 + e[1], "id = iteration * instructions + index");
    }

    @Test
    void everyInstructionCompletesBeforeItRetiresEvenWithoutAMicroOp() {
        // the fused jnz, and the eliminated zero idiom, have no µop: they still complete
        Recorder loop = run(storeForwardLoop(), 20);
        assertTrue(loop.completed.containsAll(loop.retired));
        Recorder idiom = run(TestCores.unrolled("xor eax, eax", "add rax, 1"), 20);
        assertTrue(idiom.completed.containsAll(idiom.retired));
        assertTrue(idiom.retired.contains(0L));
    }

    @Test
    void aConsumerNamesTheProducerWhoseValueItWaitedForLast() {
        Recorder r = run(TestCores.unrolled("imul rax, rax", "add rbx, rax"), 20);
        // the add (index 1) of iteration i waits for the imul of iteration i, three cycles
        long[] w = r.waits.stream().filter(x -> x[0] == 11).findFirst().orElseThrow();
        assertEquals(1, w[1]);
        assertEquals(10, w[2], "producer id: the imul of iteration 5");
        assertEquals(0, w[3]);
        // the imul of iteration i waits for the imul of iteration i-1
        assertTrue(r.waits.stream().anyMatch(x -> x[0] == 10 && x[2] == 8));
        // nothing waits for itself
        assertFalse(r.waits.stream().anyMatch(x -> x[0] == x[2]));
    }

    @Test
    void stallsNameTheInstructionTheyHeldAndTheirResource() {
        Recorder r = run(TestCores.unrolled("imul rax, rbx, 3", "imul rcx, rbx, 5"), 50);
        List<long[]> busy = r.stalls.stream().filter(s -> s[1] == Stall.PORT_BUSY.ordinal()).toList();
        assertFalse(busy.isEmpty());
        for (long[] s : busy) {
            assertEquals(s[2] % 2, s[3], "the index is the id's place in the kernel");
            assertEquals(TestCores.P1, s[4], "the ports it could use");
        }
        Recorder fwd = run(storeForwardLoop(), 20);
        assertTrue(fwd.stalls.stream().anyMatch(s -> s[1] == Stall.MEMORY_ORDER.ordinal() && s[3] == 0 && s[4] == 2),
                "the load (#0) waits for the store (#2)");
    }
}
