package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A class whose mixes no layout explains is left out, and the others keep a layout that fits them. */
class MisfitClassesTest {
    /** Two two-port classes on separate ports, as a one-port-class layout reads them. */
    private static List<PortStructure.Mix> separatePairs() {
        List<PortStructure.Mix> m = new ArrayList<>();
        m.add(new PortStructure.Mix(0, 1, 2, 2, 4, 1.0));
        m.add(new PortStructure.Mix(0, 1, 4, 2, 6, 2.0));
        m.add(new PortStructure.Mix(0, 1, 2, 4, 6, 2.0));
        return m;
    }

    @Test
    void aOnePortClassThatHoldsBackEverythingItMeetsIsLeftOut() {
        // Class 2 (one port) beside anything takes two cycles where any layout gives one (as MOVMSKPS
        // beside four ADDs on the family 19h model 11h guest).
        List<PortStructure.Mix> mixes = separatePairs();
        for (int other : new int[]{0, 1}) {
            mixes.add(new PortStructure.Mix(other, 2, 2, 1, 3, 2.0));
            mixes.add(new PortStructure.Mix(other, 2, 4, 1, 5, 2.0));
            mixes.add(new PortStructure.Mix(other, 2, 2, 2, 4, 2.0));
        }
        int[] sizes = {2, 2, 1};
        PortStructure.Solution all = PortStructure.solve(sizes, mixes, 6, 8);
        assertNotNull(all);
        assertTrue(all.error() > 0.03, "every layout misses: " + all.error());
        MisfitClasses.LeftOut out = MisfitClasses.leaveOut(sizes, new int[]{20, 30, 3}, mixes, 6, 8, 0.03, all);
        assertNotNull(out);
        assertArrayEquals(new int[]{2}, out.dropped());
        assertArrayEquals(new int[]{0, 1}, out.kept());
        assertTrue(out.solution().error() <= 0.03, "the rest fit: " + out.solution().error());
        assertTrue((out.solution().masks()[0] & out.solution().masks()[1]) == 0, "two classes on separate ports");
        // and the left-out class still has a port, one of its own beside the layout's
        var none = new MisfitClasses.LeftOut.Memory[]{MisfitClasses.LeftOut.Memory.NONE, MisfitClasses.LeftOut.Memory.NONE,
                MisfitClasses.LeftOut.Memory.NONE};
        int[] masks = out.place(sizes, none).masks();
        assertEquals(out.solution().ports() + 1, out.place(sizes, none).ports());
        assertEquals(1, Integer.bitCount(masks[2]));
        assertEquals(0, masks[2] & (masks[0] | masks[1]), "its port is nobody else's");
        assertEquals(out.solution().masks()[0], masks[0]);
        assertEquals(out.solution().masks()[1], masks[1]);
    }

    @Test
    void aLayoutThatFitsLeavesNothingOut() {
        List<PortStructure.Mix> mixes = separatePairs();
        int[] sizes = {2, 2};
        PortStructure.Solution all = PortStructure.solve(sizes, mixes, 6, 8);
        assertNull(MisfitClasses.leaveOut(sizes, new int[]{20, 30}, mixes, 6, 8, 0.03, all));
    }

    @Test
    void leftOutMemoryClassesShareTheLayoutsLoadPorts() {
        // given a layout with a two-port load class (ports 0-1) and an ALU class (ports 2-5), and a
        // three-port load class and a two-port store class that no layout explained
        var layout = new PortStructure.Solution(6, new int[]{0b11, 0b111100}, java.util.Map.of(), 0.01);
        var out = new MisfitClasses.LeftOut(new int[]{0, 1}, new int[]{3, 2}, layout);
        int[] sizes = {2, 4, 2, 3};
        var kinds = new MisfitClasses.LeftOut.Memory[]{MisfitClasses.LeftOut.Memory.LOAD, MisfitClasses.LeftOut.Memory.NONE,
                MisfitClasses.LeftOut.Memory.STORE, MisfitClasses.LeftOut.Memory.LOAD};
        // when they are placed
        var placed = out.place(sizes, kinds);
        // then the loads take the layout's load ports and one new port, the stores the highest two of those
        assertEquals(7, placed.ports());
        assertEquals(0b1000011, placed.masks()[3]);
        assertEquals(0b1000010, placed.masks()[2]);
        assertEquals(0b11, placed.masks()[0]);
        assertEquals(0b111100, placed.masks()[1]);
    }
}
