package dev.uopsim.sim;

/** Why a stage could not do its work in a cycle; recorded as an event, read by views. */
public enum Stall {
    /** Rename had nothing to take: the front end did not deliver. */
    FRONT_END,
    /** Rename stopped: the reorder buffer was full. */
    ROB_FULL,
    /** Rename stopped: a scheduler queue was full. */
    SCHEDULER_FULL,
    /** Rename stopped: the load buffer was full. */
    LOAD_BUFFER_FULL,
    /** Rename stopped: the store buffer was full. */
    STORE_BUFFER_FULL,
    /** A µop was ready but its port was taken by an older one. */
    PORT_BUSY,
    /** A single-cycle ALU µop was ready but a value moving in from the vector unit took the integer results of the next cycle. */
    TRANSFER_BUBBLE,
    /** A load waited for an older store (forwarding, or an unknown address). */
    MEMORY_ORDER,
    /** The predecoder stalled on a length-changing prefix. */
    LENGTH_CHANGING_PREFIX,
    /** A µop waited for a serializing instruction: its own older instructions to retire, or an older one to complete. */
    SERIALIZED
}
