package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.ProgramWriter;
import dev.uopsim.characterize.clock.Clock;
import dev.uopsim.characterize.clock.ClockKind;
import dev.uopsim.characterize.clock.FixedCode;
import dev.uopsim.characterize.clock.SentinelHistory;
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
    private final SentinelHistory sentinels;
    /** What the sentinel usually costs on this CPU, from runs before this one (NaN: too few yet). */
    private final double usualSentinel;

    private Session(HostInfo host, MeasureLock lock, Worker worker, Assembler assembler, ProgramWriter writer, Clock clock,
                    SentinelHistory sentinels) {
        this.host = host;
        this.lock = lock;
        this.worker = worker;
        this.assembler = assembler;
        this.writer = writer;
        this.clock = clock;
        this.sentinels = sentinels;
        this.usualSentinel = sentinels.usual();
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
        SentinelHistory sentinels = SentinelHistory.load(
                SentinelHistory.fileFor(HarnessBinary.cacheDirectory(), host.cpu().identity(), FixedCode.sentinel()));
        return new Session(host, lock, worker, assembler, new ProgramWriter(host.cpu().avx()), new Clock(kind), sentinels);
    }

    public HostInfo host() { return host; }

    public Worker worker() { return worker; }

    public Assembler assembler() { return assembler; }

    public ProgramWriter writer() { return writer; }

    public Clock clock() { return clock; }

    /** What the throughput sentinel usually costs on this CPU in cycles (the median of recent runs), or NaN before there are enough. */
    public double usualSentinel() { return usualSentinel; }

    /** Why the sentinel history in the cache was not used, or null. */
    public String sentinelHistoryProblem() { return sentinels.problem(); }

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
            m.put("sentinel", "4 independent add chains; a sample is dropped when it runs more than 6% slower than the fastest"
                    + " of recent jobs, and a measurement whose fastest is more than 6% slower than usual on this CPU (the median"
                    + " of recent runs) is taken again, then reported unstable");
            m.put("sentinel_usual_cycles", Double.isFinite(usualSentinel) ? Math.round(usualSentinel * 1000) / 1000.0 : null);
            m.put("sentinel_history", sentinels.file().toString());
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
        // This run's fastest sentinel joins the history the next runs compare with.
        sentinels.record(clock.bestSentinel());
        try {
            sentinels.save();
        } catch (IOException e) {
            // the history only sharpens later runs' judgement: measuring goes on without it
        }
        worker.close();
        lock.close();
    }
}
