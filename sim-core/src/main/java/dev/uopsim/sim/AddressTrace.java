package dev.uopsim.sim;

import java.util.List;

/**
 * The symbolic address of every memory access of every instruction for a number of iterations,
 * computed before the cycle loop starts (program order is known in advance), in primitive arrays
 * so that the engine allocates nothing while it runs.
 */
final class AddressTrace {
    private final int instructions;
    private final int maxAccesses;
    private final int iterations;
    private final long[] symbol;
    private final long[] coefficient;
    private final long[] offset;

    AddressTrace(List<StaticInstruction> code, SimulationInput input, int iterations) {
        this.instructions = code.size();
        int max = 1;
        for (StaticInstruction s : code) max = Math.max(max, s.accesses.length);
        this.maxAccesses = max;
        this.iterations = iterations;
        int n = iterations * instructions * maxAccesses;
        symbol = new long[n];
        coefficient = new long[n];
        offset = new long[n];
        SymbolicMachine machine = new SymbolicMachine(input.sameInit(), input.bindings());
        SymbolicValue[] addresses = new SymbolicValue[maxAccesses];
        long size = input.bytes();
        for (int it = 0; it < iterations; it++) {
            for (StaticInstruction s : code) {
                // Unrolled code sits at increasing addresses; a loop runs the same bytes again.
                var inst = input.loop() ? s.instruction : s.instruction.withAddress(s.instruction.address() + it * size);
                machine.execute(inst, addresses);
                for (int k = 0; k < s.accesses.length; k++) {
                    int at = index(it, s.index, k);
                    SymbolicValue v = addresses[k];
                    symbol[at] = v.symbol();
                    coefficient[at] = v.coefficient();
                    offset[at] = v.offset();
                }
            }
        }
    }

    private int index(int iteration, int instruction, int access) {
        return (iteration * instructions + instruction) * maxAccesses + access;
    }

    int iterations() { return iterations; }

    /**
     * How the store access (iteration, instruction, k) relates to the load access: whether the store
     * covers the load's bytes, overlaps them in part, misses them, or cannot be compared.
     */
    SymbolicValue.Overlap relate(int storeIteration, int store, int storeAccess, int storeSize,
                                 int loadIteration, int load, int loadAccess, int loadSize) {
        int s = index(storeIteration, store, storeAccess);
        int l = index(loadIteration, load, loadAccess);
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

    /** True when two accesses have exactly the same address (same bytes start). */
    boolean sameAddress(int i1, int s1, int k1, int i2, int s2, int k2) {
        int a = index(i1, s1, k1);
        int b = index(i2, s2, k2);
        return symbol[a] == symbol[b] && coefficient[a] == coefficient[b] && offset[a] == offset[b];
    }
}
