package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.infer.PortStructure;
import dev.uopsim.common.MeasurementException;
import java.io.IOException;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The port structure's pair mixes, taken again until a port layout fits them, and the verdict on the
 * layout that fits them best.
 *
 * <p>Mixes read on a shared core fit no layout well, and the layout that fits them least badly can be
 * wrong: h34.jsonl (the development host, a busy quarter hour) fitted 7 ports at a mean error of 4.9%
 * where every other run fitted 9 at 1.4-2.8%, and half the held-apart mixes missed. So they are
 * measured again after a pause (5, 10, 20 s) until a layout fits, the latest reading of each mix
 * standing (a mix's figure is the difference of two loop lengths, so the fastest of several can read
 * low; a mix whose retake failed keeps its earlier one). Attempts the journal holds are read from it,
 * without a pause, so a resumed run goes on with fresh ones instead of reading the same busy ones.
 */
final class StructureRetakes {
    /**
     * The mean error above which the mixes are measured again. Runs whose layout matched the core
     * fitted 1.3-2.8% (9 or 8 ports); busy runs fitted 3.4% (h44: 7 ports, loads sharing a port with
     * ALUs), 3.7%, 4.9% and 6.5% with 6-7 ports.
     */
    static final double FIT = 0.030;

    /**
     * The mean error above which, after every retake, the layout is not used and the run stops for a
     * later resume. Between {@link #FIT} and this the layout stands with a note: busy runs fitted
     * 3.4-3.7% with a port fewer, but stopping there would also stop every run on a core whose true
     * layout fits a little worse than this one's. h34's first reading (7 ports, 4.9%) and h57 (5 ports,
     * 12.9%, 412 of 800 held-apart checks within 5% where h56 had 676) lie above it.
     */
    static final double GIVE_UP = 0.045;

    /** Fresh attempts one run measures after the first reading. */
    static final int FRESH_ATTEMPTS = HostInference.PROBE_ATTEMPTS - 1;

    /** Where the attempts after the first come from: the journal, or this machine. */
    interface Attempts {
        /** Whether the journal holds attempt {@code k} (from 1) of every mix. */
        boolean journaled(int k);

        /**
         * Attempt {@code k}'s reading of each mix (NaN where it has none), after the pause before this
         * run's fresh attempt {@code pause} (0: no pause); null when a replayed journal took no such attempt.
         */
        double[] take(int k, int pause) throws IOException;
    }

    /** The best layout for the latest readings (null when none fits), those readings, and the attempts this run measured. */
    record Outcome(PortStructure.Solution solution, double[] cycles, int fresh) {}

    private StructureRetakes() {}

    /**
     * Takes the mixes again until {@code fit} finds a layout within {@link #FIT}, or this run has
     * measured {@link #FRESH_ATTEMPTS} attempts, or (replaying) the journal has no more.
     */
    static Outcome settle(double[] first, Function<double[], PortStructure.Solution> fit, Attempts attempts, boolean measuring,
            Consumer<String> log) throws IOException {
        double[] cycles = first.clone();
        PortStructure.Solution solution = fit.apply(cycles);
        int fresh = 0;
        for (int k = 1; solution == null || solution.error() > FIT; k++) {
            boolean journaled = attempts.journaled(k);
            if (measuring && !journaled) {
                if (fresh == FRESH_ATTEMPTS) break;
                fresh++;
                log.accept((solution == null ? "port structure: no layout fits the mixes"
                        : String.format(Locale.ROOT, "port structure: %d ports fit the mixes with a mean error of %.1f%%",
                                solution.ports(), 100 * solution.error())) + ": the core was shared; measuring them again");
            }
            double[] again = attempts.take(k, journaled ? 0 : fresh);
            if (again == null) break;
            for (int x = 0; x < cycles.length; x++) if (Double.isFinite(again[x])) cycles[x] = again[x];
            PortStructure.Solution refit = fit.apply(cycles);
            if (refit != null) solution = refit;
        }
        return new Outcome(solution, cycles, fresh);
    }

    /** The layout, when it fits well enough to build on; otherwise the run stops, to be resumed later. */
    static PortStructure.Solution usable(PortStructure.Solution solution, int mixes, int classes) {
        String resume = "run characterize again with --resume when the machine is quieter: the journal keeps every figure "
                + "measured so far, and the mixes are measured again";
        if (solution == null) {
            throw new MeasurementException("no port layout of up to 16 ports explains the " + mixes + " mixes of the " + classes
                    + " port classes", resume);
        }
        if (solution.error() > GIVE_UP) {
            // Every later step builds on these port sets: a model written from them would be wrong throughout.
            throw new MeasurementException(String.format(Locale.ROOT,
                    "the port layout that best explains the %d mixes of the %d port classes (%d ports) misses them by %.1f%% on "
                            + "average after every retake; layouts that matched this core fitted within %.0f%%, so another tenant "
                            + "shared the core throughout, and every port set built on it would be wrong",
                    mixes, classes, solution.ports(), 100 * solution.error(), 100 * FIT),
                    resume + " (if it stops here again on a quiet machine, start a new journal: the port classes themselves "
                            + "were then read on a shared core)");
        }
        return solution;
    }
}
