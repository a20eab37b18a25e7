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
 * Small loops whose only limit is the front end (k independent one-µop adds, then the loop's
 * decrement and branch, which fuse): measured on this machine and simulated with its model. They
 * show how many µops per cycle reach rename, whether a cycle's delivery stops at the loop's end, and
 * how many loop branches a cycle takes.
 */
class HostLoopFrontEndTest {
    private static final int[] ADDS = {4, 5, 6, 8, 10, 13, 16, 22};
    private static final String[] REGISTERS = {"rax", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", "r13", "r14", "r15", "rbp"};
    /** Relative error allowed: the clock (TSC calibrated against a 1-cycle chain) alone varies by ~1%. */
    private static final double TOLERANCE = 0.10;

    @Test
    void loopsLimitedByTheFrontEndRunAsMeasured() throws IOException {
        KernelReader reader = new KernelReader(FormTable.shipped());
        List<Kernel> kernels = new ArrayList<>();
        for (int k : ADDS) {
            List<String> lines = new ArrayList<>(List.of("# uopsim: mode loop", ".intel_syntax noprefix", "loop:"));
            for (int i = 0; i < k; i++) lines.add("    add " + REGISTERS[i % REGISTERS.length] + ", 1");
            lines.addAll(List.of("    dec rcx", "    jnz loop"));
            kernels.add(reader.parse("adds-" + k, lines, KernelReader.Options.DEFAULT));
        }
        HostChecks.Comparison c = HostChecks.measureAndSimulate(kernels, TOLERANCE, HostChecks.LOOP_FRONT_END_HOSTS);
        assertEquals(List.of(), c.misses(), "loops off by more than " + (int) (100 * TOLERANCE) + "%:\n" + c.table());
    }

    /**
     * Long NOPs unrolled (a loop over a few hundred copies, from the µop cache): whether a cycle's
     * delivery is bounded by one 64-byte window shows on 15-byte NOPs (4.3 of them a window) and not on
     * 8-byte ones, and a 64-bit immediate (MOVABS, 10 bytes) is measured beside them.
     */
    @Test
    void longInstructionsFromTheMicroOpCacheRunAsMeasured() throws IOException {
        KernelReader reader = new KernelReader(FormTable.shipped());
        KernelReader.Options hex = new KernelReader.Options(true, null, Kernel.Mode.UNROLLED, Kernel.InitPolicy.SAME);
        List<Kernel> kernels = List.of(
                reader.parse("nop15", List.of("6666666666662e0f1f840000000000"), hex),
                reader.parse("nop8", List.of("0f1f840000000000"), hex));
        HostChecks.Comparison c = HostChecks.measureAndSimulate(kernels, TOLERANCE);
        assertEquals(List.of(), c.misses(), "blocks off by more than " + (int) (100 * TOLERANCE) + "%:\n" + c.table());
    }
}
