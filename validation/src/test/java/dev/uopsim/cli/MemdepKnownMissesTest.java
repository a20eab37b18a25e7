package dev.uopsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.common.Json;
import dev.uopsim.validation.MemdepTable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Every published memdep cell the shipped models miss by more than 10% names the mechanism they lack,
 * and every mechanism listed still explains a miss: a new miss (a regression) or a fixed one (an entry
 * to drop from memdep/known-misses.json) fails here.
 */
class MemdepKnownMissesTest {
    @Test
    void everyMissNamesAMechanismAndEveryListedMissIsStillOne() {
        var r = CommandLineRunner.run("validate", "memdep", "--json", "--no-llvm-mca");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode doc = Json.mapper().readTree(r.out());
        List<String> unexplained = new ArrayList<>(), missed = new ArrayList<>();
        for (JsonNode row : doc.get("rows")) {
            if (!row.has("known_miss")) continue;
            String cell = row.get("uarch").asString() + "/" + row.get("kernel").asString();
            missed.add(cell);
            if (row.get("known_miss").isNull()) unexplained.add(cell + String.format(" (%+.0f%%)", 100 * row.get("error").asDouble()));
        }
        assertTrue(unexplained.isEmpty(), "misses no mechanism explains: " + unexplained);
        List<String> stale = new ArrayList<>(MemdepTable.knownMisses().keySet());
        stale.removeAll(missed);
        assertTrue(stale.isEmpty(), "listed as missed but now within 10% (drop them from memdep/known-misses.json): " + stale);
        assertEquals(missed.size(), doc.get("summary").get("misses").asInt());
    }
}
