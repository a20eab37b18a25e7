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
 * <p>The probe: a loop of NOPs laid out so that every window holds one µop more than the cache
 * delivers in a cycle (seven 8-byte and two 4-byte NOPs per 64 bytes for a window of 64 bytes and
 * a width of 8), long enough that no loop buffer holds it. Delivery that stops at a window's end
 * needs two cycles per window (8 + 1: 4.5 NOPs a cycle); delivery that goes on into the next window
 * is bound by the renamer's width instead (6 here). The two answers are a third apart, far beyond
 * the noise of a timing on a shared machine, so one loop decides. The layout is built for windows
 * of 64 bytes and a width of 8; the decision predicts it with the window size and width the model
 * takes from public sources, and says so when those make the candidates look alike.
 */
public final class UopCacheDelivery {
    /** The NOP lengths the layout is built from, with the instruction of each. */
    public static final String NOP8 = "nop DWORD PTR [rax+rax*1+0x12345678]";
    public static final String NOP4 = "nop DWORD PTR [rax+0x12]";

    /** Largest deviation (a fraction of the prediction) still read as a match. */
    public static final double TOLERANCE = 0.10;

    /** Windows a cycle may span that the probe tells apart (the predictions in {@link #decide} follow this order). */
    private static final int[] CANDIDATES = {1, 2};

    /** The probe's NOPs for one 64-byte window: nine, one more than a width of 8. */
    public static final List<String> PROBE_WINDOW = window(64, 8);

    private UopCacheDelivery() {}

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
     * The verdict from the measured cycles per NOP of the probe's loop.
     *
     * @param windowBytes the µop cache's window, width the µops it delivers a cycle, renameWidth the
     *                    renamer's (as the model has them)
     * @return the windows a cycle spans, or a verdict without them when the loop was not measured, the
     *         probe cannot tell the candidates apart, or no candidate predicts the measurement
     */
    public static Verdict decide(double cyclesPerNop, int windowBytes, int width, int renameWidth) {
        if (!(cyclesPerNop > 0) || !Double.isFinite(cyclesPerNop)) return new Verdict(null, Double.NaN, "the probe's loop was not measured");
        double one = predicted(PROBE_WINDOW, windowBytes, width, 1, renameWidth), two = predicted(PROBE_WINDOW, windowBytes, width, 2, renameWidth);
        if (Math.abs(two / one - 1) <= 2 * TOLERANCE) {
            return new Verdict(null, 1 / cyclesPerNop, String.format(Locale.ROOT,
                    "the probe cannot tell one window a cycle from two with windows of %d bytes and %d µops a cycle (%.2f and %.2f NOPs a cycle)", windowBytes, width, one, two));
        }
        double rate = 1 / cyclesPerNop;
        Integer best = null;
        double bestDeviation = Double.MAX_VALUE;
        double[] predictions = {one, two};
        for (int i = 0; i < CANDIDATES.length; i++) {
            double deviation = Math.abs(rate / predictions[i] - 1);
            if (deviation <= TOLERANCE && deviation < bestDeviation) {
                best = CANDIDATES[i];
                bestDeviation = deviation;
            }
        }
        String measured = String.format(Locale.ROOT, "%.2f NOPs a cycle measured (predicted: %.2f for one window a cycle, %.2f for two)", rate, one, two);
        if (best == null) return new Verdict(null, rate, measured + ": no candidate within " + Math.round(100 * TOLERANCE) + "%");
        return new Verdict(best, rate, measured + (best == 1 ? ": a cycle's delivery stops at the end of a " + windowBytes + "-byte window"
                : ": a cycle's delivery goes on into the next " + windowBytes + "-byte window"));
    }

    /** {@link #decide} with the window and width the model writer gives a core of this CPUID and this renamer width (public sources). */
    public static Verdict decideFor(dev.uopsim.characterize.host.CpuInfo cpu, double cyclesPerNop, int renameWidth) {
        HostModel.CoreSizes sizes = PublicCore.forCpu(cpu).sizes();
        return decide(cyclesPerNop, sizes.uopCacheWindowBytes(), HostModel.uopCacheWidth(sizes, renameWidth), renameWidth);
    }

    /** @param windowsPerCycle null when not settled; @param rate NOPs a cycle measured (NaN when not) */
    public record Verdict(Integer windowsPerCycle, double rate, String note) {}
}
