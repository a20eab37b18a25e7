package dev.uopsim.isa;

/**
 * Where a branch goes: a label of the kernel, or a byte offset from the start of the block
 * (objdump prints absolute targets). {@code offset} is -1 while not resolved.
 */
public record BranchTarget(String label, long offset) implements Operand {
    @Override
    public String text() {
        return label != null ? label : "0x" + Long.toHexString(offset);
    }
}
