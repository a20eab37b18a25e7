package dev.uopsim.sim;

import dev.uopsim.isa.Instruction;
import java.util.List;

/**
 * The symbolic address of every memory access of every instruction, iteration by iteration, in
 * primitive arrays so that the engine allocates nothing while it reads them. Program order is known
 * in advance, so an iteration is computed when it is first asked about (a run that stops after 150
 * iterations does not pay for the 2000 it might have run), and only a window of recent iterations is
 * kept: the engine asks about in-flight instructions only.
 */
final class AddressTrace {
    private final StaticInstruction[] code;
    private final boolean loop;
    private final long size;
    private final int instructions;
    private final int maxAccesses;
    private final int iterations;
    private final int window;
    private final long[] symbol;
    private final long[] coefficient;
    private final long[] offset;
    /** The iteration each row of the window holds (-1: none yet). */
    private final int[] rowIteration;
    /** Per instruction, computed once: its memory accesses and the operation the symbolic machine sees. */
    private final List<Instruction.MemoryAccess>[] accessesOf;
    private final String[] operationOf;
    private final SymbolicMachine machine;
    private final SymbolicValue[] addresses;
    private int computed;

    /** A trace that keeps every iteration (no window). */
    AddressTrace(List<StaticInstruction> code, SimulationInput input, int iterations) {
        this(code, input, iterations, iterations);
    }

    /**
     * @param iterations iterations that may be asked about at most
     * @param window     iterations kept at once: more than the in-flight instructions span
     */
    @SuppressWarnings("unchecked")
    AddressTrace(List<StaticInstruction> code, SimulationInput input, int iterations, int window) {
        this.code = code.toArray(StaticInstruction[]::new);
        this.loop = input.loop();
        this.size = input.bytes();
        this.instructions = code.size();
        int max = 1;
        for (StaticInstruction s : code) max = Math.max(max, s.accesses.length);
        this.maxAccesses = max;
        this.iterations = iterations;
        this.window = Math.max(1, Math.min(iterations, window));
        int n = this.window * instructions * maxAccesses;
        symbol = new long[n];
        coefficient = new long[n];
        offset = new long[n];
        rowIteration = new int[this.window];
        java.util.Arrays.fill(rowIteration, -1);
        accessesOf = new List[instructions];
        operationOf = new String[instructions];
        for (int i = 0; i < instructions; i++) {
            accessesOf[i] = this.code[i].instruction.memoryAccesses();
            operationOf[i] = SymbolicMachine.operation(this.code[i].instruction.form());
        }
        machine = new SymbolicMachine(input.sameInit(), input.bindings());
        addresses = new SymbolicValue[maxAccesses];
    }

    /** Runs the symbolic machine through iteration {@code it}. */
    private void computeThrough(int it) {
        while (computed <= it) {
            int row = computed % window;
            for (int i = 0; i < instructions; i++) {
                StaticInstruction s = code[i];
                // Unrolled code sits at increasing addresses; a loop runs the same bytes again.
                long address = loop ? s.instruction.address() : s.instruction.address() + computed * size;
                machine.execute(s.instruction, address, accessesOf[i], operationOf[i], addresses);
                for (int k = 0; k < s.accesses.length; k++) {
                    int at = (row * instructions + s.index) * maxAccesses + k;
                    SymbolicValue v = addresses[k];
                    symbol[at] = v.symbol();
                    coefficient[at] = v.coefficient();
                    offset[at] = v.offset();
                }
            }
            rowIteration[row] = computed;
            computed++;
        }
    }

    private void ensure(int iteration) {
        if (iteration >= computed) computeThrough(iteration);
    }

    private int index(int iteration, int instruction, int access) {
        int row = iteration % window;
        if (rowIteration[row] != iteration) {
            throw new IllegalStateException("address trace: iteration " + iteration + " is outside the window of " + window);
        }
        return (row * instructions + instruction) * maxAccesses + access;
    }

    int iterations() { return iterations; }

    /**
     * How the store access (iteration, instruction, k) relates to the load access: whether the store
     * covers the load's bytes, overlaps them in part, misses them, or cannot be compared.
     */
    SymbolicValue.Overlap relate(int storeIteration, int store, int storeAccess, int storeSize,
                                 int loadIteration, int load, int loadAccess, int loadSize) {
        ensure(Math.max(storeIteration, loadIteration));
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
        ensure(Math.max(i1, i2));
        int a = index(i1, s1, k1);
        int b = index(i2, s2, k2);
        return symbol[a] == symbol[b] && coefficient[a] == coefficient[b] && offset[a] == offset[b];
    }
}
