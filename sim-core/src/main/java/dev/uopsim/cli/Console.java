package dev.uopsim.cli;

import java.io.PrintStream;

/**
 * Where a command writes: results to {@link #out()}, progress and warnings to {@link #err()}.
 * Progress is drawn only when standard error is a terminal, so pipes and CI logs stay clean.
 */
public final class Console {
    private final PrintStream out;
    private final PrintStream err;
    private final boolean interactive;

    public Console(PrintStream out, PrintStream err, boolean interactive) {
        this.out = out;
        this.err = err;
        this.interactive = interactive;
    }

    public static Console system() {
        return new Console(System.out, System.err, System.console() != null);
    }

    public PrintStream out() { return out; }

    public PrintStream err() { return err; }

    /** True when a person is watching a terminal: progress bars are worth drawing. */
    public boolean interactive() { return interactive; }

    public void warn(String message) {
        err.println("warning: " + message);
    }

    /** A progress reporter for {@code total} units of work, labelled {@code what}. */
    public Progress progress(String what, long total) {
        return new Progress(this, what, total);
    }
}
