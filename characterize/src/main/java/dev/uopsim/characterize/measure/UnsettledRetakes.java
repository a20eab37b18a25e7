package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.common.MeasurementException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Readings of a batch that did not settle, taken again after pauses (5, 10, 20 s) until they do, and
 * the verdict when too many never do.
 *
 * <p>The bypass probe subtracts self-chains from round trips and sorts forms into domains by what is
 * left, so one reading taken while another tenant shared the core moves a form, or a whole domain,
 * elsewhere. In h60.jsonl (a busy half hour on the development host) 141 of 7,082 bypass chains were
 * still unsettled after the second pass; 24 of the 38 that read more than 5% away from h58's were
 * among them, and the run held 137 of its 200 held-apart chain checks within 5% (h58: 175). Attempts the journal holds
 * are read from it without a pause, so a replay takes the run's decisions and a resumed run goes on
 * with fresh attempts instead of reading the same busy ones.
 */
final class UnsettledRetakes {
    /** Fresh attempts one run measures after the readings it was given. */
    static final int FRESH_ATTEMPTS = 3;

    /**
     * The share of a batch still unsettled after every attempt above which the run stops for a later
     * resume: quiet runs leave 0.4% (h58: 32 of 8,000 bypass chains after the second pass), and a
     * share like this says the core was shared throughout the retakes.
     */
    static final double GIVE_UP = 0.05;

    /** Batches with fewer unsettled readings than this never stop a run (a few slow forms are not a shared core). */
    static final int GIVE_UP_AT_LEAST = 20;

    /** Where attempt {@code k} (from 1) of the pending readings comes from: the journal, or this machine. */
    interface Attempts {
        /** Whether the journal holds attempt {@code k} of every pending benchmark (indices into the batch). */
        boolean journaled(int k, List<Integer> pending);

        /**
         * Attempt {@code k} of the pending benchmarks, in their order, after the pause before this run's
         * fresh attempt {@code pause} (0: no pause); null when a replayed journal holds none of them.
         */
        List<Measurement> take(int k, List<Integer> pending, int pause) throws IOException;
    }

    /**
     * Attempts of a batch's benchmarks measured by {@code measurer} under {@code phase}, attempt {@code k}
     * named {@code <name><suffix><k>}, so that a replay and a resumed run read the same ones from the journal.
     */
    static Attempts journaled(JournalMeasurer measurer, String phase, List<Benchmark> batch, String suffix) {
        return new Attempts() {
            @Override
            public boolean journaled(int k, List<Integer> pending) {
                var journal = measurer.journal();
                if (journal == null) return false;
                for (int i : pending) if (!journal.benches().containsKey(batch.get(i).name() + suffix + k)) return false;
                return true;
            }

            @Override
            public List<Measurement> take(int k, List<Integer> pending, int pause) throws IOException {
                HostInference.pauseBeforeAttempt(pause, measurer.measuring());
                List<Benchmark> named = new ArrayList<>();
                for (int i : pending) named.add(HostInference.renamed(batch.get(i), batch.get(i).name() + suffix + k));
                List<Measurement> ms = measurer.run(phase, named);
                return !measurer.measuring() && ms.stream().noneMatch(Measurement::ok) ? null : ms;
            }
        };
    }

    /**
     * A batch measured under {@code phase} (or read from the journal), its unsettled readings taken in the
     * second pass and then again as attempts named {@code <name>-againK}.
     */
    static Outcome measure(JournalMeasurer measurer, String phase, List<Benchmark> batch, String what, Consumer<String> log)
            throws IOException {
        List<Measurement> first = measurer.retakeUnsettled(phase, batch, measurer.run(phase, batch));
        return settle(first, journaled(measurer, phase, batch, HostInference.AGAIN), measurer.measuring(), what, log);
    }

    /** The readings kept, the attempts this run measured, and how many readings never settled. */
    record Outcome(List<Measurement> readings, int fresh, int unsettled) {}

    private UnsettledRetakes() {}

    /**
     * Takes the unsettled readings of {@code first} again until all settle, or this run has measured
     * {@link #FRESH_ATTEMPTS} attempts, or (replaying) the journal has no more.
     */
    static Outcome settle(List<Measurement> first, Attempts attempts, boolean measuring, String what, Consumer<String> log)
            throws IOException {
        List<Measurement> kept = new ArrayList<>(first);
        int fresh = 0;
        for (int k = 1; ; k++) {
            List<Integer> pending = unsettled(kept);
            if (pending.isEmpty()) break;
            boolean journaled = attempts.journaled(k, pending);
            if (!journaled) {
                if (!measuring || fresh == FRESH_ATTEMPTS) break;
                fresh++;
                log.accept(String.format(Locale.ROOT, "%s: %d of %d readings did not settle (the core was shared); measuring them again",
                        what, pending.size(), kept.size()));
            }
            List<Measurement> again = attempts.take(k, pending, journaled ? 0 : fresh);
            if (again == null) break;
            for (int x = 0; x < pending.size(); x++) kept.set(pending.get(x), better(kept.get(pending.get(x)), again.get(x)));
        }
        return new Outcome(kept, fresh, unsettled(kept).size());
    }

    /**
     * The reading to keep: a settled retake replaces an unsettled reading; of two unsettled ones the lower
     * stands, as other work on the core only ever adds cycles; a failed retake changes nothing.
     */
    static Measurement better(Measurement held, Measurement again) {
        if (again == null || !again.ok() || again.estimate() == null) return held;
        if (again.settled() || !held.ok() || held.estimate() == null) return again;
        return again.perCopy() < held.perCopy() ? again : held;
    }

    /** The outcome, when few enough readings stayed unsettled to build on; otherwise the run stops, to be resumed later. */
    static Outcome usable(Outcome outcome, String what) {
        int n = outcome.readings().size();
        if (outcome.unsettled() >= GIVE_UP_AT_LEAST && outcome.unsettled() > GIVE_UP * n) {
            throw new MeasurementException(String.format(Locale.ROOT,
                    "%d of %d %s did not settle after every retake; quiet runs leave well under %.0f%%, so another tenant shared the "
                            + "core throughout, and figures built on them would be wrong", outcome.unsettled(), n, what, 100 * GIVE_UP),
                    "run characterize again with --resume when the machine is quieter: the journal keeps every figure measured so far, "
                            + "and these are measured again");
        }
        return outcome;
    }

    /** Indices of the readings that were taken but did not settle. */
    static List<Integer> unsettled(List<Measurement> readings) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < readings.size(); i++) if (readings.get(i).unsettled()) out.add(i);
        return out;
    }
}
