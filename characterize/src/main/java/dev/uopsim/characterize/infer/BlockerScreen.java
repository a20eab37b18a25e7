package dev.uopsim.characterize.infer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a blocking instruction blocks its port combination and nothing else. Algorithm 1 reads every
 * cycle a form adds beside the blockers as µops on their ports, so a blocker that also holds back the
 * front end or rename reads µops into any form. EMMS on the family 19h model 11h guest: 0.25 cycles a
 * copy alone, four FP pipes' worth, and the first of the FP0123 class (it writes no register), but six
 * EMMS and two CLCs (which take no port) ran 2.00 cycles, not 1.50, and eight with three CLCs 2.48,
 * not 2.00. Beside six of them a three-component LEA read two µops on FP0123, and 385 integer forms got
 * FP µops that way (h79). So each combination's first candidates run as {@code 2|c|} copies with as many
 * one-slot fillers as the front end feeds with 5% to spare; a blocker passes when that takes no more than
 * its port bound, two cycles, by 5%.
 */
public final class BlockerScreen {
    /** How far the screen may run above its port bound. */
    public static final double SLACK = 0.05;
    /** Copies of the blocker per port of its combination: two cycles' worth. */
    public static final int COPIES_PER_PORT = 2;
    /** Candidates screened per combination, best ranked first. */
    public static final int CANDIDATES = 3;

    private BlockerScreen() {}

    /** One screened candidate: its name, the cycles its screen took and what its ports bound it to. */
    public record Reading(String form, double cycles, double expected) {
        public boolean passed() {
            return Double.isFinite(cycles) && cycles <= expected * (1 + SLACK);
        }

        public boolean measured() {
            return Double.isFinite(cycles);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s %.2f cycles (ports %.2f)", form, cycles, expected);
        }
    }

    /** Blocker copies in a screen of a combination of {@code ports} ports. */
    public static int copies(int ports) {
        return COPIES_PER_PORT * ports;
    }

    /**
     * Fillers beside the copies: as many as keep the front end's time ({@code copies x slots + fillers}
     * over the width) 5% under the port bound; 0 when there is no room for one (a combination as wide as
     * the front end cannot be screened this way).
     */
    public static int fillers(int ports, double blockerSlots, double width) {
        double bound = (double) copies(ports) / ports;
        int n = (int) Math.floor(bound * width / (1 + SLACK) - copies(ports) * blockerSlots + 1e-9);
        return Math.max(0, n);
    }

    /**
     * The candidates reordered by their readings: the passed ones first, then those not screened, then the
     * failed ones (kept last, so that a form no passing blocker may share a loop with still has one). Each
     * group keeps its rank. {@code readings} holds one per screened candidate by name; unmeasured ones
     * (a journal without the screen) count as not screened. Where none passed the rank stands: the
     * combination's bound is what failed (six plain loads and five CLCs 2.24 cycles on the guest, six
     * MOVZX loads 2.17), and a candidate never screened is no better.
     */
    public static <T> List<T> reorder(List<T> candidates, java.util.function.Function<T, String> name, List<Reading> readings) {
        List<T> passed = new ArrayList<>(), unknown = new ArrayList<>(), failed = new ArrayList<>();
        for (T c : candidates) {
            Reading r = readings.stream().filter(x -> x.form().equals(name.apply(c))).findFirst().orElse(null);
            if (r == null || !r.measured()) unknown.add(c);
            else (r.passed() ? passed : failed).add(c);
        }
        if (passed.isEmpty()) return candidates;
        List<T> out = new ArrayList<>(passed);
        out.addAll(unknown);
        out.addAll(failed);
        return out;
    }
}
