package dev.uopsim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.common.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The strict loader: each kind of mistake is an error naming the file, the JSON path and the fix. */
class LoaderTest {
    @TempDir
    Path dir;

    /** A small complete model: two ALU ports, a load port, one row. */
    static final String TINY = """
            {"name": "tiny", "vendor": "other",
             "sources": {"doc": {"title": "test fixture"}},
             "rob": {"size": 32, "source": "doc"},
             "schedulers": [{"name": "RS", "size": 16, "ports": ["A0", "A1", "L0"], "source": "doc"}],
             "ports": {"A0": {"units": ["ALU"]}, "A1": {"units": ["ALU", "DIV"]}, "L0": {"units": ["LOAD", "STORE_ADDRESS"]}},
             "instructions": {"source": "doc", "forms": {
               "ADD_01 (R64, R64)": {"uops": [{"ports": ["A0", "A1"]}], "latency": {"*->*": 1}},
               "ADD (R64, M64)": {"uops": [{"ports": ["A0", "A1"]}, {"ports": ["L0"]}], "latency": {"*->*": 1, "mem->*": "<=6"}}}}}
            """;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private InputException fails(String text, List<WhatIf> whatIfs) throws IOException {
        Path p = write("m.json", text);
        return assertThrows(InputException.class, () -> ModelLoader.load(p.toString(), whatIfs));
    }

    @Test
    void aSmallModelLoadsWithDefaults() throws IOException {
        LoadedModel m = ModelLoader.load(write("tiny.json", TINY).toString());
        assertEquals(32, m.model().rob().size());
        assertEquals(4, m.model().rename().width(), "the documented default");
        assertEquals(List.of("L0"), m.model().loadPorts());
        assertEquals(new Latency(6, true), m.model().instructions().forms().get("ADD (R64, M64)").latency().get("mem->*"));
    }

    @Test
    void unknownFieldNamesFilePathAndNearestField() throws IOException {
        InputException e = fails(TINY.replace("\"rob\": {\"size\"", "\"rob\": {\"sise\""), List.of());
        assertTrue(e.render().contains("m.json: error: $.rob.sise: unknown field 'sise' (did you mean 'size'?)"), e.render());
    }

    @Test
    void unknownUnitSuggestsTheNearestOne() throws IOException {
        InputException e = fails(TINY.replace("[\"LOAD\", \"STORE_ADDRESS\"]", "[\"LOAD\", \"LOADX\"]"), List.of());
        assertTrue(e.render().contains("$.ports.L0.units[1]: unknown unit 'LOADX' (did you mean 'LOAD'?)"), e.render());
    }

    @Test
    void unknownPortInAUop() throws IOException {
        InputException e = fails(TINY.replace("{\"ports\": [\"L0\"]}", "{\"ports\": [\"L9\"]}"), List.of());
        assertTrue(e.render().contains("$.instructions.forms[\"ADD (R64, M64)\"].uops[1].ports[0]: unknown port 'L9' (did you mean 'L0'?)"), e.render());
    }

    @Test
    void aDispatchLimitNamesPortsOfTheModel() throws IOException {
        String limited = TINY.replace("\"rob\": {", "\"rename\": {\"dispatch\": {\"microcodeAlone\": true, "
                + "\"limits\": [{\"ports\": [\"A0\", \"A2\"], \"perCycle\": 2}]}}, \"rob\": {");
        InputException e = fails(limited, List.of());
        assertTrue(e.render().contains("$.rename.dispatch.limits[0].ports[1]: unknown port 'A2'"), e.render());
        LoadedModel m = ModelLoader.load(write("ok.json", limited.replace("\"A2\"]", "\"A1\"]")).toString());
        assertEquals(List.of("A0", "A1"), m.model().rename().dispatch().limits().getFirst().ports());
        assertTrue(m.model().rename().dispatch().microcodeAlone());
    }

    @Test
    void uopWithoutPorts() throws IOException {
        InputException e = fails(TINY.replace("{\"ports\": [\"L0\"]}", "{\"ports\": []}"), List.of());
        assertTrue(e.render().contains("uops[1].ports: µop without ports"), e.render());
    }

    @Test
    void negativeLatency() throws IOException {
        InputException e = fails(TINY.replace("\"*->*\": 1}}", "\"*->*\": -1}}"), List.of());
        assertTrue(e.render().contains("latency[\"*->*\"]: negative latency"), e.render());
        InputException e2 = fails(TINY.replace("\"<=6\"", "\"<=-6\""), List.of());
        assertTrue(e2.getMessage().contains("negative"), e2.render());
    }

    /** TINY with two bypass domains, a delay between them and the ALU row in one of them. */
    static final String BYPASS = TINY.replace("\"instructions\":", "\"bypass\": {\"domains\": [\"int\", \"fp\"], \"delays\": {\"int\": {\"fp\": 1}}, \"source\": \"doc\"},\n \"instructions\":")
            .replace("\"latency\": {\"*->*\": 1}}", "\"latency\": {\"*->*\": 1}, \"domain\": \"int\"}");

    @Test
    void bypassDomainsAndDelaysLoad() throws IOException {
        MachineModel m = ModelLoader.load(write("b.json", BYPASS).toString()).model();
        assertEquals(List.of("int", "fp"), m.bypass().domains());
        assertEquals(1.0, m.bypass().delay("int", "fp"));
        assertEquals(0.0, m.bypass().delay("fp", "int"), "a pair not listed costs nothing");
        assertEquals("int", m.instructions().forms().get("ADD_01 (R64, R64)").domain());
        assertEquals(null, m.instructions().forms().get("ADD (R64, M64)").domain());
    }

    @Test
    void withoutBypassThereAreNoDomains() throws IOException {
        MachineModel m = ModelLoader.load(write("tiny.json", TINY).toString()).model();
        assertEquals(List.of(), m.bypass().domains());
        assertEquals(0.0, m.bypass().delay("int", "fp"));
    }

    @Test
    void unknownBypassDomainsSuggestTheNearestOne() throws IOException {
        InputException row = fails(BYPASS.replace("\"domain\": \"int\"", "\"domain\": \"imt\""), List.of());
        assertTrue(row.render().contains("$.instructions.forms[\"ADD_01 (R64, R64)\"].domain: unknown bypass domain 'imt' (did you mean 'int'?)"), row.render());
        InputException delay = fails(BYPASS.replace("{\"fp\": 1}", "{\"fq\": 1}"), List.of());
        assertTrue(delay.render().contains("$.bypass.delays.int.fq: unknown bypass domain 'fq' (did you mean 'fp'?)"), delay.render());
        InputException negative = fails(BYPASS.replace("{\"fp\": 1}", "{\"fp\": -1}"), List.of());
        assertTrue(negative.render().contains("$.bypass.delays.int.fp: negative bypass delay -1.0"), negative.render());
        InputException twice = fails(BYPASS.replace("[\"int\", \"fp\"]", "[\"int\", \"int\"]"), List.of());
        assertTrue(twice.render().contains("$.bypass.domains[1]: domain 'int' is declared twice"), twice.render());
    }

    @Test
    void unknownSourceAndDuplicateKeys() throws IOException {
        assertTrue(fails(TINY.replace("\"source\": \"doc\"}", "\"source\": \"dok\"}"), List.of()).render().contains("unknown source 'dok' (did you mean 'doc'?)"));
        assertTrue(fails(TINY.replace("{\"name\": \"tiny\",", "{\"name\": \"tiny\", \"name\": \"x\","), List.of()).render().contains("Duplicate"));
    }

    @Test
    void setChangesAParameterAndATypoNamesTheNearestKey() throws IOException {
        Path p = write("tiny.json", TINY);
        assertEquals(512, ModelLoader.load(p.toString(), List.of(new WhatIf.Set("rob.size=512"))).model().rob().size());
        InputException e = assertThrows(InputException.class, () -> ModelLoader.load(p.toString(), List.of(new WhatIf.Set("rob.sise=512"))));
        assertEquals("--set rob.sise=512: error: unknown key 'rob.sise' (did you mean 'rob.size'?)", e.render().lines().findFirst().orElseThrow());
        InputException port = assertThrows(InputException.class, () -> ModelLoader.load(p.toString(), List.of(new WhatIf.Set("ports.L1.units=LOAD"))));
        assertTrue(port.getMessage().contains("unknown port 'L1'"), port.render());
        LoadedModel units = ModelLoader.load(p.toString(), List.of(new WhatIf.Set("ports.A0.units=ALU,MUL")));
        assertEquals(List.of(Unit.ALU, Unit.MUL), units.model().ports().get("A0").units());
    }

    @Test
    void loadBanksThatDoNotTileALineAreRejected() throws IOException {
        Path p = write("tiny.json", TINY);
        assertEquals(8, ModelLoader.load(p.toString(), List.of(new WhatIf.Set("memory.loadBanks.bankBytes=8"))).model().memory().loadBanks().bankBytes());
        InputException e = assertThrows(InputException.class, () -> ModelLoader.load(p.toString(), List.of(new WhatIf.Set("memory.loadBanks.bankBytes=3"))));
        assertTrue(e.render().contains("banks of 3 bytes do not tile a 64-byte line"), e.render());
    }

    @Test
    void addPortJoinsEveryPortSetOfTheOneItCopies() throws IOException {
        Path p = write("tiny.json", TINY);
        LoadedModel m = ModelLoader.load(p.toString(), List.of(new WhatIf.AddPort("L1", "L0")));
        assertEquals(List.of("L0", "L1"), m.model().loadPorts());
        assertEquals(List.of("L0", "L1"), m.model().instructions().forms().get("ADD (R64, M64)").uops().get(1).ports());
        assertTrue(m.model().schedulers().getFirst().ports().contains("L1"));
        LoadedModel removed = ModelLoader.load(p.toString(), List.of(new WhatIf.RemovePort("A1")));
        assertEquals(List.of("A0"), removed.model().instructions().forms().get("ADD_01 (R64, R64)").uops().getFirst().ports());
        InputException e = assertThrows(InputException.class, () -> ModelLoader.load(p.toString(), List.of(new WhatIf.RemovePort("L0"))));
        assertTrue(e.getMessage().contains("without ports"), e.render());
    }

    @Test
    void extendsAndOverlayFilesMergeAndNullDeletes() throws IOException {
        write("tiny.json", TINY);
        Path child = write("child.json", """
                {"extends": "tiny.json", "name": "child", "rob": {"size": 64},
                 "derive": {"addPorts": {"A2": "A0"}},
                 "instructions": {"forms": {"ADD_01 (R64, R64)": null}}}
                """);
        LoadedModel m = ModelLoader.load(child.toString());
        assertEquals(64, m.model().rob().size());
        assertEquals("doc", m.model().rob().source(), "inherited");
        assertEquals(List.of("ADD (R64, M64)"), List.copyOf(m.model().instructions().forms().keySet()));
        assertEquals(List.of("A0", "A1", "A2"), m.model().instructions().forms().get("ADD (R64, M64)").uops().getFirst().ports());
        Path overlay = write("overlay.json", "{\"memory\": {\"storeForwarding\": {\"latency\": 3}}}");
        assertEquals(3.0, ModelLoader.load(child.toString(), List.of(new WhatIf.Overlay(overlay))).model().memory().storeForwarding().latency());
        Path bad = write("bad.json", "{\"memroy\": {}}");
        InputException e = assertThrows(InputException.class, () -> ModelLoader.load(child.toString(), List.of(new WhatIf.Overlay(bad))));
        assertTrue(e.render().contains("bad.json: error: $.memroy: unknown field 'memroy' (did you mean 'memory'?)"), e.render());
    }

    @Test
    void skylakeWithAFourthLoadPort() {
        LoadedModel m = ModelLoader.load("skylake", List.of(new WhatIf.AddPort("P11", "P2")));
        assertEquals(List.of("P2", "P3", "P11"), m.model().loadPorts());
        assertTrue(m.model().instructions().forms().get("MOV (R64, M64)").uops().getFirst().ports().contains("P11"));
    }
}
