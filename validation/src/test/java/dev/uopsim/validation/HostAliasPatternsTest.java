package dev.uopsim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.isa.FormTable;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Alias patterns that are not among the memdep kernels A-H, measured on this machine with the
 * measurement behind {@code uopsim measure} and simulated with the shipped model of this core: the
 * engine's store forwarding, failed forwarding, memory renaming and store commit must come out
 * right for patterns no parameter was fitted on. Two patterns calibrate one parameter each (Q here,
 * S in its file); they are checked too, so a change that breaks the calibration shows.
 *
 * <p>Only models measured on a host of their family take part ({@link HostChecks}).
 */
class HostAliasPatternsTest {
    /**
     * The memdep loop (per statement: a 4-byte load through one of a, c, e, g, an add, a store through
     * b, d, f, h; pointers in rdi..r11) with the pointers at these byte offsets of the kernel's region.
     */
    private record Layout(String name, String meaning, String calibrates, int... offsets) {}

    private static final List<Layout> LAYOUTS = List.of(
            new Layout("I", "one 4-statement recurrence through four locations (H spread over four lines)", null,
                    0, 64, 64, 128, 128, 192, 192, 0),
            new Layout("J", "a 1-statement recurrence feeding a 3-statement ring that shares its location", null,
                    0, 0, 0, 64, 64, 64, 64, 0),
            new Layout("K", "each load reads what a later statement stored one iteration before (a chain over three iterations)", null,
                    64, 0, 128, 64, 192, 128, 0, 192),
            new Layout("L", "a chain through one location written three times per iteration; three stores share a line", null,
                    0, 64, 64, 64, 64, 64, 64, 128),
            new Layout("P", "neighbouring 4-byte locations in one line: no two accesses overlap", null,
                    0, 4, 4, 64, 64, 68, 68, 128),
            new Layout("Q", "loads straddling bytes an older store wrote (forwarding fails)", "memory.storeForwarding.failurePenalty",
                    0, 2, 2, 64, 64, 66, 66, 128),
            new Layout("R", "two recurrences whose loads straddle each other's stores (two failed forwards per iteration)", null,
                    0, 0, 64, 64, 128, 128, 130, 130),
            new Layout("U", "a 4-statement chain inside an iteration over five lines; iterations independent", null,
                    0, 64, 64, 128, 128, 192, 192, 256));
    /** Patterns whose loop differs from the memdep loop, and read-modify-write chains, as files (each says what it shows). */
    private static final List<String> FILES = List.of("alias-S.s", "alias-T.s", "rmw-immediate.s");
    private static final String[] POINTERS = {"rdi", "rsi", "rdx", "rcx", "r8", "r9", "r10", "r11"};
    /** Where the pointers' region starts: away from the region's first page. */
    private static final int BASE = 4096;
    /** Relative error allowed: the clock (TSC calibrated against a 1-cycle chain) alone varies by ~1%. */
    private static final double TOLERANCE = 0.10;

    @Test
    void simulationMatchesTheMeasurementOfNewAliasPatterns() throws IOException {
        KernelReader reader = new KernelReader(FormTable.shipped());
        List<Kernel> kernels = new ArrayList<>();
        for (Layout l : LAYOUTS) kernels.add(reader.parse("alias-" + l.name(), memdepLoop(l), KernelReader.Options.DEFAULT));
        for (String f : FILES) kernels.add(reader.parse(f.replace(".s", ""), resourceLines(f), KernelReader.Options.DEFAULT));
        HostChecks.Comparison c = HostChecks.measureAndSimulate(kernels, TOLERANCE);
        assertEquals(List.of(), c.misses(), "patterns off by more than " + (int) (100 * TOLERANCE) + "%:\n" + c.table());
    }

    /**
     * A read-modify-write chain with a register source. On the hosts measured so far its store is not
     * renamed: the chain runs at forwarding speed, 7.4 cycles a link (family 6 model 0xcf, 2026-11-26
     * morning; 6.9 in a run that afternoon). The model forwards it too but pays the RMW's add on top
     * (8.35), a residual of 13-21% not yet explained; so this check holds the mechanism (forwarded, not
     * renamed: both well above a renamed chain's 1 cycle) and keeps the residual under 30%, and prints both.
     */
    /** The unexplained residual the forwarded RMW chain may keep (13% and 21% measured in two runs). */
    private static final double RMW_RESIDUAL = 0.3;

    @Test
    void aReadModifyWriteChainWithARegisterSourceIsForwardedNotRenamed() throws IOException {
        KernelReader reader = new KernelReader(FormTable.shipped());
        Kernel k = reader.parse("rmw-register", resourceLines("rmw-register.s"), KernelReader.Options.DEFAULT);
        HostChecks.Comparison c = HostChecks.measureAndSimulate(List.of(k), TOLERANCE);
        double[] f = c.figures().get("rmw-register");
        assertTrue(f[0] > 4 && f[1] > 4, "expected a forwarded chain (over 4 cycles a link) measured and simulated:\n" + c.table());
        assertEquals(f[0], f[1], RMW_RESIDUAL * f[0], "measured and simulated far apart:\n" + c.table());
    }

    private static List<String> memdepLoop(Layout l) {
        List<String> lines = new ArrayList<>(List.of("# " + l.meaning(), "# uopsim: mode loop", "# uopsim: init distinct"));
        StringBuilder bind = new StringBuilder("# uopsim: bind");
        for (int p = 0; p < POINTERS.length; p++) bind.append(' ').append(POINTERS[p]).append('=').append(BASE + l.offsets()[p]);
        lines.addAll(List.of(bind.toString(), ".intel_syntax noprefix", "loop:"));
        for (int statement = 0; statement < 4; statement++) {
            lines.add("mov eax, DWORD PTR [" + POINTERS[2 * statement] + "]");
            lines.add("add eax, 1");
            lines.add("mov DWORD PTR [" + POINTERS[2 * statement + 1] + "], eax");
        }
        lines.addAll(List.of("add rbx, 1", "cmp rbx, r12", "jne loop"));
        return lines;
    }

    private static List<String> resourceLines(String file) throws IOException {
        try (InputStream in = HostAliasPatternsTest.class.getResourceAsStream("alias-patterns/" + file)) {
            if (in == null) throw new IOException("missing test resource alias-patterns/" + file);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
