package dev.uopsim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.uopsim.isa.FormTable;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Groups of independent loads whose addresses differ only in where they fall in a 64-byte line,
 * measured on this machine and simulated with its model: how many loads start a cycle depends on
 * the L1 banks they read (the same 8 bytes of different lines, or one address, share a bank), not on
 * the load ports alone. Unrolled with BHive's registers (every register holds one address).
 */
class HostLoadBanksTest {
    /** Byte offsets from one register of each group's loads, and what the group shows. */
    private record Group(String name, String meaning, int width, int... offsets) {}

    private static final List<Group> GROUPS = List.of(
            new Group("line-0-8-16", "three loads in three banks of one line", 64, 0, 8, 16),
            new Group("lines-0-64-128", "three loads in one bank of three lines", 64, 0, 64, 128),
            new Group("same-address-x3", "three loads of one address", 64, 0, 0, 0),
            new Group("mixed-0-8-64", "two banks, one of them twice", 64, 0, 8, 64),
            new Group("lines-0-72-144", "three lines, three banks", 64, 0, 72, 144),
            new Group("line-0-8-16-24", "four loads in four banks of one line", 64, 0, 8, 16, 24),
            new Group("ymm-lines-0-64-128", "three 32-byte loads in one bank of three lines", 256, 0, 64, 128),
            new Group("ymm-line-0-8-16", "three 32-byte loads 8 bytes apart: each spans four banks, two banks all three", 256, 0, 8, 16),
            new Group("ymm-line-0-32-0", "32-byte loads from two halves of a line, one of them twice", 256, 0, 32, 0));
    private static final String[] DESTINATIONS = {"rax", "rdx", "rsi", "rdi"};
    private static final double TOLERANCE = 0.10;

    @Test
    void loadsPerCycleFollowTheBanksTheyRead() throws IOException {
        KernelReader reader = new KernelReader(FormTable.shipped());
        List<Kernel> kernels = new ArrayList<>();
        for (Group g : GROUPS) {
            List<String> lines = new ArrayList<>(List.of("# " + g.meaning(), "# uopsim: mode unrolled", "# uopsim: init same",
                    ".intel_syntax noprefix"));
            for (int i = 0; i < g.offsets().length; i++) {
                lines.add(g.width() == 256 ? "vmovups ymm" + i + ", YMMWORD PTR [rcx+" + g.offsets()[i] + "]"
                        : "mov " + DESTINATIONS[i] + ", QWORD PTR [rcx+" + g.offsets()[i] + "]");
            }
            kernels.add(reader.parse(g.name(), lines, KernelReader.Options.DEFAULT));
        }
        HostChecks.Comparison c = HostChecks.measureAndSimulate(kernels, TOLERANCE);
        assertEquals(List.of(), c.misses(), "groups off by more than " + (int) (100 * TOLERANCE) + "%:\n" + c.table());
    }
}
