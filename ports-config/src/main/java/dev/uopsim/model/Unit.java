package dev.uopsim.model;

/**
 * Functional units a port can hold. They document a port and tell the simulator which ports load,
 * compute store addresses or take store data; a µop names a unit only when it occupies a
 * non-pipelined one ({@link Uop#unit()}).
 */
public enum Unit {
    /** Integer add, logic, compare, move. */
    ALU,
    /** Integer shifts and rotates. */
    SHIFT,
    /** Branches (taken and not taken) and macro-fused compare-and-branch. */
    BRANCH,
    /** Integer multiplier. */
    MUL,
    /** Integer divider (non-pipelined). */
    DIV,
    /** Address arithmetic (LEA). */
    LEA,
    /** Load pipe: address generation and the L1D read. */
    LOAD,
    /** Store-address generation. */
    STORE_ADDRESS,
    /** Store data (writes the store buffer entry). */
    STORE_DATA,
    /** Vector / floating-point ALU (logic, integer add, compare, blend). */
    VEC_ALU,
    /** Vector shuffles and permutes. */
    VEC_SHUFFLE,
    /** Vector shifts. */
    VEC_SHIFT,
    /** Vector integer multiply. */
    VEC_MUL,
    /** Floating-point add. */
    FP_ADD,
    /** Floating-point multiply. */
    FP_MUL,
    /** Fused multiply-add. */
    FMA,
    /** Floating-point divide and square root (non-pipelined). */
    FP_DIV,
    /** Conversions between integer and floating point, and register moves between the files. */
    CONVERT,
    /** AES, CLMUL, SHA units. */
    CRYPTO,
    /** x87 floating point. */
    X87;

    /** The units of the vector (SIMD and floating-point) side; the others are the integer side's and store data. */
    public static final java.util.Set<Unit> VECTOR = java.util.Collections.unmodifiableSet(java.util.EnumSet.of(VEC_ALU, VEC_SHUFFLE,
            VEC_SHIFT, VEC_MUL, FP_ADD, FP_MUL, FMA, FP_DIV, CONVERT, CRYPTO, X87));
}
