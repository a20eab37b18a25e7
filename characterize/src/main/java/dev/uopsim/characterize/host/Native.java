package dev.uopsim.characterize.host;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The few libc calls characterize makes through the foreign function API: mapping a page for a
 * small machine-code stub (CPUID, XGETBV) and the raw {@code syscall} for perf_event_open.
 */
final class Native {
    static final int PROT_READ = 1, PROT_WRITE = 2, PROT_EXEC = 4;
    static final int MAP_PRIVATE = 0x02, MAP_ANONYMOUS = 0x20;
    private static final Linker LINKER = Linker.nativeLinker();

    private Native() {}

    @SuppressWarnings("restricted")   // calling native code is the point; the launcher enables native access
    static MethodHandle libc(String name, FunctionDescriptor descriptor, Linker.Option... options) {
        MemorySegment symbol = LINKER.defaultLookup().find(name)
                .orElseThrow(() -> new UnsupportedOperationException("libc has no " + name));
        return LINKER.downcallHandle(symbol, descriptor, options);
    }

    /**
     * Copies machine code into a fresh page, makes it read+execute (never writable and executable at
     * once) and returns a handle calling it with {@code descriptor}. The page lives as long as the JVM.
     */
    @SuppressWarnings("restricted")
    static MethodHandle stub(byte[] code, FunctionDescriptor descriptor) {
        try {
            MethodHandle mmap = libc("mmap", FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                    ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
            MethodHandle mprotect = libc("mprotect", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                    ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
            MemorySegment page = (MemorySegment) mmap.invokeExact(MemorySegment.NULL, 4096L, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0L);
            if (page.address() == -1L) throw new IllegalStateException("mmap failed");
            MemorySegment writable = page.reinterpret(4096);
            MemorySegment.copy(MemorySegment.ofArray(code), 0, writable, 0, code.length);
            int rc = (int) mprotect.invokeExact(page, 4096L, PROT_READ | PROT_EXEC);
            if (rc != 0) throw new IllegalStateException("mprotect failed");
            return LINKER.downcallHandle(page, descriptor);
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot build a native stub: " + t, t);
        }
    }
}
