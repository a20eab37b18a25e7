package dev.uopsim.characterize.clock;

import dev.uopsim.characterize.runner.ControlPage;

/**
 * The code every sample runs beside the benchmark: the calibration chain and the throughput
 * sentinel, as Intel-syntax text for GNU as. Both run at fixed addresses in the worker.
 *
 * <p>The calibration chain is {@code add r8, r9}: one cycle per instruction on every x86-64 core
 * uopsim knows of. It is deliberately not {@code add r8, 1}: Golden Cove-class cores (seen on the
 * Sapphire Rapids guest this was written on) execute chains of additions of an immediate at
 * rename, several per cycle, which would make a "1-cycle chain" run five times too fast. R9 is
 * loaded from memory so that no renamer can know its value.
 */
public final class FixedCode {
    /** Iterations of 10 chained adds in the short and the long run: the difference is 2000 cycles. */
    public static final int SHORT_ITERATIONS = 100, LONG_ITERATIONS = 300, ADDS_PER_ITERATION = 10;
    public static final int CALIBRATION_CYCLES = (LONG_ITERATIONS - SHORT_ITERATIONS) * ADDS_PER_ITERATION;
    /** The sentinel: 4 independent add chains, 16 deep, 64 times (about 1024 cycles when the core is ours). */
    public static final int SENTINEL_ITERATIONS = 64, SENTINEL_DEPTH = 16;

    private FixedCode() {}

    private static String stamp(int offset) {
        return "lfence\nrdtsc\nmov " + ControlPage.dword(offset) + ", eax\nmov " + ControlPage.dword(offset + 4) + ", edx\n";
    }

    private static String enter() {
        return "mov rsp, " + ControlPage.address(ControlPage.STACK_TOP) + "\n"
                + "mov QWORD PTR [rsp-8], 1\nmov r9, QWORD PTR [rsp-8]\n";
    }

    private static String leave() {
        return "mov rsp, " + ControlPage.qword(ControlPage.SAVED_RSP) + "\njmp " + ControlPage.qword(ControlPage.RETURN) + "\n";
    }

    /** Writes T0, runs the short chain, writes T1, runs the long chain, writes T2. */
    public static String calibration() {
        StringBuilder sb = new StringBuilder(enter());
        sb.append("xor r8d, r8d\n");
        sb.append("mov ecx, ").append(SHORT_ITERATIONS).append('\n');
        sb.append(stamp(ControlPage.T0));
        sb.append(".p2align 6\n1:\n").append("add r8, r9\n".repeat(ADDS_PER_ITERATION)).append("dec ecx\njnz 1b\n");
        sb.append(stamp(ControlPage.T1));
        sb.append("mov ecx, ").append(LONG_ITERATIONS).append('\n');
        sb.append(".p2align 6\n2:\n").append("add r8, r9\n".repeat(ADDS_PER_ITERATION)).append("dec ecx\njnz 2b\n");
        sb.append(stamp(ControlPage.T2));
        return sb.append(leave()).toString();
    }

    /** Four independent chains: throughput-bound, so it slows when another thread shares the core. */
    public static String sentinel() {
        StringBuilder sb = new StringBuilder(enter());
        sb.append("mov ecx, ").append(SENTINEL_ITERATIONS).append('\n');
        sb.append(stamp(ControlPage.T0));
        sb.append(".p2align 6\n1:\n");
        for (int i = 0; i < SENTINEL_DEPTH; i++) sb.append("add r8, r9\nadd r10, r9\nadd r11, r9\nadd rbx, r9\n");
        sb.append("dec ecx\njnz 1b\n");
        sb.append(stamp(ControlPage.T1));
        return sb.append(leave()).toString();
    }
}
