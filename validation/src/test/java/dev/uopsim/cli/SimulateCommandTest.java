package dev.uopsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uopsim.common.Json;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code uopsim simulate}: the views on a shipped kernel, and --blocks on a file of blocks. */
class SimulateCommandTest {
    @TempDir
    Path dir;

    @Test
    void memdepHOnSkylakeIsBoundByTheStoreForwardingChain() {
        // given kernel H (a value carried through memory by four store/load pairs per iteration),
        var r = CommandLineRunner.run("simulate", "memdep-H", "--uarch", "skylake", "--json",
                "--view", "ports,timeline,bottleneck,critical-path");
        assertEquals(ExitCode.OK, r.exitCode(), r.err());
        JsonNode doc = Json.mapper().readTree(r.out());
        double cpi = doc.get("cycles_per_iteration").asDouble();
        // then the loop-carried chain through memory accounts for the cycles per iteration,
        JsonNode chain = doc.get("critical_path").get("loop_carried").get(0);
        assertTrue(chain.get("through_memory").asBoolean());
        List<Integer> instructions = new ArrayList<>();
        chain.get("instructions").forEach(i -> instructions.add(i.asInt()));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), instructions);
        assertEquals(cpi, chain.get("cycles_per_iteration").asDouble(), 0.05 * cpi);
        // and the verdict is memory ordering, with the loads held for older stores as evidence
        JsonNode b = doc.get("bottleneck");
        assertEquals("memory-ordering", b.get("verdict").asString());
        assertTrue(b.get("stalls_per_iteration").get("memory_order").asDouble() > 0);
        // the ports view counts the four stores on the store-data port per iteration
        assertEquals(4.0, doc.get("ports").get("uops_per_iteration").get("P4").asDouble(), 1e-9);
        // the timeline shows three iterations of fifteen instructions, the second load held for store #2
        JsonNode tl = doc.get("timeline").get("instructions");
        assertEquals(45, tl.size());
        boolean held = false;
        for (JsonNode s : tl.get(3).get("stalls")) held |= s.get("cause").asString().equals("memory_order") && s.get("store").asInt() == 2;
        assertTrue(held, tl.get(3).toString());
    }

    @Test
    void textShowsTheViewsInTheOrderAsked() {
        var r = CommandLineRunner.run("simulate", "memdep-H", "--uarch", "skylake", "--view", "critical-path,timeline",
                "--timeline-iterations", "1");
        assertEquals(ExitCode.OK, r.exitCode(), r.err());
        int cp = r.out().indexOf("Critical path of one iteration");
        int tl = r.out().indexOf("Timeline: the first 1 iteration");
        assertTrue(cp > 0 && tl > cp, r.out());
        assertFalse(r.out().contains("IPC"), "summary only when asked for");
        assertTrue(r.out().contains("[0,14]") && !r.out().contains("[1,0]"));
    }

    @Test
    void anUnknownViewIsABadInputWithASuggestion() {
        var r = CommandLineRunner.run("simulate", "memdep-H", "--uarch", "skylake", "--view", "critcal-path");
        assertEquals(ExitCode.BAD_INPUT, r.exitCode());
        assertTrue(r.err().contains("unknown view 'critcal-path'") && r.err().contains("did you mean 'critical-path'"), r.err());
    }

    @Test
    void blocksGivesOneRowPerBlockAndSaysWhySomeWereSkipped() throws IOException {
        assumeTrue(ObjdumpDecoder.available(), "needs objdump");
        Path csv = dir.resolve("blocks.csv");
        Files.writeString(csv, String.join("\n",
                "4801d8,100",            // add rax, rbx: one cycle per iteration
                "zz12,50",               // not hex
                "4801",                  // cut short
                "0f0b",                  // ud2: no form
                "4801d84883c301") + "\n");
        var r = CommandLineRunner.run("simulate", "--blocks", csv.toString(), "--uarch", "skylake", "--json", "--threads", "2");
        assertEquals(ExitCode.OK, r.exitCode(), r.err());
        JsonNode rows = Json.mapper().readTree(r.out());
        assertEquals(5, rows.size());
        assertEquals(1, rows.get(0).get("line").asInt());
        assertEquals("simulated", rows.get(0).get("status").asString());
        assertEquals(1.0, rows.get(0).get("cycles_per_iteration").asDouble(), 0.01);
        assertTrue(rows.get(0).get("settled").asBoolean());
        assertEquals("bad_hex", rows.get(1).get("reason_kind").asString());
        assertEquals("not_decoded", rows.get(2).get("reason_kind").asString());
        assertEquals("unknown_form", rows.get(3).get("reason_kind").asString());
        assertTrue(rows.get(3).get("reason").asString().contains("ud2"));
        assertTrue(rows.get(3).get("cycles_per_iteration").isNull());
        assertEquals("simulated", rows.get(4).get("status").asString());

        var text = CommandLineRunner.run("simulate", "--blocks", csv.toString(), "--uarch", "skylake");
        assertEquals(ExitCode.OK, text.exitCode(), text.err());
        assertTrue(text.out().contains("5 blocks: 2 simulated (2 settled), 3 skipped: 1 bad hex, 1 with an instruction of no known form, 1 not decoded"),
                text.out());
        assertTrue(text.out().contains("skipped: not decoded: no form for 'ud2'"), text.out());
    }

    @Test
    void aBlockWithAFormTheModelLacksIsSkippedAndTheBatchGoesOn() throws IOException {
        assumeTrue(ObjdumpDecoder.available(), "needs objdump");
        Path csv = dir.resolve("adx.csv");
        Files.writeString(csv, "66480f38f6c3\n4801d8\n");          // adcx rax, rbx (no ADX on K8), then add
        var r = CommandLineRunner.run("simulate", "--blocks", csv.toString(), "--uarch", "k8", "--json");
        assertEquals(ExitCode.OK, r.exitCode(), r.err());
        JsonNode rows = Json.mapper().readTree(r.out());
        assertEquals("model_lacks_form", rows.get(0).get("reason_kind").asString());
        assertTrue(rows.get(0).get("reason").asString().contains("ADCX"));
        assertEquals("simulated", rows.get(1).get("status").asString());
    }

    @Test
    void blocksRefusesOptionsThatNeedOneKernel() throws IOException {
        Path csv = dir.resolve("b.csv");
        Files.writeString(csv, "4801d8\n");
        var r = CommandLineRunner.run("simulate", "--blocks", csv.toString(), "--uarch", "skylake", "--view", "timeline");
        assertEquals(ExitCode.BAD_INPUT, r.exitCode());
        assertTrue(r.err().contains("--view works on one kernel"), r.err());
    }
}
