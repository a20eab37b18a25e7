package dev.uopsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uopsim.characterize.measure.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The commands that measure this machine: structure, honest bounds, failures counted by cause. */
class HostMeasurementCommandsTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    private static void assumeNative() {
        assumeTrue(Session.unavailable().isEmpty(), () -> "skipped: " + Session.unavailable().orElse(""));
    }

    @Test
    void validateMemdepHostPutsMeasurementAndSimulationInTheRows() {
        assumeNative();
        // a named model is simulated beside the measurement, whatever core this is
        var r = CommandLineRunner.run("validate", "memdep", "--host", "--host-model", "skylake", "--no-llvm-mca", "--json");
        JsonNode doc = JSON.readTree(r.out());
        assertEquals("skylake", doc.get("host_model").asString());
        JsonNode rows = doc.get("rows");
        assertEquals(8, rows.size(), r.out());
        for (JsonNode row : rows) {
            assertEquals("host", row.get("uarch").asString());
            double m = row.get("measured").asDouble();
            assertTrue(m > 0.2 && m < 20, "cycles per computation: " + row);
            double s = row.get("simulated").asDouble();
            assertTrue(s > 0.2 && s < 20, "simulated: " + row);
            assertEquals(s / m - 1, row.get("error").asDouble(), 1e-9);
        }
        assertEquals(8, doc.get("summary").get("cells").asInt());
        assertTrue(doc.get("clock").get("kind").asString().matches("tsc-calibrated|perf-cycles"));
    }

    @Test
    void measureBlocksWritesBhiveFormatAndCountsWhatCouldNotRun() throws Exception {
        assumeNative();
        Path csv = dir.resolve("blocks.csv");
        Files.write(csv, List.of(
                "4801d8,100",               // add rax, rbx
                "4801d84801d9,100",         // add rax, rbx; add rcx, rbx
                "31c948f7f1,100",           // xor ecx, ecx; div rcx: divide error
                "d97d80,100",               // fnstcw: not in the instruction model
                "488b0425000000c0,100",     // mov rax, [0xffffffffc0000000]: the kernel's half
                "4801d8,100"));             // a duplicate, measured once
        Path out = dir.resolve("host.csv");
        var r = CommandLineRunner.run("measure", "--blocks", csv.toString(), "--out", out.toString(), "--samples", "10", "--json");
        assertEquals(ExitCode.OK, r.exitCode(), r.err());
        JsonNode doc = JSON.readTree(r.out());
        assertEquals(5, doc.get("blocks").asInt());
        JsonNode causes = doc.get("not_measured_by_cause");
        assertEquals(1, causes.get("fault: SIGFPE").asInt());
        assertEquals(1, causes.get("not decoded").asInt());
        assertEquals(1, causes.get("fault: SIGSEGV").asInt());
        // The two runnable blocks are measured, or left out as unstable only: a steady add loop reads unstable
        // when another tenant shared the core throughout (a CI run of 2026-11-26: "only 3 of 70 samples kept
        // (sentinel slow: the core was shared)"). A fault or any other failure still fails the test.
        int shared = 0;
        for (JsonNode row : doc.get("rows")) {
            if (row.get("block").asInt() > 2) continue;
            if ("ok".equals(row.get("status").asString())) continue;
            assertEquals("unstable", row.get("status").asString(), "a runnable block not measured: " + row);
            shared++;
        }
        assertEquals(2 - shared, doc.get("measured").asInt(), r.out());
        List<String> lines = Files.readAllLines(out);
        assertEquals(2 - shared, lines.size());
        String dependentAdd = lines.stream().filter(l -> l.startsWith("4801d8,")).findFirst().orElse(null);
        assumeTrue(dependentAdd != null, "skipped the figure's check: the dependent add was measured while another tenant shared the core");
        double per100 = Double.parseDouble(dependentAdd.split(",")[1]);
        assertTrue(per100 > 80 && per100 < 130, "a dependent add: about 100 cycles per 100 iterations: " + per100);
    }

    @Test
    void measureRefusesABranchInStraightLineCodeAsBadInput() throws Exception {
        Path k = dir.resolve("k.s");
        Files.writeString(k, "add rax, rbx\njz 0x0\nadd rcx, rbx\n");
        var r = CommandLineRunner.run("measure", k.toString(), "--mode", "unrolled");
        assertEquals(ExitCode.BAD_INPUT, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("branch"), r.err());
    }
}
