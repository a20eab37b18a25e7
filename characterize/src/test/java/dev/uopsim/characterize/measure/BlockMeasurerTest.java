package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.NativeTests;
import dev.uopsim.isa.FormTable;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Whole blocks on this machine: unrolled, as a loop, and with memory that has to be mapped on demand. */
class BlockMeasurerTest {
    private static BlockMeasurer.Result run(double cycles, boolean stable) {
        var e = new dev.uopsim.characterize.stats.Estimate(cycles, 0.004, stable, 14, 16, stable ? null : "halves disagree");
        return new BlockMeasurer.Result("k", true, null, null, cycles, e, 1, 4096, 50, "50 and 100 copies", List.of(), 1230);
    }

    @Test
    void theMedianRunStandsAndUnstableOrFailedRunsOnlyWhenNothingElseWas() {
        // Three runs of a load-bound kernel on the development host, one of them during a burst of a neighbour's work.
        assertEquals(2.0073, BlockMeasurer.median(List.of(run(2.0073, true), run(2.4613, true), run(2.0069, true))).cyclesPerIteration());
        assertEquals(2.0064, BlockMeasurer.median(List.of(run(2.0098, true), run(2.0064, true), run(2.4613, false))).cyclesPerIteration(),
                "the lower of two stable runs when the third is unstable");
        assertEquals(2.31, BlockMeasurer.median(List.of(run(2.31, false), run(2.5, false))).cyclesPerIteration(), "no stable run: among those measured");
        var fault = BlockMeasurer.Result.failed("k", "fault: SIGSEGV", "SIGSEGV at 0x0");
        assertEquals(fault, BlockMeasurer.median(List.of(fault)));
        assertEquals(2.0, BlockMeasurer.median(List.of(fault, run(2.0, true))).cyclesPerIteration());
    }

    @Test
    void aMeasurementSharedThroughoutKeepsItsFigureButIsNotStable() {
        var stable = new dev.uopsim.characterize.stats.Estimate(2.136, 0.004, true, 14, 16, null);
        var r = new BlockMeasurer.Result("e3", true, null, null, 2.136, stable, 1, 4096, 50, "50 and 100 copies", List.of(), 1335.1);
        assertTrue(r.stable());
        var shared = BlockMeasurer.sharedThroughout(r, 1235.0);
        assertTrue(shared.ok() && !shared.stable(), shared.toString());
        assertEquals("shared core", shared.category());
        assertEquals(2.136, shared.cyclesPerIteration(), 1e-12);
        assertTrue(shared.cause().contains("1335 cycles, 8% more than usual on this CPU (1235)"), shared.cause());
    }

    @Test
    void blocksRunUnrolledAndAsLoopsAndTheirPagesAreMappedOnDemand() throws Exception {
        NativeTests.assumeNativeRuns();
        KernelReader reader = new KernelReader(FormTable.shipped());
        KernelReader.Options hex = new KernelReader.Options(true, dev.uopsim.isa.asm.Syntax.AUTO, null, null);
        Kernel chain = reader.read("4801d8", hex);                                 // add rax, rbx
        Kernel far = reader.read("488b8800001000", hex);                           // mov rcx, [rax+0x100000]
        Kernel memdep = reader.read("memdep-H", KernelReader.Options.DEFAULT);
        try (Session session = Session.open()) {
            List<BlockMeasurer.Result> r = new BlockMeasurer(session).samples(12).measure(List.of(chain, far, memdep), n -> { });
            for (int attempt = 0; attempt < 2 && !(r.get(0).ok() && r.get(0).cyclesPerIteration() < 1.3); attempt++) {
                r = new BlockMeasurer(session).samples(12).measure(List.of(chain, far, memdep), n -> { });
            }
            assertTrue(r.get(0).ok() && r.get(0).cyclesPerIteration() > 0.8 && r.get(0).cyclesPerIteration() < 1.3,
                    "a dependent add per iteration: " + r.get(0));
            assertTrue(r.get(1).ok(), r.get(1).cause());
            assertTrue(r.get(1).pagesMapped() >= 1, "the page at 0x2424000 is mapped on demand: " + r.get(1));
            assertTrue(r.get(2).ok() && r.get(2).cyclesPerIteration() > 2 && r.get(2).cyclesPerIteration() < 40,
                    "memdep-H, 15 instructions with a 4-statement recurrence through memory: " + r.get(2));
            assertTrue(r.get(2).control().contains("r12"), r.get(2).control());
        }
    }

    @Test
    void aCompilersLoopWhoseCounterIsItsPointerRuns() throws Exception {
        NativeTests.assumeNativeRuns();
        // gcc -O2 for `for (i...) s += x[i]` over a pointer: rdi both counts and addresses; started at 0
        // it would read address 0.
        Kernel sum = new KernelReader(FormTable.shipped()).parse("sum64.s",
                List.of("loop:", "add rax, QWORD PTR [rdi]", "add rdi, 0x8", "cmp rdi, rdx", "jne loop"), KernelReader.Options.DEFAULT);
        try (Session session = Session.open()) {
            BlockMeasurer.Result r = new BlockMeasurer(session).samples(12).measure(List.of(sum), n -> { }).getFirst();
            assertTrue(r.ok(), r.cause());
            assertTrue(r.control().contains("from its initial value"), r.control());
            // one load and two adds an iteration, the sum a 1-cycle chain: about a cycle, more on a busy machine
            assertTrue(r.cyclesPerIteration() > 0.8 && r.cyclesPerIteration() < 3, "sum over a pointer: " + r);
        }
    }
}
