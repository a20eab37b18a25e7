package dev.uopsim.characterize.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.NativeTests;
import dev.uopsim.characterize.bench.ProgramWriter;
import dev.uopsim.characterize.clock.FixedCode;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A benchmark that faults, hangs, makes a system call or kills the worker costs that one result,
 * with its cause; the next job runs on a worker that is alive.
 */
class WorkerTest {
    private static Worker worker;
    private static Assembler assembler;
    private static ProgramWriter writer;

    @BeforeAll
    static void start() throws IOException {
        NativeTests.assumeNativeRuns();
        assembler = new Assembler();
        Assembler.Result fixed = assembler.assemble(List.of(new Assembler.Unit("c", FixedCode.calibration()),
                new Assembler.Unit("s", FixedCode.sentinel())));
        worker = new Worker(HarnessBinary.get(), Worker.defaultCpu(), false, fixed.code().get(0), fixed.code().get(1));
        writer = new ProgramWriter(false);
    }

    @AfterAll
    static void stop() {
        if (worker != null) worker.close();
    }

    private static JobResult run(String body, int timeoutMillis) throws IOException {
        byte[] code = assembler.assemble(List.of(new Assembler.Unit("t", writer.loop(List.of(body.split("\n")), List.of(), false))))
                .code().getFirst();
        MachineState s = new MachineState().allGprs(0x50001000L).gpr(2, 0);
        return worker.run(new Job("t", List.of(Variant.memoryCounter(code, s, 1)), 2, 1, 0, 1, timeoutMillis, 4,
                0x50001000L, 4096, false, true));
    }

    private static void assertHealthy() throws IOException {
        JobResult ok = run("add rax, rbx", 5000);
        assertTrue(ok.ok(), "the next job runs: " + ok.cause());
        assertEquals(2, ok.samples().size());
    }

    @Test
    void aSegfaultIsAResultWithItsAddress() throws IOException {
        JobResult r = run("mov rcx, 0x8000000000000000\nmov rcx, QWORD PTR [rcx]", 5000);      // not canonical
        assertEquals(JobResult.Status.FAULT, r.status());
        assertTrue(r.cause().startsWith("SIGSEGV (general protection"), r.cause());
        JobResult far = run("mov rcx, QWORD PTR [rax + 0x10000000]\nmov rcx, QWORD PTR [rax + 0x10100000]\n"
                + "mov rcx, QWORD PTR [rax + 0x10200000]\nmov rcx, QWORD PTR [rax + 0x10300000]\nmov rcx, QWORD PTR [rax + 0x10400000]", 5000);
        assertEquals(JobResult.Status.FAULT, far.status(), "more pages than the job may map");
        assertTrue(far.cause().contains("beyond the pages it may map"), far.cause());
        assertHealthy();
    }

    @Test
    void anUnmappedPageNearTheDataIsMappedOnDemand() throws IOException {
        JobResult r = run("mov rcx, QWORD PTR [rax + 0x300000]", 5000);
        assertTrue(r.ok(), r.cause());
        assertEquals(1, r.pagesMapped());
    }

    @Test
    void anIllegalInstructionADivideErrorAndABreakpointAreResults() throws IOException {
        assertTrue(run("ud2", 5000).cause().startsWith("SIGILL"));
        assertTrue(run("div rdx", 5000).cause().startsWith("SIGFPE"));
        assertTrue(run("int3", 5000).cause().startsWith("SIGTRAP"));
        assertHealthy();
    }

    @Test
    void aSystemCallFromGeneratedCodeIsStopped() throws IOException {
        JobResult r = run("mov eax, 60\nxor edi, edi\nsyscall", 5000);     // exit(0), if it ran
        assertEquals(JobResult.Status.FAULT, r.status());
        assertTrue(r.cause().contains("SIGSYS"), r.cause());
        assertHealthy();
    }

    @Test
    void aHangIsCutOffByTheTimeout() throws IOException {
        JobResult r = run("2: jmp 2b", 300);
        assertEquals(JobResult.Status.TIMEOUT, r.status(), r.cause());
        assertHealthy();
    }

    @Test
    void aWorkerKilledDuringAJobCostsThatJobAndIsRestarted() throws Exception {
        long pid = worker.pid();
        int restarts = worker.restarts();
        var job = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return run("2: jmp 2b", 20_000);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Thread.sleep(500);
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        JobResult r = job.get(30, TimeUnit.SECONDS);
        assertEquals(JobResult.Status.WORKER_DIED, r.status());
        assertTrue(r.cause().contains("SIGKILL"), r.cause());
        assertHealthy();
        assertEquals(restarts + 1, worker.restarts());
    }
}
