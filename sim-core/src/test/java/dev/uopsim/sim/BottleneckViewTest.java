package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.sim.view.BottleneckView;
import dev.uopsim.sim.view.BottleneckView.Kind;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BottleneckViewTest {
    private static BottleneckView bottleneck(CoreSpec core, SimulationInput in) {
        return ViewFixtures.view(ViewFixtures.run(core, in, 3, "bottleneck"), BottleneckView.class);
    }

    private static BottleneckView bottleneck(SimulationInput in) {
        return bottleneck(TestCores.skylakeLike(), in);
    }

    @Test
    void anAddChainIsBoundByItsOneCycleDependency() {
        BottleneckView b = bottleneck(ViewFixtures.addChain());
        assertEquals(Kind.DEPENDENCY_CHAIN, b.verdict());
        assertEquals(1, b.limiters().size(), b.limiters().toString());
        assertEquals(1.0, b.limiters().getFirst().cyclesPerIteration(), 1e-9);
        assertEquals("#0", b.limiters().getFirst().detail());
    }

    @Test
    void eightIndependentAddsAreBoundByTheAluPortsAndTheRenameWidthAlike() {
        BottleneckView b = bottleneck(ViewFixtures.independentAdds());
        var kinds = b.limiters().stream().map(BottleneckView.Limiter::kind).toList();
        assertTrue(kinds.contains(Kind.PORTS) && kinds.contains(Kind.FRONT_END), kinds.toString());
        var ports = b.limiters().stream().filter(l -> l.kind() == Kind.PORTS).findFirst().orElseThrow();
        assertEquals("P0 P1 P5 P6", ports.detail());
        assertEquals(2.0, ports.cyclesPerIteration(), 1e-9);
        assertTrue(b.limiters().stream().noneMatch(l -> l.kind() == Kind.DEPENDENCY_CHAIN));
    }

    @Test
    void aValueCarriedThroughMemoryIsMemoryOrderingWithTheStallsAsEvidence() {
        BottleneckView b = bottleneck(ViewFixtures.storeForwardLoop());
        assertEquals(Kind.MEMORY_ORDERING, b.verdict());
        assertEquals(6.0, b.limiters().getFirst().cyclesPerIteration(), 1e-9, "forwarding 5 + add 1");
        Map<String, Object> doc = new LinkedHashMap<>();
        b.json(doc);
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) doc.get("bottleneck");
        assertEquals("memory-ordering", m.get("verdict"));
        @SuppressWarnings("unchecked")
        Map<String, Double> stalls = (Map<String, Double>) m.get("stalls_per_iteration");
        assertTrue(stalls.get("memory_order") > 0, stalls.toString());
    }

    @Test
    void aReorderBufferTooSmallToOverlapIterationsIsAFullBuffer() {
        // given independent 3-cycle imuls on a core whose ROB holds two instructions
        CoreSpec c = TestCores.skylakeLike();
        CoreSpec tiny = new CoreSpec(c.name(), c.portNames(), c.frontEnd(), c.renameWidth(), 2, c.retireWidth(), c.schedulers(),
                c.portPolicy(), c.loadStore(), c.rename());
        BottleneckView b = bottleneck(tiny, TestCores.unrolled("imul rcx, rbx, 3"));
        // then no bound explains the figure and the ROB stalls rename in most cycles
        assertEquals(Kind.BUFFER, b.verdict(), b.text());
        assertTrue(b.limiters().getFirst().detail().startsWith("reorder buffer full"), b.limiters().toString());
    }

    @Test
    void aDividerThatIsNotPipelinedLimitsThroughputAsAPortResource() {
        // given independent IMULs whose unit is busy 4 cycles per µop (a divider-like unit on P1)
        TimingTable slowUnit = form -> {
            FormTiming t = TestCores.RULES.timing(form);
            if (!form.mnemonic().startsWith("IMUL")) return t;
            return new FormTiming(t.slots(), java.util.List.of(new UopSpec(UopKind.COMPUTE, TestCores.P1, 3, 4)), t.latency());
        };
        var run = ViewFixtures.run(TestCores.skylakeLike(), slowUnit, TestCores.unrolled("imul rcx, rbx, 3"), 3, "bottleneck");
        BottleneckView b = ViewFixtures.view(run, BottleneckView.class);
        // then it runs at one per four cycles, and the verdict names the unit's port
        assertEquals(4.0, run.result().cyclesPerIteration(), 0.01);
        assertEquals(Kind.PORTS, b.verdict(), b.text());
        assertTrue(b.limiters().getFirst().detail().startsWith("P1 ") && b.limiters().getFirst().detail().contains("not pipelined"),
                b.limiters().toString());
    }
}
