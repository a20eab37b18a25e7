package dev.uopsim.sim;

/** What an execution µop does, which decides what it waits for. */
public enum UopKind {
    /** Computes: waits for the instruction's register and flag inputs (and a load's data). */
    COMPUTE,
    /** Loads: waits for the address registers and the memory ordering rules. */
    LOAD,
    /** Store address: waits for the address registers. */
    STORE_ADDRESS,
    /** Store data: waits for the value stored. */
    STORE_DATA,
    /** A store done by one µop (address and data together, as on AMD cores): waits for both. */
    STORE
}
