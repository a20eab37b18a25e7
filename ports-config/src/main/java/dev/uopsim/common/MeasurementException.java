package dev.uopsim.common;

/**
 * Measurements on this machine, or read back from a journal, that cannot support the next step (a
 * core shared too heavily to read the front end's width, no port classes): not a defect and not bad
 * input. The command line prints the message and what to do, and exits with code 1, as for a failed
 * check; the journal keeps what was measured.
 */
public class MeasurementException extends RuntimeException {
    private final String hint;

    public MeasurementException(String message, String hint) {
        super(message);
        this.hint = hint;
    }

    /** What to do about it. */
    public String hint() { return hint; }

    /** The whole message as the command line prints it. */
    public String render() {
        return "error: " + getMessage() + (hint == null ? "" : System.lineSeparator() + "  hint: " + hint);
    }
}
