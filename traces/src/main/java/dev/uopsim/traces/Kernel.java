package dev.uopsim.traces;

import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.Register;
import java.util.List;
import java.util.Map;

/**
 * Code plus the state it starts from: what the simulator runs and the measurer times.
 *
 * @param name         a short name (the file name, or "block 12 of file.csv")
 * @param instructions the code, placed at offsets from the block start
 * @param mode         loop body (the block includes its branch) or repeated back to back
 * @param init         how registers are initialised
 * @param bindings     registers pointing at a byte offset of the kernel's memory region
 *                     ({@code # uopsim: bind rdi=0}); equal offsets mean the same location
 */
public record Kernel(String name, List<Instruction> instructions, Mode mode, InitPolicy init,
                     Map<Register, Long> bindings) {

    public enum Mode {
        /** The block is a loop body including its branch back. */
        LOOP,
        /** The block is repeated back to back (BHive's unrolled measurement). */
        UNROLLED
    }

    public enum InitPolicy {
        /**
         * Every general-purpose register but RSP holds one address, and memory holds it too (BHive's
         * convention; RSP keeps its own stack, as BHive's measurements of blocks that access both
         * [rsp+X] and [rbp+X] show).
         */
        SAME,
        /** Every general-purpose register points at its own region. */
        DISTINCT
    }

    /** Bytes of machine code in one iteration. */
    public int size() {
        return instructions.isEmpty() ? 0 : (int) (instructions.getLast().address() + instructions.getLast().length());
    }

    /** True when the last instruction branches back (a loop written as such). */
    public boolean endsWithBranch() {
        return !instructions.isEmpty() && instructions.getLast().form().has(FormProperty.BRANCH);
    }
}
