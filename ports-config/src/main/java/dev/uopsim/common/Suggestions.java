package dev.uopsim.common;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** "Did you mean ...?": the nearest valid name to a misspelt one, by edit distance. */
public final class Suggestions {
    private Suggestions() {}

    /** The closest candidate (alphabetically first among equals), if close enough to be a plausible typo. */
    public static Optional<String> nearest(String wrong, Collection<String> candidates) {
        List<String> all = nearestAll(wrong, candidates, 1);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.getFirst());
    }

    /** Up to {@code limit} candidates at the smallest distance, in alphabetical order. */
    public static List<String> nearestAll(String wrong, Collection<String> candidates, int limit) {
        String w = wrong.toLowerCase();
        int bestDistance = Integer.MAX_VALUE;
        List<String> best = new ArrayList<>();
        for (String c : candidates) {
            int d = distance(w, c.toLowerCase());
            if (d < bestDistance) {
                bestDistance = d;
                best.clear();
            }
            if (d == bestDistance) best.add(c);
        }
        if (best.isEmpty()) return List.of();
        Collections.sort(best);
        int allowed = Math.max(2, Math.min(w.length(), best.getFirst().length()) / 3);
        return bestDistance <= allowed ? List.copyOf(best.subList(0, Math.min(limit, best.size()))) : List.of();
    }

    /** A hint sentence naming up to three near candidates, or null when nothing is near. */
    public static String didYouMean(String wrong, Collection<String> candidates) {
        List<String> near = nearestAll(wrong, candidates, 3);
        if (near.isEmpty()) return null;
        StringBuilder sb = new StringBuilder("did you mean ");
        for (int i = 0; i < near.size(); i++) {
            if (i > 0) sb.append(i == near.size() - 1 ? " or " : ", ");
            sb.append('\'').append(near.get(i)).append('\'');
        }
        return sb.append('?').toString();
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
