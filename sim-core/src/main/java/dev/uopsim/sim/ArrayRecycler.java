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

    // The arrays by request number, with their lengths kept apart: asking an array its length reads
    // its header, a line of memory apart for each of the large rings, and an engine asks for dozens.
    private long[][] longs = new long[16][];
    private int[] longLengths = new int[16];
    private int[][] ints = new int[16][];
    private int[] intLengths = new int[16];
    private boolean[][] booleans = new boolean[8][];
    private int[] booleanLengths = new int[8];
    private StaticInstruction[][] instructions = new StaticInstruction[2][];
    private int[] instructionLengths = new int[2];
    private UopSpec[][] uops = new UopSpec[1][];
    private int[] uopLengths = new int[1];
    private int nextLong, nextInt, nextBoolean, nextInstruction, nextUops;
    private boolean inUse;

    /**
     * This thread's recycler, restarted, for one engine at a time; {@link #release} gives it back.
     * While it is out (an engine run from a listener of another), a fresh one is returned.
     */
    static ArrayRecycler acquire() {
        ArrayRecycler r = PER_THREAD.get();
        if (r.inUse) return new ArrayRecycler();
        r.inUse = true;
        r.nextLong = r.nextInt = r.nextBoolean = r.nextInstruction = r.nextUops = 0;
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

    long[] longs(int size) {
        int k = nextLong++;
        if (k < longs.length && longs[k] != null && longLengths[k] >= size) return longs[k];
        if (k == longs.length) {
            longs = java.util.Arrays.copyOf(longs, 2 * k);
            longLengths = java.util.Arrays.copyOf(longLengths, 2 * k);
        }
        longLengths[k] = size;
        return longs[k] = new long[size];
    }

    int[] ints(int size) {
        int k = nextInt++;
        if (k < ints.length && ints[k] != null && intLengths[k] >= size) return ints[k];
        if (k == ints.length) {
            ints = java.util.Arrays.copyOf(ints, 2 * k);
            intLengths = java.util.Arrays.copyOf(intLengths, 2 * k);
        }
        intLengths[k] = size;
        return ints[k] = new int[size];
    }

    boolean[] booleans(int size) {
        int k = nextBoolean++;
        if (k < booleans.length && booleans[k] != null && booleanLengths[k] >= size) return booleans[k];
        if (k == booleans.length) {
            booleans = java.util.Arrays.copyOf(booleans, 2 * k);
            booleanLengths = java.util.Arrays.copyOf(booleanLengths, 2 * k);
        }
        booleanLengths[k] = size;
        return booleans[k] = new boolean[size];
    }

    /** Instruction rings (what a slot holds; the last engine's instructions until written). */
    StaticInstruction[] instructions(int size) {
        int k = nextInstruction++;
        if (k < instructions.length && instructions[k] != null && instructionLengths[k] >= size) return instructions[k];
        if (k == instructions.length) {
            instructions = java.util.Arrays.copyOf(instructions, 2 * k);
            instructionLengths = java.util.Arrays.copyOf(instructionLengths, 2 * k);
        }
        instructionLengths[k] = size;
        return instructions[k] = new StaticInstruction[size];
    }

    /** µop rings (what a µop slot is; the last engine's µops until written). */
    UopSpec[] uops(int size) {
        int k = nextUops++;
        if (k < uops.length && uops[k] != null && uopLengths[k] >= size) return uops[k];
        if (k == uops.length) {
            uops = java.util.Arrays.copyOf(uops, 2 * k);
            uopLengths = java.util.Arrays.copyOf(uopLengths, 2 * k);
        }
        uopLengths[k] = size;
        return uops[k] = new UopSpec[size];
    }
}
