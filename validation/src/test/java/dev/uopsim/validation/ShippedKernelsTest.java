package dev.uopsim.validation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.isa.FormTable;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.ModelRegistry;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.SimulationResult;
import dev.uopsim.sim.Simulator;
import dev.uopsim.traces.KernelReader;
import dev.uopsim.traces.ShippedKernels;
import dev.uopsim.traces.Simulations;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every shipped kernel reaches a steady state on every shipped model, at a plausible speed. */
class ShippedKernelsTest {
    @Test
    void everyKernelSettlesOnEveryModel() {
        KernelReader reader = new KernelReader(FormTable.shipped());
        List<String> problems = new ArrayList<>();
        for (String model : ModelRegistry.shippedNames()) {
            var bound = ModelBinder.bind(ModelLoader.load(model));
            var core = ModelCore.core(bound);
            var timings = ModelCore.timings(bound);
            for (String name : ShippedKernels.names()) {
                var kernel = reader.read(name, KernelReader.Options.DEFAULT);
                SimulationResult r = Simulator.run(core, timings, Simulations.input(kernel), Simulator.Options.DEFAULT);
                // A loop of n instructions takes at least n / 8 cycles and, here, never more than 40 per instruction.
                int n = kernel.instructions().size();
                if (!r.settled() || r.cyclesPerIteration() < n / 8.0 || r.cyclesPerIteration() > 40.0 * n) {
                    problems.add(model + " " + name + ": " + r.cyclesPerIteration() + " cycles/iteration, settled " + r.settled());
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
