package dev.uopsim.sim;

import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.Register;
import java.util.List;
import java.util.Map;

/**
 * What to simulate: the instructions of one iteration, how they repeat, and the initial state.
 *
 * @param loop       the block is a loop body that branches back (else it is repeated back to back)
 * @param sameInit   all GPRs hold one address and memory holds it too (BHive's convention)
 * @param bindings   registers pointing at byte offsets of the kernel's memory region
 * @param unrolledFromUopCache unrolled code is delivered by the µop cache, as when a harness loops
 *                   over a few hundred copies (uopsim measure); otherwise by the legacy decoders, as
 *                   for BHive's measurements, whose unrolled code does not stay in the µop cache
 */
public record SimulationInput(String name, List<Instruction> instructions, boolean loop, boolean sameInit,
                              Map<Register, Long> bindings, boolean unrolledFromUopCache) {
    /**
     * The address every register holds, and every 8 bytes of memory, under {@code sameInit}: BHive's
     * INIT_VALUE, which its harness and {@code uopsim measure} use alike.
     */
    public static final long SHARED_INIT_VALUE = 0x2324000L;

    public SimulationInput {
        instructions = List.copyOf(instructions);
        bindings = Map.copyOf(bindings);
    }

    /** Unrolled code from the legacy decoders (BHive's harness). */
    public SimulationInput(String name, List<Instruction> instructions, boolean loop, boolean sameInit, Map<Register, Long> bindings) {
        this(name, instructions, loop, sameInit, bindings, false);
    }

    public SimulationInput withUnrolledFromUopCache(boolean fromUopCache) {
        return new SimulationInput(name, instructions, loop, sameInit, bindings, fromUopCache);
    }

    public int bytes() {
        return instructions.isEmpty() ? 0 : (int) (instructions.getLast().address() + instructions.getLast().length());
    }
}
