package dev.uopsim.sim.view;

import dev.uopsim.sim.CoreSpec;
import dev.uopsim.sim.SimulationInput;
import dev.uopsim.sim.Simulator;
import dev.uopsim.sim.TimingTable;

/**
 * What a view may know about the run it observes.
 *
 * @param options            the simulator options of the run (views size their buffers by its iterations)
 * @param timelineIterations iterations the timeline shows
 */
public record ViewContext(CoreSpec core, TimingTable timings, SimulationInput input, Simulator.Options options,
                          int timelineIterations) {
    public ViewContext {
        if (timelineIterations < 1) throw new IllegalArgumentException("timeline iterations must be at least 1");
    }

    /** Instructions in one iteration. */
    public int instructions() {
        return input.instructions().size();
    }

    /** Iterations the run may simulate at most (event arrays are sized by this). */
    public int maxIterations() {
        return options.fixedIterations() > 0 ? options.fixedIterations() : options.maxIterations();
    }
}
