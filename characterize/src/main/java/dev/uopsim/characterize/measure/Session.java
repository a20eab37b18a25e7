package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.ProgramWriter;
import dev.uopsim.characterize.clock.Clock;
import dev.uopsim.characterize.clock.ClockKind;
import dev.uopsim.characterize.clock.FixedCode;
import dev.uopsim.characterize.host.HostInfo;
import dev.uopsim.characterize.runner.Assembler;
import dev.uopsim.characterize.runner.HarnessBinary;
import dev.uopsim.characterize.runner.Worker;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything measuring needs, set up once: the host's description, the worker pinned to a CPU with
 * the calibration and sentinel code, GNU as, the program writer and the clock. The clock is perf
 * cycles when the kernel gives the worker a cycle counter, else the calibrated TSC.
 */
public final class Session implements AutoCloseable {
    private final HostInfo host;
    private final MeasureLock lock;
    private final Worker worker;
    private final Assembler assembler;
    private final ProgramWriter writer;
    private final Clock clock;

    private Session(HostInfo host, MeasureLock lock, Worker worker, Assembler assembler, ProgramWriter writer, Clock clock) {
        this.host = host;
        this.lock = lock;
        this.worker = worker;
        this.assembler = assembler;
        this.writer = writer;
        this.clock = clock;
    }

    /** Why measuring cannot work here (not x86-64 Linux, no GNU as, no gcc), or empty. */
    public static Optional<String> unavailable() {
        Optional<String> os = HostInfo.unsupportedReason();
        if (os.isPresent()) return os;
        if (!Assembler.available()) return Optional.of("GNU as (binutils) is not on PATH: benchmarks are assembled with it");
        if (!HarnessBinary.compilerAvailable()) return Optional.of("gcc is not on PATH: the worker (harness.c) is built with it once");
        return Optional.empty();
    }

    public static Session open() throws IOException {
        Optional<String> why = unavailable();
        if (why.isPresent()) throw new IOException(why.get());
        HostInfo host = HostInfo.detect();
        MeasureLock lock = MeasureLock.acquire();
        Assembler assembler = new Assembler();
        Assembler.Result fixed = assembler.assemble(List.of(new Assembler.Unit("calibration", FixedCode.calibration()),
                new Assembler.Unit("sentinel", FixedCode.sentinel())));
        if (!fixed.ok(0) || !fixed.ok(1)) throw new IOException("cannot assemble the calibration code: " + fixed.errors());
        Worker worker = new Worker(HarnessBinary.get(), Worker.defaultCpu(), host.perfCycles(), fixed.code().get(0), fixed.code().get(1));
        Worker.Hello hello = worker.hello();
        ClockKind kind = host.perfCycles() && hello.perfCycles() ? ClockKind.PERF_CYCLES : ClockKind.TSC_CALIBRATED;
        return new Session(host, lock, worker, assembler, new ProgramWriter(host.cpu().avx()), new Clock(kind));
    }

    public HostInfo host() { return host; }

    public Worker worker() { return worker; }

    public Assembler assembler() { return assembler; }

    public ProgramWriter writer() { return writer; }

    public Clock clock() { return clock; }

    public BenchmarkRunner runner() {
        return new BenchmarkRunner(worker, assembler, writer, clock);
    }

    /** The "clock" object of every JSON result. */
    public Map<String, Object> clockJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", clock.kind().id());
        m.put("description", clock.kind().description());
        if (clock.kind() == ClockKind.TSC_CALIBRATED) {
            m.put("calibration_chain", "add r8, r9 (not add r, imm: executed at rename on some cores)");
            m.put("sentinel", "4 independent add chains; a sample is dropped when it runs more than 6% slower than the fastest seen");
        }
        try {
            Worker.Hello h = worker.hello();
            m.put("worker_cpu", h.cpu());
            m.put("worker_pinned", h.pinErrno() == 0);
            m.put("worker_seccomp", h.seccompErrno() == 0);
        } catch (IOException e) {
            m.put("worker", "unavailable: " + e.getMessage());
        }
        return m;
    }

    @Override
    public void close() {
        worker.close();
        lock.close();
    }
}
