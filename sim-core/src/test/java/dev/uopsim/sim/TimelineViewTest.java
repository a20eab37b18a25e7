package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.sim.view.TimelineView;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimelineViewTest {
    private static TimelineView timeline(CoreSpec core, SimulationInput in, int iterations) {
        return ViewFixtures.view(ViewFixtures.run(core, in, iterations, "timeline"), TimelineView.class);
    }

    @Test
    void stagesComeInPipelineOrderForEveryInstructionShown() {
        // given the store-forwarding loop, when its first three iterations are shown,
        TimelineView t = timeline(TestCores.skylakeLike(), ViewFixtures.storeForwardLoop(), 3);
        // then there is one entry per instruction and iteration, and the stages are in order
        assertEquals(15, t.entries().size());
        for (TimelineView.Entry e : t.entries()) {
            assertTrue(e.delivered() >= 0 && e.delivered() <= e.renamed(), e.toString());
            assertTrue(e.renamed() <= e.completed() && e.completed() <= e.retired(), e.toString());
            for (TimelineView.Dispatch d : e.uops()) {
                if (d.port() != null) assertTrue(d.cycle() > e.renamed() && d.cycle() < e.completed() + 1, e.toString());
            }
        }
        // and retirement is in program order
        for (int k = 1; k < t.entries().size(); k++) assertTrue(t.entries().get(k).retired() >= t.entries().get(k - 1).retired());
    }

    @Test
    void aLoadWaitsForTheStoreOfThePreviousIterationAndNamesIt() {
        TimelineView t = timeline(TestCores.skylakeLike(), ViewFixtures.storeForwardLoop(), 3);
        TimelineView.Entry load = t.entries().get(5);          // iteration 1, mov eax, [rdi]
        assertEquals(1, load.iteration());
        assertEquals(0, load.index());
        // the load is held for the older store (memory ordering, the store named)...
        List<TimelineView.StallRange> order = load.stalls().stream().filter(s -> s.cause() == Stall.MEMORY_ORDER).toList();
        assertFalse(order.isEmpty(), load.toString());
        assertEquals(2, order.getFirst().detail(), "the store is instruction #2");
        // ...and its data comes by forwarding from that store of iteration 0
        assertTrue(load.waits().contains(new TimelineView.Wait(0, 2, load.completed())) || load.waits().stream()
                .anyMatch(w -> w.iteration() == 0 && w.index() == 2), load.toString());
        // the add waits for the load of its own iteration
        TimelineView.Entry add = t.entries().get(6);
        assertTrue(add.waits().stream().anyMatch(w -> w.iteration() == 1 && w.index() == 0 && w.ready() == load.completed()), add.toString());
    }

    @Test
    void aSecondImulFindsItsOnlyPortTaken() {
        TimelineView t = timeline(TestCores.skylakeLike(), TestCores.unrolled("imul rax, rbx, 3", "imul rcx, rbx, 5"), 4);
        int p1 = 1 << 1;
        boolean busy = t.entries().stream().flatMap(e -> e.stalls().stream())
                .anyMatch(s -> s.cause() == Stall.PORT_BUSY && s.detail() == p1);
        assertTrue(busy, "an imul waited for P1");
        for (TimelineView.Entry e : t.entries()) assertEquals("P1", e.uops().getFirst().port());
    }

    @Test
    void aFullReorderBufferNamesTheInstructionRetirementWaitsFor() {
        // given a 12-cycle imul chain per iteration beside adds that rename fast, on a small ROB
        CoreSpec c = TestCores.skylakeLike();
        CoreSpec small = new CoreSpec(c.name(), c.portNames(), c.frontEnd(), c.renameWidth(), 32, c.retireWidth(), c.schedulers(),
                c.portPolicy(), c.loadStore(), c.rename());
        SimulationInput in = TestCores.unrolled("imul rax, rax", "imul rax, rax", "imul rax, rax", "imul rax, rax",
                "add rbx, 1", "add rcx, 1", "add rdx, 1", "add rsi, 1");
        TimelineView t = timeline(small, in, 8);
        var rob = t.entries().stream().flatMap(e -> e.stalls().stream()).filter(s -> s.cause() == Stall.ROB_FULL).toList();
        // then rename stalls on the ROB, and the head is an imul of the chain
        assertFalse(rob.isEmpty());
        for (var s : rob) assertTrue(s.detail() >= 0 && s.detail() <= 3, "head #" + s.detail());
    }

    @Test
    void textAndChartShowEveryInstruction() {
        TimelineView t = timeline(TestCores.skylakeLike(), ViewFixtures.addChain(), 3);
        String text = t.text();
        assertTrue(text.contains("[2,0]"));
        assertTrue(text.contains("Chart:"));
        assertTrue(text.contains("waited for [1,0] add rax, 0x1"), text);
        assertNotNull(t.entries().get(2).waits());
    }
}
