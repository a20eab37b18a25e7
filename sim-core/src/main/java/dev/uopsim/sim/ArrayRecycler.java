package dev.uopsim.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * Hands an engine its dynamic-state arrays, reusing those of the previous engine on the same thread:
 * a BHive block simulates for a few hundred cycles, and allocating and zeroing the rings sized for a
 * full reorder buffer each time cost as much as the simulation. The n-th request of a kind gets the
 * n-th array of that kind again when it is large enough.
 *
 * <p>A reused array holds what the last engine left: at least the size asked for, never cleared.
 * Callers use arrays whose every element is written before it is read, or clear them themselves.
 */
final class ArrayRecycler {
    private static final ThreadLocal<ArrayRecycler> PER_THREAD = ThreadLocal.withInitial(ArrayRecycler::new);

    private final List<long[]> longs = new ArrayList<>();
    private final List<int[]> ints = new ArrayList<>();
    private final List<boolean[]> booleans = new ArrayList<>();
    private int nextLong, nextInt, nextBoolean;
    private boolean inUse;

    /**
     * This thread's recycler, restarted, for one engine at a time; {@link #release} gives it back.
     * While it is out (an engine run from a listener of another), a fresh one is returned.
     */
    static ArrayRecycler acquire() {
        ArrayRecycler r = PER_THREAD.get();
        if (r.inUse) return new ArrayRecycler();
        r.inUse = true;
        r.nextLong = r.nextInt = r.nextBoolean = 0;
        return r;
    }

    /** A recycler of its own: every array new (for an engine that outlives the call that made it). */
    static ArrayRecycler fresh() {
        return new ArrayRecycler();
    }

    void release() {
        inUse = false;
    }

    long[] longs(int size) {
        int k = nextLong++;
        if (k < longs.size() && longs.get(k).length >= size) return longs.get(k);
        long[] a = new long[size];
        if (k < longs.size()) longs.set(k, a);
        else longs.add(a);
        return a;
    }

    int[] ints(int size) {
        int k = nextInt++;
        if (k < ints.size() && ints.get(k).length >= size) return ints.get(k);
        int[] a = new int[size];
        if (k < ints.size()) ints.set(k, a);
        else ints.add(a);
        return a;
    }

    boolean[] booleans(int size) {
        int k = nextBoolean++;
        if (k < booleans.size() && booleans.get(k).length >= size) return booleans.get(k);
        boolean[] a = new boolean[size];
        if (k < booleans.size()) booleans.set(k, a);
        else booleans.add(a);
        return a;
    }
}
