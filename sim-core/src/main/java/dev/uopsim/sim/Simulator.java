package dev.uopsim.sim;

import java.util.List;

/**
 * Runs the engine until the kernel reaches a steady state: cycles per iteration are averaged over
 * two consecutive windows of {@value #WINDOW} iterations (a multiple of every short period, so a
 * loop alternating 5 and 6 cycles settles exactly), or of twice that for periods such as 8, and the
 * run stops when they agree; a kernel
 * that never settles is reported as such, with its last window's average.
 */
public final class Simulator {
    static final int WINDOW = 60;
    private static final int WARM_UP = 20;

    /**
     * @param maxIterations  iterations at most
     * @param fixedIterations run exactly this many and average over the second half (0 = until settled)
     */
    public record Options(int maxIterations, int fixedIterations, List<EngineListener> listeners) {
        public static final Options DEFAULT = new Options(2000, 0, List.of());

        public Options withListeners(List<EngineListener> l) {
            return new Options(maxIterations, fixedIterations, l);
        }
    }

    private Simulator() {}

    public static SimulationResult run(CoreSpec core, TimingTable timings, SimulationInput input, Options options) {
        EngineListener listener = options.listeners().isEmpty() ? EngineListener.NONE
                : options.listeners().size() == 1 ? options.listeners().getFirst() : new Multicast(options.listeners().toArray(EngineListener[]::new));
        int max = options.fixedIterations() > 0 ? options.fixedIterations() : options.maxIterations();
        ArrayRecycler arrays = ArrayRecycler.acquire();
        try {
            return run(core, timings, input, options, listener, max, new Engine(core, timings, input, listener, max, arrays));
        } finally {
            arrays.release();
        }
    }

    private static SimulationResult run(CoreSpec core, TimingTable timings, SimulationInput input, Options options,
                                        EngineListener listener, int max, Engine engine) {
        int uops = 0;
        for (StaticInstruction s : engine.staticCode()) uops += s.uops.length;
        long cycleLimit = 200_000L + 2_000L * max * Math.max(1, input.instructions().size());
        if (options.fixedIterations() > 0) {
            int n = options.fixedIterations();
            engine.run(n, cycleLimit);
            // The last cycle may retire into iterations past n (a short block, a wide retirement): count n.
            int done = Math.min(engine.iterationsDone(), n);
            int from = Math.max(0, done / 2 - 1);
            double cpi = done < 2 ? engine.cycles() : (double) (engine.iterationEnd(done - 1) - engine.iterationEnd(from)) / (done - 1 - from);
            return new SimulationResult(input.name(), core.name(), cpi, true, done, engine.cycles(), input.instructions().size(), uops, done - 1 - from);
        }
        int target = WARM_UP + 2 * WINDOW;
        while (true) {
            engine.run(target, cycleLimit);
            int done = Math.min(engine.iterationsDone(), max + 1);   // iterations past max have no recorded end
            // A period the window does not hold a whole number of times (8: a histogram whose index
            // repeats in a pattern of eight) makes windows differ for ever; windows twice as long hold it.
            for (int window = WINDOW; window <= 2 * WINDOW; window *= 2) {
                if (agree(engine, done, window)) {
                    return new SimulationResult(input.name(), core.name(), average(engine, done - 2 * window, done), true, done,
                            engine.cycles(), input.instructions().size(), uops, 2 * window);
                }
            }
            if (done < target || target >= max) {
                double last = done > WINDOW ? average(engine, done - WINDOW, done) : (double) engine.cycles() / Math.max(1, done);
                return new SimulationResult(input.name(), core.name(), last, false, done, engine.cycles(),
                        input.instructions().size(), uops, Math.min(WINDOW, done));
            }
            target = Math.min(max, target + WINDOW);
        }
    }

    /**
     * Whether the last two windows of {@code window} iterations before {@code done} (after the
     * warm-up) agree: within 0.3%, or within two cycles over a window (a period that does not divide
     * the window makes whole windows differ by a cycle or two).
     */
    private static boolean agree(Engine engine, int done, int window) {
        if (done < WARM_UP + 2 * window) return false;
        double recent = average(engine, done - window, done);
        double before = average(engine, done - 2 * window, done - window);
        return Math.abs(recent - before) <= Math.max(0.003 * recent, 2.0 / window);
    }

    /** Average cycles per iteration over iterations [from, to). */
    private static double average(Engine e, int from, int to) {
        return (double) (e.iterationEnd(to - 1) - e.iterationEnd(from - 1)) / (to - from);
    }

    /** Several listeners as one (an array: the event loop allocates no iterator). */
    private record Multicast(EngineListener[] all) implements EngineListener {
        @Override
        public void delivered(long id, int index, int iteration, long cycle) {
            for (EngineListener l : all) l.delivered(id, index, iteration, cycle);
        }

        @Override
        public void renamed(long id, int index, int iteration, long cycle) {
            for (EngineListener l : all) l.renamed(id, index, iteration, cycle);
        }

        @Override
        public void dispatched(long id, int index, int uop, int port, long cycle) {
            for (EngineListener l : all) l.dispatched(id, index, uop, port, cycle);
        }

        @Override
        public void completed(long id, int index, long cycle) {
            for (EngineListener l : all) l.completed(id, index, cycle);
        }

        @Override
        public void retired(long id, int index, int iteration, long cycle) {
            for (EngineListener l : all) l.retired(id, index, iteration, cycle);
        }

        @Override
        public void stalled(long cycle, Stall cause, long id, int index, int detail) {
            for (EngineListener l : all) l.stalled(cycle, cause, id, index, detail);
        }

        @Override
        public void waitedFor(long consumerId, int consumerIndex, long producerId, int producerIndex, long readyCycle) {
            for (EngineListener l : all) l.waitedFor(consumerId, consumerIndex, producerId, producerIndex, readyCycle);
        }
    }
}
