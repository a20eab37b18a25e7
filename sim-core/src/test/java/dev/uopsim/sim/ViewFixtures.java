package dev.uopsim.sim;

import dev.uopsim.sim.view.View;
import dev.uopsim.sim.view.ViewContext;
import dev.uopsim.sim.view.Views;
import java.util.List;

/** Runs fixture kernels on the test core with views attached, through the view registry. */
final class ViewFixtures {
    private ViewFixtures() {}

    static Views.Run run(CoreSpec core, SimulationInput input, int timelineIterations, String... views) {
        return run(core, TestCores.RULES, input, timelineIterations, views);
    }

    static Views.Run run(CoreSpec core, TimingTable timings, SimulationInput input, int timelineIterations, String... views) {
        var factories = java.util.Arrays.stream(views).map(v -> Views.find(v).orElseThrow()).toList();
        return Views.run(new ViewContext(core, timings, input, Simulator.Options.DEFAULT, timelineIterations), factories);
    }

    static Views.Run run(SimulationInput input, String... views) {
        return run(TestCores.skylakeLike(), input, 3, views);
    }

    @SuppressWarnings("unchecked")
    static <V extends View> V view(Views.Run run, Class<V> type) {
        for (View v : run.views()) if (type.isInstance(v)) return (V) v;
        throw new AssertionError("no " + type.getSimpleName() + " in " + run.views());
    }

    /** An ADD chain: each add waits for the one before, across iterations too. */
    static SimulationInput addChain() {
        return TestCores.unrolled("add rax, 1");
    }

    /** Eight independent ADDs: four ALU ports and a rename width of four, two cycles either way. */
    static SimulationInput independentAdds() {
        return TestCores.unrolled("add rax, 1", "add rbx, 1", "add rcx, 1", "add rdx, 1", "add rsi, 1", "add rdi, 1", "add r8, 1", "add r9, 1");
    }

    /** *p = *p + 1 in a loop: the value goes through memory, store to load, every iteration. */
    static SimulationInput storeForwardLoop() {
        return TestCores.loop("top:", "mov eax, DWORD PTR [rdi]", "add eax, 1", "mov DWORD PTR [rdi], eax", "dec rcx", "jnz top");
    }

    static List<String> names() {
        return Views.names();
    }
}
