package dev.uopsim.characterize.host;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/** The CPUID and XGETBV instructions, run through a few bytes of machine code mapped with the FFM API. */
public final class Cpuid {
    // push rbx; mov eax, edi; mov ecx, esi; mov r8, rdx; cpuid; mov [r8], eax; mov [r8+4], ebx;
    // mov [r8+8], ecx; mov [r8+12], edx; pop rbx; ret   (CPUID clobbers RBX, which the ABI keeps)
    private static final byte[] CPUID = bytes("53 89 f8 89 f1 49 89 d0 0f a2 41 89 00 41 89 58 04 41 89 48 08 41 89 50 0c 5b c3");
    // mov ecx, edi; xgetbv; shl rdx, 32; or rax, rdx; ret
    private static final byte[] XGETBV = bytes("89 f9 0f 01 d0 48 c1 e2 20 48 09 d0 c3");

    private static volatile MethodHandle cpuid;
    private static volatile MethodHandle xgetbv;

    /** EAX, EBX, ECX, EDX of one leaf. */
    public record Regs(int eax, int ebx, int ecx, int edx) {
        public boolean bit(char reg, int bit) {
            int v = switch (reg) {
                case 'a' -> eax;
                case 'b' -> ebx;
                case 'c' -> ecx;
                default -> edx;
            };
            return (v >>> bit & 1) != 0;
        }
    }

    private Cpuid() {}

    public static Regs query(int leaf, int subleaf) {
        MethodHandle h = cpuid;
        if (h == null) {
            cpuid = h = Native.stub(CPUID, FunctionDescriptor.ofVoid(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(16, 8);
            h.invokeExact(leaf, subleaf, out);
            return new Regs(out.get(ValueLayout.JAVA_INT, 0), out.get(ValueLayout.JAVA_INT, 4),
                    out.get(ValueLayout.JAVA_INT, 8), out.get(ValueLayout.JAVA_INT, 12));
        } catch (Throwable t) {
            throw new IllegalStateException("CPUID failed: " + t, t);
        }
    }

    /** XCR{@code register}: which register state the OS saves (bit 1 SSE, 2 AVX, 5-7 AVX-512). */
    public static long xgetbv(int register) {
        MethodHandle h = xgetbv;
        if (h == null) xgetbv = h = Native.stub(XGETBV, FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
        try {
            return (long) h.invokeExact(register);
        } catch (Throwable t) {
            throw new IllegalStateException("XGETBV failed: " + t, t);
        }
    }

    private static byte[] bytes(String hex) {
        String[] parts = hex.split(" ");
        byte[] b = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) b[i] = (byte) Integer.parseInt(parts[i], 16);
        return b;
    }
}
