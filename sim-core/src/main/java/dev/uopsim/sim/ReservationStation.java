package dev.uopsim.sim;

/**
 * The scheduler queues' entries, sorted by what dispatch has to do with them, so that a cycle looks
 * only at µops that may act in it:
 * <ul>
 *   <li><em>unchecked</em>: readiness not known yet (new, woken by a producer, or a load held back by
 *       an older store); dispatch checks them every cycle;</li>
 *   <li><em>ready</em>: inputs ready, waiting for a port; grouped in classes by the ports they may
 *       use, so that once those ports are taken for the cycle the whole class is passed over;</li>
 *   <li><em>timed</em>: inputs known to be ready at a later cycle; they wait on a timing wheel and
 *       become ready in that cycle, without being looked at before;</li>
 *   <li>parked µops (waiting for a value not produced yet) are in none of these: their producer
 *       wakes them.</li>
 * </ul>
 * Membership is one bit per µop slot. A µop's slot is its allocation number modulo the ring, so
 * walking the bits from the oldest µop in flight is walking in age order, the order dispatch
 * serves them in.
 */
final class ReservationStation {
    private static final int WHEEL = 128;

    final int queues;
    /** Longs per bit set row: one bit per µop slot. */
    final int words;
    final int wordMask;
    /** Per queue, µops in it whose readiness is unknown: row {@code q}. */
    final long[] unchecked;
    /** Per queue, its ready µops of every class: row {@code q}. */
    final long[] readyInQueue;
    /** Per class, its ready µops: row {@code c}. */
    final long[] ready;
    /** Per class: the ports its µops may use, and its queue. */
    final int[] classPorts;
    private final int[] classQueue;
    private int classes;
    /** Per queue, its classes: {@code queueClasses[q][0 .. queueClassCount[q])}. */
    final int[][] queueClasses;
    /** Per queue, the ports of its classes in the same order (read every time a port is taken). */
    private final int[][] queueClassPorts;
    final int[] queueClassCount;
    /**
     * Per queue and port ({@code q * PORTS + p}), the classes whose ports include that port, in rows
     * of {@code maxClasses}: only they can fill up when the port is taken.
     */
    private final int[] portClasses;
    private final int[] portClassCount;
    private final int maxClasses;
    /** Ports a class mask can name (an int of port bits). */
    private static final int PORTS = 32;
    /** µops in each queue, in whatever state (its occupancy). */
    final int[] occupancy;
    final int[] uopQueue;
    final int[] uopClass;
    // Timing wheel: per cycle modulo WHEEL, a list of µops through uopNextTimed (-1 ends it).
    private final int[] timedHead;
    private final int[] uopNextTimed;
    private final long[] uopReadyAt;

    /**
     * @param uopCapacity µop slots (a power of two, at least 64)
     * @param maxClasses  port classes there can be at most (over all queues)
     * @param uopReadyAt  the engine's per-µop ready cycle (the wheel files µops by it)
     */
    ReservationStation(int queues, int uopCapacity, int maxClasses, long[] uopReadyAt) {
        this(ArrayRecycler.fresh(), queues, uopCapacity, maxClasses, uopReadyAt);
    }

    ReservationStation(ArrayRecycler arrays, int queues, int uopCapacity, int maxClasses, long[] uopReadyAt) {
        this.queues = queues;
        this.words = uopCapacity >>> 6;
        this.wordMask = words - 1;
        this.unchecked = arrays.longs(queues * words);
        this.readyInQueue = arrays.longs(queues * words);
        this.ready = arrays.longs(maxClasses * words);
        // Bit sets start empty (the µop slots' own arrays are written when a µop enters).
        java.util.Arrays.fill(unchecked, 0, queues * words, 0);
        java.util.Arrays.fill(readyInQueue, 0, queues * words, 0);
        java.util.Arrays.fill(ready, 0, maxClasses * words, 0);
        this.classPorts = new int[maxClasses];
        this.classQueue = new int[maxClasses];
        this.queueClasses = ArrayRecycler.matrix(queues, maxClasses);
        this.queueClassPorts = ArrayRecycler.matrix(queues, maxClasses);
        this.queueClassCount = new int[queues];
        this.maxClasses = maxClasses;
        this.portClasses = arrays.ints(queues * PORTS * maxClasses);
        this.portClassCount = arrays.ints(queues * PORTS);
        java.util.Arrays.fill(portClassCount, 0, queues * PORTS, 0);
        this.occupancy = new int[queues];
        this.uopQueue = arrays.ints(uopCapacity);
        this.uopClass = arrays.ints(uopCapacity);
        this.uopNextTimed = arrays.ints(uopCapacity);
        this.uopReadyAt = uopReadyAt;
        this.timedHead = arrays.ints(WHEEL);
        java.util.Arrays.fill(timedHead, -1);
    }

    /** A new µop enters queue {@code q} in class {@code c} (see {@link #classOf}). */
    void enter(int uid, int q, int c) {
        occupancy[q]++;
        uopQueue[uid] = q;
        uopClass[uid] = c;
        unchecked[q * words + (uid >>> 6)] |= 1L << uid;
    }

    /** The class of queue {@code q}'s µops that dispatch may send to {@code ports} (a search: callers keep the answer). */
    int classOf(int q, int ports) {
        int[] list = queueClasses[q];
        for (int k = 0; k < queueClassCount[q]; k++) {
            if (classPorts[list[k]] == ports) return list[k];
        }
        int c = classes++;
        classPorts[c] = ports;
        classQueue[c] = q;
        queueClassPorts[q][queueClassCount[q]] = ports;
        list[queueClassCount[q]++] = c;
        for (int left = ports; left != 0; left &= left - 1) {
            int row = q * PORTS + Integer.numberOfTrailingZeros(left);
            portClasses[row * maxClasses + portClassCount[row]++] = c;
        }
        return c;
    }

    /** A woken µop: its readiness is to be checked again. */
    void recheck(int uid) {
        unchecked[uopQueue[uid] * words + (uid >>> 6)] |= 1L << uid;
    }

    /** The µop waits on a producer's list until woken. */
    void park(int uid) {
        unchecked[uopQueue[uid] * words + (uid >>> 6)] &= ~(1L << uid);
    }

    /** Its inputs are ready; it waits for a port. */
    void ready(int uid) {
        int w = uid >>> 6;
        long bit = 1L << uid;
        unchecked[uopQueue[uid] * words + w] &= ~bit;
        readyInQueue[uopQueue[uid] * words + w] |= bit;
        ready[uopClass[uid] * words + w] |= bit;
    }

    /** Its inputs are ready at {@code at}, after {@code now}: it waits on the wheel till then. */
    void later(int uid, long at, long now) {
        unchecked[uopQueue[uid] * words + (uid >>> 6)] &= ~(1L << uid);
        file(uid, Math.min(at, now + WHEEL - 1));
    }

    private void file(int uid, long at) {
        int b = (int) (at & (WHEEL - 1));
        uopNextTimed[uid] = timedHead[b];
        timedHead[b] = uid;
    }

    /** The µops whose inputs become ready in cycle {@code now} join the ready ones. */
    void release(long now) {
        int b = (int) (now & (WHEEL - 1));
        int u = timedHead[b];
        if (u < 0) return;
        timedHead[b] = -1;
        while (u >= 0) {
            int next = uopNextTimed[u];
            if (uopReadyAt[u] <= now) ready(u);
            else file(u, Math.min(uopReadyAt[u], now + WHEEL - 1));   // farther than the wheel reaches
            u = next;
        }
    }

    /** The µop was dispatched: it leaves its queue. */
    void issue(int uid) {
        int w = uid >>> 6;
        long keep = ~(1L << uid);
        int q = uopQueue[uid];
        unchecked[q * words + w] &= keep;
        readyInQueue[q * words + w] &= keep;
        ready[uopClass[uid] * words + w] &= keep;
        occupancy[q]--;
    }

    boolean isReady(int uid) {
        return (ready[uopClass[uid] * words + (uid >>> 6)] & (1L << uid)) != 0;
    }

    /**
     * The classes of queue {@code q} whose ports are all in {@code used}, into {@code out}; returns
     * how many. Their ready µops cannot go this cycle.
     */
    int fullClasses(int q, int used, int[] out) {
        int n = 0;
        int[] list = queueClasses[q];
        int[] ports = queueClassPorts[q];
        // Without a branch per class: which classes are full changes from one dispatch to the next.
        for (int k = 0, count = queueClassCount[q]; k < count; k++) {
            out[n] = list[k];
            n += (ports[k] & ~used) == 0 ? 1 : 0;
        }
        return n;
    }

    /**
     * After dispatch took {@code port} (one bit, now in {@code used}): appends to {@code out[0 .. full)}
     * the classes of queue {@code q} that taking it filled, and returns the new count. Only classes
     * holding that port can have filled, and none of them was full before: the list stays the set
     * {@link #fullClasses} would give, found among a few classes instead of all.
     */
    int fill(int q, int port, int used, int[] out, int full) {
        int row = q * PORTS + Integer.numberOfTrailingZeros(port);
        for (int k = row * maxClasses, end = k + portClassCount[row]; k < end; k++) {
            int c = portClasses[k];
            out[full] = c;
            full += (classPorts[c] & ~used) == 0 ? 1 : 0;
        }
        return full;
    }

    /**
     * The µops of queue {@code q} in ring word {@code w} that dispatch has to look at: the unchecked
     * ones, and the ready ones but those of the {@code full} classes in {@code passed} (a listener
     * that hears about each µop that lost its port passes none).
     */
    long candidates(int q, int w, int[] passed, int full) {
        int row = q * words + w;
        long waiting = readyInQueue[row];
        for (int k = 0; k < full && waiting != 0; k++) waiting &= ~ready[passed[k] * words + w];
        return unchecked[row] | waiting;
    }
}
