package dev.uopsim.validation;

import java.util.Arrays;

/** Accuracy measures of predictions against measurements. */
public final class Metrics {
    private Metrics() {}

    /** Mean absolute percentage error as a fraction (0.05 = 5%). */
    public static double mape(double[] predicted, double[] measured) {
        double sum = 0;
        for (int i = 0; i < predicted.length; i++) sum += Math.abs(predicted[i] - measured[i]) / measured[i];
        return predicted.length == 0 ? Double.NaN : sum / predicted.length;
    }

    /**
     * Kendall's tau-b: agreement of the two orderings, corrected for ties (1 = same order,
     * 0 = unrelated, -1 = reversed).
     */
    public static double kendallTau(double[] x, double[] y) {
        int n = x.length;
        long concordant = 0, discordant = 0, tiesX = 0, tiesY = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                int a = Double.compare(x[i], x[j]);
                int b = Double.compare(y[i], y[j]);
                if (a == 0 && b == 0) continue;
                if (a == 0) tiesX++;
                else if (b == 0) tiesY++;
                else if (a == b) concordant++;
                else discordant++;
            }
        }
        double denominator = Math.sqrt((double) (concordant + discordant + tiesX) * (concordant + discordant + tiesY));
        return denominator == 0 ? Double.NaN : (concordant - discordant) / denominator;
    }

    /** Relative errors (signed) of each prediction. */
    public static double[] relativeErrors(double[] predicted, double[] measured) {
        double[] e = new double[predicted.length];
        for (int i = 0; i < e.length; i++) e[i] = (predicted[i] - measured[i]) / measured[i];
        return e;
    }

    /** The q-quantile (0..1) of values. */
    public static double quantile(double[] values, double q) {
        if (values.length == 0) return Double.NaN;
        double[] s = values.clone();
        Arrays.sort(s);
        double pos = q * (s.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(s.length - 1, lo + 1);
        return s[lo] + (s[hi] - s[lo]) * (pos - lo);
    }
}
