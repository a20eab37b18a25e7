package dev.uopsim.common;

import java.util.Collection;
import java.util.Optional;

/** "Did you mean ...?": the nearest valid name to a misspelt one, by edit distance. */
public final class Suggestions {
    private Suggestions() {}

    /** The closest candidate, if it is close enough to be a plausible typo. */
    public static Optional<String> nearest(String wrong, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        String w = wrong.toLowerCase();
        for (String c : candidates) {
            int d = distance(w, c.toLowerCase());
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        if (best == null) return Optional.empty();
        int allowed = Math.max(2, Math.min(w.length(), best.length()) / 3);
        return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** A hint sentence, or null when nothing is near. */
    public static String didYouMean(String wrong, Collection<String> candidates) {
        return nearest(wrong, candidates).map(s -> "did you mean '" + s + "'?").orElse(null);
    }

    /** Levenshtein distance with adjacent transpositions counted as one edit. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
