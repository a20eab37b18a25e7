package dev.uopsim.sim;

/**
 * Observes the engine. Views (timeline, port pressure, bottleneck) implement it; the stages never
 * know them. Arguments are primitives so that observing costs no allocation.
 * {@code id} is the dynamic instruction number, {@code index} its place in the kernel. Ids are
 * given in program order from 0, so {@code id = iteration * instructions + index}: a listener can
 * tell an event's iteration from its id alone.
 */
public interface EngineListener {
    /** The instruction entered the µop queue (decoded, or delivered by the µop cache / loop buffer). */
    default void delivered(long id, int index, int iteration, long cycle) {}

    default void renamed(long id, int index, int iteration, long cycle) {}

    /** A µop of the instruction was dispatched to {@code port} (bit index). */
    default void dispatched(long id, int index, int uop, int port, long cycle) {}

    /** The instruction's results are all available. */
    default void completed(long id, int index, long cycle) {}

    default void retired(long id, int index, int iteration, long cycle) {}

    /**
     * A stage stalled on instruction {@code id} (kernel place {@code index}): for rename and front-end
     * causes the instruction the stage would take next, for dispatch causes the µop's instruction.
     * {@code detail} depends on the cause: {@link Stall#ROB_FULL} the index of the instruction at the
     * head of the reorder buffer (the one retirement waits for); {@link Stall#PORT_BUSY} the mask of
     * ports the µop may use, all taken this cycle; {@link Stall#MEMORY_ORDER} the index of the older
     * store the load waits for; otherwise -1.
     */
    default void stalled(long cycle, Stall cause, long id, int index, int detail) {}

    /**
     * A value crossed from producer to consumer and decided when the consumer could go: a µop's
     * last input to become ready (a register, a flag group, a renamed memory value), a load's data
     * forwarded from an older store later than the cache would have given it, or a store a load
     * had to wait for. The consumer waited for it until {@code readyCycle}.
     */
    default void waitedFor(long consumerId, int consumerIndex, long producerId, int producerIndex, long readyCycle) {}

    EngineListener NONE = new EngineListener() {};
}
