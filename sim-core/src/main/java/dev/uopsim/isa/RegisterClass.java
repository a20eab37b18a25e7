package dev.uopsim.isa;

/** Architectural register files; a register's class decides which kinds of operand it can fill. */
public enum RegisterClass {
    GPR, VECTOR, MASK, MMX, X87, SEGMENT, IP, CONTROL, DEBUG, BOUND
}
