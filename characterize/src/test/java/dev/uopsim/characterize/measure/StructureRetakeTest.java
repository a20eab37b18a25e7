package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.infer.PortStructure;
import dev.uopsim.characterize.infer.StructureMixesFile;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.uopsim.common.MeasurementException;
import java.io.IOException;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The port structure's pair mixes, read on a shared core, fit the wrong layout; taken again after a
 * pause, they fit this host's nine ports. When every retake still fits badly the run stops, and a
 * resumed run measures fresh retakes instead of reading the same ones. The readings are the
 * development host's (h34.jsonl and its retake in h35.jsonl; h57.jsonl's four readings in a busy
 * hour), so the thresholds are checked against real contention, not an invented one.
 */
class StructureRetakeTest {
    private static final double WIDTH = 6.008;

    /** Each mix at its retake's reading where the retake has one (characterize keeps the latest reading). */
    private static List<PortStructure.Mix> latest(List<PortStructure.Mix> first, List<PortStructure.Mix> again) {
        Map<String, PortStructure.Mix> out = new LinkedHashMap<>();
        for (PortStructure.Mix m : first) out.put(key(m), m);
        for (PortStructure.Mix m : again) out.put(key(m), m);
        return new ArrayList<>(out.values());
    }

    private static String key(PortStructure.Mix m) {
        return m.i() + " " + m.j() + " " + m.a() + " " + m.b();
    }

    @Test
    void mixesReadOnASharedCoreAreTakenAgainAndThenFitNinePorts() throws IOException {
        // given the 234 mixes of the busy run, and the same mixes measured again after a pause
        StructureMixesFile busy = StructureMixesFile.read("h34-structure-mixes.txt");
        StructureMixesFile again = StructureMixesFile.read("h34-structure-mixes-again1.txt");

        // when the first reading is solved alone
        PortStructure.Solution first = PortStructure.solve(busy.sizes(), busy.mixes(), WIDTH, 16);

        // then it fits too badly to keep: characterize measures the mixes again
        assertNotNull(first);
        assertTrue(first.error() > StructureRetakes.FIT, "first reading's error " + first.error());

        // and taken again the layout fits, on the nine ports every quiet run found
        PortStructure.Solution refit = PortStructure.solve(busy.sizes(), latest(busy.mixes(), again.mixes()), WIDTH, 16);
        assertNotNull(refit);
        assertTrue(refit.error() <= StructureRetakes.FIT, "refit error " + refit.error());
        assertEquals(9, refit.ports());
    }

    // ---- A run whose every retake fits badly (h57.jsonl) ----------------------------------------

    /** h57's front end: 6 NOPs a cycle. */
    private static final double H57_WIDTH = 6.0;

    /** h57's readings: the first, then attempts 1-3 (-again1..3); each mix at the same index in every file. */
    private static StructureMixesFile[] h57() throws IOException {
        return new StructureMixesFile[]{StructureMixesFile.read("h57-structure-mixes.txt"),
                StructureMixesFile.read("h57-structure-mixes-again1.txt"), StructureMixesFile.read("h57-structure-mixes-again2.txt"),
                StructureMixesFile.read("h57-structure-mixes-again3.txt")};
    }

    private static double[] cycles(StructureMixesFile f) {
        return f.mixes().stream().mapToDouble(PortStructure.Mix::cycles).toArray();
    }

    /** The mixes with a figure, at these readings. */
    private static List<PortStructure.Mix> measured(StructureMixesFile design, double[] cycles) {
        List<PortStructure.Mix> ms = new ArrayList<>();
        for (int x = 0; x < cycles.length; x++) {
            PortStructure.Mix m = design.mixes().get(x);
            if (Double.isFinite(cycles[x])) ms.add(new PortStructure.Mix(m.i(), m.j(), m.a(), m.b(), m.slots(), cycles[x]));
        }
        return ms;
    }

    /** Each mix at the latest of h57's four readings that has a figure, as characterize keeps them. */
    private static double[] latest(StructureMixesFile[] readings) {
        double[] out = cycles(readings[0]);
        for (int k = 1; k < readings.length; k++) {
            double[] again = cycles(readings[k]);
            for (int x = 0; x < out.length; x++) if (Double.isFinite(again[x])) out[x] = again[x];
        }
        return out;
    }

    /** The layout the solver finds for h57's latest readings (solved once: a badly fitting search takes seconds). */
    private static PortStructure.Solution h57Layout;

    private static synchronized PortStructure.Solution h57Layout() throws IOException {
        if (h57Layout == null) {
            StructureMixesFile[] h57 = h57();
            h57Layout = PortStructure.solve(h57[0].sizes(), measured(h57[0], latest(h57)), H57_WIDTH, 16);
        }
        return h57Layout;
    }

    /**
     * A stand-in for the solver in the retake loop's tests: h57's layout, scored against the readings
     * given (the loop only asks how well the best layout fits).
     */
    private static PortStructure.Solution scoreH57Layout(StructureMixesFile design, double[] cycles) {
        PortStructure.Solution s = h57Layout;
        return new PortStructure.Solution(s.ports(), s.masks(), s.allowed(),
                PortStructure.error(design.sizes(), s.masks(), measured(design, cycles), H57_WIDTH));
    }

    /** Attempts 1-3 from the journal; later ones from {@code fresh} (as measured on this machine), each call recorded. */
    private static StructureRetakes.Attempts journalThen(StructureMixesFile[] journal, double[] fresh, List<String> calls) {
        return new StructureRetakes.Attempts() {
            @Override
            public boolean journaled(int k) {
                return k < journal.length;
            }

            @Override
            public double[] take(int k, int pause) {
                calls.add(k + "/" + pause);
                if (k < journal.length) return cycles(journal[k]);
                return fresh == null ? null : fresh.clone();
            }
        };
    }

    @Test
    void mixesThatFitBadlyAfterEveryRetakeStopTheRunForALaterResume() throws IOException {
        // given h57's first reading and its three retakes, each mix at its latest reading
        StructureMixesFile[] h57 = h57();

        // when the solver looks for the layout that fits them best
        PortStructure.Solution best = h57Layout();

        // then it still misses the mixes badly (h57: 5 ports, 12.9%)
        assertNotNull(best);
        assertTrue(best.error() > StructureRetakes.GIVE_UP, "h57's error " + best.error());

        // and the run stops with a hint to resume, instead of building port sets on it
        MeasurementException stop = assertThrows(MeasurementException.class,
                () -> StructureRetakes.usable(best, h57[0].mixes().size(), h57[0].sizes().length));
        assertTrue(stop.render().contains("--resume"), stop.render());
    }

    @Test
    void aReplayReadsTheJournaledRetakesWithoutPausing() throws IOException {
        // given h57's journal replayed (nothing measured)
        StructureMixesFile[] h57 = h57();
        h57Layout();
        List<String> calls = new ArrayList<>();

        // when the structure is settled
        StructureRetakes.Outcome outcome = StructureRetakes.settle(cycles(h57[0]), c -> scoreH57Layout(h57[0], c),
                journalThen(h57, null, calls), false, line -> { });

        // then the three retakes are read without pauses, the fourth is not in the journal, and the latest readings stand
        assertEquals(List.of("1/0", "2/0", "3/0", "4/0"), calls);
        assertEquals(0, outcome.fresh());
        assertTrue(Arrays.equals(latest(h57), outcome.cycles()));
        assertTrue(outcome.solution().error() > StructureRetakes.GIVE_UP);
    }

    @Test
    void aResumedRunMeasuresFreshRetakesAfterTheJournaledOnes() throws IOException {
        // given h57's journal, resumed on a machine still busy (each fresh attempt reads as the last did)
        StructureMixesFile[] h57 = h57();
        h57Layout();
        List<String> calls = new ArrayList<>();
        List<String> log = new ArrayList<>();

        // when the structure is settled
        StructureRetakes.Outcome outcome = StructureRetakes.settle(cycles(h57[0]), c -> scoreH57Layout(h57[0], c),
                journalThen(h57, cycles(h57[3]), calls), true, log::add);

        // then the journal's attempts are read without a pause, and three more are measured after 5, 10, 20 s
        assertEquals(List.of("1/0", "2/0", "3/0", "4/1", "5/2", "6/3"), calls);
        assertEquals(StructureRetakes.FRESH_ATTEMPTS, outcome.fresh());
        assertEquals(3, log.size(), String.join("\n", log));
        assertTrue(outcome.solution().error() > StructureRetakes.GIVE_UP);
    }

    @Test
    void aQuietRetakeOnResumeLetsTheRunGoOn() throws IOException {
        // given h57's journal, and a machine now quiet: the fresh attempt reads every mix as the layout predicts
        StructureMixesFile[] h57 = h57();
        PortStructure.Solution layout = h57Layout();
        double[] quiet = new double[h57[0].mixes().size()];
        for (int x = 0; x < quiet.length; x++) {
            PortStructure.Mix m = h57[0].mixes().get(x);
            int overlap = Integer.bitCount(layout.masks()[m.i()] & layout.masks()[m.j()]);
            quiet[x] = PortStructure.predict(h57[0].sizes()[m.i()], h57[0].sizes()[m.j()], m, overlap, H57_WIDTH);
        }
        List<String> calls = new ArrayList<>();

        // when the structure is settled
        StructureRetakes.Outcome outcome = StructureRetakes.settle(cycles(h57[0]), c -> scoreH57Layout(h57[0], c),
                journalThen(h57, quiet, calls), true, line -> { });

        // then one fresh attempt was enough, and its layout is used
        assertEquals(List.of("1/0", "2/0", "3/0", "4/1"), calls);
        assertEquals(1, outcome.fresh());
        assertTrue(outcome.solution().error() <= StructureRetakes.FIT, "quiet error " + outcome.solution().error());
        assertEquals(outcome.solution(), StructureRetakes.usable(outcome.solution(), quiet.length, h57[0].sizes().length));
    }
}
