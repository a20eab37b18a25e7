package dev.uopsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.common.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code uopsim whatif}: the points of a sweep, a sweep that changes the result, bad keys, plots. */
class WhatifCommandTest {
    private static JsonNode json(CommandLineRunner.Result r) {
        assertEquals(0, r.exitCode(), r.err());
        return Json.mapper().readTree(r.out());
    }

    @Test
    void twoSweepsGiveTheirCrossProductWithFiguresAndAVerdictPerPoint() {
        JsonNode doc = json(CommandLineRunner.run("whatif", "memdep-H", "--uarch", "skylake",
                "--sweep", "memory.storeForwarding.latency=4,6", "--sweep", "rob.size=64,224", "--json"));
        assertEquals("skylake", doc.get("uarch").asString());
        assertEquals(2, doc.get("sweeps").size());
        JsonNode points = doc.get("points");
        assertEquals(4, points.size());
        List<String> seen = new ArrayList<>();
        for (JsonNode p : points) {
            seen.add(p.get("settings").get("memory.storeForwarding.latency").asString() + "/" + p.get("settings").get("rob.size").asString());
            assertTrue(p.get("cycles_per_iteration").asDouble() > 0);
            assertTrue(p.get("ipc").asDouble() > 0);
            assertTrue(!p.get("bottleneck").asString().isBlank());
            assertTrue(p.get("bounds").has("dependencies"));
        }
        assertEquals(List.of("4/64", "4/224", "6/64", "6/224"), seen, "the first sweep varies slowest");
    }

    @Test
    void aSlowerStoreForwardSlowsTheMemoryRecurrence() {
        // Kernel H is a chain through memory: every forward is on its critical path.
        JsonNode points = json(CommandLineRunner.run("whatif", "memdep-H", "--uarch", "skylake",
                "--sweep", "memory.storeForwarding.latency=4,8", "--json")).get("points");
        double fast = points.get(0).get("cycles_per_iteration").asDouble();
        double slow = points.get(1).get("cycles_per_iteration").asDouble();
        assertTrue(slow > fast + 4, "latency 8 (" + slow + ") against 4 (" + fast + ")");
        assertEquals("dependencies", points.get(1).get("bottleneck").asString());
    }

    @Test
    void aBadKeyFailsWithExitCode2AndTheNearestKey() {
        CommandLineRunner.Result r = CommandLineRunner.run("whatif", "memdep-H", "--uarch", "skylake", "--sweep", "rob.sise=64,224");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("rob.size"), r.err());
        assertTrue(r.err().contains("--sweep rob.sise"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void badSweepsAndPlotsAreUsageErrors() {
        assertEquals(2, CommandLineRunner.run("whatif", "memdep-H", "--uarch", "skylake").exitCode(), "no --sweep");
        assertEquals(2, CommandLineRunner.run("whatif", "memdep-H", "--uarch", "skylake", "--sweep", "rob.size").exitCode(), "no values");
        assertEquals(2, CommandLineRunner.run("whatif", "memdep-H", "--uarch", "skylake", "--sweep", "rob.size=64,abc").exitCode(),
                "not a number");
        assertEquals(2, CommandLineRunner.run("whatif", "memdep-H", "--uarch", "skylake", "--sweep", "rob.size=64",
                "--sweep", "retire.width=4", "--sweep", "rename.width=4", "--plot", "x.svg").exitCode(), "three sweeps, one plot");
    }

    @Test
    void plotsALineForOneSweepAndAHeatMapForTwo(@TempDir Path dir) throws Exception {
        Path line = dir.resolve("line.svg");
        json(CommandLineRunner.run("whatif", "memdep-H", "--uarch", "skylake", "--sweep", "rob.size=64,224", "--plot", line.toString(), "--json"));
        String svg = Files.readString(line);
        assertTrue(svg.startsWith("<svg") && svg.contains("<path"), svg);
        Path heat = dir.resolve("heat.svg");
        JsonNode doc = json(CommandLineRunner.run("whatif", "memdep-H", "--uarch", "skylake", "--sweep", "rob.size=64,224",
                "--sweep", "memory.storeForwarding.latency=4,5", "--plot", heat.toString(), "--json"));
        assertEquals(heat.toString(), doc.get("plot").asString());
        String map = Files.readString(heat);
        assertEquals(4, map.split("<rect").length - 1, "one cell per point");
    }

    @Test
    void valuesWithCommasAreSeparatedBySemicolons() {
        var axis = dev.uopsim.validation.Sweep.Axis.parse("ports.P0.units=ALU;ALU,DIV");
        assertEquals(List.of("ALU", "ALU,DIV"), axis.values());
        assertEquals(List.of(Map.of("a", "1", "b", "x"), Map.of("a", "1", "b", "y"), Map.of("a", "2", "b", "x"), Map.of("a", "2", "b", "y")),
                dev.uopsim.validation.Sweep.points(List.of(dev.uopsim.validation.Sweep.Axis.parse("a=1,2"),
                        dev.uopsim.validation.Sweep.Axis.parse("b=x,y"))));
    }
}
