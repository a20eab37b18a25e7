package dev.uopsim.characterize.infer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a loop buffer streams small loops on this core at all, or its loops come from the µop
 * cache like any other code (the model's {@code frontEnd.loopBuffer.size} of 0). Public sources give
 * a core's loop-buffer size, but a buffer can be switched off (by microcode, or on some parts of a
 * family), and a model that streams loops the core feeds from the µop cache rounds every iteration
 * to whole cycles where the hardware does not: on the development host (family 6 model 0xcf) a loop
 * of 66 ADDs and its counter ran 11.21 cycles an iteration, 11.17 simulated without a loop buffer and
 * 12.00 with one.
 *
 * <p>The probe: a small loop inside each copy, {@link #INNER_ITERATIONS} iterations of W
 * independent {@code add r64, 1} and a {@code dec ecx; jnz} back edge, W + 1 slots where the core
 * fuses the pair, timed per iteration. A loop buffer that stops at the loop's end (as the engine
 * models one that does not go on across it) rounds it up to 2 cycles; a µop cache wider than the
 * renamer hands the W + 1 slots over in one cycle and the µop queue keeps the renamer fed: (W + 1) / W.
 * Not rounded, with no delivery across the loop's end measured by {@link LoopDelivery}: this core's
 * loops come from the µop cache. A smaller loop cannot tell more: its counter's chain holds it to an
 * iteration a cycle however the front end delivers it.
 */
public final class LoopBufferUse {
    /** Iterations of the inner loop per copy: its exit's misprediction (about 20 cycles) is 2% of a cycle per iteration. */
    public static final int INNER_ITERATIONS = 1000;
    /** Rounded up to two cycles: at least this many cycles per iteration (2.0 expected). */
    static final double ROUNDED_AT_LEAST = 1.8;
    /** Not rounded: at most this many ((W + 1) / W to (W + 2) / W expected, 1.5 at most for W = 4 unfused). */
    static final double NOT_ROUNDED_AT_MOST = 1.6;

    /** Registers the ADDs count in: none is the loop counter, the stack pointer or one the harness uses. */
    private static final String[] REGISTERS = {"r8", "r9", "r10", "r11", "r12", "r13", "r14", "rax", "rdx", "rsi", "rdi", "rbx"};

    private LoopBufferUse() {}

    /** ADDs per iteration of the probe's loop for a front end of {@code width} slots a cycle. */
    public static int adds(int width) {
        return Math.max(2, Math.min(width, REGISTERS.length));
    }

    /**
     * One copy: the counter set, then the loop of {@code adds} ADDs (local label 2: the harness's loop
     * is 1) on a 64-byte line of its own. Unaligned, the second copy's loop of six ADDs crossed a line
     * on the development host and ran at 1.85 cycles an iteration where the first ran at 1.1: each
     * µop-cache window then costs a cycle of its own.
     */
    public static List<String> copy(int adds) {
        List<String> out = new ArrayList<>();
        out.add("mov ecx, " + INNER_ITERATIONS);
        out.add(".p2align 6");
        out.add("2:");
        for (int i = 0; i < adds; i++) out.add("add " + REGISTERS[i % REGISTERS.length] + ", 1");
        out.add("dec ecx");
        out.add("jnz 2b");
        return out;
    }

    /** The µop cache's width the model writer gives a core of this CPUID and this front-end width (public sources). */
    public static int uopCacheWidth(dev.uopsim.characterize.host.CpuInfo cpu, int width) {
        return HostModel.uopCacheWidth(PublicCore.forCpu(cpu).sizes(), width);
    }

    /**
     * The verdict from the loop's cycles per iteration (NaN: not measured), whether {@link LoopDelivery}
     * found delivery going on across the loop's end (null: not settled), and the renamer's and the µop
     * cache's width: only a µop cache wider than the renamer hands W + 1 slots over in one cycle, so only
     * there does the loop tell the two apart.
     */
    public static Verdict decide(double cycles, Boolean deliveredAcross, int width, int uopCacheWidth) {
        String figure = String.format(Locale.ROOT, "a loop of %d ADDs and its counter %.2f cycles an iteration", width, cycles);
        if (!(cycles > 0)) return new Verdict(null, cycles, "the small loop not measured");
        if (Boolean.TRUE.equals(deliveredAcross)) {
            return new Verdict(true, cycles, figure + "; delivery goes on across the loop's end, as a loop buffer's that does");
        }
        if (uopCacheWidth <= width) {
            return new Verdict(null, cycles, figure + "; a µop cache no wider than the renamer rounds it too, so it settles nothing");
        }
        if (cycles >= ROUNDED_AT_LEAST) return new Verdict(true, cycles, figure + ": rounded to whole cycles, a loop buffer that stops at the loop's end");
        if (cycles <= NOT_ROUNDED_AT_MOST) {
            return new Verdict(false, cycles, figure + ": not rounded to whole cycles, and no delivery across the loop's end: "
                    + "the µop cache feeds these loops, no loop buffer");
        }
        return new Verdict(null, cycles, figure + ": between rounded and not");
    }

    /** @param used null when not settled (the public size is kept) */
    public record Verdict(Boolean used, double cycles, String note) {
        public static final Verdict NOT_MEASURED = new Verdict(null, Double.NaN, "the small loop not measured");
    }
}
