package dev.uopsim.sim;

/**
 * Observes the engine. Views (timeline, port pressure, bottleneck) implement it; the stages never
 * know them. Arguments are primitives so that observing costs no allocation.
 * {@code id} is the dynamic instruction number, {@code index} its place in the kernel.
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

    /** A stage stalled; {@code index} is the instruction it was on (-1 when none), {@code detail} a port or producer index. */
    default void stalled(long cycle, Stall cause, int index, int detail) {}

    /** A value crossed from producer to consumer: the consumer waited for it until {@code readyCycle}. */
    default void waitedFor(long consumerId, int consumerIndex, long producerId, int producerIndex, long readyCycle) {}

    EngineListener NONE = new EngineListener() {};
}
