package dev.uopsim.characterize.cli;

import dev.uopsim.characterize.infer.PortUsage;
import dev.uopsim.characterize.measure.HostInference;
import dev.uopsim.characterize.measure.HostRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The "inference" object of {@code characterize --json}: ports, classes, combinations, core facts, counts. */
final class InferenceJson {
    private InferenceJson() {}

    static Map<String, Object> summary(HostRun.Outcome o) {
        HostInference.Result r = o.inference();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", o.model().get("name"));
        m.put("front_end_slots_per_cycle", Math.round(r.width() * 100) / 100.0);
        m.put("slot_filler", r.slotFiller().filler());
        m.put("slot_filler_note", r.slotFiller().note());
        m.put("loop_delivery_across_iterations", r.loopDelivery().across());
        m.put("loop_delivery_note", r.loopDelivery().note());
        m.put("loop_buffer_used", r.loopBuffer().used());
        m.put("loop_buffer_note", r.loopBuffer().note());
        m.put("uop_cache_probe_nops_per_cycle", round(1 / r.uopCacheProbe()));
        m.put("sse_zero_idiom_cycles", Double.isFinite(r.sseZeroIdioms().cycles()) ? round(r.sseZeroIdioms().cycles()) : null);
        m.put("sse_zero_idioms", r.sseZeroIdioms().handling());
        Map<String, Object> ports = new LinkedHashMap<>();
        for (int p = 0; p < r.portNames().size(); p++) {
            List<String> u = new ArrayList<>();
            for (var x : r.units().getOrDefault(p, List.of())) u.add(x.name().toLowerCase(Locale.ROOT));
            ports.put(r.portNames().get(p), u);
        }
        m.put("ports", ports);
        m.put("ports_named_after", r.reference());
        m.put("port_structure_error", Math.round(r.structure().error() * 1000) / 1000.0);
        List<String> notation = dev.uopsim.characterize.infer.PortNaming.notationNames(r.portNames());
        List<Map<String, Object>> classes = new ArrayList<>();
        for (int i = 0; i < r.classes().size(); i++) {
            var k = r.classes().get(i);
            int idx = i;
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("ports", PortUsage.combination(r.structure().masks()[i], notation));
            c.put("members", k.members().size());
            c.put("representative", k.representative());
            // a class no layout explained, placed beside the layout (MisfitClasses.LeftOut.place)
            c.put("left_out_of_structure", java.util.Arrays.stream(r.structure().leftOut()).anyMatch(x -> x == idx));
            // of those, a move from the vector unit left out for the transfer bubble (TransferMoves)
            c.put("transfer_moves", java.util.Arrays.stream(r.structure().transfers()).anyMatch(x -> x == idx));
            classes.add(c);
        }
        m.put("classes", classes);
        List<Map<String, Object>> combos = new ArrayList<>();
        for (var c : r.combinations()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("ports", PortUsage.combination(c.mask(), notation));
            x.put("blocking_instruction", c.blockers().getFirst().form().name());
            // the first candidates beside one-slot fillers (BlockerScreen): cycles against their port bound
            List<Map<String, Object>> screen = new ArrayList<>();
            for (var s : c.screen()) {
                Map<String, Object> y = new LinkedHashMap<>();
                y.put("form", s.form());
                y.put("cycles", s.measured() ? round(s.cycles()) : null);
                y.put("port_bound", round(s.expected()));
                y.put("passed", s.passed());
                screen.add(y);
            }
            if (!screen.isEmpty()) x.put("blocker_screen", screen);
            combos.add(x);
        }
        m.put("combinations", combos);
        var f = r.facts();
        Map<String, Object> core = new LinkedHashMap<>();
        core.put("load_to_use", round(f.loadToUse()));
        core.put("load_to_use_indexed_extra", round(f.complexAddress()));
        core.put("load_to_use_vector", round(f.vectorLoadToUse()));
        core.put("store_forwarding", round(f.forwarding()));
        core.put("forwarding_failure_penalty", round(f.failurePenalty()));
        core.put("memory_renaming", f.renamed());
        core.put("renamed_chain_cycles", round(f.renamedLatency()));
        core.put("renamed_latency", f.renaming().latency());
        core.put("renamed_per_cycle", f.renaming().perCycle());
        core.put("renamed_learned_loads", f.renaming().learnedLoads());
        core.put("renamed_read_modify_write", f.renamedReadModifyWrite());
        core.put("renamed_values", f.renamedValues());
        core.put("probes", f.raw());
        m.put("core", core);
        int withUops = 0, unsettled = 0, slots = 0;
        for (var e : r.forms().values()) {
            withUops++;
            if (e.notes().stream().anyMatch(n -> n.startsWith("not settled"))) unsettled++;
            if (e.macroOps() != null) slots++;
        }
        m.put("bypass", bypass(r));
        m.put("forms_with_ports", withUops);
        m.put("forms_with_unsettled_ports", unsettled);
        m.put("forms_with_settled_slots", slots);
        return m;
    }

    /** Domains with their sizes and representatives, the delays between them, and how many probed forms have none. */
    private static Map<String, Object> bypass(HostInference.Result r) {
        var b = r.bypass();
        List<String> domains = b.classes().domains();
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Object> ds = new LinkedHashMap<>();
        for (int i = 0; i < domains.size(); i++) {
            String d = domains.get(i);
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("forms", b.classes().members(d));
            x.put("representative", b.classes().representative().get(d));
            List<Double> trips = new ArrayList<>();
            for (double t : b.classes().roundTrips().get(d)) trips.add(round(t));
            x.put("round_trips", trips);
            Map<String, Object> to = new LinkedHashMap<>();
            for (int j = 0; j < domains.size(); j++) if (b.delays()[i][j] > 0) to.put(domains.get(j), b.delays()[i][j]);
            x.put("delays_to", to);
            ds.put(d, x);
        }
        out.put("references", b.references());
        out.put("domains", ds);
        out.put("forms_without_domain", b.classes().unsettled().size());
        return out;
    }

    private static Double round(double v) {
        return Double.isFinite(v) ? Math.round(v * 100) / 100.0 : null;
    }
}
