package dev.uopsim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * right for patterns no parameter was fitted on. Two patterns calibrate one parameter each (their
 * files say which); they are checked too, so a change that breaks the calibration shows.
 *
 * <p>Only models measured on a host of their family take part ({@link HostChecks}).
 */
class HostAliasPatternsTest {
    private static final List<String> PATTERNS = List.of("I", "J", "K", "L", "P", "Q", "R", "S", "T", "U");
    /** Relative error allowed: the clock (TSC calibrated against a 1-cycle chain) alone varies by ~1%. */
    private static final double TOLERANCE = 0.10;

    @Test
    void simulationMatchesTheMeasurementOfNewAliasPatterns() throws IOException {
        KernelReader reader = new KernelReader(FormTable.shipped());
        List<Kernel> kernels = new ArrayList<>();
        for (String p : PATTERNS) kernels.add(reader.parse("alias-" + p, resourceLines("alias-" + p + ".s"), KernelReader.Options.DEFAULT));
        HostChecks.Comparison c = HostChecks.measureAndSimulate(kernels, TOLERANCE);
        assertEquals(List.of(), c.misses(), "patterns off by more than " + (int) (100 * TOLERANCE) + "%:\n" + c.table());
    }

    private static List<String> resourceLines(String file) throws IOException {
        try (InputStream in = HostAliasPatternsTest.class.getResourceAsStream("alias-patterns/" + file)) {
            if (in == null) throw new IOException("missing test resource alias-patterns/" + file);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
