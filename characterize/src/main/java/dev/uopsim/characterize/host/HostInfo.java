package dev.uopsim.characterize.host;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The machine characterize measures: operating system, kernel, CPU (through CPUID), how many CPUs
 * this process may use, and whether perf_event_open gives a core-cycle counter.
 *
 * @param perfCycles  true when a user-space core-cycle counter can be opened for this process
 * @param perfProblem why not, in words, when it cannot
 */
public record HostInfo(String os, String arch, String kernel, CpuInfo cpu, int cpus, boolean perfCycles,
                       String perfProblem, String perfParanoid) {

    private static final int SYS_PERF_EVENT_OPEN = 298;

    /** Why this machine cannot run generated code, or empty when it can (x86-64 Linux). */
    public static Optional<String> unsupportedReason() {
        String os = System.getProperty("os.name", "?");
        String arch = System.getProperty("os.arch", "?");
        boolean linux = os.toLowerCase(Locale.ROOT).startsWith("linux");
        boolean x86 = arch.equals("amd64") || arch.equals("x86_64");
        if (linux && x86) return Optional.empty();
        return Optional.of("measuring runs generated x86-64 code on this machine, so it needs x86-64 Linux; this is "
                + os + " on " + arch);
    }

    public static HostInfo detect() {
        String os = System.getProperty("os.name", "?");
        String arch = System.getProperty("os.arch", "?");
        String kernel = read("/proc/sys/kernel/osrelease").orElse(System.getProperty("os.version", "?"));
        CpuInfo cpu = CpuInfo.detect();
        String paranoid = read("/proc/sys/kernel/perf_event_paranoid").orElse(null);
        String problem = probePerfCycles();
        return new HostInfo(os, arch, kernel, cpu, Runtime.getRuntime().availableProcessors(), problem == null,
                problem, paranoid);
    }

    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("os", os);
        m.put("arch", arch);
        m.put("kernel", kernel);
        m.put("cpus", cpus);
        m.put("perf_cycles", perfCycles);
        m.put("perf_problem", perfProblem);
        m.put("perf_event_paranoid", perfParanoid);
        m.putAll(cpu.toJson());
        return m;
    }

    private static Optional<String> read(String file) {
        try {
            return Optional.of(Files.readString(Path.of(file)).strip());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Null when perf_event_open opens a user-space cycle counter, else the reason it does not. */
    static String probePerfCycles() {
        try {
            Linker.Option errno = Linker.Option.captureCallState("errno");
            StructLayout stateLayout = Linker.Option.captureStateLayout();
            VarHandle errnoHandle = stateLayout.varHandle(MemoryLayout.PathElement.groupElement("errno"));
            MethodHandle syscall = Native.libc("syscall", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                    ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG),
                    errno, Linker.Option.firstVariadicArg(1));
            MethodHandle close = Native.libc("close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment attr = arena.allocate(128, 8);
                attr.set(ValueLayout.JAVA_INT, 0, 0);          // PERF_TYPE_HARDWARE
                attr.set(ValueLayout.JAVA_INT, 4, 128);        // size
                attr.set(ValueLayout.JAVA_LONG, 8, 0L);        // PERF_COUNT_HW_CPU_CYCLES
                attr.set(ValueLayout.JAVA_LONG, 40, 0x60L);    // exclude_kernel | exclude_hv
                MemorySegment state = arena.allocate(stateLayout);
                long fd = (long) syscall.invokeExact(state, (long) SYS_PERF_EVENT_OPEN, attr, 0, -1, -1, 0L);
                if (fd >= 0) {
                    int ignored = (int) close.invokeExact((int) fd);
                    return null;
                }
                int e = (int) errnoHandle.get(state, 0L);
                return switch (e) {
                    case 2 -> "perf_event_open: the kernel offers no core-cycle event here (ENOENT; typical of a virtual machine without a virtual PMU)";
                    case 95 -> "perf_event_open: core cycles are not supported here (EOPNOTSUPP; typical of a virtual machine without a virtual PMU)";
                    case 13, 1 -> "perf_event_open: not permitted (perf_event_paranoid or a container forbids it)";
                    case 38 -> "perf_event_open: this kernel has no perf events (ENOSYS)";
                    default -> "perf_event_open failed with errno " + e;
                };
            }
        } catch (Throwable t) {
            return "perf_event_open could not be called: " + t.getMessage();
        }
    }
}
