package dev.uopsim.traces;

import dev.uopsim.sim.SimulationInput;

/** Kernels as the engine's input. */
public final class Simulations {
    private Simulations() {}

    public static SimulationInput input(Kernel k) {
        return new SimulationInput(k.name(), k.instructions(), k.mode() == Kernel.Mode.LOOP, k.init() == Kernel.InitPolicy.SAME,
                k.bindings());
    }
}
