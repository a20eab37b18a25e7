package dev.uopsim.characterize.runner;

import java.util.List;

/**
 * What came back for a job: samples, or the reason there are none. A failure names its cause as a
 * person would want it in a report ({@code SIGSEGV at 0x12 reading 0xdead0000 (variant A)}).
 *
 * @param pagesMapped pages the worker mapped on demand while running it
 * @param dump        the register state after one run of variant A, when asked for
 */
public record JobResult(Status status, String cause, long loops, int pagesMapped, List<RawSample> samples,
                        MachineState dump) {

    public enum Status {
        OK,
        /** The code raised a signal (SIGSEGV, SIGILL, SIGFPE, SIGBUS, SIGTRAP) or made a system call. */
        FAULT,
        /** It did not finish within the job's time limit. */
        TIMEOUT,
        /** The worker died or stopped answering; it was restarted. */
        WORKER_DIED,
        /** The code could not be prepared (assembler error, too large, ...). */
        NOT_RUN
    }

    public boolean ok() {
        return status == Status.OK;
    }

    public static JobResult failed(Status status, String cause) {
        return new JobResult(status, cause, 0, 0, List.of(), null);
    }
}
