package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The bypass network: a value crossing from one domain's producer to another domain's consumer arrives later. */
class BypassDelayTest {
    /** Two domains: integer vector (0) and floating point (1); int -> fp costs 1 cycle, fp -> int 2. */
    private static final CoreSpec.BypassDelays TWO_DOMAINS = new CoreSpec.BypassDelays(List.of("int", "fp"), new double[][]{{0, 1}, {2, 0}});

    private static CoreSpec core(CoreSpec.BypassDelays bypass) {
        CoreSpec c = TestCores.skylakeLike();
        return new CoreSpec(c.name(), c.portNames(), c.frontEnd(), c.renameWidth(), c.robSize(), c.retireWidth(), c.schedulers(),
                c.portPolicy(), c.loadStore(), c.rename(), bypass);
    }

    /** PADDD in the integer domain (1 cycle), ADDPS and MULPS in the floating-point one (3 cycles); the rest as the fixture's rules. */
    private static final TimingTable DOMAINS = form -> switch (form.name()) {
        case "PADDD (XMM, XMM)" -> new FormTiming(1, List.of(UopSpec.compute(TestCores.ALU)), LatencyTable.uniform(1), 0);
        case "ADDPS (XMM, XMM)", "MULPS (XMM, XMM)" -> new FormTiming(1, List.of(UopSpec.compute(TestCores.ALU)), LatencyTable.uniform(3), 1);
        default -> TestCores.RULES.timing(form);
    };

    private static double cpi(CoreSpec core, SimulationInput in) {
        Engine e = new Engine(core, DOMAINS, in, EngineListener.NONE, 400);
        e.run(400, 1_000_000);
        return (e.iterationEnd(299) - e.iterationEnd(99)) / 200.0;
    }

    private static double dependencyBound(CoreSpec core, SimulationInput in) {
        return Bounds.dependencyBound(core, StaticInstruction.of(core, DOMAINS, in), in);
    }

    @Test
    void aChainCrossingDomainsPaysBothCrossings() {
        // given a loop-carried chain ADDPS (fp) -> PADDD (int) -> back to ADDPS
        SimulationInput chain = TestCores.loop("top:", "addps xmm0, xmm1", "paddd xmm0, xmm2", "dec rcx", "jnz top");
        // when the core has bypass delays, then each trip takes 3 + 1 latency, + 2 (fp -> int) + 1 (int -> fp)
        assertEquals(7.0, cpi(core(TWO_DOMAINS), chain), 0.05);
        assertEquals(7.0, dependencyBound(core(TWO_DOMAINS), chain), 0.05);
        // and without them only the latencies count
        assertEquals(4.0, cpi(core(CoreSpec.BypassDelays.NONE), chain), 0.05);
        assertEquals(4.0, dependencyBound(core(CoreSpec.BypassDelays.NONE), chain), 0.05);
    }

    @Test
    void withinOneDomainThereIsNoDelay() {
        // given a chain of ADDPS and MULPS, both floating point
        SimulationInput chain = TestCores.loop("top:", "addps xmm0, xmm1", "mulps xmm0, xmm2", "dec rcx", "jnz top");
        // then it runs at the sum of the latencies
        assertEquals(6.0, cpi(core(TWO_DOMAINS), chain), 0.05);
    }

    @Test
    void aFormWithoutDomainNeitherPaysNorCauses() {
        // given PXOR (no domain in this table) between ADDPS and PADDD, and between PADDD and ADDPS
        SimulationInput chain = TestCores.loop("top:", "addps xmm0, xmm1", "pxor xmm0, xmm2", "paddd xmm0, xmm3", "pxor xmm0, xmm2",
                "dec rcx", "jnz top");
        // then only the latencies count: 3 + 1 + 1 + 1
        assertEquals(6.0, cpi(core(TWO_DOMAINS), chain), 0.05);
    }

    @Test
    void anEliminatedMoveKeepsItsSourcesDomain() {
        // given ADDPS, a vector move the renamer eliminates, then PADDD reading the copy
        SimulationInput chain = TestCores.loop("top:", "addps xmm0, xmm1", "movdqa xmm3, xmm0", "paddd xmm3, xmm2", "movdqa xmm0, xmm3",
                "dec rcx", "jnz top");
        // then the copies cost nothing and the crossings are paid as without them: 3 + 1 + 2 + 1
        assertEquals(7.0, cpi(core(TWO_DOMAINS), chain), 0.05);
    }

    @Test
    void aFractionalDelayIsPaidOnThatShareOfTheCrossings() {
        // given int -> fp costing 0.25 cycles on average, fp -> int nothing
        CoreSpec.BypassDelays quarter = new CoreSpec.BypassDelays(List.of("int", "fp"), new double[][]{{0, 0.25}, {0, 0}});
        SimulationInput chain = TestCores.loop("top:", "addps xmm0, xmm1", "paddd xmm0, xmm2", "dec rcx", "jnz top");
        // then every fourth trip pays a whole cycle: 3 + 1 + 0.25 per trip
        assertEquals(4.25, cpi(core(quarter), chain), 0.05);
        assertEquals(4.25, dependencyBound(core(quarter), chain), 0.05);
    }

    @Test
    void aModelsDelaysBecomeTheCoresMatrix() {
        // given a model's bypass section with one delay listed
        var b = new dev.uopsim.model.Bypass(List.of("int", "fp"), Map.of("fp", Map.of("int", 2.0)), dev.uopsim.model.Bypass.Transfers.NONE, null);
        // then the core's matrix has it, and 0 for the pairs not listed
        CoreSpec.BypassDelays d = ModelCore.bypass(b);
        assertEquals(2.0, d.delay(1, 0));
        assertEquals(0.0, d.delay(0, 1));
        assertEquals(0.0, d.delay(-1, 0), "no domain: no delay");
    }
}
