package dev.uopsim.characterize.infer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Whether one cycle's µop-cache delivery stops at the end of a window of code or goes on into the
 * next window (the model's {@code frontEnd.uopCache.windowsPerCycle}), for loops too big for the
 * loop buffer.
 *
 * <p>The probe: a loop of NOPs laid out so that every 64-byte window holds one µop more than the
 * cache delivers in a cycle (seven 8-byte and two 4-byte NOPs for a width of 8; six and four for
 * Zen 4's 9), long enough that no loop buffer holds it. Delivery that stops at a window's end needs
 * two cycles per window (8 + 1: 4.5 NOPs a cycle), and no core can go faster under that rule: a
 * rate clearly above it means delivery goes on into the next window. The renamer's width then
 * binds on most cores (6 on Golden Cove); Zen 4 ran ten-NOP windows at 8.7 NOPs a cycle, beyond its
 * renamer, and so beyond the two-window prediction too
 * ({@code characterize/experiments/zen4-uop-cache-spanning}). The width the layout is built for and
 * the decision's prediction come from the window size and width the model takes from public
 * sources; the decision says so when those make the candidates look alike.
 */
public final class UopCacheDelivery {
    /** The NOP lengths the layout is built from, with the instruction of each. */
    public static final String NOP8 = "nop DWORD PTR [rax+rax*1+0x12345678]";
    public static final String NOP4 = "nop DWORD PTR [rax+0x12]";

    /** Largest deviation (a fraction of the prediction) still read as a match. */
    public static final double TOLERANCE = 0.10;

    /** The NOPs of one window for a cache delivering 8 a cycle: the probe's layout before it followed the cache's width. */
    private static final int LEGACY_LAYOUT_WIDTH = 8;

    /** The bytes of the probe's layout: one window of the caches it was built for, two of a 32-byte one. */
    public static final int LAYOUT_BYTES = 64;

    private UopCacheDelivery() {}

    /**
     * The probe's NOPs for one 64-byte window and a cache delivering {@code cacheWidth} µops a cycle:
     * {@code cacheWidth + 1} NOPs where 8- and 4-byte NOPs can fill the window with that many, else
     * the nine of a width of 8 (a narrower cache still needs two cycles for them).
     */
    public static List<String> probeWindow(int cacheWidth) {
        List<String> w = cacheWidth > LEGACY_LAYOUT_WIDTH ? window(LAYOUT_BYTES, cacheWidth) : List.of();
        return w.isEmpty() ? window(LAYOUT_BYTES, LEGACY_LAYOUT_WIDTH) : w;
    }

    /**
     * The probe's benchmark name: the nine-NOP layout keeps the name it had before the layout
     * followed the cache's width, so journals from then replay as measured.
     */
    public static String benchmarkName(List<String> window, int copies) {
        String base = "frontend-uopcache-nop8-nop4";
        return (window.size() == LEGACY_LAYOUT_WIDTH + 1 ? base : base + "-" + window.size() + "per64") + "-x" + copies;
    }

    /**
     * One window's NOPs: {@code width + 1} of 8 and 4 bytes filling exactly {@code windowBytes}, or an
     * empty list when no such mix exists (the probe cannot be built for that cache).
     */
    static List<String> window(int windowBytes, int width) {
        int n = width + 1;
        // 8a + 4(n - a) = windowBytes
        int rest = windowBytes - 4 * n;
        if (rest < 0 || rest % 4 != 0 || rest / 4 > n) return List.of();
        int eights = rest / 4;
        List<String> out = new ArrayList<>(Collections.nCopies(eights, NOP8));
        out.addAll(Collections.nCopies(n - eights, NOP4));
        return out;
    }

    /** The byte lengths of {@link #window}'s NOPs, in order. */
    static int[] lengths(List<String> window) {
        return window.stream().mapToInt(s -> s.equals(NOP8) ? 8 : 4).toArray();
    }

    /**
     * NOPs a cycle the µop cache delivers from a long run of {@code window} repeated, when a cycle
     * takes up to {@code width} µops from up to {@code windows} consecutive windows, and the renamer
     * takes {@code renameWidth} a cycle.
     */
    static double predicted(List<String> window, int windowBytes, int width, int windows, int renameWidth) {
        int[] len = lengths(window);
        long address = 0;
        int next = 0, delivered = 0;
        int cycles = 64;
        for (int c = 0; c < cycles; c++) {
            int taken = 0, spanned = 0;
            long current = Long.MIN_VALUE;
            while (taken < width) {
                long w = address / windowBytes;
                if (w != current) {
                    if (spanned == windows) break;
                    spanned++;
                    current = w;
                }
                address += len[next];
                next = (next + 1) % len.length;
                taken++;
            }
            delivered += taken;
        }
        return Math.min(renameWidth, delivered / (double) cycles);
    }

    /**
     * The verdict from the measured cycles per NOP of the probe's loop (the layout of
     * {@link #probeWindow} for {@code width}).
     *
     * @param windowBytes the µop cache's window, width the µops it delivers a cycle, renameWidth the
     *                    renamer's (as the model has them)
     * @return the windows a cycle spans, or a verdict without them when the loop was not measured, the
     *         probe cannot tell the candidates apart, or the rate is below what stopping at a window's end allows
     */
    public static Verdict decide(double cyclesPerNop, int windowBytes, int width, int renameWidth) {
        if (!(cyclesPerNop > 0) || !Double.isFinite(cyclesPerNop)) return new Verdict(null, Double.NaN, "the probe's loop was not measured");
        List<String> layout = probeWindow(width);
        double one = predicted(layout, windowBytes, width, 1, renameWidth), two = predicted(layout, windowBytes, width, 2, renameWidth);
        // Two windows must allow more than the tolerance around one window's rate, or a reading above it proves nothing.
        if (two <= one * (1 + TOLERANCE)) {
            return new Verdict(null, 1 / cyclesPerNop, String.format(Locale.ROOT,
                    "the probe cannot tell one window a cycle from two with windows of %d bytes and %d µops a cycle (%.2f and %.2f NOPs a cycle)", windowBytes, width, one, two));
        }
        double rate = 1 / cyclesPerNop;
        String measured = String.format(Locale.ROOT, "%.2f NOPs a cycle measured with %d in each %d bytes (predicted: %.2f for one window a cycle, %.2f for two)",
                rate, layout.size(), LAYOUT_BYTES, one, two);
        if (Math.abs(rate / one - 1) <= TOLERANCE) {
            return new Verdict(1, rate, measured + ": a cycle's delivery stops at the end of a " + windowBytes + "-byte window");
        }
        // Stopping at a window's end caps the rate at 'one'; faster delivery must reach into the next
        // window. Two windows are the least that explains it, and already give the cache's width.
        if (rate > one * (1 + TOLERANCE)) {
            return new Verdict(2, rate, measured + ": a cycle's delivery goes on into the next " + windowBytes + "-byte window"
                    + (rate > two * (1 + TOLERANCE) ? " (faster than the renamer's width: it does not take these NOPs a slot each)" : ""));
        }
        return new Verdict(null, rate, measured + ": below what either rule allows by more than " + Math.round(100 * TOLERANCE) + "%");
    }

    /** {@link #decide} with the window and width the model writer gives a core of this CPUID and this renamer width (public sources). */
    public static Verdict decideFor(dev.uopsim.characterize.host.CpuInfo cpu, double cyclesPerNop, int renameWidth) {
        HostModel.CoreSizes sizes = PublicCore.forCpu(cpu).sizes();
        return decide(cyclesPerNop, sizes.uopCacheWindowBytes(), HostModel.uopCacheWidth(sizes, renameWidth), renameWidth);
    }

    /** @param windowsPerCycle null when not settled; @param rate NOPs a cycle measured (NaN when not) */
    public record Verdict(Integer windowsPerCycle, double rate, String note) {}
}
