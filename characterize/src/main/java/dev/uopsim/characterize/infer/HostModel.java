package dev.uopsim.characterize.infer;

import dev.uopsim.characterize.bench.OperandNode;
import dev.uopsim.characterize.host.CpuInfo;
import dev.uopsim.characterize.measure.HostInference;
import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.model.Unit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes this machine's ports-config model from an inference: ports (named after the documented ones
 * where a reference names them), schedulers, the front end's width, the core facts, and a row per
 * form (slots, µops with their ports, latency per operand pair, measured throughput). Every number
 * names its source: the journal's measurements (by phase and benchmark names), or, for the core
 * sizes this issue does not measure, the public document it comes from.
 */
public final class HostModel {
    private HostModel() {}

    /** Where the measurements come from, for the provenance of every number. */
    public record Provenance(String journal, String started, String command, String cpu, String date) {}

    /** Public figures of a core family for what timing does not measure, with their sources. */
    record CoreSizes(String sourceId, String sourceTitle, String sourceNote, int rob, int retire, int euScheduler, int memScheduler,
                     int gprFile, int vectorFile, int fetchBytes, int decodeWidth, int loopBuffer, int queue, int loadPortBytes,
                     int uopCacheWidth, int uopCacheWindowBytes, int uopCacheSize, int uopCacheWindowsPerCycle) {}

    /** Golden Cove (the core of Sapphire Rapids): the family CPUID's extensions point to on this machine. */
    static final CoreSizes GOLDEN_COVE = new CoreSizes("golden-cove-public",
            "Golden Cove core sizes: ROB, retirement, register files and the µop cache (8 µops a cycle, 512 lines of 8) as in Scarab's PARAMS.golden_cove, its windows of 64 bytes as uiCA's for Ice Lake (DSB block 64 B); schedulers as in LLVM X86SchedAlderlakeP.td; legacy decode of 32 bytes and 6 instructions a cycle per Intel's optimization manual (Golden Cove chapter)",
            "as tabulated in shared/data/uarch-params/PARAMS.md (Scarab 95d93ad, llvm-project 0222028); not measured here: a later issue measures them. Used because CPUID's extensions (AVX-512 FP16, AMX) place this core in the Sapphire Rapids generation, whose cores are Golden Cove / Raptor Cove",
            512, 8, 112, 72, 280, 332, 32, 6, 72, 144, 64, 8, 64, 4096, 1);

    public static Map<String, Object> build(String name, CpuInfo cpu, HostInference.Result r, Map<String, FormFigures> figures,
                                            Map<String, Map<String, Object>> results, Provenance prov) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("title", "This machine as measured by uopsim characterize: " + cpu.vendor() + " family " + cpu.family() + " model " + cpu.model()
                + " (0x" + Integer.toHexString(cpu.model()) + ") stepping " + cpu.stepping() + ", \"" + cpu.brand() + "\""
                + (cpu.hypervisor() != null ? " under " + cpu.hypervisor() : "") + "; " + prov.date());
        m.put("vendor", cpu.vendor().equals("GenuineIntel") ? "intel" : cpu.vendor().equals("AuthenticAMD") ? "amd" : "other");
        // No CPUID range: under a hypervisor the model number is masked (167 names Rocket Lake here), so
        // a range would claim other machines.
        m.put("cpuid", List.of());
        List<String> isa = new ArrayList<>();
        for (String e : cpu.extensions()) if (FormTable.shipped().forms().stream().anyMatch(f -> f.extension().equals(e))) isa.add(e);
        m.put("isa", isa);

        Map<String, Object> sources = new LinkedHashMap<>();
        String measured = "measured here: " + prov.cpu() + "; journal " + prov.journal() + " (run started " + prov.started() + ")";
        sources.put("frontend", source("front-end width: NOPs alone (benchmarks frontend-nop8-x32, frontend-nop1-x32)", prov.journal() + "#frontend-*",
                measured, false));
        sources.put("table", source("instruction table: latency and throughput per form (benchmarks <form>-latency-*, <form>-throughput-*), "
                        + "slots by front-end probes (<form>-slots-*), µops and ports by interference (pair-*) and blocking (<form>-blocked-*)",
                prov.journal() + "#<form>-*", measured + "; command: " + prov.command(), false));
        sources.put("table-unsettled", source("rows whose slot count or port usage did not settle: the nearest whole number of the measurement, or "
                + "the slot count where no µop was measured", prov.journal() + "#<form>-*", measured, true));
        sources.put("ports", source("ports and port combinations: " + r.classes().size() + " classes of one-µop forms (pair-same-*), their ports from "
                + r.structure().experiments() + " mixes (pair-ports-*) with a mean error of " + String.format(Locale.ROOT, "%.1f%%", 100 * r.structure().error())
                + (r.structure().leftOut().length > r.structure().transfers().length ? " (" + (r.structure().leftOut().length - r.structure().transfers().length)
                        + " classes no layout explains placed beside it: memory classes on its load ports, others on ports of their own)" : "")
                + (r.structure().transfers().length > 0 ? " (" + r.structure().transfers().length + " classes of moves from the vector unit, which cost "
                        + "the integer ALUs a cycle, on ports of their own: the move pipes)" : "")
                + (r.reference() != null ? "; named after the documented ports of the " + r.reference() + " model where the port sets match" : ""),
                prov.journal() + "#pair-*", measured, false));
        sources.put("frontend-loop", source("delivery across a small loop's end: loops of K NOPs, one and two copies (benchmarks frontend-loop-nop8-x*): "
                + r.loopDelivery().note() + "; the loop buffer's size is from the core-sizes source", prov.journal() + "#frontend-loop-*", measured, false));
        if (Boolean.FALSE.equals(r.loopBuffer().used())) {
            sources.put("frontend-loopbuffer", source("whether a loop buffer streams small loops: a loop of W ADDs inside each copy "
                    + "(benchmarks frontend-loopbuffer-add-x*): " + r.loopBuffer().note(), prov.journal() + "#frontend-loopbuffer-*", measured, false));
        }
        PublicCore publicCore = PublicCore.forCpu(cpu);
        CoreSizes sizes = publicCore.sizes();
        double w = r.width();
        int width = (int) Math.round(w);
        int cacheWidth = uopCacheWidth(sizes, width);
        var uopCache = UopCacheDelivery.decideFor(cpu, r.uopCacheProbe(), width);
        if (uopCache.windowsPerCycle() != null) {
            sources.put("frontend-uopcache", source("µop-cache delivery across windows: a loop of NOPs longer than any loop buffer, one more in each 64-byte window than the cache delivers a cycle "
                    + "(benchmark frontend-uopcache-*): " + uopCache.note() + "; the cache's width, window and size are from the core-sizes source",
                    prov.journal() + "#frontend-uopcache-*", measured, false));
        }
        sources.put("core", source("load-to-use, store forwarding, forwarding failure, memory renaming, register moves fused with the "
                + "operation after them, the shifts that must sum a register + offset the renamer kept and the ADD immediates it folds by value "
                + "(rename.immediateFolding), the flag "
                + "consumers slower after a logical operation (rename.logicFlags), the cycles before the front end delivers again after a microcode flow "
                + "(frontEnd.legacyDecode.microcodeExitCycles), and "
                + "(rob.serializing) the fences that hold younger µops: dependency chains and six-pair steps (core-*)", prov.journal() + "#core-*",
                measured, false));
        sources.putAll(publicCore.sources());
        Map<String, Object> def = new LinkedHashMap<>();
        def.put("title", "uopsim schema default: neither measured here nor found for this core");
        def.put("provisional", true);
        sources.put("default", def);
        m.put("sources", sources);

        Map<String, Object> fe = new LinkedHashMap<>();
        fe.put("fetchBytes", sizes.fetchBytes());
        fe.put("decodeWidth", sizes.decodeWidth());
        // The µop cache delivers more than the renamer takes (Scarab's golden_cove: 8 a cycle, 4,096 µops);
        // the 6 a cycle measured on NOPs is the rename width.
        Map<String, Object> cache = o("width", cacheWidth, "windowBytes", sizes.uopCacheWindowBytes(), "size", sizes.uopCacheSize(), "source", sizes.sourceId());
        if (uopCache.windowsPerCycle() != null) {
            cache.put("windowsPerCycle", uopCache.windowsPerCycle());
            cache.put("source", "frontend-uopcache");
        } else {
            // Not decided here (a journal from before the probe fit this cache's width): the public core's figure.
            cache.put("windowsPerCycle", sizes.uopCacheWindowsPerCycle());
        }
        fe.put("uopCache", cache);
        fe.put("loopBuffer", loopBuffer(sizes, r.loopDelivery(), r.loopBuffer()));
        fe.put("queueSize", sizes.queue());
        fe.put("source", sizes.sourceId());
        m.put("frontEnd", fe);

        Map<String, Object> rename = new LinkedHashMap<>();
        rename.put("width", width);
        rename.put("moveElimination", o("gpr", fast(figures, "MOV_89 (R64, R64)", 0.2), "vector", fast(figures, "VMOVAPS (YMM, YMM)", 0.3),
                "source", "table"));
        // Idioms, macro-fusion and unlamination: the decoder's documented rules for this core (never another vendor's).
        for (String key : List.of("idioms", "macroFusion", "microFusion")) {
            if (publicCore.renameRules().containsKey(key)) rename.put(key, publicCore.renameRules().get(key));
        }
        SseZeroIdioms.Verdict sseZero = r.sseZeroIdioms();
        if (sseZero != null && sseZero.settled() && rename.get("idioms") instanceof Map<?, ?> documented) {
            // The documented rules for zero, ones and carry idioms; the legacy SSE zero idioms as measured here.
            Map<String, Object> idioms = new LinkedHashMap<>();
            documented.forEach((k, v) -> idioms.put(String.valueOf(k), v));
            idioms.put("zeroSse", sseZero.handling());
            sources.put("frontend-zero-idioms", source(String.format(Locale.ROOT, "legacy SSE zero idioms (rename.idioms.zeroSse): twelve PXOR xmm, xmm "
                    + "on distinct registers %.3f cycles each (benchmark frontend-zero-idiom-sse-x12), %s; the other idioms as the source %s gives them",
                    sseZero.cycles(), sseZero.eliminated() ? "the front end's pace: eliminated" : "run on " + sseZero.ports() + " ports",
                    documented.get("source")), prov.journal() + "#frontend-zero-idiom-sse-*", measured, false));
            idioms.put("source", "frontend-zero-idioms");
            rename.put("idioms", idioms);
        }
        rename.put("registerFiles", o("gpr", sizes.gprFile(), "vector", sizes.vectorFile(), "source", sizes.sourceId()));
        // Intel's renamer binds each µop to a port as it allocates it; with the model's several
        // schedulers the default would pick ports at issue, as AMD's queues do.
        if (publicCore.renameRules().containsKey("portBinding")) rename.put("portBinding", publicCore.renameRules().get("portBinding"));
        split(rename, sources, r.facts(), publicCore, prov, measured);
        dispatch(rename, publicCore, r.portNames());
        List<String> moveFusion = r.facts().moveFusion();
        if (moveFusion != null && !moveFusion.isEmpty()) rename.put("moveFusion", o("operations", moveFusion, "immediateBits", 32, "source", "core"));
        CoreProbes.LogicFlags logic = r.facts().logicFlags();
        if (logic != null && !logic.producers().isEmpty()) {
            rename.put("logicFlags", o("producers", logic.producers(), "consumers", logic.consumers(), "latency", logic.latency(), "source", "core"));
        }
        CoreProbes.Folding folding = r.facts().folding();
        if (folding != null && (!folding.materializedBy().isEmpty() || folding.immediatesBelow() > 0 || folding.flagsLatency() > 0)) {
            rename.put("immediateFolding", o("materializedBy", folding.materializedBy(), "latency", folding.latency(),
                    "immediatesBelow", folding.immediatesBelow(), "flagsLatency", folding.flagsLatency(), "source", "core"));
        }
        rename.put("source", "frontend");
        m.put("rename", rename);
        Map<String, Object> rob = o("size", sizes.rob(), "source", sizes.sourceId());
        // Measured (core-serialize-*): which fences hold younger µops; the size stays the public figure.
        if (r.facts().serializing() != null && !r.facts().serializing().isEmpty()) rob.put("serializing", r.facts().serializing());
        m.put("rob", rob);
        m.put("retire", o("width", sizes.retire(), "source", sizes.sourceId()));

        // Ports, in name order; masks of the inference are in its own port order.
        List<String> names = r.portNames();
        int ports = names.size();
        Map<Integer, java.util.Set<Unit>> units = new TreeMap<>();
        for (int p = 0; p < ports; p++) units.put(p, java.util.EnumSet.noneOf(Unit.class));
        r.units().forEach((p, u) -> units.get(p).addAll(u));

        // Rows first: they may need units on ports (non-pipelined dividers).
        Map<String, Object> rows = new LinkedHashMap<>();
        for (var e : r.forms().entrySet()) {
            Map<String, Object> row = row(e.getValue(), figures.get(e.getKey()), results.get(e.getKey()), r, names, units, w,
                    publicCore.microcodeThreshold());
            if (row != null) withSiblingLatency(row, e.getKey(), n -> figures.get(n) == null ? Map.of()
                    : latency(FormTable.shipped().byName(n).orElseThrow(), figures.get(n), r));
            if (row != null) rows.put(e.getKey(), row);
        }
        boolean storesPairWithinLine = storesPairOnlyWithinALine(results);
        if (storesPairWithinLine) {
            sources.put("stores", source("stores: one a cycle to different cache lines (MOV (M64, R64) x8, part 1), two only within one line "
                    + "(x8-same-line): the store commit rule", prov.journal() + "#mov_m64_r64-throughput-*", measured, false));
        }
        Map<String, Object> portMap = new LinkedHashMap<>();
        List<Integer> order = new ArrayList<>();
        for (int p = 0; p < ports; p++) order.add(p);
        order.sort((a, b) -> PortNaming.byNumber(names.get(a), names.get(b)));
        List<String> compute = new ArrayList<>(), memory = new ArrayList<>();
        for (int p : order) {
            List<String> u = new ArrayList<>();
            for (Unit x : units.get(p)) u.add(x.name());
            if (u.isEmpty()) u.add(Unit.ALU.name());
            portMap.put(names.get(p), o("units", u, "source", "ports"));
            if (units.get(p).contains(Unit.LOAD) || units.get(p).contains(Unit.STORE_ADDRESS)) memory.add(names.get(p));
            else compute.add(names.get(p));
        }
        List<Object> schedulers = new ArrayList<>();
        if (!compute.isEmpty()) schedulers.add(o("name", "EU", "size", sizes.euScheduler(), "ports", compute, "source", sizes.sourceId()));
        if (!memory.isEmpty()) schedulers.add(o("name", "MEM", "size", sizes.memScheduler(), "ports", memory, "source", sizes.sourceId()));
        m.put("schedulers", schedulers);
        m.put("ports", portMap);

        var f = r.facts();
        Map<String, Object> mem = new LinkedHashMap<>();
        Map<String, Object> l2u = new LinkedHashMap<>();
        l2u.put("gpr", (int) Math.round(f.loadToUse()));
        l2u.put("vector", Double.isFinite(f.vectorLoadToUse()) ? (int) Math.round(f.vectorLoadToUse()) : (int) Math.round(f.loadToUse()) + 1);
        l2u.put("complexAddress", Math.max(0, (int) Math.round(f.complexAddress())));
        l2u.put("source", "core");
        mem.put("loadToUse", l2u);
        mem.put("loadPortBytes", sizes.loadPortBytes());
        Map<String, Object> fwd = new LinkedHashMap<>();
        fwd.put("latency", Math.round(f.forwarding() * 10) / 10.0);
        fwd.put("cases", List.of("exact", "same-start", "contained"));
        fwd.put("failurePenalty", Math.max(0, (int) Math.round(f.failurePenalty())));
        if (f.computedDataExtra() > 0) fwd.put("computedDataExtra", f.computedDataExtra());
        fwd.put("source", "core");
        mem.put("storeForwarding", fwd);
        if (f.segmentStorePorts() > 0) mem.put("segmentStorePorts", f.segmentStorePorts());
        Map<String, Object> ren = new LinkedHashMap<>();
        ren.put("enabled", f.renamed());
        // Another base register renamed too: any address, or any without an index where the indexed chain forwards.
        ren.put("shapes", f.renamed() ? List.of(f.renamedOtherRegister() ? (f.renamedIndexed() ? "any" : "unindexed") : "base-displacement")
                : List.of());
        ren.put("latency", f.renaming().latency());
        if (f.renaming().perCycle() > 0) ren.put("perCycle", f.renaming().perCycle());
        // pairs through another register, learned for a loop's few loads (not where every shape renames anyway)
        if (f.renamed() && !f.renamedOtherRegister() && f.renaming().learnedLoads() > 0) ren.put("learnedLoads", f.renaming().learnedLoads());
        if (f.renamed() && f.renamedReadModifyWrite() != null) ren.put("readModifyWrite", f.renamedReadModifyWrite());
        if (f.renamed() && f.renamedValues() != null) ren.put("values", f.renamedValues());
        ren.put("source", "core");
        mem.put("memoryRenaming", ren);
        if (storesPairWithinLine) mem.put("storeCommit", o("perCycle", 2, "sameLine", true, "source", "stores"));
        mem.put("dependencePolicy", "learn");
        mem.put("source", "default");
        m.put("memory", mem);

        if (r.reference() != null) {
            int added = addReferenceRows(rows, r.reference(), names, units);
            if (added > 0) {
                Map<String, Object> ref = new LinkedHashMap<>();
                ref.put("title", "rows of forms not measured here (branches, string, system and other forms part 1 does not run): the shipped "
                        + r.reference() + " model's rows (uops.info's table), its ports renamed to this machine's where the names or units match");
                ref.put("note", added + " rows; not measured on this machine");
                ref.put("provisional", true);
                sources.put("reference-table", ref);
            }
        }
        bypass(m, sources, rows, r.bypass(), prov, measured);
        transferBubble(m, sources, r.facts(), publicCore, prov, measured);
        microcodeExit(fe, rows, r.facts(), width);
        if (publicCore.renameRules().containsKey(PublicCore.MICROCODE_THRESHOLD)) {
            // The documented threshold: the engine hands wider instructions to the sequencer.
            @SuppressWarnings("unchecked")
            Map<String, Object> legacy = fe.get("legacyDecode") instanceof Map<?, ?> x ? (Map<String, Object>) x : o("source", sizes.sourceId());
            legacy.put("microcodeThreshold", publicCore.microcodeThreshold());
            fe.put("legacyDecode", legacy);
            if ("core".equals(legacy.get("source")) && sources.get("core") instanceof Map<?, ?> core) {
                @SuppressWarnings("unchecked")
                Map<String, Object> c = (Map<String, Object>) core;
                c.put("title", c.get("title") + "; frontEnd.legacyDecode.microcodeThreshold as the " + sizes.sourceId() + " source documents it");
            }
        }
        Map<String, Object> table = new LinkedHashMap<>();
        table.put("source", "table");
        table.put("forms", rows);
        m.put("instructions", table);
        Map<String, Object> machine = o("vendor", cpu.vendor(), "family", cpu.family(), "model", cpu.model(), "stepping", cpu.stepping(),
                "brand", cpu.brand());
        if (cpu.hypervisor() != null) machine.put("hypervisor", cpu.hypervisor());
        if (cpu.uarchGuess() != null) machine.put("core", cpu.uarchGuess());
        m.put("generated", o("command", prov.command(), "inputs", o(prov.journal(), "journal started " + prov.started()), "machine", machine));
        if (r.facts().bankLimited()) addBankedLoadPorts(m, r.facts(), sources, prov, measured);
        return m;
    }

    /**
     * Loads spread over a line's banks start more a cycle than the load ports inference found (its
     * benchmarks put every instance at the same place of different lines, which is one bank): the
     * model gets the missing load ports, copies of the first, and the bank limit that hid them.
     */
    @SuppressWarnings("unchecked")
    static void addBankedLoadPorts(Map<String, Object> m, CoreProbes.Facts f, Map<String, Object> sources, Provenance prov, String measured) {
        Map<String, Object> portMap = (Map<String, Object>) m.get("ports");
        List<String> loadPorts = new ArrayList<>();
        for (var e : portMap.entrySet()) {
            if (((List<String>) ((Map<String, Object>) e.getValue()).get("units")).stream().anyMatch(u -> u.equalsIgnoreCase("LOAD"))) loadPorts.add(e.getKey());
        }
        int wanted = (int) Math.round(f.loadsPerCycle());
        if (loadPorts.isEmpty() || wanted <= loadPorts.size()) return;
        String like = loadPorts.getFirst();
        List<String> added = new ArrayList<>();
        for (int i = 0; added.size() < wanted - loadPorts.size(); i++) {
            String name = "L" + i;
            if (!portMap.containsKey(name)) added.add(name);
        }
        Map<String, Object> template = (Map<String, Object>) portMap.get(like);
        for (String a : added) portMap.put(a, o("units", template.get("units"), "source", "load-banks"));
        for (Object s : (List<Object>) m.get("schedulers")) withPorts((Map<String, Object>) s, like, added);
        Map<String, Object> rows = (Map<String, Object>) ((Map<String, Object>) m.get("instructions")).get("forms");
        for (Object row : rows.values()) {
            Object uops = ((Map<String, Object>) row).get("uops");
            if (!(uops instanceof List<?> list)) continue;
            for (Object u : list) withPorts((Map<String, Object>) u, like, added);
        }
        Map<String, Object> mem = (Map<String, Object>) m.get("memory");
        mem.put("loadBanks", o("bankBytes", 8, "loadsPerBank", Math.max(1, (int) Math.round(f.loadsPerCycleOneBank())), "source", "load-banks"));
        sources.put("load-banks", source(String.format(Locale.ROOT, "load ports and L1 banks: three independent loads a step from three 8-byte banks "
                        + "of one line run %.2f a cycle, from one bank of three lines %.2f (core-loads-three-banks, core-loads-one-bank); load ports "
                        + "%s added as copies of %s; banks of 8 bytes is the widest size these two probes allow", f.loadsPerCycle(),
                f.loadsPerCycleOneBank(), String.join(", ", added), like), prov.journal() + "#core-loads-*", measured, false));
    }

    /**
     * What a rename cycle may hold (rename.dispatch) as the public core's model gives it, where every port
     * it names is one of this model's (the inferred ports are named after the documented pipes only where
     * a reference names them); else not written (no limits beyond the width).
     */
    static void dispatch(Map<String, Object> rename, PublicCore publicCore, List<String> portNames) {
        if (!(publicCore.renameRules().get("dispatch") instanceof Map<?, ?> d)) return;
        Object limits = d.get("limits");
        if (limits instanceof List<?> list) {
            for (Object l : list) {
                if (!(l instanceof Map<?, ?> limit) || !(limit.get("ports") instanceof List<?> ports) || !portNames.containsAll(ports)) return;
            }
        }
        rename.put("dispatch", d);
    }

    /**
     * Whether the renamer splits an instruction's slots across two cycles (rename.split): measured by the
     * core probes where the journal has them, else as the public core's model says, else not written
     * (the schema's default: split).
     */
    static void split(Map<String, Object> rename, Map<String, Object> sources, CoreProbes.Facts facts, PublicCore publicCore,
                      Provenance prov, String measured) {
        Boolean split = facts == null || facts.raw() == null ? null : CoreProbes.splitsAcrossCycles(facts.raw());
        if (split != null) {
            StringBuilder times = new StringBuilder();
            for (int k : CoreProbes.SPLIT_FILLERS) {
                times.append(times.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "%.2f", facts.raw().get("split-clc-" + k)));
            }
            sources.put("split", source(String.format(Locale.ROOT, "an XCHG r64, r64 and %d to %d CLCs a step: %s cycles (core-split-clc-*): %s",
                    CoreProbes.SPLIT_FILLERS[0], CoreProbes.SPLIT_FILLERS[CoreProbes.SPLIT_FILLERS.length - 1], times,
                    split ? "each CLC adds the same share of a cycle, the XCHG is split across cycles"
                            : "the times climb in stairs, the XCHG is not split across cycles"), prov.journal() + "#core-split-clc-*", measured, false));
            rename.put("split", o("allowed", split, "source", "split"));
        } else if (publicCore.renameRules().containsKey("split")) {
            rename.put("split", publicCore.renameRules().get("split"));
        }
    }

    /**
     * Whether a move from the vector unit costs the integer ALUs a cycle (bypass.transfers): measured by the
     * core probes where the journal has them, else as the public core's model says, else not written (off).
     */
    static void transferBubble(Map<String, Object> m, Map<String, Object> sources, CoreProbes.Facts facts, PublicCore publicCore,
                               Provenance prov, String measured) {
        TransferMoves.BubbleVerdict verdict = TransferMoves.bubbleVerdict(facts, publicCore);
        Boolean bubble = verdict.bubble();
        if (bubble == null) return;
        String source;
        if (verdict.measured()) {
            source = "transfers";
            sources.put(source, source(String.format(Locale.ROOT, "moves from the vector unit beside single-cycle integer µops: MOVD r32, xmm "
                            + "and four LEAs %.2f cycles a step, the LEAs alone %.2f (core-transfer-beside-leas, core-leas-alone): %s",
                    facts.raw().get("transfer-beside-leas"), facts.raw().get("leas-alone"),
                    bubble ? "a cycle of the ALUs per move" : "no bubble"), prov.journal() + "#core-*leas*", measured, false));
        } else {
            source = publicCore.sizes().sourceId();
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> bypass = m.get("bypass") instanceof Map<?, ?> b ? (Map<String, Object>) b : new LinkedHashMap<>();
        bypass.put("transfers", o("bubble", bubble, "source", source));
        m.put("bypass", bypass);
    }

    /**
     * The bypass domains found (with the non-zero delays between them) and each measured row's domain;
     * nothing when none was found (the model then has no delays, as the schema's default says).
     */
    static void bypass(Map<String, Object> m, Map<String, Object> sources, Map<String, Object> rows,
                       dev.uopsim.characterize.measure.BypassProbe.Result b, Provenance prov, String measured) {
        List<String> domains = b.classes().domains();
        if (domains.isEmpty()) return;
        Map<String, Object> delays = new LinkedHashMap<>();
        for (int i = 0; i < domains.size(); i++) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (int j = 0; j < domains.size(); j++) if (b.delays()[i][j] > 0) row.put(domains.get(j), b.delays()[i][j]);
            if (!row.isEmpty()) delays.put(domains.get(i), row);
        }
        List<String> trips = new ArrayList<>();
        b.evidence().forEach((pair, bench) -> trips.add(pair + ": " + bench));
        sources.put("bypass", source("bypass domains: each vector form chained with reference forms (" + String.join(", ", b.classes().representative().values())
                        + "), less both self-chains (<form>-bypass-*): forms with the same round trips share a domain; delays 0 or more "
                        + "fitted to the round trips between domains and to loops through three domains each way round (averages where the delay depends on the port)",
                prov.journal() + "#*-bypass-*", measured + "; round trips from " + String.join("; ", trips), false));
        m.put("bypass", o("domains", domains, "delays", delays, "source", "bypass"));
        // Rows from the reference table too: their domain was measured here (the reference forms themselves are among them).
        for (var e : b.classes().domainOf().entrySet()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> row = (Map<String, Object>) rows.get(e.getKey());
            if (row != null) row.put("domain", e.getValue());
        }
    }

    /**
     * Adds a row for each form of the shipped reference model that the measurement left out: its µops
     * on this machine's ports of the same name, or on all of them holding the reference port's
     * memory unit (loads, store addresses); store-data µops (no port here: the inference sees a store
     * as one µop) and µops without a port here are left out.
     */
    @SuppressWarnings("unchecked")
    static int addReferenceRows(Map<String, Object> rows, String reference, List<String> names, Map<Integer, java.util.Set<Unit>> units) {
        Map<String, Object> ref;
        try {
            ref = dev.uopsim.common.Json.mapper().readValue(dev.uopsim.model.ModelRegistry.resolve(reference).read(), Map.class);
        } catch (RuntimeException e) {
            return 0;
        }
        Map<String, Object> refPorts = (Map<String, Object>) ref.get("ports");
        Map<String, Object> refRows = (Map<String, Object>) ((Map<String, Object>) ref.get("instructions")).get("forms");
        Map<String, List<String>> to = new LinkedHashMap<>();
        for (var e : refPorts.entrySet()) {
            List<String> u = (List<String>) ((Map<String, Object>) e.getValue()).get("units");
            List<String> mapped = new ArrayList<>();
            if (names.contains(e.getKey())) {
                mapped.add(e.getKey());
            } else {
                for (String unit : List.of("LOAD", "STORE_ADDRESS")) {
                    if (!u.contains(unit)) continue;
                    for (int p = 0; p < names.size(); p++) if (units.get(p).contains(Unit.valueOf(unit))) mapped.add(names.get(p));
                }
            }
            to.put(e.getKey(), mapped);
        }
        int added = 0;
        for (var e : refRows.entrySet()) {
            if (rows.containsKey(e.getKey()) || FormTable.shipped().byName(e.getKey()).isEmpty()) continue;
            Map<String, Object> row = new LinkedHashMap<>((Map<String, Object>) e.getValue());
            List<Object> uops = new ArrayList<>();
            for (Object o : (List<Object>) row.getOrDefault("uops", List.of())) {
                Map<String, Object> u = new LinkedHashMap<>((Map<String, Object>) o);
                java.util.LinkedHashSet<String> ports = new java.util.LinkedHashSet<>();
                for (Object p : (List<Object>) u.get("ports")) ports.addAll(to.getOrDefault((String) p, List.of()));
                if (ports.isEmpty()) continue;
                List<String> sorted = new ArrayList<>(ports);
                sorted.sort(PortNaming::byNumber);
                u.put("ports", sorted);
                u.remove("unit");
                u.remove("occupancy");
                uops.add(u);
            }
            row.put("uops", uops);
            row.put("source", "reference-table");
            rows.put(e.getKey(), row);
            added++;
        }
        return added;
    }

    /**
     * Whether the core writes two stores a cycle only within one cache line: part 1's MOV (M64, R64)
     * at a cycle per store to different lines (x8) and at half a cycle within one (x8-same-line).
     */
    static boolean storesPairOnlyWithinALine(Map<String, Map<String, Object>> results) {
        Map<String, Object> r = results.get("MOV (M64, R64)");
        if (r == null || !(r.get("throughput_sequences") instanceof Map<?, ?> seq)) return false;
        Object x8 = seq.get("x8"), same = seq.get("x8-same-line");
        if (!(x8 instanceof Map<?, ?> a) || !(same instanceof Map<?, ?> b)) return false;
        double spread = ((Number) a.get("cycles")).doubleValue(), paired = ((Number) b.get("cycles")).doubleValue();
        return spread > 0.9 && paired < 0.6;
    }

    /**
     * The µop cache's width the model gets: the public figure, but never less than the renamer's
     * measured width (the cache delivers at least what the renamer takes; Scarab's golden_cove: 8 a
     * cycle against 6 measured here). The probes that depend on it decide with the same figure.
     */
    static int uopCacheWidth(CoreSizes sizes, int renameWidth) {
        return Math.max(renameWidth, sizes.uopCacheWidth());
    }

    /**
     * The loop buffer: none where small loops were measured streaming from the µop cache; else its size
     * from public sources, delivery across the loop's end only where measured so (the object's source
     * then names the measurement, whose title names the size's source).
     */
    static Map<String, Object> loopBuffer(CoreSizes sizes, LoopDelivery.Verdict delivery, LoopBufferUse.Verdict use) {
        if (use != null && Boolean.FALSE.equals(use.used())) return o("size", 0, "source", "frontend-loopbuffer");
        Map<String, Object> lb = o("size", sizes.loopBuffer(), "source", sizes.sourceId());
        if (delivery != null && Boolean.TRUE.equals(delivery.across())) {
            lb.put("acrossIterations", true);
            lb.put("source", "frontend-loop");
        }
        return lb;
    }

    /** Adds {@code added} to the object's "ports" where it lists {@code like} (the lists may be immutable). */
    @SuppressWarnings("unchecked")
    private static void withPorts(Map<String, Object> holder, String like, List<String> added) {
        if (!(holder.get("ports") instanceof List<?> ps) || !ps.contains(like)) return;
        List<String> out = new ArrayList<>((List<String>) ps);
        out.addAll(added);
        holder.put("ports", out);
    }

    /** An ordered JSON object from key, value pairs. */
    static Map<String, Object> o(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
        return m;
    }

    static Map<String, Object> source(String title, String measurement, String note, boolean provisional) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("title", title);
        s.put("measurement", measurement);
        s.put("note", note);
        if (provisional) s.put("provisional", true);
        return s;
    }

    /** µops on the group's ports that a measured throughput of {@code t} cycles needs, at least {@code count}. */
    static int countForThroughput(double t, int mask, int count) {
        return Math.max(count, (int) Math.round(t * Integer.bitCount(mask)));
    }

    /**
     * At most the µops a form running at {@code t} cycles can execute on the group's ports (one a port a
     * cycle, a tenth of a µop for the measurement): blocking that read more counted a slowdown, not µops
     * (MASKMOVQ beside blocking stores slowed by thousands of cycles and came out as 5,127 store µops at 2.0
     * cycles a form; with 5% rounded up, RCL r32, imm8 at 4.0 cycles kept five µops on one pipe in h74 and
     * its mixes simulated 10 cycles for 8).
     */
    static int countWithinThroughput(double t, int mask, int count) {
        return Math.min(count, Math.max(1, (int) Math.floor(t * Integer.bitCount(mask) + 0.1)));
    }

    /**
     * Cycles a group holds a unit every port of the group has, for {@code t} cycles a form: instances
     * overlap on as many ports as the group has (the engine holds the unit once for a group's µops).
     */
    static int unitOccupancy(double t, int mask) {
        return Math.max(1, (int) Math.round(t * Integer.bitCount(mask)));
    }

    /** Whether a group's ports include a load or store-address port. */
    private static boolean memoryGroup(int mask, List<String> names, Map<Integer, java.util.Set<Unit>> units) {
        for (int p = 0; p < names.size(); p++) {
            if ((mask & (1 << p)) != 0 && (units.get(p).contains(Unit.LOAD) || units.get(p).contains(Unit.STORE_ADDRESS))) return true;
        }
        return false;
    }

    private static boolean fast(Map<String, FormFigures> figures, String form, double below) {
        FormFigures f = figures.get(form);
        return f != null && f.hasThroughput() && f.throughput() < below;
    }

    /** A sequenced form's measured cycles a copy at least: a flow slower than its ports by more than a tenth, of whole cycles. */
    static final double MIN_SEQUENCED_CYCLES = 1.4;

    /** µops a cycle from the microcode sequencer: the schema's default, which the model written here keeps. */
    static final int SEQUENCER_UOPS_PER_CYCLE = 4;

    /**
     * The sequencer's exit cycles (core-microcode-exit-*), with the probed flow's slots from its row and
     * the sequencer's rate: written only when the probes settle it.
     */
    static void microcodeExit(Map<String, Object> fe, Map<String, Object> rows, CoreProbes.Facts facts, double width) {
        if (!(rows.get(CoreProbes.MICROCODE_EXIT_FORM) instanceof Map<?, ?> row) || !(row.get("slots") instanceof Integer slots)) return;
        Integer exit = CoreProbes.microcodeExit(facts.raw(), slots, SEQUENCER_UOPS_PER_CYCLE, width);
        if (exit != null) fe.put("legacyDecode", o("microcodeExitCycles", exit, "source", "core"));
    }

    /**
     * Whether flows hold whole cycles: the decoders hand on fewer slots than Intel's (the Zen 4 guest's 2 macro-ops),
     * where the measurements showed it; Intel's hosts keep the rules their journals were replayed with.
     */
    static boolean flowsHoldWholeCycles(int microcodeThreshold) {
        return microcodeThreshold < SlotProbe.DECODER_SLOTS;
    }

    /**
     * Whether a form of {@code slots} (above the decoders' threshold) taking {@code t} cycles a copy streams from the
     * sequencer as a flow: where flows hold whole cycles (threshold below 4) from 1.4 cycles whatever its ports
     * ({@code lp}) say; elsewhere from 2 cycles when it is slower than its ports and the front end by more than a tenth.
     */
    static boolean sequenced(int slots, int microcodeThreshold, double t, double lp, double width) {
        if (slots <= microcodeThreshold || !Double.isFinite(t)) return false;
        if (flowsHoldWholeCycles(microcodeThreshold)) return t >= MIN_SEQUENCED_CYCLES;
        return t >= 2 && t > 1.1 * Math.max(lp, slots / width);
    }

    /** A form whose slot probe read more slots than its throughput allows, on a core whose flows hold whole cycles (decoders' threshold below 4). */
    static boolean readAsAFlow(HostInference.InferredForm inf, int microcodeThreshold) {
        return flowsHoldWholeCycles(microcodeThreshold) && inf.macroOps() == null && HostInference.readMoreThanThroughput(inf.macroOpsNote());
    }

    /** A flow of {@code cycles} whole cycles delivers its slots before its last: at most (cycles - 1) x the sequencer's rate, above the decoders' threshold. */
    static int flowSlots(int slots, int cycles, int microcodeThreshold) {
        int deliverable = (cycles - 1) * SEQUENCER_UOPS_PER_CYCLE;
        return slots > deliverable ? Math.max(microcodeThreshold + 1, deliverable) : slots;
    }

    /** A flow's compute group keeps one µop per port at most. */
    static int flowGroupCount(int count, int mask) {
        return Math.min(count, Integer.bitCount(mask));
    }

    /** One form's row, or null when nothing was measured. */
    static Map<String, Object> row(HostInference.InferredForm inf, FormFigures fig, Map<String, Object> result, HostInference.Result r,
                                   List<String> names, Map<Integer, java.util.Set<Unit>> units, double width, int microcodeThreshold) {
        if (fig == null) return null;
        InstructionForm form = FormTable.shipped().byName(inf.form()).orElse(null);
        if (form == null) return null;
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("ext", form.extension());
        boolean unsettled = inf.macroOps() == null || !inf.notes().isEmpty() && inf.notes().stream().anyMatch(n -> n.startsWith("not settled"));
        int slots = inf.macroOps() != null ? inf.macroOps()
                : Double.isFinite(inf.macroOpsRaw()) && inf.macroOpsRaw() >= 0.5 ? (int) Math.round(inf.macroOpsRaw()) : Math.max(1, Math.min(4, inf.uops()));
        row.put("slots", slots);
        List<Object> uops = new ArrayList<>();
        double lp = r.throughputFromPorts(inf) == null ? 0 : r.throughputFromPorts(inf);
        // A length-changing prefix's predecoder stalls set the measured throughput (3.2 cycles for CMP AX, imm16
        // here), which says nothing of units or µops: such a form keeps its sibling's µops as they are.
        double measured = fig.hasThroughput() ? fig.throughput() : Double.NaN;
        double t = PortClasses.lengthChangingPrefix(form) ? Double.NaN : measured;
        // the group a non-pipelined unit goes on: the smallest combination of compute ports
        int unitGroup = -1;
        int computeGroups = 0;
        for (int i = 0; i < inf.groups().size(); i++) {
            int mask = inf.groups().get(i).mask();
            if (memoryGroup(mask, names, units)) continue;
            computeGroups++;
            if (unitGroup < 0 || Integer.bitCount(mask) < Integer.bitCount(inf.groups().get(unitGroup).mask())) unitGroup = i;
        }
        // A microcoded form (more slots than the decoders take: 4 on Intel, 2 macro-ops on Zen), not a divider (value-dependent
        // timing): the sequencer streams it and delivers nothing else meanwhile (here RCL r64, CL beside three other forms took
        // 8.0 cycles, not its own 6: nothing overlapped it). Where a flow holds whole cycles (a Zen 4 guest: SHLD r32, r32,
        // imm8 1.49 cycles a copy back to back, 2.00 after a zero idiom, with or without four ADDs beside it) every such form
        // from 1.4 cycles is a flow whatever its blocking found, since blocking a flow reads the front end's starvation as
        // µops (RCR r16, imm8: 13 slots, 3.0 cycles, nine µops on the ALUs by blocking, a port bound of 3.0). A core whose
        // decoders take more (Intel's 4) keeps the rule its hosts' journals were replayed with: from 2 cycles, slower than
        // its ports and front end by a tenth, rounded.
        boolean wholeCycles = flowsHoldWholeCycles(microcodeThreshold);
        // A slot probe that read more slots than the form's throughput allows had fillers that did not overlap the form, as
        // nothing overlaps a flow (SHLD r64, r64, imm8: 11.2 slots at 1.50 cycles, uops.info's Zen 4 table 4 µops; RCL r32,
        // imm8: 23.5 at 4.0): such a form is above the threshold. (On Intel hosts such readings came with forms of 2 and 3
        // µops: see SlotProbe.DECODER_SLOTS.)
        if (readAsAFlow(inf, microcodeThreshold)) {
            slots = Math.max(slots, microcodeThreshold + 1);
            row.put("slots", slots);
        }
        boolean sequenced = !form.has(FormProperty.VALUE_DEPENDENT) && sequenced(slots, microcodeThreshold, t, lp, width);
        if (sequenced) {
            int cycles = (int) (wholeCycles ? Math.ceil(t - 0.1) : Math.round(t));
            row.put("microcodeCycles", cycles);
            unitGroup = -1;
            // A flow of whole cycles lets other instructions out in its last cycle (RCL r32, imm8, 4 cycles: 4.0 with six
            // NOPs beside it), so it delivers its slots before: a probe's count above that is the sequencer's time read as
            // slots (CMPXCHG r16, r16: 13 at 3.0 cycles a copy, two with six others 6.0, where 13 slots at the sequencer's
            // 4 a cycle would hold the front end 4 cycles).
            int delivered = wholeCycles ? flowSlots(slots, cycles, microcodeThreshold) : slots;
            if (delivered != slots) {
                slots = delivered;
                row.put("slots", slots);
            }
        }
        int gi = -1;
        for (var g : inf.groups()) {
            gi++;
            Map<String, Object> u = new LinkedHashMap<>();
            List<String> ports = new ArrayList<>();
            for (int p = 0; p < names.size(); p++) if ((g.mask() & (1 << p)) != 0) ports.add(names.get(p));
            ports.sort(PortNaming::byNumber);
            u.put("ports", ports);
            int count = g.count();
            // Blocking did not settle this form's µops, and its one compute group is slower than its
            // ports allow: count the µops the measured throughput needs on those ports (VPMULLD ymm:
            // 1.02 cycles on two ports is two µops, where blocking saw one).
            if (unsettled && gi == unitGroup && computeGroups == 1 && Double.isFinite(t) && t < 2
                    && t > 1.25 * Math.max(lp, slots / width)) {
                count = countForThroughput(t, g.mask(), g.count());
            }
            if (Double.isFinite(t)) count = countWithinThroughput(t, g.mask(), count);
            // Blocking a flow measures the front end's starvation as µops: the sequencer delivers nothing else while it
            // streams, and the blocking instructions queued behind it lose time on whatever ports they use (RCL r32, imm8
            // read 4 µops on ALU1, 7 on ALU1 and X5 and 8 on three load ports, and it loads nothing; uops.info's Zen 4
            // table has 9 µops and a latency of 2). A flow's group keeps one µop per port at most, a cycle of its ports.
            if (sequenced && wholeCycles && !memoryGroup(g.mask(), names, units)) count = flowGroupCount(count, g.mask());
            if (count != 1) u.put("count", count);
            // A form slower than its ports and the front end allow holds a non-pipelined unit (a divider).
            if (gi == unitGroup && Double.isFinite(t) && t > 1.1 * Math.max(lp, slots / width) && t >= 2) {
                boolean vector = form.operands().stream().anyMatch(o -> o.kind().registerClass() == dev.uopsim.isa.RegisterClass.VECTOR);
                Unit unit = vector ? Unit.FP_DIV : Unit.DIV;
                u.put("unit", unit.name());
                // Every port of the group gets the unit, so instances overlap on as many: each unit is
                // held the form's measured cycles times the group's ports (VSQRTPD ymm: 12 cycles on two ports, 24).
                u.put("occupancy", unitOccupancy(t, g.mask()));
                for (int p = 0; p < names.size(); p++) if ((g.mask() & (1 << p)) != 0) units.get(p).add(unit);
            }
            uops.add(u);
        }
        // Loads first and store addresses last, as the operation runs: the engine takes a form's result
        // from its µops in this order (a load listed after the operation would hand on the loaded value).
        List<Object> ordered = new ArrayList<>();
        for (int pass = 0; pass < 3; pass++) {
            for (Object o : uops) {
                @SuppressWarnings("unchecked")
                List<String> ps = (List<String>) ((Map<String, Object>) o).get("ports");
                boolean load = ps.stream().allMatch(p -> units.get(names.indexOf(p)).contains(Unit.LOAD));
                boolean sta = ps.stream().allMatch(p -> units.get(names.indexOf(p)).contains(Unit.STORE_ADDRESS));
                if (pass == 0 && load || pass == 2 && sta && !load || pass == 1 && !load && !sta) ordered.add(o);
            }
        }
        row.put("uops", ordered);
        Map<String, Object> lat = latency(form, fig, r);
        if (!lat.isEmpty()) row.put("latency", lat);
        if (Double.isFinite(measured)) row.put("throughput", Math.round(measured * 1000) / 1000.0);
        if (unsettled) row.put("source", "table-unsettled");
        return row;
    }

    /**
     * A form with a length-changing prefix executes as the same operation without one: its chains ran at
     * the predecoder's pace (ADD r16, imm16: 3.31 cycles a step, 3.15 its throughput), which is no latency.
     * Where the sibling's figure for the same operand pair is lower, it takes the sibling's; the
     * predecoder's stall is the front end's to model, not the row's.
     */
    @SuppressWarnings("unchecked")
    static void withSiblingLatency(Map<String, Object> row, String name, java.util.function.Function<String, Map<String, Object>> latencyOf) {
        InstructionForm form = FormTable.shipped().byName(name).orElse(null);
        if (form == null || !PortClasses.lengthChangingPrefix(form) || !(row.get("latency") instanceof Map<?, ?> own)) return;
        for (String siblingName : HostInference.withoutLengthChangingPrefix(name)) {
            InstructionForm sibling = FormTable.shipped().byName(siblingName).orElse(null);
            if (sibling == null || siblingName.equals(name) || PortClasses.lengthChangingPrefix(sibling)) continue;
            Map<String, Object> theirs = latencyOf.apply(siblingName);
            if (theirs.isEmpty()) continue;
            Map<String, Object> lat = new LinkedHashMap<>((Map<String, Object>) own);
            double max = 0;
            for (var e : lat.entrySet()) {
                if (e.getKey().equals("*->*")) continue;
                Object t = theirs.get(e.getKey());
                if (t != null && cycles(t) < cycles(e.getValue())) e.setValue(t);
                // *->* is the operation's own latency: exact register paths only, as latency() takes it
                if (!e.getKey().startsWith("mem->") && !(e.getValue() instanceof String)) max = Math.max(max, cycles(e.getValue()));
            }
            if (lat.containsKey("*->*")) lat.put("*->*", text(max > 0 ? max : 1, false));
            row.put("latency", lat);
            return;
        }
    }

    private static double cycles(Object v) {
        return v instanceof Number n ? n.doubleValue() : Double.parseDouble(v.toString().replace("<=", ""));
    }

    /** Latency keys of the model from part 1's pairs (operands numbered explicit, implicit, flags). */
    static Map<String, Object> latency(InstructionForm form, FormFigures fig, HostInference.Result r) {
        List<OperandNode> nodes = OperandNode.of(form);
        Map<String, Object> lat = new LinkedHashMap<>();
        double max = 0;
        boolean any = false;
        int gprL2u = (int) Math.round(r.facts().loadToUse());
        int vecL2u = Double.isFinite(r.facts().vectorLoadToUse()) ? (int) Math.round(r.facts().vectorLoadToUse()) : gprL2u + 1;
        for (var e : fig.latency().entrySet()) {
            String[] k = e.getKey().split("->");
            OperandNode in = node(nodes, k[0]), out = node(nodes, k[1]);
            if (in == null || out == null) continue;
            FormFigures.Latency l = e.getValue();
            String from = term(in), to = term(out);
            if (from == null || to == null) continue;
            if (in.type() == OperandNode.Type.MEM && !in.writes()) {
                // measured through the address: the load's latency and the operation's
                // Only mem->: an opN key for the memory operand made the engine drop the form's register
                // chain (VFMADD231PD (XMM, XMM, M128) simulated 1 cycle a step instead of 4); the engine
                // models the load itself and takes the operation's latency from the other keys.
                lat.put("mem->" + to, text(l.cycles(), l.upper()));
            } else {
                lat.put(from + "->" + to, text(l.cycles(), l.upper()));
            }
            // *->* is the operation's own latency: the engine adds the load's to a loaded value itself
            if (!l.upper() && !(in.type() == OperandNode.Type.MEM && !in.writes())) max = Math.max(max, l.cycles());
            any = true;
        }
        if (any) lat.put("*->*", text(max > 0 ? max : 1, false));
        return lat;
    }

    static OperandNode node(List<OperandNode> nodes, String label) {
        if (!label.startsWith("op")) return null;
        int i = Integer.parseInt(label.substring(2));
        return i < nodes.size() ? nodes.get(i) : null;
    }

    /** The model's name of an operand: opN, a register (RAX), mem (an address or implicit memory), flags. */
    static String term(OperandNode n) {
        if (n.explicit()) {
            return n.type() == OperandNode.Type.AGEN ? "mem" : "op" + n.index();
        }
        return switch (n.type()) {
            case FLAGS -> "flags";
            case IMPLICIT_MEM -> "mem";
            case GPR, VEC, MMX -> n.spec().register() != null ? n.spec().register().name().toUpperCase(Locale.ROOT)
                    : n.fixed() != null ? n.fixed().name().toUpperCase(Locale.ROOT) : null;
            default -> null;
        };
    }

    static Object text(double cycles, boolean upper) {
        double c = Math.round(cycles * 100) / 100.0;
        // A chain faster than half a cycle a step runs at the renamer's pace (ADD r64, imm: 0.17 here):
        // the operation is done at rename, latency 0 (not an execution latency to average).
        if (!upper && c < 0.45) c = 0;
        double whole = Math.round(c);
        if (Math.abs(c - whole) < 0.06) c = whole;
        if (upper) return "<=" + (c == Math.rint(c) ? Long.toString((long) c) : Double.toString(c));
        return c == Math.rint(c) ? (Object) (long) c : (Object) c;
    }
}
