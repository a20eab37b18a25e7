package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.NativeTests;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A small characterization on this machine. The figures are checked against wide, honest bounds
 * (any x86-64 core of the last decade falls inside them, a broken clock or chain does not); a
 * figure outside them is measured again, up to three times, and the lowest one counts, since
 * interference only ever adds cycles.
 */
class CharacterizeSmokeTest {
    private static final List<String> FORMS = List.of("ADD_01 (R64, R64)", "IMUL (R64, R64)", "MOV (R64, M64)",
            "XOR_31 (R32, R32)", "VADDPS (YMM, YMM, YMM)");

    /** Figure -> [low, high]: latency keys "form|opI->opJ", throughput "form|throughput". */
    private static final Map<String, double[]> BOUNDS = new LinkedHashMap<>();

    static {
        BOUNDS.put("ADD_01 (R64, R64)|op0->op0", new double[]{0.8, 1.3});
        BOUNDS.put("ADD_01 (R64, R64)|op1->op0", new double[]{0.8, 1.3});
        BOUNDS.put("ADD_01 (R64, R64)|throughput", new double[]{0.15, 1.1});
        BOUNDS.put("IMUL (R64, R64)|op1->op0", new double[]{2.5, 4.5});
        BOUNDS.put("IMUL (R64, R64)|throughput", new double[]{0.4, 1.3});
        BOUNDS.put("MOV (R64, M64)|op1->op0", new double[]{3.0, 8.0});
        BOUNDS.put("MOV (R64, M64)|throughput", new double[]{0.2, 1.1});
        BOUNDS.put("XOR_31 (R32, R32)|op0->op0", new double[]{0.8, 1.3});
        BOUNDS.put("VADDPS (YMM, YMM, YMM)|op1->op0", new double[]{1.5, 5.0});
    }

    @SuppressWarnings("unchecked")
    private static double figure(Map<String, Map<String, Object>> results, String key) {
        String[] k = key.split("\\|");
        Map<String, Object> r = results.get(k[0]);
        if (r == null) return Double.NaN;
        if (k[1].equals("throughput")) return r.get("throughput") instanceof Number n ? n.doubleValue() : Double.NaN;
        Map<String, Object> lat = (Map<String, Object>) ((Map<String, Object>) r.get("latency")).get(k[1]);
        return lat == null ? Double.NaN : ((Number) lat.get("cycles")).doubleValue();
    }

    @Test
    @SuppressWarnings("unchecked")
    void aHandfulOfFormsFallWithinWideBoundsAndHaveTheStructureOfTheResults() throws Exception {
        NativeTests.assumeNativeRuns();
        try (Session session = Session.open()) {
            List<InstructionForm> forms = new ArrayList<>();
            for (String name : FORMS) {
                InstructionForm f = FormTable.shipped().byName(name).orElseThrow();
                if (Generator.unsupported(f, session.host().cpu()) == null) forms.add(f);
            }
            Map<String, Double> best = new LinkedHashMap<>();
            Map<String, Map<String, Object>> results = new LinkedHashMap<>();
            for (int attempt = 0; attempt < 3; attempt++) {
                Characterizer c = new Characterizer(new Generator(session.host().cpu()), session.runner().samples(12), null);
                c.run(forms, r -> results.put((String) r.get("form"), r), () -> false);
                boolean allInside = true;
                for (var e : BOUNDS.entrySet()) {
                    if (!results.containsKey(e.getKey().split("\\|")[0])) continue;
                    double v = figure(results, e.getKey());
                    best.merge(e.getKey(), v, (a, b) -> Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.min(a, b));
                    double low = best.get(e.getKey());
                    if (!(low >= e.getValue()[0] && low <= e.getValue()[1])) allInside = false;
                }
                if (allInside) break;
            }
            for (var e : best.entrySet()) {
                double[] b = BOUNDS.get(e.getKey());
                assertTrue(e.getValue() >= b[0] && e.getValue() <= b[1],
                        e.getKey() + " = " + e.getValue() + ", expected within [" + b[0] + ", " + b[1] + "] (clock "
                                + session.clock().kind().id() + ")");
            }
            Map<String, Object> add = results.get("ADD_01 (R64, R64)");
            for (String key : List.of("form", "operands", "latency", "latency_max", "throughput", "throughput_sequence",
                    "uops", "macro_ops", "ports", "throughput_from_ports")) {
                assertTrue(add.containsKey(key), "result has " + key + ": " + add.keySet());
            }
            assertNull(add.get("uops"), "µops come with the next issue");
            Map<String, Object> pair = (Map<String, Object>) ((Map<String, Object>) add.get("latency")).get("op1->op0");
            assertEquals("exact", pair.get("bound"));
            assertNotNull(pair.get("stable"));
            Map<String, Object> flags = (Map<String, Object>) ((Map<String, Object>) add.get("latency")).get("op1->op2");
            assertEquals("upper", flags.get("bound"), "register to flags goes through a chain instruction: an upper bound");
            assertTrue(((String) add.get("throughput_sequence")).startsWith("x"));
            List<Map<String, Object>> operands = (List<Map<String, Object>>) add.get("operands");
            assertEquals("flags", operands.get(2).get("kind"));
        }
    }
}
