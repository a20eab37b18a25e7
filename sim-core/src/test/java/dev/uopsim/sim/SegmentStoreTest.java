package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A store through FS or GS takes its address µop to fewer ports where the model says so. Measured on the
 * development host: `mov DWORD PTR fs:0x2d0, esi` 1.00 cycles a copy, through a general register 0.50.
 */
class SegmentStoreTest {
    private static CoreSpec segmentPorts(int ports) {
        CoreSpec c = TestCores.skylakeLike(false);
        return TestCores.withMemory(c, false, c.loadStore().renamingShapes(), c.loadStore().renamedValues(), 0, ports);
    }

    private static double cycles(CoreSpec core, String line) {
        return TestCores.cyclesPerIteration(core, TestCores.unrolled(line));
    }

    @Test
    void storesThroughFsGoOneACycleWhenTheModelGivesThemOnePort() {
        // The fixture has store-address µops on three ports and one store-data port: stores go one a cycle
        // whatever their address; two distinct stores a copy show the limit.
        String fs = "mov DWORD PTR fs:0x2d0, esi";
        CoreSpec limited = segmentPorts(1), free = segmentPorts(0);
        var code = StaticInstruction.of(limited, TestCores.RULES, TestCores.unrolled(fs, "mov DWORD PTR [rax+0x2d0], esi"));
        assertEquals(1, Integer.bitCount(storeAddressPorts(code.get(0))), "FS: one port");
        assertEquals(3, Integer.bitCount(storeAddressPorts(code.get(1))), "a general register: the µop's ports");
        assertEquals(3, Integer.bitCount(storeAddressPorts(StaticInstruction.of(free, TestCores.RULES, TestCores.unrolled(fs)).get(0))),
                "0: no limit");
        assertEquals(cycles(free, fs), cycles(limited, fs), 0.05);
    }

    private static int storeAddressPorts(StaticInstruction si) {
        for (UopSpec u : si.uops) if (u.kind() == UopKind.STORE_ADDRESS || u.kind() == UopKind.STORE) return u.portMask();
        return 0;
    }
}
