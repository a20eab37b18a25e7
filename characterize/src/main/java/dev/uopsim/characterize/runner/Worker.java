package dev.uopsim.characterize.runner;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The worker process (harness.c) pinned to one CPU: jobs go in on its standard input, results come
 * back on its standard output. A job that kills the worker, or a worker that stops answering,
 * costs that job (reported as {@link JobResult.Status#WORKER_DIED} with the cause); the next job
 * starts a fresh worker. The calibration and sentinel code travel with the first job after a start.
 */
public final class Worker implements AutoCloseable {
    private static final int MAGIC_HELLO = 0x48504f55;
    private static final int PROTOCOL_VERSION = 1;
    private static final int MSG_JOB = 1, MSG_RESULT = 2, MSG_QUIT = 3;
    private static final int GRACE_MILLIS = 10_000;

    private final Path binary;
    private final int cpu;
    private final boolean perf;
    private final byte[] calibration;
    private final byte[] sentinel;
    private final ExecutorService reader = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "uopsim-worker-reader");
        t.setDaemon(true);
        return t;
    });

    private Process process;
    private DataInputStream in;
    private OutputStream out;
    private boolean sentFixedCode;
    private long nextId = 1;
    private int restarts;
    private Hello hello;

    /** What the worker said when it started. */
    public record Hello(int perfStatus, int cpu, int pinErrno, int seccompErrno, long pid) {
        public boolean perfCycles() { return perfStatus == 0; }
    }

    /**
     * @param cpu the CPU to pin the worker to, or -1 for none
     * @param perf ask the worker to count core cycles with perf_event_open
     */
    public Worker(Path binary, int cpu, boolean perf, byte[] calibration, byte[] sentinel) {
        this.binary = binary;
        this.cpu = cpu;
        this.perf = perf;
        this.calibration = calibration.clone();
        this.sentinel = sentinel.clone();
    }

    /** The CPU a worker should run on: the last one this process may use (the JVM mostly stays off it). */
    public static int defaultCpu() {
        return Runtime.getRuntime().availableProcessors() - 1;
    }

    public synchronized Hello hello() throws IOException {
        ensureStarted();
        return hello;
    }

    /** How many times the worker was restarted after dying. */
    public synchronized int restarts() {
        return restarts;
    }

    private void ensureStarted() throws IOException {
        if (process != null && process.isAlive()) return;
        if (process != null) restarts++;
        List<String> cmd = new ArrayList<>(List.of(binary.toString(), "--cpu", Integer.toString(cpu)));
        if (perf) cmd.add("--perf");
        process = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        in = new DataInputStream(process.getInputStream());
        out = process.getOutputStream();
        sentFixedCode = false;
        ByteBuffer h;
        try {
            h = ByteBuffer.wrap(readWithTimeout(28, GRACE_MILLIS)).order(ByteOrder.LITTLE_ENDIAN);
        } catch (TimeoutException | IOException e) {
            kill();
            throw new IOException("the worker " + binary + " did not start: " + describeDeath(), e);
        }
        int magic = h.getInt();
        int version = h.getInt();
        if (magic != MAGIC_HELLO || version != PROTOCOL_VERSION) {
            kill();
            throw new IOException("the worker binary " + binary + " speaks another protocol (version " + version + ")");
        }
        hello = new Hello(h.getInt(), h.getInt(), h.getInt(), h.getInt(), h.getInt() & 0xffffffffL);
    }

    /** Runs a job; never throws for what the job's code does, only for a worker that cannot start. */
    public synchronized JobResult run(Job job) throws IOException {
        ensureStarted();
        long id = nextId++;
        byte[] message = encode(job, id, !sentFixedCode);
        try {
            ByteBuffer head = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(MSG_JOB).putInt(message.length);
            out.write(head.array());
            out.write(message);
            out.flush();
            sentFixedCode = true;
            ByteBuffer rh = ByteBuffer.wrap(readWithTimeout(8, job.timeoutMillis() + GRACE_MILLIS)).order(ByteOrder.LITTLE_ENDIAN);
            int type = rh.getInt();
            int length = rh.getInt();
            if (type != MSG_RESULT || length < 0) throw new IOException("unexpected message " + type);
            ByteBuffer body = ByteBuffer.wrap(readWithTimeout(length, GRACE_MILLIS)).order(ByteOrder.LITTLE_ENDIAN);
            return decode(body, id);
        } catch (TimeoutException e) {
            kill();
            return JobResult.failed(JobResult.Status.WORKER_DIED, "the worker did not answer within "
                    + (job.timeoutMillis() + GRACE_MILLIS) / 1000 + " s and was killed");
        } catch (IOException e) {
            String why = describeDeath();
            kill();
            return JobResult.failed(JobResult.Status.WORKER_DIED, why);
        }
    }

    private String describeDeath() {
        try {
            if (process.waitFor(2, TimeUnit.SECONDS)) {
                int code = process.exitValue();
                return code > 128 ? "the worker died from signal " + signalName(code - 128) + " (restarted)"
                        : "the worker exited with code " + code + " (restarted)";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "the worker stopped answering (restarted)";
    }

    private byte[] readWithTimeout(int n, long millis) throws IOException, TimeoutException {
        Future<byte[]> f = reader.submit(() -> {
            byte[] b = new byte[n];
            in.readFully(b);
            return b;
        });
        try {
            return f.get(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(true);
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof EOFException eof) throw eof;
            if (c instanceof IOException io) throw io;
            throw new IOException(c);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw e;
        }
    }

    private byte[] encode(Job job, long id, boolean withFixedCode) {
        int size = 8 + 4 + 4 + 8 + 8 + 8 + 4 + 4 + 8 + 8 + 4;
        for (Variant v : job.variants()) size += 4 + 4 + 8 + 8 + 8 + MachineState.SIZE + 4 + v.code().length;
        byte[] cal = withFixedCode ? calibration : new byte[0];
        byte[] sen = withFixedCode ? sentinel : new byte[0];
        size += 4 + cal.length + 4 + sen.length;
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(id);
        int flags = (job.dumpState() ? 1 : 0) | (perf ? 2 : 0) | (job.fixedLoops() ? 4 : 0);
        b.putInt(flags);
        b.putInt(job.samples());
        b.putLong(job.loops());
        b.putLong(job.targetTicks());
        b.putLong(job.maxLoops());
        b.putInt(job.timeoutMillis());
        b.putInt(job.maxPages());
        b.putLong(job.fill());
        b.putLong(job.dataBytes());
        b.putInt(job.variants().size());
        for (Variant v : job.variants()) {
            b.putInt(v.registerCounter() ? 1 : 0);
            b.putInt(v.counterRegister());
            b.putLong(v.mult());
            b.putLong(v.base());
            b.putLong(v.step());
            b.put(v.state().bytes());
            b.putInt(v.code().length);
            b.put(v.code());
        }
        b.putInt(cal.length).put(cal);
        b.putInt(sen.length).put(sen);
        return b.array();
    }

    private static JobResult decode(ByteBuffer b, long id) throws IOException {
        long gotId = b.getLong();
        if (gotId != id) throw new IOException("answer for job " + gotId + ", expected " + id);
        int status = b.getInt();
        int signal = b.getInt();
        int code = b.getInt();
        int variant = b.getInt();
        long addr = b.getLong();
        long rip = b.getLong();
        long loops = b.getLong();
        int pages = b.getInt();
        int n = b.getInt();
        List<RawSample> samples = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long[] w = new long[9];
            for (int k = 0; k < 9; k++) w[k] = b.getLong();
            samples.add(RawSample.of(w));
        }
        int dumpLength = b.getInt();
        MachineState dump = null;
        if (dumpLength > 0) {
            byte[] d = new byte[dumpLength];
            b.get(d);
            dump = MachineState.fromDump(d);
        }
        byte[] msg = new byte[b.getInt()];
        b.get(msg);
        String message = new String(msg, java.nio.charset.StandardCharsets.UTF_8);
        return switch (status) {
            case 0 -> new JobResult(JobResult.Status.OK, null, loops, pages, samples, dump);
            case 1 -> JobResult.failed(JobResult.Status.FAULT, faultText(signal, code, variant, addr, rip));
            case 2 -> JobResult.failed(JobResult.Status.TIMEOUT, "did not finish in time (" + where(variant) + ")");
            default -> JobResult.failed(JobResult.Status.NOT_RUN, "the worker refused the job: " + message);
        };
    }

    static String faultText(int signal, int code, int variant, long addr, long rip) {
        String name = signalName(signal);
        long slot = (rip - ControlPage.SLOT_BASE) / ControlPage.SLOT_STRIDE;
        long offset = (rip - ControlPage.SLOT_BASE) % ControlPage.SLOT_STRIDE;
        String at = rip >= ControlPage.SLOT_BASE && slot < 4 ? " at code offset 0x" + Long.toHexString(offset) : "";
        String detail = switch (signal) {
            case 11 -> code == 1 ? " touching unmapped 0x" + Long.toHexString(addr) + " (beyond the pages it may map)"
                    : code == 2 ? " with no permission for 0x" + Long.toHexString(addr)
                    : " (general protection: a non-canonical address or a privileged instruction)";
            case 4 -> " (an instruction this CPU or mode does not run)";
            case 8 -> code == 1 || code == 2 ? " (integer divide error: divisor 0 or quotient overflow)" : "";
            case 7 -> code == 1 ? " (alignment check: a split lock or a misaligned access, at 0x" + Long.toHexString(addr) + ")"
                    : code == 128 ? " (stack-segment fault: a non-canonical address based on RSP or RBP)"
                    : " (bus error, code " + code + ", at 0x" + Long.toHexString(addr) + ")";
            case 31 -> " (a system call from generated code, stopped by seccomp)";
            default -> "";
        };
        return name + detail + at + " (" + where(variant) + ")";
    }

    private static String where(int variant) {
        return switch (variant) {
            case 0 -> "variant A";
            case 1 -> "variant B";
            case 2 -> "calibration chain";
            case 3 -> "sentinel";
            default -> "setup";
        };
    }

    static String signalName(int signal) {
        return switch (signal) {
            case 4 -> "SIGILL";
            case 5 -> "SIGTRAP";
            case 6 -> "SIGABRT";
            case 7 -> "SIGBUS";
            case 8 -> "SIGFPE";
            case 9 -> "SIGKILL";
            case 11 -> "SIGSEGV";
            case 14 -> "SIGALRM";
            case 31 -> "SIGSYS";
            default -> "signal " + signal;
        };
    }

    private void kill() {
        if (process != null) {
            process.destroyForcibly();
            try {
                process.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The worker's process id (tests kill it to check that a death costs one job). */
    public synchronized long pid() throws IOException {
        ensureStarted();
        return process.pid();
    }

    @Override
    public synchronized void close() {
        if (process != null && process.isAlive()) {
            try {
                ByteBuffer q = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(MSG_QUIT).putInt(0);
                out.write(q.array());
                out.flush();
                process.waitFor(2, TimeUnit.SECONDS);
            } catch (IOException | InterruptedException e) {
                // killed below
            }
            kill();
        }
        reader.shutdownNow();
    }

}
