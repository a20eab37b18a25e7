package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Port layouts from mixes of class pairs, with mix times computed from a known layout. */
class PortStructureTest {
    private static final double WIDTH = 6;

    /** Mixes of two classes in the three proportions characterize runs, timed on the true overlap. */
    private static void mixes(List<PortStructure.Mix> out, int[] sizes, int i, int j, int overlap) {
        int x = sizes[i], y = sizes[j];
        for (int[] d : new int[][]{{x, y}, {2 * x, y}, {x, 2 * y}}) {
            PortStructure.Mix probe = new PortStructure.Mix(i, j, d[0], d[1], d[0] + d[1], 0);
            double cycles = PortStructure.predict(x, y, probe, overlap, WIDTH);
            out.add(new PortStructure.Mix(i, j, d[0], d[1], d[0] + d[1], cycles));
        }
    }

    @Test
    void portsTheFrontEndHidesAreNotShared() {
        // given five ALU ports, two load ports and a shift class on two of the ALU ports, on a 6-wide
        // front end: a 5:2 ALU:load mix takes 7/6 cycles whether or not a load port is an ALU port
        int alu = 0, load = 1, shift = 2;
        int[] sizes = {5, 2, 2};
        List<PortStructure.Mix> ms = new ArrayList<>();
        mixes(ms, sizes, alu, load, 0);
        mixes(ms, sizes, alu, shift, 2);
        mixes(ms, sizes, load, shift, 0);

        // when the layout is solved
        PortStructure.Solution s = PortStructure.solve(sizes, ms, WIDTH, 12);

        // then loads get ports of their own, and the shift class's ports lie among the ALUs' (a mix shows it)
        assertNotNull(s);
        assertEquals(7, s.ports());
        assertEquals(0, Integer.bitCount(s.masks()[alu] & s.masks()[load]));
        assertEquals(2, Integer.bitCount(s.masks()[alu] & s.masks()[shift]));
    }

    @Test
    void sharingAMixShowsIsKept() {
        // given one port class inside another (P1 within P01): 1:2 and 2:2 mixes run slower than apart
        int p1 = 0, p01 = 1;
        int[] sizes = {1, 2};
        List<PortStructure.Mix> ms = new ArrayList<>();
        mixes(ms, sizes, p1, p01, 1);

        // when the layout is solved
        PortStructure.Solution s = PortStructure.solve(sizes, ms, WIDTH, 8);

        // then the two share the port, on two ports in all
        assertNotNull(s);
        assertEquals(2, s.ports());
        assertEquals(1, Integer.bitCount(s.masks()[p1] & s.masks()[p01]));
    }

    @Test
    void theFourteenClassesOfARunOnTheDevelopmentHostFindNinePorts() throws Exception {
        // given the 273 class mixes h26.jsonl measured (classes 5 and 6 are the loads and the stores,
        // 13 the five ALUs), on a front end of 5.99 slots a cycle
        StructureMixesFile run = StructureMixesFile.read("h26-structure-mixes.txt");
        int[] sizes = run.sizes();
        List<PortStructure.Mix> ms = run.mixes();

        // when the layout is solved
        PortStructure.Solution s = PortStructure.solve(sizes, ms, 5.99, 16);

        // then nine ports, loads and stores apart from the ALUs (the search's node budget ran out before
        // any good layout of 7 ports or more, and 6 ports won, until each port count started from the
        // layout of the one before)
        assertNotNull(s);
        assertEquals(9, s.ports());
        assertEquals(0, Integer.bitCount(s.masks()[13] & (s.masks()[5] | s.masks()[6])));
        assertEquals(0, Integer.bitCount(s.masks()[5] & s.masks()[6]));
    }
}
