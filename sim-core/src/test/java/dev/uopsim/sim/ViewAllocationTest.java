package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.sim.view.View;
import dev.uopsim.sim.view.ViewContext;
import dev.uopsim.sim.view.ViewFactory;
import dev.uopsim.sim.view.Views;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * Views listen inside the cycle loop, which allocates nothing: with every view attached, simulating
 * more cycles must not allocate more (a few kilobytes of slack for the JIT's own bookkeeping).
 */
class ViewAllocationTest {
    @Test
    void listeningViewsAllocateNothingPerCycle() {
        var bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        SimulationInput in = ViewFixtures.storeForwardLoop();
        CoreSpec core = TestCores.skylakeLike();
        ViewContext context = new ViewContext(core, TestCores.RULES, in, new Simulator.Options(3000, 0, java.util.List.of()), 3);
        for (ViewFactory f : Views.all()) {
            View v = f.create(context);
            Engine e = new Engine(core, TestCores.RULES, in, v.listener(), 3000);
            e.run(1000, 10_000_000);                  // warm up: classes loaded, code compiled
            e.prepare(3000);                          // room for the addresses made up front, outside the cycle loop
            long before = bean.getCurrentThreadAllocatedBytes();
            long cycles = e.cycles();
            e.run(3000, 10_000_000);
            long allocated = bean.getCurrentThreadAllocatedBytes() - before;
            long ran = e.cycles() - cycles;
            assertTrue(ran > 5000, "ran " + ran + " cycles");
            assertTrue(allocated < 64 * 1024, f.name() + ": " + allocated + " bytes over " + ran + " cycles");
        }
    }
}
