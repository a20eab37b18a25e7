package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.bench.OperandNode;
import dev.uopsim.isa.InstructionForm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a form's measurements into its result (the JSON of {@code uopsim characterize --json}):
 * latency per operand pair with its bound and stability, the variants that were measured beside
 * the main chain, the best throughput and the sequence that gave it.
 */
public final class FormResults {
    private FormResults() {}

    /** A latency or throughput figure of one benchmark, per instance. */
    public record Figure(String benchmark, String key, String variant, double cycles, boolean upper, boolean stable,
                         String chain, String note) {
        Map<String, Object> toJson(boolean withKey) {
            Map<String, Object> m = new LinkedHashMap<>();
            if (withKey) m.put("variant", variant.isEmpty() ? "main" : variant);
            m.put("cycles", round(cycles));
            m.put("bound", upper ? "upper" : "exact");
            m.put("stable", stable);
            if (chain != null && !chain.isEmpty()) m.put("chain", chain);
            m.put("benchmark", benchmark);
            if (note != null) m.put("note", note);
            return m;
        }
    }

    static double round(double v) {
        return Double.isFinite(v) ? Math.round(v * 1000) / 1000.0 : v;
    }

    /** The per-instance figure of a benchmark, or null when it failed. */
    public static Figure figure(Benchmark b, Measurement m, Map<String, Double> references) {
        if (!m.ok() || m.estimate() == null || !Double.isFinite(m.estimate().value())) return null;
        double perCopy = m.estimate().value();
        int unknown = b.unknownChain();
        double subtract = 0;
        List<String> missing = new ArrayList<>();
        for (String r : b.subtract()) {
            Double v = references.get(r);
            if (v == null || !Double.isFinite(v)) {
                unknown++;
                missing.add(r);
            } else {
                subtract += v;
            }
        }
        double cycles = (perCopy - subtract - unknown) / b.perCopy();
        if (b.kind() != Benchmark.Kind.THROUGHPUT && cycles < -0.05) {
            // The chain ran faster than its own helper instructions: they were not on the critical path
            // (memory renaming took the address off it, or the core knew a flag in advance).
            return new Figure(b.name(), b.key(), b.variant(), Double.NaN, true, false, b.chain(), String.format(
                    "the chain did not limit (%.2f cycles per step, less than its helper instructions take): no latency measured", perCopy / b.perCopy()));
        }
        boolean upper = b.upper() || unknown > 0;
        String note = missing.isEmpty() ? null : "reference latency of " + missing + " unavailable: counted as 1 cycle";
        if (!m.estimate().stable() && m.estimate().note() != null) note = (note == null ? "" : note + "; ") + m.estimate().note();
        return new Figure(b.name(), b.key(), b.variant(), cycles, upper, m.estimate().stable(), b.chain(), note);
    }

    public static Map<String, Object> of(InstructionForm f, List<Benchmark> benchmarks, List<Measurement> measurements,
                                         Map<String, Double> references, List<Generator.Skipped> skipped) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("form", f.name());
        out.put("extension", f.extension());
        List<Map<String, Object>> operands = new ArrayList<>();
        for (OperandNode n : OperandNode.of(f)) operands.add(n.describe());
        out.put("operands", operands);

        Map<String, List<Figure>> latency = new LinkedHashMap<>();
        Map<String, Figure> throughput = new LinkedHashMap<>();
        List<Map<String, Object>> failures = new ArrayList<>();
        Map<String, String> broken = new LinkedHashMap<>();
        for (int i = 0; i < benchmarks.size(); i++) {
            Benchmark b = benchmarks.get(i);
            Measurement m = measurements.get(i);
            Figure fig = figure(b, m, references);
            if (fig != null && !Double.isFinite(fig.cycles())) {
                broken.put(b.key() + (b.variant().isEmpty() ? "" : " " + b.variant()), fig.note());
                continue;
            }
            if (fig == null) {
                Map<String, Object> fail = new LinkedHashMap<>();
                fail.put("benchmark", b.name());
                fail.put("cause", m.ok() ? "no estimate" : m.cause());
                failures.add(fail);
                continue;
            }
            if (b.kind() == Benchmark.Kind.THROUGHPUT) {
                throughput.put(b.key() + (b.variant().isEmpty() ? "" : "-" + b.variant()), fig);
            } else {
                latency.computeIfAbsent(b.key(), k -> new ArrayList<>()).add(fig);
            }
        }

        Map<String, Object> lat = new LinkedHashMap<>();
        Map<String, Object> variants = new LinkedHashMap<>();
        double max = Double.NaN;
        for (var e : latency.entrySet()) {
            Figure main = mainLatency(e.getValue());
            if (main != null) {
                Map<String, Object> j = main.toJson(false);
                if (!main.variant().isEmpty()) j.put("via", main.variant());
                lat.put(e.getKey(), j);
                if (!Double.isFinite(max) || main.cycles() > max) max = main.cycles();
            }
            List<Map<String, Object>> vs = new ArrayList<>();
            for (Figure fig : e.getValue()) if (fig != main) vs.add(fig.toJson(true));
            if (!vs.isEmpty()) variants.put(e.getKey(), vs);
        }
        out.put("latency", lat);
        out.put("latency_max", Double.isFinite(max) ? round(max) : null);
        if (!variants.isEmpty()) out.put("latency_variants", variants);
        if (!skipped.isEmpty() || !broken.isEmpty()) {
            Map<String, Object> s = new LinkedHashMap<>();
            for (Generator.Skipped k : skipped) s.put(k.key(), k.reason());
            for (var e : broken.entrySet()) if (!lat.containsKey(e.getKey())) s.put(e.getKey(), e.getValue());
            out.put("latency_not_measured", s);
        }

        Figure best = bestThroughput(throughput.values());
        out.put("throughput", best == null ? null : round(best.cycles()));
        out.put("throughput_sequence", best == null ? null : best.key() + (best.variant().isEmpty() ? "" : "-" + best.variant()));
        out.put("throughput_stable", best != null && best.stable());
        Map<String, Object> seqs = new LinkedHashMap<>();
        for (var e : throughput.entrySet()) {
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("cycles", round(e.getValue().cycles()));
            j.put("stable", e.getValue().stable());
            if (e.getValue().chain() != null && !e.getValue().chain().isEmpty()) j.put("breakers", e.getValue().chain());
            j.put("benchmark", e.getValue().benchmark());
            seqs.put(e.getKey(), j);
        }
        out.put("throughput_sequences", seqs);
        out.put("uops", null);
        out.put("macro_ops", null);
        out.put("ports", null);
        out.put("throughput_from_ports", null);
        if (!failures.isEmpty()) out.put("failures", failures);
        return out;
    }

    /**
     * The throughput among a form's sequences: a stable figure before an unstable one, then the lowest.
     * But a sequence of N instances that twice as many run in two thirds of the time or less was bound
     * by the form's own chain through its instances, not by its throughput: the figure of 2N instances
     * (the lowest of its variants, stable or not) takes its place, and so on up (VFNMSUB213PS ymm on the
     * development host: x1 3.99 stable, x2 2.00, x4 1.00, x8 0.51 unstable; its throughput is 0.5).
     */
    static Figure bestThroughput(java.util.Collection<Figure> figures) {
        Figure best = null;
        for (Figure fig : figures) {
            if (fig.variant().equals("low-values")) continue;
            if (best == null || (fig.stable() && !best.stable()) || (fig.stable() == best.stable() && fig.cycles() < best.cycles())) best = fig;
        }
        while (best != null) {
            int n = instances(best.key());
            Figure doubled = null;
            for (Figure fig : figures) {
                if (fig.variant().equals("low-values") || n <= 0 || instances(fig.key()) != 2 * n || !Double.isFinite(fig.cycles())) continue;
                if (doubled == null || fig.cycles() < doubled.cycles()) doubled = fig;
            }
            if (doubled == null || !(doubled.cycles() <= best.cycles() / CHAIN_BOUND_RATIO)) break;
            best = doubled;
        }
        return best;
    }

    /**
     * Chooses a form result's throughput again from the sequences it records (as {@link #bestThroughput}
     * does now), so that results a journal kept from an earlier run, read by a replay or a resumed run,
     * get the same choice as a fresh one. Updates {@code throughput}, {@code throughput_sequence} and
     * {@code throughput_stable} in place; a result without sequences is left as it is.
     */
    @SuppressWarnings("unchecked")
    public static void reselectThroughput(Map<String, Object> result) {
        if (!(result.get("throughput_sequences") instanceof Map<?, ?> seqs) || seqs.isEmpty()) return;
        List<Figure> figures = new ArrayList<>();
        for (var e : seqs.entrySet()) {
            if (!(e.getValue() instanceof Map<?, ?> m) || !(m.get("cycles") instanceof Number)) continue;
            String name = String.valueOf(e.getKey());
            int dash = name.indexOf('-');
            figures.add(figureOf((Map<String, Object>) m, dash < 0 ? name : name.substring(0, dash), dash < 0 ? "" : name.substring(dash + 1)));
        }
        Figure best = bestThroughput(figures);
        if (best == null) return;
        result.put("throughput", round(best.cycles()));
        result.put("throughput_sequence", best.key() + (best.variant().isEmpty() ? "" : "-" + best.variant()));
        result.put("throughput_stable", best.stable());
    }

    /** A shuffle chain this far below the direct one replaces it (see {@link #mainLatency}). */
    static final double VIA_BELOW_DIRECT = 0.9;

    /**
     * Chooses each latency pair's main figure again from the figures a result records (the main one and
     * {@code latency_variants}), as {@link #mainLatency} does now, for results a journal kept from an
     * earlier run; the figure it replaces joins the variants. Updates {@code latency}, {@code
     * latency_variants} and {@code latency_max} in place.
     */
    @SuppressWarnings("unchecked")
    public static void reselectLatency(Map<String, Object> result) {
        if (!(result.get("latency") instanceof Map<?, ?> latRaw)) return;
        Map<String, Object> lat = (Map<String, Object>) latRaw;
        Map<String, Object> variants = result.get("latency_variants") instanceof Map<?, ?> v ? (Map<String, Object>) v : null;
        boolean changed = false;
        for (var e : lat.entrySet()) {
            if (!(e.getValue() instanceof Map<?, ?> mainJson)) continue;
            Figure main = figureOf((Map<String, Object>) mainJson, null, String.valueOf(((Map<String, Object>) mainJson).getOrDefault("via", "")));
            List<Figure> all = new ArrayList<>();
            if (main != null) all.add(main);
            List<Object> others = variants != null && variants.get(e.getKey()) instanceof List<?> l ? (List<Object>) l : List.of();
            for (Object o : others) {
                if (!(o instanceof Map<?, ?> m)) continue;
                String name = String.valueOf(m.get("variant"));
                Figure f = figureOf((Map<String, Object>) m, null, name.equals("main") ? "" : name);
                if (f != null) all.add(f);
            }
            Figure chosen = mainLatency(all);
            if (chosen == null || chosen == main) continue;
            Map<String, Object> j = chosen.toJson(false);
            if (!chosen.variant().isEmpty()) j.put("via", chosen.variant());
            e.setValue(j);
            List<Object> rest = new ArrayList<>();
            for (Figure f : all) if (f != chosen) rest.add(f.toJson(true));
            if (variants == null) {
                variants = new LinkedHashMap<>();
                result.put("latency_variants", variants);
            }
            variants.put(e.getKey(), rest);
            changed = true;
        }
        if (!changed) return;
        double max = Double.NaN;
        for (Object o : lat.values()) {
            if (o instanceof Map<?, ?> m && m.get("cycles") instanceof Number c && (!Double.isFinite(max) || c.doubleValue() > max)) max = c.doubleValue();
        }
        result.put("latency_max", Double.isFinite(max) ? round(max) : null);
    }

    /** A figure as a result's JSON records it ({@link Figure#toJson}), under {@code key} and {@code variant}. */
    private static Figure figureOf(Map<String, Object> json, String key, String variant) {
        if (!(json.get("cycles") instanceof Number c)) return null;
        return new Figure(String.valueOf(json.get("benchmark")), key, variant, c.doubleValue(), "upper".equals(json.get("bound")),
                Boolean.TRUE.equals(json.get("stable")), json.get("chain") == null ? null : String.valueOf(json.get("chain")),
                json.get("note") == null ? null : String.valueOf(json.get("note")));
    }

    /** How much faster twice the instances must run for the fewer to count as bound by their own chain. */
    static final double CHAIN_BOUND_RATIO = 1.5;

    /** Instances of a throughput sequence from its key ({@code x8}), or -1. */
    private static int instances(String key) {
        if (key == null || !key.matches("x\\d+")) return -1;
        return Integer.parseInt(key.substring(1));
    }

    /**
     * The main figure of a pair: the direct chain (or the one without a variant); where only shuffle
     * chains exist, the smaller of the stable exact ones.
     */
    static Figure mainLatency(List<Figure> figures) {
        Figure direct = null, lowestVia = null;
        for (Figure f : figures) {
            if (f.variant().isEmpty() && direct == null) direct = f;
            if (f.variant().startsWith("via-") && !f.variant().contains("low-values") && !f.upper() && Double.isFinite(f.cycles())
                    && (lowestVia == null || f.cycles() < lowestVia.cycles())) lowestVia = f;
        }
        // A shuffle chain holds the latency and a round trip between bypass domains, never less than the
        // latency: one well below the direct chain says the direct chain paid for more (VCVTPS2DQ ymm's
        // self chain crosses from the FP to the integer domain every step: 6.15 on the development host,
        // 4.55 through VPSHUFD, 4 in uops.info's Alder Lake-P table). Below a cycle it is noise.
        if (direct != null && lowestVia != null && lowestVia.cycles() < VIA_BELOW_DIRECT * direct.cycles()
                && lowestVia.cycles() >= 1 - 0.05) return lowestVia;
        if (direct != null) return direct;
        Figure best = null;
        for (Figure f : figures) {
            if (!f.variant().startsWith("via-") || f.variant().contains("low-values")) continue;
            if (best == null || (f.stable() && !best.stable()) || (f.stable() == best.stable() && f.cycles() < best.cycles())) best = f;
        }
        return best;
    }
}
