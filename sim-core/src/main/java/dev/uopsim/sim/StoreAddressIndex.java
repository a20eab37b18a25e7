package dev.uopsim.sim;

/**
 * The store buffer searched by address, as a load searches it at rename: the in-flight stores'
 * accesses chained by address class, youngest first. Two symbolic addresses can only overlap when
 * they are comparable (both constant, or the same multiple of the same unknown), so a load walks
 * the chain of its own class and skips the stores it could not relate to: on BHive blocks over
 * half of the older stores a load looked at were of another class.
 *
 * <p>An access is an entry numbered by its store's slot ({@code slot * accessesPerStore + j});
 * a slot is reused only long after its store has left, so a chain is walked while its entries
 * grow older and keep the class, and stops at the first that does not. Classes live in a small
 * open-addressing table that is rebuilt from the stores in flight when half full; it has room for four
 * times the accesses a full store buffer holds, so a rebuilt table is at most a quarter full.
 */
final class StoreAddressIndex {
    private final int accessesPerStore;
    private final int tableMask;
    private final int hashShift;
    private final int rebuildAt;
    // Per entry: the store's id, its class, the next (older) entry of the class or -1.
    private final long[] entryStore;
    private final long[] entrySymbol;
    private final long[] entryCoefficient;
    private final int[] entryNext;
    // Per entry: its address's constant part and its size. Within a class two addresses differ by
    // their constant parts alone, so a load compares with the entries it walks without the trace.
    private final long[] entryOffset;
    private final int[] entrySize;
    // The class table: key (symbol, coefficient; constants all under one key), newest entry.
    private final long[] keySymbol;
    private final long[] keyCoefficient;
    private final boolean[] keyUsed;
    private final int[] head;
    private int classes;

    /**
     * @param slots       the engine's slots (an entry per store access per slot); 0 for code that
     *                    never asks (the arrays are still taken, so the recycler's order stays the same)
     * @param storeBuffer the stores in flight at most
     */
    StoreAddressIndex(int slots, int accessesPerStore, int storeBuffer, ArrayRecycler arrays) {
        this.accessesPerStore = Math.max(1, accessesPerStore);
        int entries = slots * this.accessesPerStore;
        entryStore = arrays.longs(entries);
        entrySymbol = arrays.longs(entries);
        entryCoefficient = arrays.longs(entries);
        entryNext = arrays.ints(entries);
        entryOffset = arrays.longs(entries);
        entrySize = arrays.ints(entries);
        int table = slots == 0 ? 0 : Integer.highestOneBit(Math.max(64, 4 * (storeBuffer + 1) * this.accessesPerStore) - 1) << 1;
        tableMask = table - 1;
        hashShift = 64 - Integer.numberOfTrailingZeros(Math.max(1, table));
        rebuildAt = table / 2;
        keySymbol = arrays.longs(table);
        keyCoefficient = arrays.longs(table);
        head = arrays.ints(table);
        keyUsed = arrays.booleans(table);
        java.util.Arrays.fill(keyUsed, 0, table, false);
    }

    /** The class key of a symbolic address: constants (symbol 0 or coefficient 0) share one. */
    static long classSymbol(long symbol, long coefficient) {
        return symbol == SymbolicValue.CONSTANT || coefficient == 0 ? SymbolicValue.CONSTANT : symbol;
    }

    static long classCoefficient(long symbol, long coefficient) {
        return symbol == SymbolicValue.CONSTANT || coefficient == 0 ? 0 : coefficient;
    }

    int entry(int slot, int j) {
        return slot * accessesPerStore + j;
    }

    /** True when the table has no room for another class: rebuild it from the stores in flight. */
    boolean full() {
        return classes >= rebuildAt;
    }

    void clear() {
        java.util.Arrays.fill(keyUsed, 0, tableMask + 1, false);
        classes = 0;
    }

    /**
     * Store {@code store}'s access in entry {@code e} has address class (s, c), the constant part
     * {@code offset} and {@code size} bytes: it becomes its class's newest.
     */
    void add(int e, long store, long s, long c, long offset, int size) {
        int k = find(s, c);
        if (!keyUsed[k]) {
            keyUsed[k] = true;
            keySymbol[k] = s;
            keyCoefficient[k] = c;
            head[k] = -1;
            classes++;
        }
        entryStore[e] = store;
        entrySymbol[e] = s;
        entryCoefficient[e] = c;
        entryNext[e] = head[k];
        entryOffset[e] = offset;
        entrySize[e] = size;
        head[k] = e;
    }

    private int find(long s, long c) {
        long h = (s * 0x9E3779B97F4A7C15L) ^ (c * 0xC2B2AE3D27D4EB4FL);
        int k = (int) (h >>> hashShift);
        while (keyUsed[k] && !(keySymbol[k] == s && keyCoefficient[k] == c)) k = (k + 1) & tableMask;
        return k;
    }

    /** The newest entry of class (s, c), or -1. */
    int newest(long s, long c) {
        int k = find(s, c);
        return keyUsed[k] ? head[k] : -1;
    }

    /**
     * The entry after {@code e} in its chain, or -1 when the chain ends or its link is stale (the
     * next entry's slot now holds a younger store or one of another class).
     */
    int older(int e) {
        int n = entryNext[e];
        if (n < 0) return -1;
        // Older store, or the same store's later access (a store's accesses chain lowest first).
        boolean older = entryStore[n] < entryStore[e] || (entryStore[n] == entryStore[e] && access(n) > access(e));
        if (!older || entrySymbol[n] != entrySymbol[e] || entryCoefficient[n] != entryCoefficient[e]) return -1;
        return n;
    }

    /** True when entry {@code e} still belongs to class (s, c) (the head of a chain may be stale too). */
    boolean holds(int e, long s, long c) {
        return entrySymbol[e] == s && entryCoefficient[e] == c;
    }

    long store(int e) {
        return entryStore[e];
    }

    long offset(int e) {
        return entryOffset[e];
    }

    int size(int e) {
        return entrySize[e];
    }

    /** The access of its store that entry {@code e} is (j of {@link #entry}). */
    int access(int e) {
        return e % accessesPerStore;
    }
}
