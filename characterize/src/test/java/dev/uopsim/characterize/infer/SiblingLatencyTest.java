package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A form with a length-changing prefix keeps the latency of the same operation without it, not its predecoder's pace. */
class SiblingLatencyTest {
    private static Map<String, Object> row(Map<String, Object> latency) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("latency", latency);
        return row;
    }

    /** Keys in order; figures compared as the model file writes them. */
    private static Map<String, Object> lat(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
        return m;
    }

    private static String text(Object latency) {
        return String.valueOf(latency);
    }

    @Test
    void aChainAtThePredecodersPaceTakesTheSiblingsLatency() {
        // Given: ADD r16, imm16 measured 3.31 a step (its throughput 3.15: the predecoder's stalls); ADD r16, imm8 1.
        Map<String, Object> row = row(lat("op0->op0", 3.31, "op0->flags", "<=3.57", "*->*", 3.31));
        Map<String, Object> sibling = lat("op0->op0", 1, "op0->flags", "<=1", "*->*", 1);
        HostModel.withSiblingLatency(row, "ADD (R16, I16)", n -> n.equals("ADD (R16, I8)") ? sibling : Map.of());
        assertEquals(text(lat("op0->op0", 1, "op0->flags", "<=1", "*->*", 1)), text(row.get("latency")));
    }

    @Test
    void aFigureBelowTheSiblingsStaysAndOtherFormsAreLeftAlone() {
        Map<String, Object> row = row(lat("op0->op0", 1, "*->*", 1));
        HostModel.withSiblingLatency(row, "ADD (R16, I16)", n -> lat("op0->op0", 2, "*->*", 2));
        assertEquals(text(lat("op0->op0", 1, "*->*", 1)), text(row.get("latency")));
        Map<String, Object> plain = row(lat("op0->op0", 3, "*->*", 3));
        HostModel.withSiblingLatency(plain, "ADD (R16, I8)", n -> lat("op0->op0", 1, "*->*", 1));
        assertEquals(text(lat("op0->op0", 3, "*->*", 3)), text(plain.get("latency")));
    }
}
