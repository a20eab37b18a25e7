package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.sim.view.CriticalPathView;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CriticalPathViewTest {
    private static CriticalPathView view(SimulationInput in) {
        return ViewFixtures.view(ViewFixtures.run(in, "critical-path"), CriticalPathView.class);
    }

    @Test
    void anAddChainHasOneLoopCarriedChainOfOneCycle() {
        CriticalPathView v = view(ViewFixtures.addChain());
        assertEquals(1, v.chains().size());
        assertEquals(1.0, v.chains().getFirst().cyclesPerIteration(), 1e-9);
        assertEquals(List.of(0), v.chains().getFirst().instructions());
        assertFalse(v.chains().getFirst().throughMemory());
        assertEquals(1.0, v.criticalPath().cycles(), 1e-9);
    }

    @Test
    void independentAddsCarryEachTheirOwnOneCycleChain() {
        CriticalPathView v = view(ViewFixtures.independentAdds());
        assertEquals(8, v.chains().size());
        for (var c : v.chains()) {
            assertEquals(1, c.instructions().size());
            assertEquals(1.0, c.cyclesPerIteration(), 1e-9);
        }
    }

    @Test
    void theStoreForwardingLoopChainsThroughMemory() {
        CriticalPathView v = view(ViewFixtures.storeForwardLoop());
        var top = v.chains().getFirst();
        assertEquals(6.0, top.cyclesPerIteration(), 1e-9);
        assertTrue(top.throughMemory());
        assertEquals(List.of(0, 1, 2), top.instructions());
        assertTrue(top.steps().getFirst().via().startsWith("[mem] from #2"), top.steps().toString());
        // the counter is a chain of its own
        assertTrue(v.chains().stream().anyMatch(c -> c.instructions().equals(List.of(3)) && c.cyclesPerIteration() == 1.0));
        // one iteration alone: the load (4), the add (1)
        assertEquals(5.0, v.criticalPath().cycles(), 1e-9);
    }

    @Test
    void latenciesAddUpAlongTheChainAndAnIdiomBreaksIt() {
        CriticalPathView v = view(TestCores.unrolled("add rax, 1", "add rax, rbx", "imul rax, rax"));
        assertEquals(5.0, v.chains().getFirst().cyclesPerIteration(), 1e-9);
        assertEquals(List.of(0, 1, 2), v.chains().getFirst().instructions());
        CriticalPathView broken = view(TestCores.unrolled("xor eax, eax", "add rax, 1", "imul rax, rax"));
        assertTrue(broken.chains().isEmpty(), broken.chains().toString());
        assertEquals(4.0, broken.criticalPath().cycles(), 1e-9);
    }

    @Test
    void aPathNamesEachRegisterAsTheCodeDoes() {
        // eax and ecx are parts of rax and rcx; the path says what the instructions say.
        CriticalPathView v = view(TestCores.unrolled("add eax, ecx", "add ecx, eax"));
        var steps = v.chains().getFirst().steps();
        assertTrue(steps.stream().anyMatch(s -> s.via().equals("eax")), steps.toString());
        assertTrue(steps.stream().anyMatch(s -> s.via().equals("ecx")), steps.toString());
        assertTrue(steps.stream().noneMatch(s -> s.via().startsWith("r")), steps.toString());
    }

    @Test
    void jsonCarriesThePortBoundBesideTheChains() {
        CriticalPathView v = view(ViewFixtures.independentAdds());
        Map<String, Object> doc = new java.util.LinkedHashMap<>();
        v.json(doc);
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) doc.get("critical_path");
        @SuppressWarnings("unchecked")
        Map<String, Object> bound = (Map<String, Object>) m.get("port_bound");
        assertEquals(2.0, (double) bound.get("cycles_per_iteration"), 1e-9);
        assertEquals(8, ((List<?>) m.get("loop_carried")).size());
    }
}
