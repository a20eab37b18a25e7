package dev.uopsim.cli;

/** The exit codes every command uses. */
public final class ExitCode {
    private ExitCode() {}

    public static final int OK = 0;
    /** A check or a measurement failed (validation below its threshold, a benchmark that faulted...). */
    public static final int CHECK_FAILED = 1;
    /** Bad usage or bad input: the message says what and where. */
    public static final int BAD_INPUT = 2;
    /** A defect in uopsim itself; the message asks for a report. */
    public static final int INTERNAL_ERROR = 3;
}
