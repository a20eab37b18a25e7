package dev.uopsim.sim;

import java.util.List;

/**
 * The symbolic address of every memory access of every instruction, iteration by iteration, in
 * primitive arrays so that the engine allocates nothing while it reads them. Only a window of
 * iterations is kept, as the engine asks about in-flight instructions only. Before its cycle loop
 * the engine {@link #prepare prepares} room for the iterations a run can reach; an iteration is
 * computed when first asked about (the symbolic machine allocates nothing), so a run pays only for
 * the iterations its loads reach, not for the far bound it might have. An iteration asked about
 * beyond the room prepared is computed too (correct, but it allocates).
 */
final class AddressTrace {
    private final StaticInstruction[] code;
    private final ArrayRecycler arrays;
    private final boolean loop;
    private final long size;
    private final int instructions;
    private final int maxAccesses;
    private final int iterations;
    /** Only code with both loads and stores asks how two accesses relate, or stores to a line-aware commit. */
    private final boolean asked;
    private int window;
    private long[] symbol;
    private long[] coefficient;
    private long[] offset;
    /** The iteration each row of the window holds (-1: none yet). */
    private int[] rowIteration;
    private final SymbolicMachine machine;
    /** Per instruction, worked out once (when first needed): what the symbolic machine does for it. */
    private SymbolicMachine.Step[] steps;
    private int computed;

    /** A trace that keeps every iteration (no window). */
    AddressTrace(List<StaticInstruction> code, SimulationInput input, int iterations) {
        this(code, input, iterations, iterations, false);
    }

    /**
     * @param iterations iterations that may be asked about at most
     * @param window     iterations kept at once: more than the in-flight instructions span
     * @param storeLines whether the engine asks which cache line stores write (a commit rule needs it)
     */
    AddressTrace(List<StaticInstruction> code, SimulationInput input, int iterations, int window, boolean storeLines) {
        this(code.toArray(StaticInstruction[]::new), input, iterations, window, storeLines, false, ArrayRecycler.fresh());
    }

    /**
     * The same with its rows taken from {@code arrays}.
     *
     * @param loadBanks whether the engine asks which bank loads read (a bank limit needs it)
     */
    AddressTrace(StaticInstruction[] code, SimulationInput input, int iterations, int window, boolean storeLines,
                 boolean loadBanks, ArrayRecycler arrays) {
        this.arrays = arrays;
        this.code = code;
        this.loop = input.loop();
        this.size = input.bytes();
        this.instructions = code.length;
        int max = 1;
        for (StaticInstruction s : code) max = Math.max(max, s.accesses.length);
        this.maxAccesses = max;
        this.iterations = iterations;
        boolean loads = false, stores = false;
        for (StaticInstruction s : code) {
            loads |= s.isLoad();
            stores |= s.isStore();
        }
        this.asked = (stores && (loads || storeLines)) || (loads && loadBanks);
        this.window = 0;
        resize(Math.max(1, Math.min(iterations, window)));
        int storeAccesses = 0;
        for (StaticInstruction s : code) for (StaticInstruction.MemoryAccessSpec a : s.accesses) if (a.store()) storeAccesses++;
        machine = new SymbolicMachine(input.sameInit(), input.bindings(), maxAccesses, arrays, asked ? storeAccesses * iterations : 0);

    }

    /** Rows for {@code rows} iterations (rounded up to a power of two: a row is an iteration's low bits), keeping those computed already. */
    private void resize(int rows) {
        rows = Integer.highestOneBit(rows * 2 - 1);
        int per = instructions * maxAccesses;
        long[] sy = arrays.longs(rows * per), co = arrays.longs(rows * per), of = arrays.longs(rows * per);
        int[] ri = arrays.ints(rows);
        java.util.Arrays.fill(ri, 0, rows, -1);
        for (int it = Math.max(0, computed - Math.min(window, rows)); it < computed; it++) {
            int from = (it & (window - 1)) * per, to = (it & (rows - 1)) * per;
            System.arraycopy(symbol, from, sy, to, per);
            System.arraycopy(coefficient, from, co, to, per);
            System.arraycopy(offset, from, of, to, per);
            ri[it & (rows - 1)] = it;
        }
        symbol = sy;
        coefficient = co;
        offset = of;
        rowIteration = ri;
        window = rows;
    }

    /**
     * Makes room for iterations through {@code last} (at most the trace's iterations) while keeping
     * every one from {@code oldest} on: called before a run of the cycle loop with the oldest
     * iteration still in flight and the newest the run can reach.
     */
    void prepare(int oldest, int last) {
        if (!asked) return;
        last = Math.min(last, iterations - 1);
        if (last < computed) return;
        int rows = last - Math.max(0, Math.min(oldest, computed)) + 1;
        if (rows > window) resize(Math.max(rows, Math.min(iterations, 2 * window)));
        prepared = Math.max(prepared, last);
    }

    /** The newest iteration room was made for: computing up to it overwrites no row still asked about. */
    private int prepared = -1;

    /** Runs the symbolic machine through iteration {@code it} (the engine leaves it to the first question). */
    void computeThrough(int it) {
        if (!asked) return;
        it = Math.min(it, iterations - 1);
        if (steps == null) {
            steps = new SymbolicMachine.Step[instructions];
            for (int i = 0; i < instructions; i++) steps[i] = machine.step(code[i].instruction);
        }
        while (computed <= it) {
            int row = computed & (window - 1);
            for (int i = 0; i < instructions; i++) {
                StaticInstruction s = code[i];
                // Unrolled code sits at increasing addresses; a loop runs the same bytes again.
                long address = loop ? s.instruction.address() : s.instruction.address() + computed * size;
                machine.execute(steps[i], address);
                for (int k = 0; k < s.accesses.length; k++) {
                    int at = (row * instructions + s.index) * maxAccesses + k;
                    symbol[at] = machine.addressSymbol(k);
                    coefficient[at] = machine.addressCoefficient(k);
                    offset[at] = machine.addressOffset(k);
                }
            }
            rowIteration[row] = computed;
            computed++;
        }
    }

    private void ensure(int iteration) {
        if (iteration < computed) return;
        if (iteration <= prepared) {
            computeThrough(iteration);
            return;
        }
        // Not prepared: keep every row held now, and compute.
        int rows = Math.min(iterations, window + (iteration - computed + 1));
        if (rows > window) resize(rows);
        computeThrough(iteration);
    }

    private int index(int iteration, int instruction, int access) {
        int row = iteration & (window - 1);
        if (rowIteration[row] != iteration) {
            throw new IllegalStateException("address trace: iteration " + iteration + " is outside the window of " + window);
        }
        return (row * instructions + instruction) * maxAccesses + access;
    }

    int iterations() { return iterations; }

    /**
     * Where access {@code access} of instruction {@code instruction} in {@code iteration} is kept,
     * for {@link #relate(int, int, int, int)}: valid while no later iteration is computed (the
     * engine asks about one load's iteration and older ones at a time).
     */
    int at(int iteration, int instruction, int access) {
        ensure(iteration);
        return index(iteration, instruction, access);
    }

    /** How the store access kept at {@code s} relates to the load access kept at {@code l} (see below). */
    SymbolicValue.Overlap relate(int s, int storeSize, int l, int loadSize) {
        boolean sConst = symbol[s] == SymbolicValue.CONSTANT || coefficient[s] == 0;
        boolean lConst = symbol[l] == SymbolicValue.CONSTANT || coefficient[l] == 0;
        boolean comparable = (sConst && lConst) || (symbol[s] == symbol[l] && coefficient[s] == coefficient[l]);
        if (!comparable) return SymbolicValue.Overlap.UNKNOWN;
        long a = offset[s];
        long b = offset[l];
        if (a + storeSize <= b || b + loadSize <= a) return SymbolicValue.Overlap.DISJOINT;
        if (b >= a && b + loadSize <= a + storeSize) return SymbolicValue.Overlap.CONTAINS;
        return SymbolicValue.Overlap.PARTIAL;
    }

    /** True when the code stores and loads (or a line-aware commit asks about stores, or a bank limit about loads): only then are addresses computed. */
    boolean asked() { return asked; }

    /** The symbol and coefficient of the access kept at {@code at} (its address class). */
    long symbol(int at) { return symbol[at]; }

    long coefficient(int at) { return coefficient[at]; }

    /** The constant part of the address kept at {@code at}: its place within a line (bases are line-aligned). */
    long offset(int at) { return offset[at]; }

    /** True when the accesses kept at {@code a} and {@code b} have exactly the same address. */
    boolean sameAddress(int a, int b) {
        return symbol[a] == symbol[b] && coefficient[a] == coefficient[b] && offset[a] == offset[b];
    }

    /**
     * How the store access (iteration, instruction, k) relates to the load access: whether the store
     * covers the load's bytes, overlaps them in part, misses them, or cannot be compared.
     */
    SymbolicValue.Overlap relate(int storeIteration, int store, int storeAccess, int storeSize,
                                 int loadIteration, int load, int loadAccess, int loadSize) {
        ensure(Math.max(storeIteration, loadIteration));
        return relate(index(storeIteration, store, storeAccess), storeSize, index(loadIteration, load, loadAccess), loadSize);
    }

    /**
     * True when two accesses start in the same 64-byte line. Addresses are {@code a*V + b} with the
     * memory region's base line-aligned, so only accesses with the same symbolic part compare.
     */
    boolean sameLine(int i1, int s1, int k1, int i2, int s2, int k2) {
        ensure(Math.max(i1, i2));
        int a = index(i1, s1, k1);
        int b = index(i2, s2, k2);
        return symbol[a] == symbol[b] && coefficient[a] == coefficient[b]
                && Math.floorDiv(offset[a], 64) == Math.floorDiv(offset[b], 64);
    }

    /** True when two accesses have exactly the same address (same bytes start). */
    boolean sameAddress(int i1, int s1, int k1, int i2, int s2, int k2) {
        ensure(Math.max(i1, i2));
        return sameAddress(index(i1, s1, k1), index(i2, s2, k2));
    }
}
