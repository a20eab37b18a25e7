package dev.uopsim.cli;

import java.time.Duration;

/**
 * A one-line progress bar with rate and ETA on an interactive terminal; on a pipe it prints a
 * line at most every ten seconds so long runs in CI still show they are alive.
 */
public final class Progress implements AutoCloseable {
    private static final long TERMINAL_REFRESH_NANOS = 200_000_000L;
    private static final long PIPE_REFRESH_NANOS = 10_000_000_000L;

    private final Console console;
    private final String what;
    private final long total;
    private final long start = System.nanoTime();
    private long done;
    private long lastDrawn;

    Progress(Console console, String what, long total) {
        this.console = console;
        this.what = what;
        this.total = Math.max(total, 0);
    }

    public synchronized void advance(long units) {
        done += units;
        long now = System.nanoTime();
        long refresh = console.interactive() ? TERMINAL_REFRESH_NANOS : PIPE_REFRESH_NANOS;
        if (now - lastDrawn >= refresh || done >= total) {
            lastDrawn = now;
            draw(now);
        }
    }

    private void draw(long now) {
        double seconds = (now - start) / 1e9;
        double fraction = total == 0 ? 1 : Math.min(1.0, (double) done / total);
        String eta = done == 0 || fraction >= 1 ? "" : " ETA " + format(Duration.ofMillis((long) (seconds / fraction * (1 - fraction) * 1000)));
        String text = String.format("%s %d/%d (%.0f%%)%s", what, done, total, fraction * 100, eta);
        if (console.interactive()) {
            int width = 30;
            int filled = (int) Math.round(fraction * width);
            console.err().print("\r[" + "#".repeat(filled) + " ".repeat(width - filled) + "] " + text + "   ");
            console.err().flush();
        } else {
            console.err().println(text);
        }
    }

    private static String format(Duration d) {
        long s = d.toSeconds();
        return s >= 3600 ? String.format("%dh%02dm", s / 3600, (s % 3600) / 60)
                : s >= 60 ? String.format("%dm%02ds", s / 60, s % 60) : s + "s";
    }

    @Override
    public synchronized void close() {
        if (console.interactive() && lastDrawn != 0) {
            console.err().println();
        }
    }
}
