package dev.uopsim.characterize.infer;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.runner.MachineState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The core facts a model needs beside the instruction table, each a small dependency chain (cycles
 * per step): load-to-use latency (pointer chasing through memory that holds its own address, with
 * and without an index register), the vector load-to-use through a move back to a GPR, store-to-load
 * forwarding (a store and a load of the same address in the chain; with the same address expression
 * a core that renames memory takes the load's value at rename, with another register holding the same
 * address it forwards), and forwarding that fails (a narrower store under a wider load; a load that
 * overlaps the store in part).
 */
public final class CoreProbes {
    private CoreProbes() {}

    /** r14 and rbx point at the data; memory holds its own address (a pointer to itself), rcx is 0. */
    static MachineState state() {
        MachineState s = new MachineState().allGprs(0);
        s.gpr(14, Generator.MEMORY);
        s.gpr(3, Generator.MEMORY);      // rbx: the same address in another register
        s.gpr(0, Generator.MEMORY);      // rax: the chased pointer
        s.gpr(1, 0);                     // rcx: a zero index
        return s;
    }

    static Benchmark chain(String name, List<String> step, int perCopy) {
        return chain(name, step, perCopy, Math.max(1, 48 / step.size()));
    }

    /** A chain of {@code copies} steps in the loop (variant A; B has twice as many). */
    static Benchmark chain(String name, List<String> step, int perCopy, int copies) {
        return new Benchmark("core-" + name, "core", Benchmark.Kind.LATENCY, name, "", List.of(step), perCopy,
                copies, List.of(), 0, false, state(), Generator.MEMORY, List.of(), false, String.join("; ", step));
    }

    /**
     * Steps of the forwarded chains in a loop: more than any core seen learns renaming pairs for (the family
     * 19h model 11h guest renames a loop's 24 loads through another register, not 32), so that the chain
     * forwards in both variants. At 24 and 48 steps that guest renamed variant A only, and the difference
     * read 10.8 cycles for a forwarding latency of about 6.6.
     */
    static final int FORWARDED_COPIES = 64;

    /** Loop sizes (steps in variant A) of the learned-renaming probes: variant B has twice as many loads. */
    static final int[] LEARNED_COPIES = {2, 4, 8, 12, 16, 24, 32};

    /** The store and the load of the learned-renaming probes: the same address through two registers. */
    static final List<String> OTHER_REGISTER_PAIR = List.of("mov QWORD PTR [r14+0x100], rdx", "mov rdx, QWORD PTR [rbx+0x100]");

    /** A move from the vector unit (SSE2: every x86-64 core has it) and four LEAs of base + displacement, which any integer ALU runs in a cycle. */
    static final List<String> TRANSFER_BESIDE_LEAS = List.of("movd eax, xmm0", "lea rsi, [rcx+0x8]", "lea rdi, [rcx+0x8]",
            "lea r8, [rcx+0x8]", "lea r9, [rcx+0x8]");

    /**
     * Whether a move from the vector unit costs the integer ALUs a cycle (core-transfer-beside-leas against
     * core-leas-alone: the Zen 4 guest 2.0 and 1.0 cycles a step); null when the probes were not measured.
     * Half a cycle decides: a core without the bubble runs the five instructions at its front end's pace,
     * a quarter of a cycle more on a four-wide one.
     */
    public static Boolean transferBubble(Map<String, Double> c) {
        Double with = c.get("transfer-beside-leas"), alone = c.get("leas-alone");
        if (with == null || alone == null || !Double.isFinite(with) || !Double.isFinite(alone)) return null;
        return with - alone >= 0.5;
    }

    /**
     * CLCs after a two-slot XCHG r64, r64 in the split probes (core-split-clc-K): counts that put a step's
     * slots on every remainder of a front end up to eight wide. CLC reads nothing, writes only the carry
     * and needs no port on the cores seen, so the steps are front-end bound.
     */
    static final int[] SPLIT_FILLERS = {4, 5, 6, 7, 8, 9, 10, 11};

    /** Steps per loop (variant A) of the split probes: many, so that the loop's own slots move a step's time little. */
    static final int SPLIT_COPIES = 24;

    static List<String> exchangeThenCarryClears(int fillers) {
        List<String> step = new java.util.ArrayList<>();
        step.add("xchg rdx, rsi");
        for (int i = 0; i < fillers; i++) step.add("clc");
        return step;
    }

    /**
     * Whether the renamer splits an instruction's slots across two cycles, from the split probes; null
     * when they were not measured or were not front-end bound. Each further CLC adds a slot: a renamer
     * that splits adds a width's share of a cycle each time; one that does not keeps the XCHG whole, so a
     * step whose slots leave one free at a cycle's end wastes it, and the times climb in stairs (the Zen 4
     * guest: 1.65, 2.00, 2.00, 2.18 cycles with eight to eleven CLCs). A step under half the average
     * says stairs.
     */
    public static Boolean splitsAcrossCycles(Map<String, Double> c) {
        double[] t = new double[SPLIT_FILLERS.length];
        for (int i = 0; i < t.length; i++) {
            Double v = c.get("split-clc-" + SPLIT_FILLERS[i]);
            if (v == null || !Double.isFinite(v)) return null;
            t[i] = v;
        }
        double average = (t[t.length - 1] - t[0]) / (t.length - 1);
        if (average < 0.1) return null;          // not paced by the front end
        double least = Double.MAX_VALUE;
        for (int i = 1; i < t.length; i++) least = Math.min(least, t[i] - t[i - 1]);
        return least >= 0.5 * average;
    }

    /** The probes by id. */
    public static Map<String, Benchmark> benchmarks(boolean avx) {
        Map<String, Benchmark> m = new LinkedHashMap<>();
        m.put("load-gpr", chain("load-gpr", List.of("mov rax, QWORD PTR [rax]"), 1));
        m.put("load-gpr-disp", chain("load-gpr-disp", List.of("mov rax, QWORD PTR [rax+0x40]"), 1));
        m.put("load-gpr-index", chain("load-gpr-index", List.of("mov rax, QWORD PTR [rax+rcx*1]"), 1));
        m.put("load-gpr-disp2048", chain("load-gpr-disp2048", List.of("mov rax, QWORD PTR [rax+0x800]"), 1));
        if (avx) {
            m.put("load-vec", chain("load-vec", List.of("vmovq xmm0, QWORD PTR [rax]", "vmovq rax, xmm0"), 1));
            m.put("gpr-vec-gpr", chain("gpr-vec-gpr", List.of("vmovq xmm0, rax", "vmovq rax, xmm0"), 1));
        }
        // Store-to-load chains through rdx: the store writes it, the load reads it back.
        m.put("forward-same-address", chain("forward-same-address", List.of("mov QWORD PTR [r14+0x100], rdx", "mov rdx, QWORD PTR [r14+0x100]"), 1));
        m.put("forward-other-register", chain("forward-other-register", OTHER_REGISTER_PAIR, 1, FORWARDED_COPIES));
        m.put("forward-indexed", chain("forward-indexed", List.of("mov QWORD PTR [r14+0x100], rdx", "mov rdx, QWORD PTR [r14+rcx*1+0x100]"), 1,
                FORWARDED_COPIES));
        // The renamed chain with an ADD in it: the renamed load's own latency (the plain chain may be bound by
        // how many loads renaming takes a cycle instead).
        m.put("forward-same-address-computed", chain("forward-same-address-computed", List.of("mov QWORD PTR [r14+0x100], rdx",
                "mov rdx, QWORD PTR [r14+0x100]", "add rdx, rcx"), 1));
        // The other-register chain in loops of a few steps: a core may learn such pairs for a loop's loads.
        for (int copies : LEARNED_COPIES) {
            m.put("forward-learned-x" + copies, chain("forward-learned-x" + copies, OTHER_REGISTER_PAIR, 1, copies));
        }
        m.put("forward-narrower-load", chain("forward-narrower-load", List.of("mov QWORD PTR [rbx+0x100], rdx", "mov edx, DWORD PTR [r14+rcx*1+0x100]"), 1));
        // Stores through FS against stores through a general register, each after reloading what it stores: the
        // thread's stack guard (FS:0x28 on Linux) is written back with its own value, which changes nothing.
        m.put("segment-store", chain("segment-store", List.of("mov rdx, QWORD PTR fs:0x28", "mov QWORD PTR fs:0x28, rdx"), 1));
        m.put("segment-store-plain", chain("segment-store-plain", List.of("mov rdx, QWORD PTR [r14+0x100]", "mov QWORD PTR [r14+0x100], rdx"), 1));
        // The indexed chain (forwarded, not renamed) with an ADD between load and store: the stored data is computed.
        m.put("forward-computed", chain("forward-computed", List.of("mov QWORD PTR [r14+0x100], rdx", "mov rdx, QWORD PTR [r14+rcx*1+0x100]",
                "add rdx, rcx"), 1, FORWARDED_COPIES));
        m.put("forward-fails-wider-load", chain("forward-fails-wider-load", List.of("mov DWORD PTR [rbx+0x100], edx", "mov rdx, QWORD PTR [r14+rcx*1+0x100]"), 1));
        // Three independent loads a step: from three 8-byte banks of one line, and from one bank of three lines.
        m.put("loads-three-banks", chain("loads-three-banks", List.of("mov rsi, QWORD PTR [r14+0x200]", "mov rdi, QWORD PTR [r14+0x208]",
                "mov r8, QWORD PTR [r14+0x210]"), 1));
        m.put("loads-one-bank", chain("loads-one-bank", List.of("mov rsi, QWORD PTR [r14+0x200]", "mov rdi, QWORD PTR [r14+0x240]",
                "mov r8, QWORD PTR [r14+0x280]"), 1));
        // Read-modify-write chains: each copy adds to what the one before stored, from a register or an
        // immediate (encodings of 4 bytes or more: this host's renaming skipped 3-byte RMWs in a row).
        m.put("rmw-register", chain("rmw-register", List.of("add QWORD PTR [r14+0x100], rdx"), 1));
        m.put("rmw-immediate", chain("rmw-immediate", List.of("add QWORD PTR [r14+0x100], 0x1"), 1));
        // A move from the vector unit to a general register beside four independent single-cycle LEAs, and the
        // LEAs alone: where the move takes the integer side's results of a cycle the first runs a cycle slower.
        m.put("transfer-beside-leas", chain("transfer-beside-leas", TRANSFER_BESIDE_LEAS, 1));
        m.put("leas-alone", chain("leas-alone", TRANSFER_BESIDE_LEAS.subList(1, TRANSFER_BESIDE_LEAS.size()), 1));
        // A two-slot XCHG and 4-11 one-slot CLCs a step: whether the renamer splits the XCHG across cycles.
        for (int k : SPLIT_FILLERS) m.put("split-clc-" + k, chain("split-clc-" + k, exchangeThenCarryClears(k), 1, SPLIT_COPIES));
        m.put("forward-fails-partial", chain("forward-fails-partial", List.of("mov QWORD PTR [rbx+0x100], rdx", "mov rdx, QWORD PTR [r14+rcx*1+0x104]"), 1));
        // The same-address chain with the other kinds of value (the one above moves 64-bit ones): which renaming moves.
        VALUE_PROBES.forEach((kind, step) -> m.put("forward-same-address-" + kind, chain("forward-same-address-" + kind, step, 1)));
        // Six independent register moves, each followed by an operation with a 32-bit immediate on its
        // destination: twelve slots a step unless the renamer takes a pair as one.
        for (String op : MOVE_FUSION_OPERATIONS) {
            String id = "move-then-" + op.toLowerCase(java.util.Locale.ROOT) + "-imm32";
            m.put(id, chain(id, movePairs(op.toLowerCase(java.util.Locale.ROOT), "0x12345"), 1));
        }
        // Each fence alone, and followed by a chain of four dependent multiplies (12 cycles on the cores
        // seen): a fence that lets younger work run beside it hides the chain, one that holds younger
        // µops until it completes (and waits for the older chain before it starts) adds it.
        for (String fence : SERIALIZING_CANDIDATES) {
            String f = fence.toLowerCase(java.util.Locale.ROOT);
            m.put("serialize-" + f, chain("serialize-" + f, List.of(f), 1));
            m.put("serialize-" + f + "-imul4", chain("serialize-" + f + "-imul4",
                    List.of(f, "imul r10, r10", "imul r10, r10", "imul r10, r10", "imul r10, r10"), 1));
        }
        // Each shift or rotate after a register + 1 the renamer may keep unsummed (LEA r, [r+1]), and after a
        // plain ADD r, r: a consumer that must have the sum first makes the first chain the longer.
        FOLD_CONSUMERS.forEach((mnemonic, op) -> {
            String id = mnemonic.toLowerCase(java.util.Locale.ROOT);
            m.put("fold-" + id, chain("fold-" + id, List.of("lea rax, [rax+0x1]", op), 1));
            m.put("fold-plain-" + id, chain("fold-plain-" + id, List.of("add rax, rcx", op), 1));
        });
        // CMOVS after a folded ADD (its flags) and after one with a µop (ADD rax, rcx; rcx is 0).
        m.put("fold-flags", chain("fold-flags", List.of("add rax, 0x1", "cmovs rax, rcx"), 1));
        m.put("fold-flags-plain", chain("fold-flags-plain", List.of("add rax, rcx", "cmovs rax, rcx"), 1));
        // Chains of ADD rax, V with 32-bit immediates of growing value: the renamer folds the small ones.
        for (long v : FOLD_VALUES) {
            String id = "fold-add-0x" + Long.toHexString(v);
            m.put(id, chain(id, List.of("add rax, 0x" + Long.toHexString(v)), 1));
        }
        // A microcoded flow (RCL r32, imm8; the zero idiom before it breaks the register and carry chains)
        // followed by k NOPs: how many one-slot instructions its sequencer time hides.
        for (int k : MICROCODE_EXIT_NOPS) {
            List<String> step = new ArrayList<>(List.of("xor ebx, ebx", MICROCODE_EXIT_FLOW));
            step.addAll(java.util.Collections.nCopies(k, "nop"));
            m.put("microcode-exit-" + k, chain("microcode-exit-" + k, step, 1));
        }
        // A CMOV and a SETcc chain (through rax) whose flags come from each logical operation, and from CMP.
        for (String consumer : LOGIC_CONSUMERS.keySet()) {
            String c = consumer.toLowerCase(java.util.Locale.ROOT), op = LOGIC_CONSUMERS.get(consumer);
            m.put("flags-cmp-" + c, chain("flags-cmp-" + c, List.of("cmp ecx, edx", op), 1));
            for (String producer : LOGIC_PRODUCERS.keySet()) {
                String id = "flags-" + producer.toLowerCase(java.util.Locale.ROOT) + "-" + c;
                m.put(id, chain(id, List.of(LOGIC_PRODUCERS.get(producer), op), 1));
            }
        }
        return m;
    }

    /** Flag producers probed (they write no register the consumer reads): the logical operations. */
    static final Map<String, String> LOGIC_PRODUCERS = new LinkedHashMap<>();
    /** Flag consumers probed, each a 1-cycle chain through rax. */
    static final Map<String, String> LOGIC_CONSUMERS = new LinkedHashMap<>();
    static {
        LOGIC_PRODUCERS.put("TEST", "test ecx, ecx");
        LOGIC_PRODUCERS.put("AND", "and ecx, edx");
        LOGIC_PRODUCERS.put("OR", "or ecx, edx");
        LOGIC_PRODUCERS.put("XOR", "xor ecx, edx");
        LOGIC_CONSUMERS.put("CMOV", "cmovz rax, rdx");
        LOGIC_CONSUMERS.put("SET", "setnz al");
    }

    /**
     * The producers and consumers whose chain is at least a quarter cycle longer than with CMP setting
     * the flags, and the cycles that costs: at least one. Straight-line code shows the whole cycle (six
     * pairs `test ecx, ecx; cmovz r8, rax` unrolled 2.00 a pair against 1.00 after CMP), a loop of 24
     * pairs 1.83, and these probes' loops 1.34-1.63 (the loop buffer hides part of it); the model has
     * whole cycles, and the blocks it is checked on are straight-line code.
     */
    static LogicFlags logicFlags(Map<String, Double> c) {
        java.util.Set<String> producers = new java.util.LinkedHashSet<>(), consumers = new java.util.LinkedHashSet<>();
        List<Double> extra = new ArrayList<>();
        for (String consumer : LOGIC_CONSUMERS.keySet()) {
            String cid = consumer.toLowerCase(java.util.Locale.ROOT);
            Double plain = c.get("flags-cmp-" + cid);
            if (plain == null || !Double.isFinite(plain)) return null;
            for (String producer : LOGIC_PRODUCERS.keySet()) {
                Double slow = c.get("flags-" + producer.toLowerCase(java.util.Locale.ROOT) + "-" + cid);
                if (slow == null || !Double.isFinite(slow)) return null;
                if (slow - plain >= 0.25) {
                    producers.add(producer);
                    consumers.add(consumer);
                    extra.add(slow - plain);
                }
            }
        }
        if (extra.isEmpty()) return new LogicFlags(List.of(), List.of(), 0);
        return new LogicFlags(List.copyOf(producers), List.copyOf(consumers), Math.max(1, roundedMedian(extra)));
    }

    /** @param producers flag producers that slow the consumers; latency their extra cycles */
    public record LogicFlags(List<String> producers, List<String> consumers, int latency) {}

    /** The consumers probed for summing a folded register + offset first, by uops.info mnemonic (rcx is 0). */
    static final Map<String, String> FOLD_CONSUMERS = new LinkedHashMap<>();
    static {
        FOLD_CONSUMERS.put("SHL", "shl rax, 0x1");
        FOLD_CONSUMERS.put("SHR", "shr rax, 0x1");
        FOLD_CONSUMERS.put("SAR", "sar rax, 0x1");
        FOLD_CONSUMERS.put("ROL", "rol rax, 0x1");
        FOLD_CONSUMERS.put("ROR", "ror rax, 0x1");
        FOLD_CONSUMERS.put("SHLX", "shlx rax, rax, rcx");
        FOLD_CONSUMERS.put("SHRX", "shrx rax, rax, rcx");
        FOLD_CONSUMERS.put("SARX", "sarx rax, rax, rcx");
        FOLD_CONSUMERS.put("RORX", "rorx rax, rax, 0x1");
    }

    /**
     * The consumers whose chain after LEA r, [r+1] is at least half a cycle longer than after ADD r, r
     * (which always takes a cycle), and the cycles the sum costs them: the median difference plus that
     * cycle (here 1.00 for seven of them, 1.75 for ROL and ROR: the model has one figure); null when a
     * probe was not measured.
     */
    static Folding folding(Map<String, Double> c) {
        List<String> consumers = new ArrayList<>();
        List<Double> extra = new ArrayList<>();
        for (String mnemonic : FOLD_CONSUMERS.keySet()) {
            String id = mnemonic.toLowerCase(java.util.Locale.ROOT);
            Double fold = c.get("fold-" + id), plain = c.get("fold-plain-" + id);
            if (fold == null || plain == null || !Double.isFinite(fold) || !Double.isFinite(plain)) return null;
            if (fold - plain >= 0.5) {
                consumers.add(mnemonic);
                extra.add(fold - plain);
            }
        }
        long below = immediatesBelow(c);
        int flags = flagsLatency(c);
        if (extra.isEmpty()) return new Folding(consumers, 0, below, flags);
        return new Folding(consumers, roundedMedian(extra) + 1, below, flags);
    }

    /**
     * Cycles the flags of a folded ADD come after its register input: the CMOVS chain after ADD rax, 1
     * (0 for the folded add, the flags, 1 for CMOVS) against the one after ADD rax, rcx (1 + 1), plus the
     * folded add's missing cycle; 0 when not measured or not longer (here 2.00 against 2.00: 1).
     */
    static int flagsLatency(Map<String, Double> c) {
        Double folded = c.get("fold-flags"), plain = c.get("fold-flags-plain");
        if (folded == null || plain == null || !Double.isFinite(folded) || !Double.isFinite(plain)) return 0;
        return (int) Math.max(0, Math.round(folded - plain + 1));
    }

    /** The microcoded flow of the sequencer-exit probes, and its form (whose slots the decision needs). */
    static final String MICROCODE_EXIT_FLOW = "rcl ebx, 0x7";
    public static final String MICROCODE_EXIT_FORM = "RCL (R32, I8)";
    /** NOPs after the flow in the probes: none, and one and two renamer widths' worth on a 6-wide core. */
    static final List<Integer> MICROCODE_EXIT_NOPS = List.of(0, 6, 12);

    /**
     * Cycles after a sequencer-held flow's slots are out before the front end delivers other
     * instructions (the model's {@code frontEnd.legacyDecode.microcodeExitCycles}), or null when the
     * probes were not measured or the flow is no slower than its own delivery. With the flow's copies
     * {@code t0} apart, its slots out in {@code ceil(slots / sequencerRate)} cycles and the others at the
     * rename width, {@code k} NOPs after it take {@code max(t0, delivery + exit + ceil((k + 1) / width))}
     * (the zero idiom is one of the others); the exit that fits the probes best, 0 to 4 cycles. Here:
     * 5.99, 6.99 and 8.00 cycles a step with 0, 6 and 12 NOPs, 14 slots at 4 a cycle, width 6: 1.
     */
    public static Integer microcodeExit(Map<String, Double> c, int flowSlots, int sequencerRate, double width) {
        double t0 = c.getOrDefault("microcode-exit-0", Double.NaN);
        int delivery = (flowSlots + sequencerRate - 1) / sequencerRate;
        if (!Double.isFinite(t0) || !(width >= 1) || flowSlots <= 0 || Math.round(t0) <= delivery) return null;
        Integer best = null;
        double bestMiss = Double.POSITIVE_INFINITY;
        for (int exit = 0; exit <= 4; exit++) {
            double miss = 0;
            for (int k : MICROCODE_EXIT_NOPS) {
                double t = c.getOrDefault("microcode-exit-" + k, Double.NaN);
                if (!Double.isFinite(t)) return null;
                double predicted = Math.max(Math.round(t0), delivery + exit + Math.ceil((k + 1) / Math.floor(width)));
                miss += Math.abs(t - predicted);
            }
            if (miss < bestMiss - 1e-9) {
                bestMiss = miss;
                best = exit;
            }
        }
        return best;
    }

    /** The ADD immediates probed, ascending, all with a 32-bit encoding. */
    static final List<Long> FOLD_VALUES = List.of(0x80L, 0x100L, 0x200L, 0x3ffL, 0x400L, 0x800L);

    /**
     * The smallest probed immediate whose ADD chain takes at least 0.75 cycles an add (not folded: a
     * cycle each), all smaller ones running faster (folded: here 0.3-0.55, the renamer summing the growing
     * offset now and then); one above the largest when every one ran fast; 0 when the smallest did not,
     * or a probe was not measured (the table's rows decide then).
     */
    static long immediatesBelow(Map<String, Double> c) {
        for (int k = 0; k < FOLD_VALUES.size(); k++) {
            Double t = c.get("fold-add-0x" + Long.toHexString(FOLD_VALUES.get(k)));
            if (t == null || !Double.isFinite(t)) return 0;
            if (t >= 0.75) return k == 0 ? 0 : FOLD_VALUES.get(k);
        }
        return FOLD_VALUES.getLast() + 1;
    }

    /** The middle value (the upper of the two for an even count), rounded to whole cycles. */
    private static int roundedMedian(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        java.util.Collections.sort(sorted);
        return (int) Math.round(sorted.get(sorted.size() / 2));
    }

    /**
     * @param materializedBy  consumers that must have a folded register + offset summed first; latency the cycles it costs
     * @param immediatesBelow ADD/SUB r64 immediates folded by value below this (0: as the table's rows say)
     * @param flagsLatency    cycles the flags of a folded ADD come after its register input
     */
    public record Folding(List<String> materializedBy, int latency, long immediatesBelow, int flagsLatency) {}

    /** The instructions probed for serializing behaviour (uops.info mnemonics). */
    static final List<String> SERIALIZING_CANDIDATES = List.of("LFENCE", "MFENCE", "PAUSE");

    /**
     * The probed instructions that serialize: the multiply chain after one adds at least half its
     * length (6 cycles) to the instruction's own time; null when a probe was not measured.
     */
    static List<String> serializing(Map<String, Double> c) {
        List<String> out = new ArrayList<>();
        for (String fence : SERIALIZING_CANDIDATES) {
            String f = fence.toLowerCase(java.util.Locale.ROOT);
            Double alone = c.get("serialize-" + f), withChain = c.get("serialize-" + f + "-imul4");
            if (alone == null || withChain == null || !Double.isFinite(alone) || !Double.isFinite(withChain)) return null;
            if (withChain - alone >= 6) out.add(fence);
        }
        return out;
    }

    /** The operations whose fusion with a preceding register move is probed (uops.info mnemonics). */
    static final List<String> MOVE_FUSION_OPERATIONS = List.of("ADD", "SUB", "AND", "OR", "XOR");

    /** MOV r, rdx then {@code op} r, {@code immediate}, for six destinations nothing else reads. */
    static List<String> movePairs(String op, String immediate) {
        List<String> out = new ArrayList<>();
        for (String r : List.of("rsi", "rdi", "r8", "r9", "r10", "r11")) {
            out.add("mov " + r + ", rdx");
            out.add(op + " " + r + ", " + immediate);
        }
        return out;
    }

    /** Instructions in one step of a move-fusion probe. */
    static final int MOVE_FUSION_STEP = 12;

    /**
     * The operations a register move fuses with: their step runs in under 0.8 of the time the
     * renamer needs for twelve slots at its measured width (six slots if fused), or null when a
     * probe or the width was not measured. (A baseline step with an 8-bit immediate, which does not
     * fuse here, gave no steady figure: 0.65 cycles from this harness's samples, 3.25 from a loop
     * of four steps under uopsim measure; the width is the steadier yardstick.)
     */
    static List<String> moveFusion(Map<String, Double> c, double renameWidth) {
        if (!(renameWidth >= 1)) return null;
        double unfused = MOVE_FUSION_STEP / renameWidth;
        List<String> out = new ArrayList<>();
        for (String op : MOVE_FUSION_OPERATIONS) {
            Double pairs = c.get("move-then-" + op.toLowerCase(java.util.Locale.ROOT) + "-imm32");
            if (pairs == null || !Double.isFinite(pairs)) return null;
            if (pairs < 0.8 * unfused) out.add(op);
        }
        return out;
    }

    /** Store and reload of one address through a register of each kind of value but 64-bit, by the model's name for it. */
    private static final Map<String, List<String>> VALUE_PROBES = new LinkedHashMap<>();
    static {
        VALUE_PROBES.put("gpr32", List.of("mov DWORD PTR [r14+0x100], edx", "mov edx, DWORD PTR [r14+0x100]"));
        VALUE_PROBES.put("gpr16", List.of("mov WORD PTR [r14+0x100], dx", "mov dx, WORD PTR [r14+0x100]"));
        VALUE_PROBES.put("gpr8", List.of("mov BYTE PTR [r14+0x100], dl", "mov dl, BYTE PTR [r14+0x100]"));
        VALUE_PROBES.put("vector", List.of("movq QWORD PTR [r14+0x100], xmm0", "movq xmm0, QWORD PTR [r14+0x100]"));
        VALUE_PROBES.put("sign-extended", List.of("mov DWORD PTR [r14+0x100], edx", "movsxd rdx, DWORD PTR [r14+0x100]"));
    }

    /**
     * The kinds of value renaming moves: those whose same-address chain runs faster than a load, 64-bit
     * ones by the chain above; null when a chain was not measured (an older journal).
     */
    static List<String> renamedValues(Map<String, Double> c, double loadToUse) {
        List<String> out = new ArrayList<>();
        for (String kind : List.of("gpr8", "gpr16", "gpr32", "gpr64", "vector", "sign-extended")) {
            Double chain = c.get(kind.equals("gpr64") ? "forward-same-address" : "forward-same-address-" + kind);
            // A journal from before the sign-extending probe: such loads go with their width, as they did.
            if (chain == null && kind.equals("sign-extended")) {
                out.add(kind);
                continue;
            }
            if (chain == null || !Double.isFinite(chain)) return null;
            if (chain < 0.6 * loadToUse) out.add(kind);
        }
        return out;
    }

    /**
     * What the probes say (cycles per step), as the model's core facts.
     *
     * @param loadToUse        GPR load-to-use, simple address
     * @param complexAddress   extra cycles with an index register
     * @param vectorLoadToUse  vector load-to-use (chain minus half the GPR-vector round trip)
     * @param forwarding       store-to-load forwarding latency (store data ready -> load result), another register for the address
     * @param renamed          the same-address chain runs faster than a load: memory renaming
     * @param renamedIndexed   the chain through a load with an index register is renamed too (NaN-measured: false)
     * @param renamedLatency   cycles per step of the renamed chain
     * @param failurePenalty   extra cycles when forwarding fails (the slower of the two failing cases, minus the forwarding chain)
     * @param segmentStorePorts ports a store through FS takes its address µop to: 1 when such stores go one a cycle
     *                         where stores through a general register go faster, else 0 (all; or not measured)
     * @param computedDataExtra whole extra cycles forwarding takes when an operation computed the stored data (the chain
     *                         through an ADD less the plain chain and the ADD's cycle; 0 when not measured)
     * @param renamedReadModifyWrite which read-modify-write stores renaming passes on ("any", "immediate", "none"), or
     *                         null when the chains were not measured
     * @param loadsPerCycle    independent loads a cycle from different 8-byte banks of a line (NaN: not measured)
     * @param loadsPerCycleOneBank the same from one bank of different lines
     * @param renamedValues    the kinds of value renaming moves (gpr8 ... vector), or null when not measured
     * @param moveFusion       the operations a preceding register move fuses with (ADD ... XOR with a 32-bit
     *                         immediate), or null when not measured
     * @param serializing      the probed instructions (LFENCE, MFENCE, PAUSE) that hold younger µops until they
     *                         complete, or null when not measured
     * @param folding          the shifts that must sum a register + offset the renamer kept, or null when not measured
     * @param logicFlags       the flag consumers slower after a logical operation, or null when not measured
     * @param renaming         the renamed load's latency, loads renamed a cycle, and loads of a loop renamed through
     *                         another register
     */
    public record Facts(double loadToUse, double complexAddress, double vectorLoadToUse, double forwarding, boolean renamed,
                        double renamedLatency, boolean renamedOtherRegister, boolean renamedIndexed, double failurePenalty,
                        int computedDataExtra, int segmentStorePorts, String renamedReadModifyWrite,
                        double loadsPerCycle, double loadsPerCycleOneBank, List<String> renamedValues, List<String> moveFusion,
                        List<String> serializing, Folding folding, LogicFlags logicFlags, Renaming renaming, Map<String, Double> raw) {

        /** Whether loads in one bank start fewer a cycle than loads spread over banks. */
        public boolean bankLimited() {
            return Double.isFinite(loadsPerCycle) && Double.isFinite(loadsPerCycleOneBank) && loadsPerCycleOneBank < loadsPerCycle - 0.4;
        }
    }

    /** @param renameWidth slots the front end delivers a cycle, as measured (NaN: not measured) */
    public static Facts decode(Map<String, Double> c, double renameWidth) {
        double l2u = c.getOrDefault("load-gpr", Double.NaN);
        double idx = c.getOrDefault("load-gpr-index", Double.NaN);
        double vec = c.containsKey("load-vec") && c.containsKey("gpr-vec-gpr") ? c.get("load-vec") - c.get("gpr-vec-gpr") / 2 : Double.NaN;
        double same = c.getOrDefault("forward-same-address", Double.NaN);
        double other = c.getOrDefault("forward-other-register", Double.NaN);
        double indexed = c.getOrDefault("forward-indexed", Double.NaN);
        // forwarding proper: the slowest of the forwardable chains (renaming can only make one faster)
        double fwd = Math.max(other, indexed);
        boolean renamed = same < 0.6 * l2u;
        double fail = Math.max(c.getOrDefault("forward-fails-wider-load", Double.NaN), c.getOrDefault("forward-fails-partial", Double.NaN)) - fwd;
        double computed = c.getOrDefault("forward-computed", Double.NaN) - indexed - 1;
        return new Facts(l2u, idx - l2u, vec, fwd, renamed, same, other < 0.6 * l2u, indexed < 0.6 * l2u, fail,
                Double.isFinite(computed) ? (int) Math.max(0, Math.round(computed)) : 0,
                c.getOrDefault("segment-store", 0.0) >= 0.9 && c.getOrDefault("segment-store-plain", 1.0) <= 0.6 ? 1 : 0,
                readModifyWrite(c.getOrDefault("rmw-register", Double.NaN), c.getOrDefault("rmw-immediate", Double.NaN), l2u),
                3 / c.getOrDefault("loads-three-banks", Double.NaN), 3 / c.getOrDefault("loads-one-bank", Double.NaN),
                renamedValues(c, l2u), moveFusion(c, renameWidth), serializing(c), folding(c), logicFlags(c),
                renamed ? renaming(c, l2u) : new Renaming(0, 0, 0), new LinkedHashMap<>(c));
    }

    /**
     * How a core renames memory, beside which shapes and values.
     *
     * @param latency      cycles a renamed load's value is behind the stored one: the chain with an ADD less the
     *                     ADD's cycle (older journals: the plain chain's cycles, as before)
     * @param perCycle     loads renamed a cycle at most, 0 = no limit seen: 1 when the plain chain (a store and its
     *                     renamed load a step) takes a cycle more than the renamed latency (the guest above: 1.0 a
     *                     step plain, 1.0 with the ADD, so latency 0 and one a cycle)
     * @param learnedLoads loads of a loop renamed through another register: the most loads (variant B) of a probe
     *                     loop that still ran renamed, each smaller loop renamed too; 0 when none or not measured
     */
    public record Renaming(int latency, int perCycle, int learnedLoads) {}

    static Renaming renaming(Map<String, Double> c, double loadToUse) {
        double plain = c.getOrDefault("forward-same-address", Double.NaN);
        Double computed = c.get("forward-same-address-computed");
        if (computed == null || !Double.isFinite(computed)) return new Renaming(Math.max(0, (int) Math.floor(plain)), 0, 0);
        int latency = Math.max(0, (int) Math.round(computed - 1));
        int perCycle = plain >= latency + 0.75 ? Math.max(1, (int) Math.round(1 / plain)) : 0;
        int learned = 0;
        for (int copies : LEARNED_COPIES) {
            Double x = c.get("forward-learned-x" + copies);
            if (x == null || !Double.isFinite(x) || x >= 0.6 * loadToUse) break;
            learned = 2 * copies;
        }
        return new Renaming(latency, perCycle, learned);
    }

    /** A read-modify-write chain faster than a load is renamed: which of the two kinds are. */
    static String readModifyWrite(double register, double immediate, double loadToUse) {
        if (!Double.isFinite(register) || !Double.isFinite(immediate) || !Double.isFinite(loadToUse)) return null;
        boolean reg = register < 0.6 * loadToUse, imm = immediate < 0.6 * loadToUse;
        // Register-sourced only has no policy of its own (and no core seen here does it): "any" then.
        return imm && !reg ? "immediate" : imm || reg ? "any" : "none";
    }

    /** The benchmarks' names in {@link #benchmarks} order. */
    public static List<String> ids(boolean avx) {
        return new ArrayList<>(benchmarks(avx).keySet());
    }
}
