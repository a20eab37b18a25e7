package dev.uopsim.characterize.bench;

import dev.uopsim.characterize.runner.ControlPage;
import java.util.List;

/**
 * Wraps benchmark code into a program the worker can run: a prologue that loads the register state
 * from the control page and takes the first time stamp, the code, and an epilogue that takes the
 * second time stamp and returns. Three shapes:
 * <ul>
 *   <li>{@link #loop}: {@code copies} copies of a unit in a loop counted in the control page (the
 *       characterize benchmarks and unrolled blocks); the loop body starts on a 64-byte line;</li>
 *   <li>{@link #kernelLoop}: a kernel that is its own loop (its bound register set by the worker);</li>
 *   <li>{@link #once}: the code once, then the whole register state dumped (write-set check).</li>
 * </ul>
 * Variants N and 2N differ only in the number of copies, so their prologue, loop and epilogue cost
 * the same and cancel in the difference.
 */
public final class ProgramWriter {
    private static final String[] GPR = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
            "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};
    private final boolean avx;

    /** @param avx the CPU runs AVX: the prologue loads and the dump saves full YMM registers */
    public ProgramWriter(boolean avx) {
        this.avx = avx;
    }

    /** The body (all copies) in a loop counted in the control page; the loop starts on a 64-byte line. */
    public String loop(List<String> body, List<String> perIteration, boolean cleanUpper) {
        return loop(body, perIteration, cleanUpper, usesMmx(body));
    }

    public String loop(List<String> body, List<String> perIteration, boolean cleanUpper, boolean mmx) {
        StringBuilder sb = prologue(cleanUpper, mmx);
        sb.append(".p2align 6\n1:\n");
        for (String l : perIteration) sb.append(l).append('\n');
        for (String l : body) sb.append(l).append('\n');
        sb.append("dec ").append(ControlPage.qword(ControlPage.COUNTER)).append('\n');
        sb.append("jnz 1b\n");
        return epilogue(sb, false);
    }

    /** A kernel with its own loop; {@code body} must branch back to label {@code 1b}/{@code 1:} it defines. */
    public String kernelLoop(List<String> body, boolean cleanUpper, boolean mmx) {
        StringBuilder sb = prologue(cleanUpper, mmx);
        sb.append(".p2align 6\n");
        for (String l : body) sb.append(l).append('\n');
        return epilogue(sb, false);
    }

    public String once(List<String> code) {
        StringBuilder sb = prologue(false, usesMmx(code));
        for (String l : code) sb.append(l).append('\n');
        return epilogue(sb, true);
    }

    /** True when the code names an MMX register. */
    public static boolean usesMmx(List<String> code) {
        for (String l : code) if (l.matches(".*\\bmm[0-7]\\b.*")) return true;
        return false;
    }

    /**
     * Loads the state. MMX registers are written only for code that uses them: reading an MMX
     * register last written before the previous run (and its EMMS) cost 9 cycles per instruction on
     * the core this was written on, against 1 after a fresh write; writing them for other code would
     * leave the x87 stack full for x87 code.
     */
    private StringBuilder prologue(boolean cleanUpper, boolean mmx) {
        StringBuilder sb = new StringBuilder();
        sb.append("mov rsp, ").append(ControlPage.address(ControlPage.STACK_TOP)).append('\n');
        sb.append("ldmxcsr ").append(ControlPage.dword(ControlPage.INIT_MXCSR)).append('\n');
        sb.append("push ").append(ControlPage.qword(ControlPage.INIT_FLAGS)).append("\npopfq\n");
        for (int i = 0; i < 16; i++) {
            if (avx) sb.append("vmovdqu ymm").append(i).append(", ").append(ControlPage.ymmword(ControlPage.INIT_VEC + 32 * i)).append('\n');
            else sb.append("movdqu xmm").append(i).append(", ").append(ControlPage.xmmword(ControlPage.INIT_VEC + 32 * i)).append('\n');
        }
        if (mmx) {
            for (int i = 0; i < 8; i++) sb.append("movq mm").append(i).append(", ").append(ControlPage.qword(ControlPage.INIT_VEC + 32 * i)).append('\n');
        }
        if (cleanUpper && avx) sb.append("vzeroupper\n");
        sb.append("lfence\nrdtsc\n");
        sb.append("mov ").append(ControlPage.dword(ControlPage.T0)).append(", eax\n");
        sb.append("mov ").append(ControlPage.dword(ControlPage.T0 + 4)).append(", edx\n");
        for (int i = 0; i < 16; i++) {
            if (i == 4) continue;
            sb.append("mov ").append(GPR[i]).append(", ").append(ControlPage.qword(ControlPage.INIT_GPR + 8 * i)).append('\n');
        }
        sb.append("mov rsp, ").append(ControlPage.qword(ControlPage.INIT_GPR + 8 * 4)).append('\n');
        return sb;
    }

    private String epilogue(StringBuilder sb, boolean dump) {
        if (dump) {
            for (int i = 0; i < 16; i++) {
                sb.append("mov ").append(ControlPage.qword(ControlPage.DUMP_GPR + 8 * i)).append(", ").append(GPR[i]).append('\n');
            }
            sb.append("mov rsp, ").append(ControlPage.address(ControlPage.STACK_TOP)).append('\n');
            sb.append("pushfq\npop ").append(ControlPage.qword(ControlPage.DUMP_FLAGS)).append('\n');
            sb.append("stmxcsr ").append(ControlPage.dword(ControlPage.DUMP_MXCSR)).append('\n');
            for (int i = 0; i < 16; i++) {
                if (avx) sb.append("vmovdqu ").append(ControlPage.ymmword(ControlPage.DUMP_VEC + 32 * i)).append(", ymm").append(i).append('\n');
                else sb.append("movdqu ").append(ControlPage.xmmword(ControlPage.DUMP_VEC + 32 * i)).append(", xmm").append(i).append('\n');
            }
        }
        sb.append("lfence\nrdtsc\n");
        sb.append("mov ").append(ControlPage.dword(ControlPage.T1)).append(", eax\n");
        sb.append("mov ").append(ControlPage.dword(ControlPage.T1 + 4)).append(", edx\n");
        sb.append("mov rsp, ").append(ControlPage.qword(ControlPage.SAVED_RSP)).append('\n');
        if (avx) sb.append("vzeroupper\n");
        sb.append("jmp ").append(ControlPage.qword(ControlPage.RETURN)).append('\n');
        return sb.toString();
    }
}
