package dev.uopsim.characterize.infer;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.isa.InstructionForm;
import java.util.List;

/**
 * Front-end slots (fused-domain µops on Intel, macro-ops on AMD) by timing: the form's independent
 * instances, each followed by K one-slot NOPs that use no port, make the loop front-end bound, so a
 * copy takes (slots + K + breakers) / W cycles, W the slots the front end delivers per cycle
 * (measured on NOPs alone). K is chosen so that the front-end time is at least 2.5 times the form's
 * own throughput; forms too slow for that (more than {@value #MAX_FILLERS} NOPs) are not probed.
 */
public final class SlotProbe {
    public static final int MIN_FILLERS = 4;
    public static final int MAX_FILLERS = 160;
    /** A count within this distance of a whole number is settled. */
    public static final double SETTLED = 0.3;
    /** Slack (a fraction, plus half a slot) on the most slots a form's own throughput allows. */
    static final double THROUGHPUT_SLACK = 0.1;

    /**
     * Whether {@code slots} per instance fit the form's own throughput: the front end brings at most
     * {@code width} slots a cycle, so a form measured at {@code throughput} cycles an instance takes no
     * more than {@code width x throughput}. A probe that reads more was slowed by something else (a burst
     * of another tenant's work read BTR r32, imm8 as 13 slots on the development host, 1 in other runs).
     */
    public static boolean fitsThroughput(double slots, double throughput, double width) {
        double rate = slots > DECODER_SLOTS + SETTLED ? Math.min(width, SEQUENCER_SLOTS_PER_CYCLE) : width;
        return !(slots > rate * throughput * (1 + THROUGHPUT_SLACK) + 0.5);
    }

    /**
     * More slots than a decoder emits for one instruction come from the microcode sequencer, at its rate
     * (the model schema's defaults, which the host model keeps): such a form takes at least slots / 4
     * cycles. On the development host (family 6 model 0xcf) probes read CMOVBE r64, r64 as 7.03 slots
     * and ROL r8h, imm8 as 10.43 at 0.99 and 2.00 cycles an instance: something else slowed those probes
     * (uops.info's Alder Lake-P table: 2 and 3 µops), and mixes with them ran at their µop counts.
     */
    public static final int DECODER_SLOTS = 4;
    static final int SEQUENCER_SLOTS_PER_CYCLE = 4;

    private SlotProbe() {}

    /** NOPs per instance needed for a form of reciprocal throughput {@code t}, or -1 when too many. */
    public static int fillers(double t, double width) {
        int k = (int) Math.ceil(2.5 * width * t);
        if (k > MAX_FILLERS) return -1;
        return Math.max(MIN_FILLERS, k);
    }

    /**
     * The probe benchmark of a form, or null when it cannot be built (registers) or the form is too
     * slow. Of the throughput sequences part 1 measured, the one with the smallest probe unit is
     * used: fewer instances need more NOPs each to hide their chain, more instances make longer code.
     */
    public static Benchmark benchmark(Generator g, InstructionForm f, FormFigures fig, double width) {
        return benchmark(g, f, fig, width, 0);
    }

    /**
     * The same with {@code extra} more NOPs per instance. A front end that does not split an instruction
     * across cycles wastes a cycle's last slot on a multi-slot one each time a step's slots leave just one
     * (a Zen 4 guest read XCHG r32, eax, two slots, as three with a breaker and eight fillers): a second
     * reading with half a width more fillers meets other remainders.
     */
    public static Benchmark benchmark(Generator g, InstructionForm f, FormFigures fig, double width, int extra) {
        if (!fig.hasThroughput()) return null;
        List<FormFigures.Sequence> seqs = new java.util.ArrayList<>(fig.sequences());
        if (seqs.isEmpty()) seqs.add(new FormFigures.Sequence(fig.instances(), fig.breakers(), fig.sameLine(), fig.throughput(), fig.stable()));
        // Smallest unit first: instances x (1 + fillers).
        seqs.sort(java.util.Comparator.comparingInt((FormFigures.Sequence s) -> {
            int k = fillers(s.cycles(), width);
            return k < 0 ? Integer.MAX_VALUE : s.instances() * (1 + k);
        }).thenComparingInt(FormFigures.Sequence::instances));
        for (FormFigures.Sequence s : seqs) {
            int k = fillers(s.cycles(), width);
            if (k < 0) continue;
            Benchmark b = probe(g, f, s, k + extra, "");
            if (b != null) return b;
        }
        return null;
    }

    /**
     * The probe with the fewest fillers per instance, named {@code -fine}, or null when it would be no
     * finer than {@link #benchmark}'s. A probe reads slots as the difference of two loop lengths, so a
     * timing error of e per cent costs e/100 x (1 + fillers) slots: one FMA chained on itself needs 61
     * NOPs to hide its four cycles, where eight independent ones need 8 each. h84.jsonl (a shared hour)
     * left 805 probes unsettled after three attempts, VFMSUB132PS (XMM, XMM, XMM) at 1.56 slots from the
     * one-instance probe; uops.info's Zen 4 table and h82 read one.
     */
    public static Benchmark fine(Generator g, InstructionForm f, FormFigures fig, double width) {
        Benchmark usual = benchmark(g, f, fig, width);
        if (usual == null) return null;
        int usualFillers = fillersOf(usual);
        List<FormFigures.Sequence> seqs = new java.util.ArrayList<>(fig.sequences());
        seqs.sort(java.util.Comparator.comparingInt((FormFigures.Sequence s) -> {
            int k = fillers(s.cycles(), width);
            return k < 0 ? Integer.MAX_VALUE : k;
        }).thenComparingInt(FormFigures.Sequence::instances));
        for (FormFigures.Sequence s : seqs) {
            int k = fillers(s.cycles(), width);
            if (k < 0 || k >= usualFillers) return null;
            Benchmark b = probe(g, f, s, k, "-fine");
            if (b != null) return b;
        }
        return null;
    }

    /** The probe loop of one throughput sequence with {@code k} NOPs per instance, named after both (null: no registers). */
    private static Benchmark probe(Generator g, InstructionForm f, FormFigures.Sequence s, int k, String suffix) {
        return g.mix(Generator.slug(f) + "-slots-k" + k + "-x" + s.instances() + (s.breakers() ? "-breakers" : s.sameLine() ? "-same-line" : "") + suffix,
                List.of(new Generator.Part(f, s.instances())), Generator.Layout.INTERLEAVED, k, s.breakers(), s.sameLine(),
                s.instances(), Benchmark.Kind.THROUGHPUT);
    }

    /** Fillers per instance of a probe (from its name). */
    public static int fillersOf(Benchmark b) {
        String n = b.name();
        int i = n.lastIndexOf("-slots-k");
        return Integer.parseInt(n.substring(i + 8, n.indexOf("-x", i + 8)));
    }

    /**
     * Slots of one instance: W x (cycles per instance) - fillers - breakers, breakers being the
     * one-slot dependency breakers the probe puts before each instance.
     */
    public static double slots(Benchmark b, double cyclesPerInstance, double width) {
        int k = fillersOf(b);
        int n = b.perCopy();
        int lines = b.units().getFirst().size();
        double breakers = (double) (lines - n * (1 + k)) / n;
        return width * cyclesPerInstance - k - breakers;
    }
}
