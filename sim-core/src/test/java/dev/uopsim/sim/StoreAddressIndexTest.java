package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StoreAddressIndexTest {
    private static final int SLOTS = 64;
    private static final long RSP = 7, RDI = 9;

    private final StoreAddressIndex index = new StoreAddressIndex(SLOTS, 2, 16, ArrayRecycler.fresh());

    /** Files store {@code id} (slot id mod SLOTS) with one access per (symbol, coefficient) pair, as the engine does: last access first. */
    private void store(long id, long... symbolCoefficient) {
        for (int j = symbolCoefficient.length / 2 - 1; j >= 0; j--) {
            long s = symbolCoefficient[2 * j], c = symbolCoefficient[2 * j + 1];
            index.add(index.entry((int) (id % SLOTS), j), id, StoreAddressIndex.classSymbol(s, c), StoreAddressIndex.classCoefficient(s, c), 0, 8);
        }
    }

    /** The (store, access) pairs a load of class (s, c) walks, youngest first. */
    private List<String> walk(long s, long c) {
        long cs = StoreAddressIndex.classSymbol(s, c), cc = StoreAddressIndex.classCoefficient(s, c);
        List<String> seen = new ArrayList<>();
        int e = index.newest(cs, cc);
        if (e >= 0 && !index.holds(e, cs, cc)) e = -1;
        for (; e >= 0; e = index.older(e)) seen.add(index.store(e) + "." + index.access(e));
        return seen;
    }

    @Test
    void aLoadWalksOnlyTheStoresOfItsOwnAddressClassYoungestFirst() {
        // given
        store(1, RSP, 1);
        store(2, RDI, 1);
        store(3, RSP, 1, RSP, 1);
        store(4, RSP, 2);
        // then
        assertEquals(List.of("3.0", "3.1", "1.0"), walk(RSP, 1), "a store's own accesses lowest first");
        assertEquals(List.of("2.0"), walk(RDI, 1));
        assertEquals(List.of("4.0"), walk(RSP, 2), "another multiple of the same unknown is another class");
        assertEquals(List.of(), walk(RDI, 2));
    }

    @Test
    void constantAddressesShareOneClassWhateverTheirSymbol() {
        // given
        store(1, SymbolicValue.CONSTANT, 0);
        store(2, RSP, 0);
        // then
        assertEquals(List.of("2.0", "1.0"), walk(RDI, 0));
    }

    @Test
    void aChainStopsWhereASlotWasTakenByAYoungerStore() {
        // given: store 5 and store 5 + SLOTS share a slot
        store(5, RSP, 1);
        store(6, RSP, 1);
        store(5 + SLOTS, RDI, 1);
        // then
        assertEquals(List.of("6.0"), walk(RSP, 1), "store 5 has left: its slot holds a younger store of another class");
        // when the head's own slot is taken
        store(6 + SLOTS, RDI, 1);
        // then
        assertEquals(List.of(), walk(RSP, 1));
        assertEquals(List.of(70L + "." + 0, 69L + "." + 0), walk(RDI, 1));
    }

    @Test
    void theClassTableHasRoomForAFullStoreBufferOfDistinctClassesAfterARebuild() {
        // given a store buffer of 200 stores, every access of another class
        StoreAddressIndex big = new StoreAddressIndex(512, 2, 200, ArrayRecycler.fresh());
        // when
        for (int id = 0; id < 2 * 201; id++) big.add(big.entry(id / 2, id % 2), id / 2, 1000 + id, 1, 0, 8);
        // then
        assertFalse(big.full(), "a rebuilt table (the stores in flight) is never full");
        for (int id = 0; id < 2 * 201; id++) assertTrue(big.newest(1000 + id, 1) >= 0);
    }
}
