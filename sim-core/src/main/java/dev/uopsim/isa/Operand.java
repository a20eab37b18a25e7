package dev.uopsim.isa;

/** A concrete operand of a decoded instruction. */
public sealed interface Operand permits RegisterOperand, MemoryOperand, ImmediateOperand, BranchTarget {
    /** Intel-syntax text of the operand. */
    String text();
}
