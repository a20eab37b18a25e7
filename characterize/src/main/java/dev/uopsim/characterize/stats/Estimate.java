package dev.uopsim.characterize.stats;

/**
 * A measured figure: cycles per instance (instruction, chain step or block iteration), how widely
 * the kept samples spread (median absolute deviation over the median, per sample), whether two
 * independent halves of the samples agree, and how many samples were kept of those taken.
 */
public record Estimate(double value, double spread, boolean stable, int kept, int taken, String note) {
    public static Estimate none(String why, int taken) {
        return new Estimate(Double.NaN, Double.NaN, false, 0, taken, why);
    }
}
