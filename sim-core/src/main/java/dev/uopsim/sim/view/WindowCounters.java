package dev.uopsim.sim.view;

import dev.uopsim.sim.EngineListener;
import dev.uopsim.sim.FormTiming;
import dev.uopsim.sim.SimulationResult;
import dev.uopsim.sim.Stall;
import java.util.Arrays;

/**
 * Counts what the steady-state window needs, while the engine runs, in arrays allocated up front:
 * the port every µop of every iteration was dispatched to (so a window of iterations can be summed
 * afterwards), and the stall events by cause up to the end of each iteration (so the counts within
 * the window's cycles are a difference of two snapshots, as with hardware counters).
 *
 * <p>Besides the engine's stall causes it counts the cycles rename was under-fed: it was stopped by
 * no resource, took fewer slots than its width, and left the µop queue empty — the front end
 * delivered less than rename could take, without a cycle empty enough to count as a front-end stall.
 *
 * <p>The window is the result's last {@link SimulationResult#window()} iterations: its cycles run
 * from the end of the iteration before it to the end of its last one.
 */
final class WindowCounters implements EngineListener {
    private static final int CAUSES = Stall.values().length;
    /** The counter after the stall causes: under-fed rename cycles. */
    private static final int STARVED = CAUSES;
    private static final int COUNTERS = CAUSES + 1;

    private final int n;
    private final int ports;
    private final int maxIterations;
    /** µops of instruction i in one iteration start at offset[i] of the iteration's µops. */
    private final int[] offset;
    private final int uopsPerIteration;
    /** Port + 1 of each µop of each iteration (0: not dispatched, e.g. eliminated or fused). */
    private final byte[] port;
    private final long[] stalls = new long[COUNTERS];
    private final int[] slots;
    private final int renameWidth;
    // The cycle whose rename is being watched, and what rename did in it.
    private long current = -1;
    private int renamedSlots;
    private boolean renameStopped;
    private long delivered;
    private long deliveredBeforeCycle;
    private long renamed;
    private final long[] stallSnapshot;
    private final long[] iterationEnd;

    private int from;
    private int to;

    WindowCounters(ViewContext context) {
        this.n = context.instructions();
        this.ports = context.core().portNames().size();
        this.maxIterations = context.maxIterations();
        this.offset = new int[n + 1];
        this.slots = new int[n];
        this.renameWidth = context.core().renameWidth();
        for (int i = 0; i < n; i++) {
            FormTiming t = context.timings().timing(context.input().instructions().get(i).form());
            offset[i + 1] = offset[i] + (t == null ? 0 : t.uops().size());
            slots[i] = t == null ? 1 : Math.max(1, t.slots());
        }
        this.uopsPerIteration = offset[n];
        this.port = new byte[Math.multiplyExact(maxIterations, Math.max(1, uopsPerIteration))];
        this.stallSnapshot = new long[maxIterations * COUNTERS];
        this.iterationEnd = new long[maxIterations];
    }

    @Override
    public void dispatched(long id, int index, int uop, int p, long cycle) {
        long iteration = id / n;
        if (iteration < maxIterations) port[(int) iteration * uopsPerIteration + offset[index] + uop] = (byte) (p + 1);
    }

    @Override
    public void stalled(long cycle, Stall cause, long id, int index, int detail) {
        at(cycle);
        stalls[cause.ordinal()]++;
        if (Reports.perCycle(cause) && cause != Stall.LENGTH_CHANGING_PREFIX) renameStopped = true;
    }

    @Override
    public void delivered(long id, int index, int iteration, long cycle) {
        at(cycle);
        delivered++;
    }

    @Override
    public void renamed(long id, int index, int iteration, long cycle) {
        at(cycle);
        renamed++;
        renamedSlots += slots[index];
    }

    @Override
    public void retired(long id, int index, int iteration, long cycle) {
        at(cycle);
        if (index != n - 1 || iteration >= maxIterations) return;
        iterationEnd[iteration] = cycle;
        System.arraycopy(stalls, 0, stallSnapshot, iteration * COUNTERS, COUNTERS);
    }

    /**
     * Events come in stage order within a cycle (retire, dispatch, rename, front end), so the first
     * event of a new cycle closes the last one: deliveries counted so far all came before its rename.
     */
    private void at(long cycle) {
        if (cycle == current) return;
        if (current >= 0 && !renameStopped && renamedSlots > 0 && renamedSlots < renameWidth && deliveredBeforeCycle == renamed) {
            stalls[STARVED]++;
        }
        current = cycle;
        renamedSlots = 0;
        renameStopped = false;
        deliveredBeforeCycle = delivered;
    }

    /** Fixes the window from the result. */
    void finish(SimulationResult r) {
        to = Math.min(r.iterations(), maxIterations);
        from = Math.max(0, to - r.window());
    }

    int windowIterations() {
        return to - from;
    }

    /** Cycles of the window. */
    long windowCycles() {
        if (to == 0) return 0;
        return iterationEnd[to - 1] - (from == 0 ? 0 : iterationEnd[from - 1]);
    }

    /** Stall events of a cause within the window's cycles. */
    long stalls(Stall cause) {
        return counted(cause.ordinal());
    }

    /** Cycles within the window rename was under-fed by the front end (see the class comment). */
    long starved() {
        return counted(STARVED);
    }

    private long counted(int counter) {
        if (to == 0) return 0;
        long end = stallSnapshot[(to - 1) * COUNTERS + counter];
        return end - (from == 0 ? 0 : stallSnapshot[(from - 1) * COUNTERS + counter]);
    }

    /** µops of instruction {@code index} dispatched to each port over the window's iterations, per iteration. */
    double[] perIteration(int index) {
        double[] c = new double[ports];
        for (int it = from; it < to; it++) {
            int base = it * uopsPerIteration + offset[index];
            for (int u = 0; u < offset[index + 1] - offset[index]; u++) {
                int p = port[base + u] - 1;
                if (p >= 0) c[p]++;
            }
        }
        int w = Math.max(1, to - from);
        for (int p = 0; p < ports; p++) c[p] /= w;
        return c;
    }

    /** µops dispatched to each port over the window's iterations, per iteration. */
    double[] perIteration() {
        double[] total = new double[ports];
        for (int i = 0; i < n; i++) {
            double[] c = perIteration(i);
            for (int p = 0; p < ports; p++) total[p] += c[p];
        }
        return total;
    }

    /** µops instruction {@code index} has (as the model gives them). */
    int uops(int index) {
        return offset[index + 1] - offset[index];
    }

    long[] stallCounts() {
        long[] c = new long[CAUSES];
        for (Stall s : Stall.values()) c[s.ordinal()] = stalls(s);
        return c;
    }

    @Override
    public String toString() {
        return "window [" + from + ", " + to + ") " + Arrays.toString(stallCounts());
    }
}
