package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Domains from round trips through reference forms, and delays from round trips between domains. */
class BypassDomainsTest {
    /** Two references: an integer form and a floating-point one. */
    private static final Map<String, String> REFS = new LinkedHashMap<>();

    static {
        REFS.put("PADDD", "vec-int");
        REFS.put("MULPS", "fp-mul");
    }

    @Test
    void formsWithTheSameRoundTripsShareADomain() {
        // given round trips through (PADDD, MULPS): integer forms 0/2, floating-point ones 2/0, a third kind 1/1
        Map<String, double[]> excess = new LinkedHashMap<>();
        excess.put("PADDD", new double[]{0, 2.02});
        excess.put("MULPS", new double[]{1.97, 0});
        excess.put("PSUBB", new double[]{0.04, 1.98});
        excess.put("MINPS", new double[]{2.01, -0.03});
        excess.put("AESENC", new double[]{1.0, 1.02});
        excess.put("AESDEC", new double[]{0.98, 1.0});
        excess.put("AESIMC", new double[]{1.01, 0.99});
        excess.put("ODD", new double[]{3.0, 0.5});
        excess.put("SLOW", new double[]{40, 0});
        excess.put("LOST", new double[]{Double.NaN, 0});
        // when classified with groups of at least 3 forms (references excepted)
        BypassDomains.Classes c = BypassDomains.classify(REFS, excess, 3);
        // then the references name their domains, the third kind takes its first form's name
        assertEquals(List.of("vec-int", "fp-mul", "like-aesenc"), c.domains());
        assertEquals("vec-int", c.domainOf().get("PSUBB"));
        assertEquals("fp-mul", c.domainOf().get("MINPS"));
        assertEquals("like-aesenc", c.domainOf().get("AESIMC"));
        assertEquals(1.0, c.roundTrips().get("like-aesenc")[0], 0.02, "the median of its forms");
        // and the others have none, each with the reason
        assertTrue(c.unsettled().get("ODD").contains("fewer than 3 forms"), c.unsettled().toString());
        assertTrue(c.unsettled().get("SLOW").contains("more than a bypass"), c.unsettled().toString());
        assertTrue(c.unsettled().get("LOST").contains("no round trip through PADDD"), c.unsettled().toString());
    }

    @Test
    void delaysAddUpToEveryRoundTrip() {
        // given three domains: 0 <-> 1 two cycles, 0 <-> 2 one, 1 <-> 2 1.38 (a delay on some ports only)
        double[][] s = {{0, 2, 1}, {2, 0, 1.38}, {1, 1.38, 0}};
        double[][] d = BypassDomains.delays(s);
        // then each pair's two directions add up to its round trip, none negative
        for (int i = 0; i < 3; i++) {
            assertEquals(0, d[i][i]);
            for (int j = 0; j < 3; j++) {
                if (i == j) continue;
                assertTrue(d[i][j] >= 0, "d[" + i + "][" + j + "] = " + d[i][j]);
                assertEquals(s[i][j], d[i][j] + d[j][i], 0.011, "round trip " + i + " <-> " + j);
            }
        }
    }

    @Test
    void loopsOfThreeTellTheDirectionsApart() {
        // given three domains whose round trips are all 1, but 0 -> 1 -> 2 -> 0 takes 2.5 and 0 -> 2 -> 1 -> 0 only 0.5
        double[][] s = {{0, 1, 1}, {1, 0, 1}, {1, 1, 0}};
        List<BypassDomains.Triangle> loops = List.of(new BypassDomains.Triangle(0, 1, 2, 2.5), new BypassDomains.Triangle(0, 2, 1, 0.5));
        // when fitted
        double[][] d = BypassDomains.delays(s, loops);
        // then both loops and every round trip come out as measured (an even split would make both loops 1.5)
        assertEquals(2.5, d[0][1] + d[1][2] + d[2][0], 0.05, java.util.Arrays.deepToString(d));
        assertEquals(0.5, d[0][2] + d[2][1] + d[1][0], 0.05, java.util.Arrays.deepToString(d));
        for (int i = 0; i < 3; i++) for (int j = i + 1; j < 3; j++) assertEquals(1.0, d[i][j] + d[j][i], 0.05);
        assertTrue(BypassDomains.misfit(d, s, loops) < 0.05);
    }

    @Test
    void loopsMeasuredSlowCannotChangeARoundTrip() {
        // given two integer-vector domains measured 0.00 apart and an FP domain a cycle from each, and
        // many loops of three on a shared core, every one 0.4 cycles slow (1 measured 1.4)
        double[][] s = {{0, 0, 1}, {0, 0, 1}, {1, 1, 0}};
        List<BypassDomains.Triangle> loops = new java.util.ArrayList<>();
        for (int k = 0; k < 40; k++) {
            loops.add(new BypassDomains.Triangle(0, 1, 2, 1.4));
            loops.add(new BypassDomains.Triangle(0, 2, 1, 1.4));
        }
        // when fitted
        double[][] d = BypassDomains.delays(s, loops);
        // then the two domains stay free of each other and each measured round trip is kept whole;
        // only the split of a round trip is the loops' to choose
        assertEquals(0.0, d[0][1] + d[1][0], 1e-9, java.util.Arrays.deepToString(d));
        assertEquals(1.0, d[0][2] + d[2][0], 0.011, java.util.Arrays.deepToString(d));
        assertEquals(1.0, d[1][2] + d[2][1], 0.011, java.util.Arrays.deepToString(d));
        for (double[] row : d) for (double v : row) assertTrue(v >= 0, java.util.Arrays.deepToString(d));
    }

    @Test
    void aDomainThatCostsOnlyOnTheWayOutPaysItThere() {
        // given a fast adder whose result reaches every other domain a cycle late, and nothing else costs
        double[][] s = {{0, 0, 1}, {0, 0, 1}, {1, 1, 0}};
        double[][] d = BypassDomains.delays(s);
        // then the split with fewest delays charges one direction only (which one, loops cannot tell)
        int nonZero = 0;
        for (double[] row : d) for (double v : row) if (v > 0) nonZero++;
        assertEquals(2, nonZero, java.util.Arrays.deepToString(d));
        assertEquals(1.0, d[2][0] + d[0][2], 1e-9);
    }
}
