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
 */
public record SimulationInput(String name, List<Instruction> instructions, boolean loop, boolean sameInit,
                              Map<Register, Long> bindings) {
    public SimulationInput {
        instructions = List.copyOf(instructions);
        bindings = Map.copyOf(bindings);
    }

    public int bytes() {
        return instructions.isEmpty() ? 0 : (int) (instructions.getLast().address() + instructions.getLast().length());
    }
}
