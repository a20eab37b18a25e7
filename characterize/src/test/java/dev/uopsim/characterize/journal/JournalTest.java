package dev.uopsim.characterize.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.common.InputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalTest {
    @TempDir
    Path dir;

    private static final Map<String, Object> CPU = Map.of("vendor", "GenuineIntel", "family", 6, "model", 167, "stepping", 1, "brand", "x");

    private static Map<String, Object> form(String name, double lat) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("type", "form");
        r.put("form", name);
        r.put("result", Map.of("form", name, "latency", Map.of("op0->op0", Map.of("cycles", lat))));
        return r;
    }

    private Journal create(Path p) throws IOException {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("cpu_identity", CPU);
        h.put("model_file", "host.json");
        return Journal.create(p, h);
    }

    @Test
    void aSecondPassSupersedesTheFormAndBenchmarkButKeepsTheFirstReading() throws IOException {
        Path p = dir.resolve("passes.jsonl");
        try (Journal j = create(p)) {
            j.append(Map.of("type", "bench", "name", "b1", "ok", true, "samples", List.of(), "loops", 1), false);
            j.append(form("ADD_01 (R64, R64)", 1.0), true);
            Map<String, Object> again = new LinkedHashMap<>(form("ADD_01 (R64, R64)", 1.5));
            again.put("pass", 2);
            j.append(Map.of("type", "bench", "name", "b1", "ok", true, "samples", List.of(), "loops", 2, "pass", 2), false);
            j.append(again, true);
        }
        try (Journal j = Journal.resume(p, CPU, "host.json")) {
            assertEquals(2, j.formPass("ADD_01 (R64, R64)"));
            assertEquals(1, j.formPass("IMUL (R64, R64)"), "a form never journaled counts as first pass");
            assertEquals(2, j.benches().get("b1").get("loops"), "the latest record of a benchmark is the one measured");
            assertEquals(1, j.firstBench("b1").get("loops"), "the first reading stays to choose from");
            assertEquals(2, Journal.passOf(j.benches().get("b1")));
            j.append(Map.of("type", "bench", "name", "b1", "ok", true, "samples", List.of(), "loops", 3, "round", 2), false);
            assertEquals(2, j.benches().get("b1").get("loops"), "a later round stays out of the first round's records");
            assertEquals(3, j.benchOfRound("b1", 2).get("loops"));
            assertEquals(null, j.benchOfRound("b1", 3));
            @SuppressWarnings("unchecked")
            Map<String, Object> lat = (Map<String, Object>) j.forms().get("ADD_01 (R64, R64)").get("latency");
            assertEquals(Map.of("cycles", 1.5), lat.get("op0->op0"));
        }
    }

    @Test
    void aResumedJournalHasTheCompletedFormsAndDropsATornLastLine() throws IOException {
        Path p = dir.resolve("run.jsonl");
        try (Journal j = create(p)) {
            j.append(Map.of("type", "bench", "name", "b1", "ok", true, "samples", List.of()), false);
            j.append(form("ADD_01 (R64, R64)", 1.0), true);
            j.append(form("IMUL (R64, R64)", 3.0), true);
        }
        // A kill -9 in the middle of writing a record.
        Files.writeString(p, "{\"type\":\"form\",\"form\":\"POPCNT", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        try (Journal j = Journal.resume(p, CPU, "host.json")) {
            assertEquals(List.of("ADD_01 (R64, R64)", "IMUL (R64, R64)"), List.copyOf(j.forms().keySet()));
            assertTrue(j.benches().containsKey("b1"));
            j.append(form("POPCNT (R64, R64)", 3.0), true);
        }
        List<String> lines = Files.readAllLines(p);
        assertEquals(5, lines.size(), "header, bench, two forms, and the form appended after resuming: " + lines);
        try (Journal j = Journal.resume(p, CPU, null)) {
            assertEquals(3, j.forms().size());
        }
    }

    @Test
    void aJournalFromAnotherCpuOrForAnotherModelFileIsRefused() throws IOException {
        Path p = dir.resolve("run.jsonl");
        create(p).close();
        InputException e = assertThrows(InputException.class,
                () -> Journal.resume(p, Map.of("vendor", "AuthenticAMD", "family", 25, "model", 33, "stepping", 0, "brand", "y"), null));
        assertTrue(e.getMessage().contains("another CPU"), e.getMessage());
        InputException m = assertThrows(InputException.class, () -> Journal.resume(p, CPU, "other.json"));
        assertTrue(m.getMessage().contains("host.json"), m.getMessage());
    }

    @Test
    void anExistingJournalIsNotOverwritten() throws IOException {
        Path p = dir.resolve("run.jsonl");
        create(p).close();
        InputException e = assertThrows(InputException.class, () -> create(p));
        assertTrue(e.hint().orElse("").contains("--resume"));
    }
}
