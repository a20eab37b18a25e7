package dev.uopsim.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.common.InputException;
import dev.uopsim.isa.FlagGroup;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.model.LoadedModel;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.ModelRegistry;
import dev.uopsim.model.WhatIf;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Binding models to the instruction model (base ALU forms only: the other tables arrive later). */
class ModelBinderTest {
    @TempDir
    Path dir;

    private static InstructionForm form(String name) {
        return FormTable.shipped().byName(name).orElseThrow();
    }

    @Test
    void everyShippedModelBinds() {
        for (String name : ModelRegistry.shippedNames()) {
            BoundModel b = ModelBinder.bind(ModelLoader.load(name));
            assertTrue(b.covers(form("ADD_01 (R64, R64)")), name + " has ADD_01 (R64, R64)");
        }
    }

    @Test
    void portsBecomeBitmasksAndLatenciesAMatrixOverTheFormsOperands() {
        BoundModel skl = ModelBinder.bind(ModelLoader.load("skylake"));
        FormTiming add = skl.timing(form("ADD_01 (R64, R64)"));
        assertEquals(1, add.uops());
        assertEquals(skl.mask(List.of("P0", "P1", "P5", "P6")), add.uopPorts()[0]);
        assertEquals(0b1100011, add.uopPorts()[0]);
        assertEquals(1, add.latency(OperandRef.operand(1), OperandRef.operand(0)));
        assertEquals(1, add.latency(OperandRef.operand(0), OperandRef.flags(FlagGroup.CF)));

        FormTiming load = skl.timing(form("ADD (R64, M64)"));
        assertEquals(2, load.uops());
        assertEquals(skl.mask(List.of("P2", "P3")), load.uopPorts()[1]);
        assertEquals(1, load.latency(OperandRef.operand(0), OperandRef.operand(0)), "register input: the table's minimum");
        assertEquals(6, load.latency(OperandRef.ADDRESS, OperandRef.operand(0)), "memory path: the table's maximum");

        FormTiming cmp = skl.timing(form("CMP (R64, I8)"));
        assertTrue(cmp.outputs().stream().allMatch(o -> o.kind() == OperandRef.Kind.FLAGS), "CMP writes only flags");
    }

    @Test
    void aFourthLoadPortShowsInTheBoundMasks() {
        BoundModel b = ModelBinder.bind(ModelLoader.load("skylake", List.of(new WhatIf.AddPort("P11", "P2"))));
        assertEquals(b.mask(List.of("P2", "P3", "P11")), b.timing(form("ADD (R64, M64)")).uopPorts()[1]);
    }

    @Test
    void handWrittenRowWithABadOperandListIsAnErrorWithFileAndPath() throws IOException {
        Path overlay = dir.resolve("typo.json");
        Files.writeString(overlay, "{\"instructions\": {\"forms\": {\"ADD_01 (R64, R46)\": {\"uops\": [{\"ports\": [\"P0\"]}]}}}}");
        InputException e = assertThrows(InputException.class,
                () -> ModelBinder.bind(ModelLoader.load("skylake", List.of(new WhatIf.Overlay(overlay)))));
        assertTrue(e.render().startsWith(overlay + ": error: $.instructions.forms[\"ADD_01 (R64, R46)\"]: no instruction form"), e.render());
        Path known = dir.resolve("known.json");
        Files.writeString(known, "{\"instructions\": {\"forms\": {\"ADD (R64, M32)\": {\"uops\": [{\"ports\": [\"P0\"]}]}}}}");
        InputException e2 = assertThrows(InputException.class, () -> ModelBinder.bind(ModelLoader.load("skylake", List.of(new WhatIf.Overlay(known)))));
        assertTrue(e2.getMessage().contains("knows ADD but not with these operands"), e2.render());
    }

    @Test
    void latencyKeyNamingAMissingOperandIsAnError() throws IOException {
        Path overlay = dir.resolve("lat.json");
        Files.writeString(overlay, "{\"instructions\": {\"forms\": {\"CMP (R64, I8)\": {\"latency\": {\"op3->op0\": 1}}}}}");
        InputException e = assertThrows(InputException.class, () -> ModelBinder.bind(ModelLoader.load("skylake", List.of(new WhatIf.Overlay(overlay)))));
        assertTrue(e.render().contains("latency[\"op3->op0\"]: CMP (R64, I8) has no input 'op3'"), e.render());
    }

    @Test
    void importedRowsTheInstructionModelDoesNotKnowAreUnboundNotErrors() {
        LoadedModel m = ModelLoader.load("icelake");
        BoundModel b = ModelBinder.bind(m);
        assertTrue(b.unbound().containsKey("VADDPS (ZMM, ZMM, ZMM)") || FormTable.shipped().byName("VADDPS (ZMM, ZMM, ZMM)").isPresent());
        assertNotNull(b.timing(form("ADD (R64, M64)")));
        assertEquals(m.model().instructions().forms().size(), b.boundRows() + b.unbound().size() + b.unsupported().size());
    }
}
