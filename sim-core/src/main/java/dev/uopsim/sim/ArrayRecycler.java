package dev.uopsim.sim;

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

    private final Pool<long[]> longs = new Pool<>(long[]::new);
    private final Pool<int[]> ints = new Pool<>(int[]::new);
    private final Pool<boolean[]> booleans = new Pool<>(boolean[]::new);
    /** Instruction rings (what a slot holds; the last engine's instructions until written). */
    private final Pool<StaticInstruction[]> instructions = new Pool<>(StaticInstruction[]::new);
    /** µop rings (what a µop slot is; the last engine's µops until written). */
    private final Pool<UopSpec[]> uops = new Pool<>(UopSpec[]::new);
    private boolean inUse;

    /**
     * This thread's recycler, restarted, for one engine at a time; {@link #release} gives it back.
     * While it is out (an engine run from a listener of another), a fresh one is returned.
     */
    static ArrayRecycler acquire() {
        ArrayRecycler r = PER_THREAD.get();
        if (r.inUse) return new ArrayRecycler();
        r.inUse = true;
        r.longs.next = r.ints.next = r.booleans.next = r.instructions.next = r.uops.next = 0;
        return r;
    }

    /** A recycler of its own: every array new (for an engine that outlives the call that made it). */
    static ArrayRecycler fresh() {
        return new ArrayRecycler();
    }

    void release() {
        inUse = false;
    }

    /** A new {@code int[rows][columns]}, made row by row: compiled code calls into the VM for a two-dimensional allocation. */
    static int[][] matrix(int rows, int columns) {
        int[][] m = new int[rows][];
        for (int r = 0; r < rows; r++) m[r] = new int[columns];
        return m;
    }

    long[] longs(int size) { return longs.take(size); }

    int[] ints(int size) { return ints.take(size); }

    boolean[] booleans(int size) { return booleans.take(size); }

    StaticInstruction[] instructions(int size) { return instructions.take(size); }

    UopSpec[] uops(int size) { return uops.take(size); }

    /**
     * The arrays of one kind by request number, with their lengths kept apart: asking an array its length
     * reads its header, a line of memory apart for each of the large rings, and an engine asks for dozens.
     */
    private static final class Pool<A> {
        private final java.util.function.IntFunction<A> make;
        private Object[] arrays = new Object[8];
        private int[] lengths = new int[8];
        private int next;

        Pool(java.util.function.IntFunction<A> make) {
            this.make = make;
        }

        @SuppressWarnings("unchecked")      // arrays holds only what make returned
        A take(int size) {
            int k = next++;
            if (k < arrays.length && arrays[k] != null && lengths[k] >= size) return (A) arrays[k];
            if (k == arrays.length) {
                arrays = java.util.Arrays.copyOf(arrays, 2 * k);
                lengths = java.util.Arrays.copyOf(lengths, 2 * k);
            }
            lengths[k] = size;
            A a = make.apply(size);
            arrays[k] = a;
            return a;
        }
    }
}
