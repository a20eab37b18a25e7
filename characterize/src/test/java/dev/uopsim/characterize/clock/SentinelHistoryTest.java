package dev.uopsim.characterize.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sentinel's usual cost on a CPU, kept between runs. */
class SentinelHistoryTest {
    @TempDir
    Path dir;

    @Test
    void theUsualCostIsTheMedianOfRecentRunsOnceThereAreEnough() {
        SentinelHistory h = SentinelHistory.load(dir.resolve("s.json"));
        assertTrue(Double.isNaN(h.usual()), "no runs yet: nothing to compare with");
        h.record(1235);
        h.record(1340);                     // a run disturbed throughout
        assertTrue(Double.isNaN(h.usual()), "two runs are too few");
        h.record(1231);
        assertEquals(1235, h.usual(), 1e-9);
        h.record(1000);                     // one run whose calibration read fast does not set the bar
        assertEquals((1231 + 1235) / 2.0, h.usual(), 1e-9);
    }

    @Test
    void onlyTheLastRunsAreKeptAndNonsenseIsIgnored() {
        SentinelHistory h = SentinelHistory.load(dir.resolve("s.json"));
        for (int i = 0; i < SentinelHistory.RUNS + 5; i++) h.record(1000 + i);
        h.record(Double.POSITIVE_INFINITY);     // a run that measured nothing
        h.record(-3);
        assertEquals(SentinelHistory.RUNS, h.runs().size());
        assertEquals(1005, h.runs().getFirst(), 1e-9);
        assertEquals(1000 + SentinelHistory.RUNS + 4, h.runs().getLast(), 1e-9);
    }

    @Test
    void aRunMoreThanTheSlackAboveUsualIsSlower() {
        assertTrue(SentinelHistory.slowerThanUsual(1335, 1235));      // the development host's disturbed runs: +8%
        assertFalse(SentinelHistory.slowerThanUsual(1290, 1235));     // +4.5%: within the clock's slack
        assertFalse(SentinelHistory.slowerThanUsual(1335, Double.NaN));
        assertFalse(SentinelHistory.slowerThanUsual(Double.POSITIVE_INFINITY, 1235));
    }

    @Test
    void savedAndLoadedAgain() throws Exception {
        Path f = dir.resolve("cache").resolve("s.json");
        SentinelHistory h = SentinelHistory.load(f);
        h.record(1235.5);
        h.record(1240);
        h.save();
        SentinelHistory back = SentinelHistory.load(f);
        assertNull(back.problem());
        assertEquals(h.runs(), back.runs());
        try (var files = Files.list(f.getParent())) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void anUnreadableFileIsSetAsideAndWrittenAfresh() throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, "{\"format\": \"uopsim-sentinel-history/1\", \"runs\": [{\"cycles\": \"fast\"}]}");
        SentinelHistory h = SentinelHistory.load(f);
        assertNotNull(h.problem());
        assertTrue(h.problem().contains(f.toString()), h.problem());
        assertTrue(h.runs().isEmpty());
        Files.writeString(f, "not json at all");
        assertNotNull(SentinelHistory.load(f).problem());
        h.record(1231);
        h.save();
        SentinelHistory back = SentinelHistory.load(f);
        assertNull(back.problem());
        assertEquals(1, back.runs().size());
    }

    @Test
    void eachCpuAndSentinelHasItsOwnFile() {
        Map<String, Object> a = Map.of("vendor", "GenuineIntel", "family", 6, "model", 207);
        Map<String, Object> b = Map.of("vendor", "AuthenticAMD", "family", 25, "model", 1);
        Path fa = SentinelHistory.fileFor(dir, a, "add r8, r9");
        assertEquals(fa, SentinelHistory.fileFor(dir, a, "add r8, r9"));
        assertNotEquals(fa, SentinelHistory.fileFor(dir, b, "add r8, r9"));
        assertNotEquals(fa, SentinelHistory.fileFor(dir, a, "add r10, r11"));
        assertEquals(dir, fa.getParent());
    }
}
