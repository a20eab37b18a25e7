package dev.uopsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uopsim.characterize.measure.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * kill -9 in the middle of a characterization, then --resume: every form the journal had finished
 * is kept as it was (not measured again), and the run completes the rest.
 */
class CharacterizeResumeTest {
    private static final String FORMS = "^(ADD_01|SUB_29|AND_21|OR_09|XOR_31|ADC_11|SBB_19|CMP_39|IMUL|TEST|XCHG|XADD) \\((R64|R32), (R64|R32)\\)$";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    private static List<JsonNode> formRecords(Path journal) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(journal)) return out;
        for (String line : Files.readAllLines(journal)) {
            if (!line.contains("\"type\":\"form\"")) continue;
            try {
                out.add(JSON.readTree(line));
            } catch (RuntimeException torn) {
                // the line being written when we looked
            }
        }
        return out;
    }

    @Test
    void aRunKilledWithSigkillResumesWithoutLosingACompletedForm() throws Exception {
        assumeTrue(Session.unavailable().isEmpty(), () -> "skipped: " + Session.unavailable().orElse(""));
        Path journal = dir.resolve("run.jsonl");
        String java = ProcessHandle.current().info().command().orElse("java");
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp", classpath, "dev.uopsim.cli.Main",
                "characterize", "--forms", FORMS, "--journal", journal.toString(), "--samples", "8", "--measure-only")
                .redirectErrorStream(true).redirectOutput(dir.resolve("first.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (formRecords(journal).size() < 3 && p.isAlive() && System.nanoTime() < deadline) Thread.sleep(5);
        p.destroyForcibly();        // SIGKILL: no shutdown hook, no flush
        p.waitFor(10, TimeUnit.SECONDS);
        List<JsonNode> before = formRecords(journal);
        assumeTrue(before.size() >= 1, "the first run finished no form before it was killed: " + Files.readString(dir.resolve("first.log")));
        Map<String, JsonNode> done = new LinkedHashMap<>();
        for (JsonNode r : before) done.put(r.get("form").asString(), r.get("result"));

        CommandLineRunner.Result r = CommandLineRunner.run("characterize", "--forms", FORMS, "--journal", journal.toString(),
                "--resume", "--samples", "8", "--measure-only", "--json");
        assertEquals(ExitCode.OK, r.exitCode(), r.err());
        assertTrue(r.err().contains("resuming"), r.err());
        JsonNode doc = JSON.readTree(r.out());
        assertTrue(doc.get("complete").asBoolean());
        Map<String, JsonNode> after = new LinkedHashMap<>();
        for (JsonNode f : doc.get("forms")) after.put(f.get("form").asString(), f);
        int expected = after.size();
        assertTrue(expected > done.size(), "the killed run had not finished: " + done.size() + " of " + expected);
        List<JsonNode> records = formRecords(journal);
        Map<String, JsonNode> secondPass = new LinkedHashMap<>();
        int firstPass = 0;
        for (JsonNode rec : records) {
            if (rec.has("pass") && rec.get("pass").asInt() == 2) {
                assertTrue(secondPass.put(rec.get("form").asString(), rec.get("result")) == null, "a form is measured again at most once: " + rec.get("form"));
            } else {
                firstPass++;
            }
        }
        assertEquals(expected, firstPass, "one first-pass form record per form, none twice");
        assertEquals(expected, secondPass.size(), "the second pass reads every form once more");
        for (var e : done.entrySet()) {
            // Measured before the kill and not again in the first pass; the second pass's result is the one reported.
            JsonNode want = secondPass.getOrDefault(e.getKey(), e.getValue());
            assertEquals(want, after.get(e.getKey()), e.getKey() + " is taken from the journal, not measured again in the first pass");
        }
    }
}
