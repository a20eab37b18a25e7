package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.clock.Clock;
import dev.uopsim.characterize.runner.RawSample;
import dev.uopsim.characterize.stats.Estimate;
import java.io.IOException;
import java.util.List;
import java.util.function.Predicate;

/**
 * Waiting out other work on a shared machine. A measurement whose samples were mostly taken while
 * another thread used the core (its sentinel ran slow) and whose estimate is not stable is taken
 * again after a pause, a few times at most: a burst of another tenant's work must not become the
 * figure (one such burst on the development host read ADD as 8 front-end slots in one run, 1 in others).
 * The pauses double and stop once a run has waited {@link #BUDGET_MILLIS} in all: a machine busy for
 * good gets the figures it gives.
 */
final class Contention {
    static final int RETRIES = 4;
    static final long PAUSE_MILLIS = 250;
    static final long BUDGET_MILLIS = 300_000;

    private final long budgetMillis;
    private final long pauseMillis;
    private long waitedMillis;
    /** Waited before the budget was last renewed. */
    private long spentMillis;
    private int remeasured;

    Contention() {
        this(BUDGET_MILLIS, PAUSE_MILLIS);
    }

    /** With another budget and first pause (tests). */
    Contention(long budgetMillis, long pauseMillis) {
        this.budgetMillis = budgetMillis;
        this.pauseMillis = pauseMillis;
    }

    /** One measurement, taken afresh each time. */
    interface Attempt<T> {
        T take() throws IOException;
    }

    /** Takes a measurement, and again after a pause while {@code worthTakingAgain} says the core was shared. */
    <T> T measure(Attempt<T> attempt, Predicate<T> worthTakingAgain) throws IOException {
        T m = attempt.take();
        for (int k = 0; worthTakingAgain.test(m) && pause(k); k++) m = attempt.take();
        return m;
    }

    /**
     * An estimate that is not stable, more than half of whose samples were dropped because the sentinel
     * ran slow against {@code reference}: waiting may help, where an unstable figure on a quiet core would
     * come out the same.
     */
    static boolean worthTakingAgain(Clock clock, Estimate estimate, List<RawSample> samples, double reference) {
        if (estimate == null || estimate.stable()) return false;
        long contended = clock.convert(samples, reference).stream().filter(Clock.Sample::contended).count();
        return contended * 2 > samples.size();
    }

    /**
     * Pauses before measuring again ({@code attempt} counts from 0); false, without pausing, when the
     * retries or the budget are spent or the thread was interrupted.
     */
    boolean pause(int attempt) {
        if (attempt >= RETRIES || waitedMillis - spentMillis >= budgetMillis) return false;
        long pause = pauseMillis << attempt;
        if (!sleep(pause)) return false;
        waitedMillis += pause;
        if (attempt == 0) remeasured++;
        return true;
    }

    /** Sleeps; false, with the thread's interrupt flag set again, when it was interrupted. */
    static boolean sleep(long millis) {
        try {
            Thread.sleep(millis);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** A fresh budget for what comes next (the held-apart checks come last, and the run is judged by them). */
    void renew() {
        spentMillis = waitedMillis;
    }

    int remeasured() { return remeasured; }

    @Override
    public String toString() {
        return remeasured + " measurements taken again after the core was shared (" + waitedMillis / 1000 + " s waited)";
    }
}
