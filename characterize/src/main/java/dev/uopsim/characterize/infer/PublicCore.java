package dev.uopsim.characterize.infer;

import dev.uopsim.characterize.host.CpuInfo;
import dev.uopsim.characterize.infer.HostModel.CoreSizes;
import dev.uopsim.model.LoadedModel;
import dev.uopsim.model.MachineModel;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.ModelRegistry;
import dev.uopsim.model.Scheduler;
import dev.uopsim.model.Unit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What characterize does not measure about the core it runs on, chosen by the core CPUID names: the
 * sizes (ROB, schedulers, register files, front-end widths) and the decoder's documented rules (which
 * pairs macro-fuse, which idioms break dependencies, when micro-fused µops split again). A Golden Cove
 * takes the table characterize was built with; another core whose model ships takes that model's
 * figures and rules with their sources; any other core the schema's defaults, said so. The vendor is
 * never assumed: an AMD core gets no Intel rule.
 *
 * @param sizes       the figures HostModel writes
 * @param renameRules rename.idioms, rename.macroFusion, and where the source has them rename.microFusion, rename.portBinding, rename.split, rename.dispatch,
 *                    the decoders' microcode threshold and the transfer bubble (under their keys here)
 * @param sources     the sources those name, by id
 */
record PublicCore(CoreSizes sizes, Map<String, Object> renameRules, Map<String, Map<String, Object>> sources) {

    /** The key in {@code renameRules} of the decoder's microcode threshold (frontEnd.legacyDecode.microcodeThreshold), when documented. */
    static final String MICROCODE_THRESHOLD = "microcodeThreshold";

    /** The key in {@code renameRules} of whether moves from the vector unit cost the integer ALUs a cycle (bypass.transfers.bubble), when the source says. */
    static final String TRANSFER_BUBBLE = "transferBubble";

    /** Whether the source says moves from the vector unit cost the integer ALUs a cycle; null when it does not say. */
    Boolean transferBubble() {
        return renameRules.get(TRANSFER_BUBBLE) instanceof Boolean b ? b : null;
    }

    /** Slots above which the decoders hand an instruction to the microcode sequencer: documented, else the schema's 4. */
    int microcodeThreshold() {
        return renameRules.get(MICROCODE_THRESHOLD) instanceof Integer t ? t : 4;
    }

    /** The uarch guesses that are Golden Cove cores (CpuInfo names them). */
    private static final List<String> GOLDEN_COVE_CORES = List.of("sapphirerapids", "alderlakep", "goldencove");

    /** Cores that share a shipped model under another core's name (ModelRegistry.shippedFor matches the rest). */
    private static final Map<String, String> SAME_CORE = Map.of("skylakex", "skylake", "kabylake", "skylake", "coffeelake", "skylake",
            "cascadelake", "skylake", "icelakex", "icelake");

    static PublicCore forCpu(CpuInfo cpu) {
        String guess = cpu.uarchGuess() == null ? "" : cpu.uarchGuess();
        if (GOLDEN_COVE_CORES.contains(guess) && cpu.vendor().equals("GenuineIntel")) return goldenCove();
        var shipped = ModelRegistry.shippedFor(SAME_CORE.getOrDefault(guess, guess));
        if (!guess.isEmpty() && shipped.isPresent()) return fromShipped(ModelLoader.load(shipped.get()));
        return defaults(guess.isEmpty() ? cpu.vendor() + " family " + cpu.family() + " model " + cpu.model() : guess);
    }

    /** The Golden Cove table (Scarab, LLVM, Intel's manual) and the rules of Intel's optimization manual. */
    static PublicCore goldenCove() {
        CoreSizes s = HostModel.GOLDEN_COVE;
        Map<String, Map<String, Object>> sources = new LinkedHashMap<>();
        Map<String, Object> pub = new LinkedHashMap<>();
        pub.put("title", s.sourceTitle());
        pub.put("note", s.sourceNote());
        pub.put("provisional", true);
        sources.put(s.sourceId(), pub);
        Map<String, Object> intel = new LinkedHashMap<>();
        intel.put("title", "Intel 64 and IA-32 Architectures Optimization Reference Manual");
        intel.put("note", "documented behaviour not measured here: macro-fusion pairs, unlamination of indexed micro-fused µops, ones and carry idioms, "
                + "the renamer binding each µop to a port as it allocates it");
        intel.put("provisional", true);
        sources.put("intel-opt", intel);
        Map<String, Object> rules = new LinkedHashMap<>();
        rules.put("idioms", HostModel.o("zero", "eliminated", "ones", "dependency-breaking", "carry", "dependency-breaking", "source", "intel-opt"));
        List<Object> fusion = new ArrayList<>();
        fusion.add(HostModel.o("first", List.of("TEST", "AND"), "branches", List.of("*"), "source", "intel-opt"));
        fusion.add(HostModel.o("first", List.of("CMP", "ADD", "SUB"), "branches", List.of("JZ", "JNZ", "JB", "JNB", "JBE", "JNBE", "JL", "JNL", "JLE", "JNLE"),
                "source", "intel-opt"));
        fusion.add(HostModel.o("first", List.of("INC", "DEC"), "branches", List.of("JZ", "JNZ", "JL", "JNL", "JLE", "JNLE"), "source", "intel-opt"));
        rules.put("macroFusion", fusion);
        rules.put("microFusion", HostModel.o("unlamination", "indexed-unless-rmw", "source", "intel-opt"));
        // Intel's renamer binds each µop to a port as it allocates it; with the model's several
        // schedulers the default would pick ports at issue, as AMD's queues do.
        rules.put("portBinding", HostModel.o("at", "allocation", "source", "intel-opt"));
        return new PublicCore(s, rules, sources);
    }

    /**
     * The figures and rules of a shipped model: its schedulers summed into the two this model writes
     * (compute ports, memory ports; a queue feeding both counts in both), every number under one source
     * that names the model and the sources it cites.
     */
    static PublicCore fromShipped(LoadedModel loaded) {
        MachineModel m = loaded.model();
        int eu = 0, mem = 0;
        for (Scheduler q : m.schedulers()) {
            boolean memory = false, compute = false;
            for (String p : q.ports()) {
                var units = m.ports().get(p).units();
                if (units.contains(Unit.LOAD) || units.contains(Unit.STORE_ADDRESS) || units.contains(Unit.STORE_DATA)) memory = true;
                else compute = true;
            }
            if (compute) eu += q.size();
            if (memory) mem += q.size();
        }
        var fe = m.frontEnd();
        String id = m.name() + "-public";
        CoreSizes s = new CoreSizes(id, "core sizes and decoder rules of the shipped " + m.name() + " model (" + m.title() + ")",
                "not measured here: the figures that model gives, each from the source it names there ("
                        + String.join("; ", citedTitles(m)) + "); schedulers summed into compute and memory queues (one feeding both counts in both)",
                m.rob().size(), m.retire().width(), Math.max(1, eu), Math.max(1, mem), m.rename().registerFiles().gpr(),
                m.rename().registerFiles().vector(), fe.fetchBytes(), fe.decodeWidth(), fe.loopBuffer().size(), fe.queueSize(),
                m.memory().loadPortBytes(), fe.uopCache().width(), fe.uopCache().windowBytes(), fe.uopCache().size(), fe.uopCache().windowsPerCycle());
        Map<String, Map<String, Object>> sources = new LinkedHashMap<>();
        Map<String, Object> pub = new LinkedHashMap<>();
        pub.put("title", s.sourceTitle());
        pub.put("note", s.sourceNote());
        pub.put("provisional", true);
        sources.put(id, pub);
        // The rules as the shipped file writes them (resolved through its extends), under the same source.
        Map<String, Object> rules = new LinkedHashMap<>();
        var rename = loaded.tree().path("rename");
        for (String key : List.of("idioms", "macroFusion", "microFusion", "portBinding", "split", "dispatch")) {
            if (rename.has(key)) rules.put(key, withSource(dev.uopsim.common.Json.mapper().convertValue(rename.get(key), Object.class), id));
        }
        // Which instructions come from the microcode sequencer, where the shipped file says (more than 2 macro-ops on Zen).
        var threshold = loaded.tree().path("frontEnd").path("legacyDecode").path("microcodeThreshold");
        if (threshold.isNumber()) rules.put(MICROCODE_THRESHOLD, threshold.intValue());
        var bubble = loaded.tree().path("bypass").path("transfers").path("bubble");
        if (bubble.isBoolean()) rules.put(TRANSFER_BUBBLE, bubble.booleanValue());
        return new PublicCore(s, rules, sources);
    }

    /** No public figures for this core: the schema's defaults, under a source that says so. */
    static PublicCore defaults(String core) {
        String id = "unknown-core";
        // Schedulers have no schema default: as large as the ROB, they set no limit of their own.
        CoreSizes s = new CoreSizes(id, "uopsim schema defaults: no public figures found for this core",
                "no shipped model or public table describes " + core + "; every size is the schema's default, the schedulers as large as the ROB",
                224, 4, 224, 224, 0, 0, 16, 4, 0, 64, 32, 0, 32, 1536, 1);
        Map<String, Map<String, Object>> sources = new LinkedHashMap<>();
        sources.put(id, HostModel.o("title", s.sourceTitle(), "note", s.sourceNote(), "provisional", true));
        return new PublicCore(s, Map.of(), sources);
    }

    private static List<String> citedTitles(MachineModel m) {
        List<String> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (String x : new String[]{m.rob().source(), m.retire().source(), m.rename().registerFiles().source(), m.frontEnd().source(),
                m.frontEnd().uopCache().source(), m.memory().source()}) {
            if (x != null && !ids.contains(x)) ids.add(x);
        }
        for (Scheduler q : m.schedulers()) if (q.source() != null && !ids.contains(q.source())) ids.add(q.source());
        for (String x : ids) {
            var src = m.sources().get(x);
            out.add(x + ": " + (src == null ? "?" : src.title()));
        }
        return out;
    }

    /** Every "source" in a rule object or list replaced by {@code id}: the rules are cited through the model they come from. */
    @SuppressWarnings("unchecked")
    private static Object withSource(Object v, String id) {
        if (v instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (var e : ((Map<String, Object>) map).entrySet()) out.put(e.getKey(), e.getKey().equals("source") ? id : withSource(e.getValue(), id));
            return out;
        }
        if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            for (Object x : list) out.add(withSource(x, id));
            return out;
        }
        return v;
    }
}
