package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.infer.FormFigures;
import dev.uopsim.characterize.infer.LoopBufferUse;
import dev.uopsim.characterize.infer.LoopDelivery;
import dev.uopsim.characterize.infer.SlotFiller;
import dev.uopsim.characterize.infer.PortClasses;
import dev.uopsim.characterize.infer.SlotProbe;
import dev.uopsim.characterize.infer.UopCacheDelivery;
import dev.uopsim.characterize.journal.Journal;
import dev.uopsim.isa.InstructionForm;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Part 2 of characterizing this machine: from the part-1 figures (latency, throughput) to µop
 * counts, port usage and the core facts a model needs, every benchmark going through a
 * {@link JournalMeasurer} (so a journal replays the whole inference without the hardware).
 */
public final class HostInference {
    private final Generator generator;
    private final JournalMeasurer measurer;
    private final Consumer<String> log;

    /** The front end's slots per cycle, from NOPs alone. */
    private double width = Double.NaN;

    public HostInference(Generator generator, JournalMeasurer measurer, Consumer<String> log) {
        this.generator = generator;
        this.measurer = measurer;
        this.log = log;
    }

    public double width() { return width; }

    // ---- Front end ------------------------------------------------------------------------------

    /** Benchmarks of NOPs alone: the slots the front end delivers per cycle ({@code attempt} > 0: taken again, named apart). */
    static List<Benchmark> frontEndBenchmarks(int attempt) {
        List<Benchmark> out = new ArrayList<>();
        for (String[] v : new String[][]{{"nop8", Generator.FILLER}, {"nop1", "nop"}}) {
            List<String> unit = new ArrayList<>();
            for (int i = 0; i < 32; i++) unit.add(v[1]);
            out.add(new Benchmark(again("frontend-" + v[0] + "-x32", attempt), "NOP", Benchmark.Kind.THROUGHPUT,
                    "x32", "", List.of(unit), 32, 4, List.of(), 0, false, new dev.uopsim.characterize.runner.MachineState(), 0, List.of(),
                    false, v[1]));
        }
        return out;
    }

    /**
     * Attempts at a probe a shared core can throw off (the front-end width, the µop-cache and
     * loop-buffer probes, the core probes), and the first pause between them (doubling).
     */
    static final int PROBE_ATTEMPTS = 4;
    static final long PROBE_PAUSE_MILLIS = 5_000;
    /** How far from a whole number of slots a cycle the NOP rate may read. */
    static final double WIDTH_TOLERANCE = 0.1;

    /**
     * Measures the front-end width W (slots per cycle) on NOPs. The front end delivers a whole number
     * of slots a cycle, so a rate far from one was read while another tenant shared the core (3.65 on
     * the development host in a busy hour, 6.0 before and after): the NOPs are measured again after a
     * pause; a whole number stands when the next reading agrees. When no two readings in a row agree the
     * run stops, since every later step divides by W (a resumed run reads the journal's attempts and
     * then measures new ones).
     */
    public double measureWidth() throws IOException {
        List<String> readings = new ArrayList<>();
        WidthConfirmation confirmation = new WidthConfirmation();
        int fresh = 0;      // attempts this run measures; those the journal holds are read (a resumed run goes on with new ones)
        for (int attempt = 0; ; attempt++) {
            List<Benchmark> bs = frontEndBenchmarks(attempt);
            if (!allJournaled(bs)) {
                if (measurer.measuring() ? fresh == WIDTH_ATTEMPTS : attempt > 0) break;
                pauseBeforeAttempt(fresh++);
            }
            List<Measurement> ms = measurer.run("frontend", bs);
            // The width is counted in filler NOPs, the slot every later probe counts in; one-byte NOPs
            // can take half a slot (the family 19h model 11h guest ran 11.9 of them a cycle and 6.0
            // fillers), so they are only reported.
            double best = rate(bs.get(0), ms.get(0)), oneByte = rate(bs.get(1), ms.get(1));
            if (oneByte > 1.5 * best && wholeWidth(best)) {
                log.accept(String.format("front end: %.2f one-byte NOPs a cycle, %.2f filler NOPs: one-byte NOPs share a slot",
                        oneByte, best));
            }
            readings.add(best > 0 ? String.format("%.2f", best) : "not measured");
            double confirmed = confirmation.offer(best);
            // A journal written before readings were confirmed (or whose run accepted this one) holds no further attempt.
            boolean lastOfReplay = !measurer.measuring() && !allJournaled(frontEndBenchmarks(attempt + 1));
            if (Double.isFinite(confirmed) || wholeWidth(best) && lastOfReplay) {
                width = Double.isFinite(confirmed) ? confirmed : best;
                log.accept(String.format("front end: %.2f NOPs per cycle", width));
                return width;
            }
            log.accept(String.format("front end: %.2f NOPs per cycle, %s", best, wholeWidth(best)
                    ? "a whole number of slots: measuring again to confirm it"
                    : "not a whole number of slots: the core was shared; measuring again"));
        }
        throw new dev.uopsim.common.MeasurementException("the front end's NOPs never ran at the same whole number of slots a cycle twice in a row ("
                + String.join(", ", readings) + " NOPs a cycle in " + readings.size() + " attempts): another tenant shared this core "
                + "throughout, and every later step divides by that rate",
                "run characterize again with --resume when the machine is quieter (the journal keeps every figure measured so far, "
                        + "and the NOPs are measured again)");
    }

    /** NOPs a cycle of a front-end benchmark, 0 when it gave no figure. */
    private static double rate(Benchmark b, Measurement m) {
        double c = JournalMeasurer.cycles(b, m);
        return Double.isFinite(c) && c > 0 ? 1 / c : 0;
    }

    /** Attempts at the front-end width one run measures at most (pauses of 5 s, doubling, between them). */
    static final int WIDTH_ATTEMPTS = 6;

    /**
     * Front-end width readings taken one after another. A whole number of NOPs a cycle stands once the
     * next reading agrees with it: a shared core can also slow the NOPs to another whole number
     * (h59.jsonl, the development host in a busy quarter hour: 3.39, 4.75, then 3.97, taken as four
     * slots a cycle where every quiet run read 6.0; with W = 4 2,984 of 3,481 slot probes did not
     * settle and six port classes formed where there are thirteen).
     */
    static final class WidthConfirmation {
        private double pending = Double.NaN;

        /** The width when this reading confirms the whole one before it (the latest reading), else NaN. */
        double offer(double reading) {
            if (!wholeWidth(reading)) return Double.NaN;
            if (Double.isFinite(pending) && Math.rint(pending) == Math.rint(reading)) return reading;
            pending = reading;
            return Double.NaN;
        }
    }

    /** Whether a NOP rate reads as a whole number of slots a cycle (at least one). */
    static boolean wholeWidth(double nopsPerCycle) {
        return nopsPerCycle >= 1 - WIDTH_TOLERANCE && Math.abs(nopsPerCycle - Math.rint(nopsPerCycle)) <= WIDTH_TOLERANCE;
    }

    /** Before attempt {@code k} (from 0) of a probe: a pause of 5 s, doubling, when measuring (a replay reads the journal). */
    private void pauseBeforeAttempt(int k) throws IOException {
        pauseBeforeAttempt(k, measurer.measuring());
    }

    /** The pause before attempt {@code k} (from 0) of any probe taken again: none at 0 or when not measuring, else 5 s, doubling. */
    static void pauseBeforeAttempt(int k, boolean measuring) throws IOException {
        if (k == 0 || !measuring) return;
        if (!Contention.sleep(PROBE_PAUSE_MILLIS << (k - 1))) throw new IOException("interrupted while waiting to measure a probe again");
    }

    /** The slot filler's probe: register moves, each followed by {@code filler} ({@link SlotFiller}). */
    static Benchmark slotFillerBenchmark(String name, String filler, int attempt) {
        List<String> unit = SlotFiller.probeUnit(filler);
        return new Benchmark(again("frontend-fusion-mov-" + name + "-x" + SlotFiller.PAIRS, attempt), "NOP", Benchmark.Kind.THROUGHPUT,
                "fusion-x" + SlotFiller.PAIRS, "", List.of(unit), SlotFiller.PAIRS, 4, List.of(), 0, false,
                new dev.uopsim.characterize.runner.MachineState(), 0, List.of(), false, filler);
    }

    /**
     * Chooses the filler of the slot probes (needs {@link #measureWidth} first): the long NOP unless it
     * shares a slot with the instruction before it, then CLC if that does not. A journal from before this
     * probe replays with the long NOP, as it was measured.
     */
    public SlotFiller.Choice measureSlotFiller() throws IOException {
        double nop = settledProbe(k -> slotFillerBenchmark("nop8", SlotFiller.LONG_NOP, k), c -> SlotFiller.settles(c, width),
                "front end, slot filler: a register move and a long NOP (cycles a pair)");
        double clc = Double.NaN;
        if (SlotFiller.fuses(nop, width)) {
            clc = settledProbe(k -> slotFillerBenchmark("clc", SlotFiller.CLEAR_CARRY, k), c -> SlotFiller.settles(c, width),
                    "front end, slot filler: a register move and CLC (cycles a pair)");
        }
        SlotFiller.Choice choice = SlotFiller.choose(nop, clc, width);
        generator.fillSlotsWith(choice.filler());
        log.accept("front end, slot filler: " + choice.note());
        return choice;
    }

    /** Loops of K NOPs, one and two copies a loop: does delivery go on across the loop's end? */
    static List<Benchmark> loopDeliveryBenchmarks(int width) {
        List<Benchmark> out = new ArrayList<>();
        for (int k : LoopDelivery.nopCounts(width)) {
            List<String> unit = new ArrayList<>();
            for (int i = 0; i < k; i++) unit.add(Generator.FILLER);
            out.add(new Benchmark("frontend-loop-nop8-x" + k, "NOP", Benchmark.Kind.THROUGHPUT, "loop-x" + k, "", List.of(unit), k, 1,
                    List.of(), 0, false, new dev.uopsim.characterize.runner.MachineState(), 0, List.of(), false, Generator.FILLER));
        }
        return out;
    }

    /** Measures whether the front end delivers across a small loop's end (needs {@link #measureWidth} first). */
    public LoopDelivery.Verdict measureLoopDelivery() throws IOException {
        int w = (int) Math.round(width);
        if (!(w >= 1)) return new LoopDelivery.Verdict(null, Map.of(), "front-end width not measured");
        List<Benchmark> bs = loopDeliveryBenchmarks(w);
        List<Measurement> ms = measurer.run("frontend", bs);
        Map<Integer, Double> perNop = new LinkedHashMap<>();
        int[] ks = LoopDelivery.nopCounts(w);
        for (int i = 0; i < bs.size(); i++) perNop.put(ks[i], JournalMeasurer.cycles(bs.get(i), ms.get(i)));
        var v = LoopDelivery.decide(w, perNop);
        log.accept("front end, small loops: " + v.note());
        return v;
    }

    /**
     * A front-end probe's figure (cycles per copy / perCopy), measured again after a pause (5, 10, 20 s)
     * while {@code settles} finds it between the answers: a shared core reads between them (the
     * µop-cache probe read 3.27 and 3.74 NOPs a cycle in two busy runs on the development host, 6.0 in
     * five others, against 4.5 and 6 predicted). Attempts after the first are named {@code -againN}, so
     * a replay reads the same ones; the last figure measured counts when none settles.
     */
    private double settledProbe(java.util.function.IntFunction<Benchmark> attempt, java.util.function.DoublePredicate settles, String what)
            throws IOException {
        double last = Double.NaN;
        for (int k = 0; k < PROBE_ATTEMPTS; k++) {
            pauseBeforeAttempt(k);
            Benchmark b = attempt.apply(k);
            double c = JournalMeasurer.cycles(b, measurer.run("frontend", b));
            if (Double.isFinite(c)) last = c;
            else if (!measurer.measuring()) break;        // a replay of a journal that took no more attempts
            if (settles.test(c)) return c;
            if (k + 1 < PROBE_ATTEMPTS && measurer.measuring()) log.accept(what + String.format(java.util.Locale.ROOT, " read %.3f, between the answers: measuring again", c));
        }
        return last;
    }

    /** What attempt {@code k} (from 1) of a benchmark taken again is named after: {@code <name>-againK}. */
    static final String AGAIN = "-again";

    static String again(String name, int attempt) {
        return attempt == 0 ? name : name + AGAIN + attempt;
    }

    /** The same benchmark under another name. */
    static Benchmark renamed(Benchmark b, String name) {
        if (name.equals(b.name())) return b;
        return new Benchmark(name, b.form(), b.kind(), b.key(), b.variant(), b.units(), b.perCopy(), b.copies(), b.subtract(),
                b.unknownChain(), b.upper(), b.init(), b.fill(), b.perIteration(), b.cleanUpper(), b.chain());
    }

    /** One attempt at a batch of probes: the benchmarks as named for it, and their measurements. */
    private record Attempt(List<Benchmark> benchmarks, List<Measurement> measurements) {
        double cycles(int i) {
            return JournalMeasurer.cycles(benchmarks.get(i), measurements.get(i));
        }
    }

    /**
     * Attempt {@code k} (from 0) at a batch of probes: after the pause before it, the benchmarks named
     * {@code -againK} and measured; null when a replayed journal took no such attempt (none measured).
     */
    private Attempt measureAttempt(String phase, List<Benchmark> bs, int k) throws IOException {
        return measureAttempt(phase, bs, k, k);
    }

    /** As {@link #measureAttempt(String, List, int)}, with the pause of attempt {@code pause} (0: none). */
    private Attempt measureAttempt(String phase, List<Benchmark> bs, int k, int pause) throws IOException {
        pauseBeforeAttempt(pause);
        List<Benchmark> named = new ArrayList<>(bs.size());
        for (Benchmark b : bs) named.add(renamed(b, again(b.name(), k)));
        List<Measurement> ms = measurer.run(phase, named);
        if (k > 0 && !measurer.measuring() && ms.stream().noneMatch(Measurement::ok)) return null;
        return new Attempt(named, ms);
    }

    /** The core facts an attempt at the core probes gives ({@code ids}: the probes' names, in the attempt's order). */
    private dev.uopsim.characterize.infer.CoreProbes.Facts coreFacts(List<String> ids, Attempt a) {
        Map<String, Double> c = new LinkedHashMap<>();
        for (int i = 0; i < ids.size(); i++) c.put(ids.get(i), a.cycles(i));
        return dev.uopsim.characterize.infer.CoreProbes.decode(c, width);
    }

    /** Whether the journal holds attempt {@code k} of every one of these benchmarks (a resumed run reads it, measuring nothing). */
    private boolean attemptJournaled(List<Benchmark> bs, int k) {
        Journal journal = measurer.journal();
        if (journal == null) return false;
        for (Benchmark b : bs) if (!journal.benches().containsKey(again(b.name(), k))) return false;
        return true;
    }

    /** Whether the journal holds every one of these benchmarks. */
    private boolean allJournaled(List<Benchmark> bs) {
        return attemptJournaled(bs, 0);
    }

    /** The loop-buffer probe: a small loop inside every copy ({@link LoopBufferUse}). */
    static Benchmark loopBufferBenchmark(int width, int attempt) {
        int adds = LoopBufferUse.adds(width);
        return new Benchmark(again("frontend-loopbuffer-add-x" + adds, attempt), "ADD", Benchmark.Kind.THROUGHPUT, "inner-loop-x" + adds, "",
                List.of(LoopBufferUse.copy(adds)), LoopBufferUse.INNER_ITERATIONS, 1, List.of(), 0, false,
                new dev.uopsim.characterize.runner.MachineState(), 0, List.of(), false, Generator.FILLER);
    }

    /** Whether small loops stream from a loop buffer on this core (needs {@link #measureWidth} and the delivery verdict first). */
    public LoopBufferUse.Verdict measureLoopBufferUse(LoopDelivery.Verdict delivery) throws IOException {
        int w = (int) Math.round(width);
        if (!(w >= 1)) return LoopBufferUse.Verdict.NOT_MEASURED;
        int cacheWidth = LoopBufferUse.uopCacheWidth(generator.cpu(), w);
        double cycles = settledProbe(k -> loopBufferBenchmark(w, k),
                c -> LoopBufferUse.decide(c, delivery.across(), w, cacheWidth).used() != null, "front end, loop buffer: the small loop (cycles an iteration)");
        var v = LoopBufferUse.decide(cycles, delivery.across(), w, cacheWidth);
        log.accept("front end, loop buffer: " + v.note());
        return v;
    }

    /**
     * Copies of the µop-cache probe's two windows (18 NOPs): 360 and 720 NOPs, far more than any loop
     * buffer holds (Golden Cove's µop queue has 144 entries). Here 90 to 360 NOPs all measured 6.0 a cycle.
     */
    static final int UOP_CACHE_PROBE_COPIES = 20;

    /** The µop-cache probe's loop (see {@link UopCacheDelivery}): two windows' NOPs per copy, laid out for a cache of this width. */
    static Benchmark uopCacheBenchmark(int cacheWidth, int attempt) {
        List<String> window = UopCacheDelivery.probeWindow(cacheWidth);
        List<String> unit = new ArrayList<>(window);
        unit.addAll(window);
        return new Benchmark(again(UopCacheDelivery.benchmarkName(window, UOP_CACHE_PROBE_COPIES), attempt), "NOP", Benchmark.Kind.THROUGHPUT,
                "uopcache-x" + UOP_CACHE_PROBE_COPIES, "", List.of(unit), unit.size(), UOP_CACHE_PROBE_COPIES, List.of(), 0, false,
                new dev.uopsim.characterize.runner.MachineState(), 0, List.of(), false, Generator.FILLER);
    }

    /** Measures the µop-cache probe: cycles per NOP (NaN when it failed); the model's writer decides with its window size. */
    public double measureUopCacheProbe() throws IOException {
        int w = (int) Math.round(width);
        int cacheWidth = LoopBufferUse.uopCacheWidth(generator.cpu(), w);
        double c = settledProbe(k -> uopCacheBenchmark(cacheWidth, k),
                x -> UopCacheDelivery.decideFor(generator.cpu(), x, w).windowsPerCycle() != null, "front end, µop cache: the probe (cycles a NOP)");
        log.accept(String.format(java.util.Locale.ROOT, "front end, µop cache: %.2f NOPs per cycle with %d NOPs in each 64-byte window", 1 / c,
                UopCacheDelivery.probeWindow(cacheWidth).size()));
        return c;
    }

    /** Whether legacy SSE zero idioms take a port here: the class pairs' breakers, and the model's rename.idioms.zeroSse. */
    private dev.uopsim.characterize.infer.SseZeroIdioms.Verdict sseZeroIdioms = dev.uopsim.characterize.infer.SseZeroIdioms.Verdict.UNKNOWN;

    /** Measures the legacy SSE zero-idiom probe (a journal from before it replays as unknown: eliminated, as then assumed). */
    public dev.uopsim.characterize.infer.SseZeroIdioms.Verdict measureSseZeroIdioms() throws IOException {
        double c = settledProbe(k -> dev.uopsim.characterize.infer.SseZeroIdioms.benchmark(again("frontend-zero-idiom-sse-x12", k)),
                x -> dev.uopsim.characterize.infer.SseZeroIdioms.decide(x, width).settled(), "front end, legacy SSE zero idioms: the probe (cycles an idiom)");
        sseZeroIdioms = dev.uopsim.characterize.infer.SseZeroIdioms.decide(c, width);
        generator.vexBreakersForSse(sseZeroIdioms.executedCycles() > 0);
        if (Double.isFinite(c)) {
            log.accept(String.format(java.util.Locale.ROOT, "front end: twelve PXOR xmm, xmm zero idioms %.3f cycles each: %s", c,
                    sseZeroIdioms.eliminated() ? "eliminated" : sseZeroIdioms.ports() > 0 ? "executed on " + sseZeroIdioms.ports() + " ports" : "not settled"));
        }
        return sseZeroIdioms;
    }

    // ---- Slots ----------------------------------------------------------------------------------

    /** A form's slot count as probed: the raw figure, or why there is none. */
    public record Slots(double raw, Integer settled, String benchmark, String note) {}

    public Map<String, Slots> measureSlots(List<InstructionForm> forms, Map<String, FormFigures> figures) throws IOException {
        Map<String, Slots> out = new LinkedHashMap<>();
        List<Benchmark> bs = new ArrayList<>();
        List<InstructionForm> of = new ArrayList<>();
        for (InstructionForm f : forms) {
            FormFigures fig = figures.get(f.name());
            if (fig == null || !fig.hasThroughput()) {
                out.put(f.name(), new Slots(Double.NaN, null, null, "no throughput measured"));
                continue;
            }
            Benchmark b = SlotProbe.benchmark(generator, f, fig, width);
            if (b == null) {
                out.put(f.name(), new Slots(Double.NaN, null, null, SlotProbe.fillers(fig.throughput(), width) < 0
                        ? String.format("not settled: its throughput (%.2f cycles) would need more than %d NOPs per instance", fig.throughput(), SlotProbe.MAX_FILLERS)
                        : "not settled: no registers for the probe"));
                continue;
            }
            bs.add(b);
            of.add(f);
        }
        List<Measurement> ms = measurer.run("slots", bs);
        List<Integer> unsettled = new ArrayList<>();
        for (int i = 0; i < bs.size(); i++) {
            Slots sl = slots(bs.get(i), JournalMeasurer.cycles(bs.get(i), ms.get(i)), ms.get(i), figures.get(of.get(i).name()).throughput());
            out.put(of.get(i).name(), sl);
            if (sl.settled() == null) unsettled.add(i);
        }
        // Probes that did not settle are taken again after a pause: h30.jsonl (the development host, a busy
        // hour) read MOV (R64, M64) as 5.12 slots and the other plain loads alike, more than their 0.50-cycle
        // throughput allows, so no class of loads formed and no form got a load µop (h28: 1 slot each).
        // A third attempt: h34.jsonl (a busy quarter hour) left 385 probes unsettled after two, the third
        // settled 76 more (RCL (R16, I8): 13 slots, where unsettled it took the reference table's 4 and a
        // divider's occupancy instead of the sequencer's flow; h29 read 12.3). Each attempt's reading
        // stands alone: a probe's figure is the difference of two loop lengths, and a first length read
        // slow makes it read low, so the fastest of several can be wrong (h33.jsonl: 652 held-apart
        // checks within 5% with each reading alone, 634 with the fastest).
        for (int k = 1; k < SLOT_ATTEMPTS && !unsettled.isEmpty(); k++) {
            if (measurer.measuring()) log.accept(unsettled.size() + " slot probes did not settle: measuring them again");
            List<Benchmark> retaken = new ArrayList<>();
            for (int i : unsettled) retaken.add(bs.get(i));
            Attempt again = measureAttempt("slots", retaken, k);
            if (again == null) break;
            List<Integer> still = new ArrayList<>();
            for (int j = 0; j < retaken.size(); j++) {
                int i = unsettled.get(j);
                Slots sl = slots(again.benchmarks().get(j), again.cycles(j), again.measurements().get(j), figures.get(of.get(i).name()).throughput());
                out.put(of.get(i).name(), kept(out.get(of.get(i).name()), sl));
                if (sl.settled() == null) still.add(i);
            }
            unsettled = still;
        }
        measureFine(unsettled, of, figures, out);
        confirmMultiSlot(bs, of, figures, out);
        return out;
    }

    /**
     * Probes still unsettled after their attempts are taken once more with the fewest fillers per instance
     * their form's throughput sequences allow (SlotProbe.fine), where that is fewer than the usual probe's:
     * a settled reading then stands. A journal without these readings keeps the attempts' figure.
     */
    private void measureFine(List<Integer> unsettled, List<InstructionForm> of, Map<String, FormFigures> figures, Map<String, Slots> out)
            throws IOException {
        List<Benchmark> fine = new ArrayList<>();
        List<Integer> which = new ArrayList<>();
        for (int i : unsettled) {
            InstructionForm f = of.get(i);
            Benchmark b = SlotProbe.fine(generator, f, figures.get(f.name()), width);
            if (b == null) continue;
            fine.add(b);
            which.add(i);
        }
        if (fine.isEmpty()) return;
        if (measurer.measuring()) log.accept(fine.size() + " slot probes still unsettled: measuring them with fewer fillers per instance");
        List<Measurement> ms = measurer.run("slots", fine);
        for (int j = 0; j < fine.size(); j++) {
            String form = of.get(which.get(j)).name();
            Slots sl = slots(fine.get(j), JournalMeasurer.cycles(fine.get(j), ms.get(j)), ms.get(j), figures.get(form).throughput());
            if (sl.settled() != null) out.put(form, sl);
        }
    }

    /**
     * A probe that settles at two slots or more (on any attempt) is taken once more, with half a width
     * more fillers (see SlotProbe.benchmark), and the smaller of two settled readings stands: a shared
     * core stretches the probe's loop, and a stretch of a whole number of slots still reads as settled;
     * a front end that does not split instructions across cycles reads a multi-slot form a slot high at
     * some remainders of a step's slots (zen4-exchange-slots). h37.jsonl (the development host, a busy hour)
     * read UNPCKLPS (XMM, XMM) as 5 slots and 30 more one-slot forms of h29 as 2 to 4, where its
     * held-apart mixes ran as one slot each (heldout-mix-197: 2.33 cycles measured, 6.00 simulated).
     * The second reading is named {@code -confirm}; a journal without it keeps the first.
     */
    private void confirmMultiSlot(List<Benchmark> bs, List<InstructionForm> of, Map<String, FormFigures> figures, Map<String, Slots> out)
            throws IOException {
        List<Integer> multi = new ArrayList<>();
        for (int i = 0; i < bs.size(); i++) {
            Slots sl = out.get(of.get(i).name());
            if (sl.settled() != null && sl.settled() >= 2) multi.add(i);
        }
        if (multi.isEmpty()) return;
        if (measurer.measuring()) log.accept(multi.size() + " slot probes read two slots or more: measuring them once more");
        List<Benchmark> confirm = new ArrayList<>();
        int extra = (int) Math.ceil(width / 2);
        for (int i : multi) {
            InstructionForm f = of.get(i);
            Benchmark other = SlotProbe.benchmark(generator, f, figures.get(f.name()), width, extra);
            Benchmark b = other != null ? other : bs.get(i);
            confirm.add(renamed(b, b.name() + "-confirm"));
        }
        List<Measurement> cms = measurer.run("slots", confirm);
        for (int j = 0; j < confirm.size(); j++) {
            int i = multi.get(j);
            Slots second = slots(confirm.get(j), JournalMeasurer.cycles(confirm.get(j), cms.get(j)), cms.get(j),
                    figures.get(of.get(i).name()).throughput());
            out.put(of.get(i).name(), confirmed(out.get(of.get(i).name()), second));
        }
    }

    /** Of a settled multi-slot reading and its confirmation, the one that stands: the smaller settled one. */
    static Slots confirmed(Slots first, Slots second) {
        if (first.settled() == null) return first;
        return second.settled() != null && second.settled() < first.settled() ? second : first;
    }

    /**
     * Of a probe's reading so far and a new attempt's, the one that stands: a settled attempt; else a
     * reading at all over none. An unsettled count still serves (the model rounds it), while a probe with
     * no reading falls back to at most four slots: h58.jsonl (a busy hour) read STD's first attempt
     * beyond what its throughput allows, its second at 14.6 slots and its third beyond again, and kept
     * the first, so STD (15 slots in every other run) became a three-slot form holding a divider.
     */
    static Slots kept(Slots sofar, Slots attempt) {
        if (attempt.settled() != null) return attempt;
        if (sofar.settled() == null && !Double.isFinite(sofar.raw()) && Double.isFinite(attempt.raw())) return attempt;
        return sofar;
    }

    /** Attempts at a slot probe that does not settle (the first included). */
    static final int SLOT_ATTEMPTS = 3;

    /** What a slot probe's note says when it read more slots than the form's own throughput allows. */
    static final String MORE_THAN_THROUGHPUT = "more than its throughput";

    /** Whether a form's slot note says the probe read more slots than its throughput allows (the fillers did not overlap it). */
    public static boolean readMoreThanThroughput(String macroOpsNote) {
        return macroOpsNote != null && macroOpsNote.contains(MORE_THAN_THROUGHPUT);
    }

    /** A slot probe's reading: the slots, settled when near a whole number the form's own throughput allows. */
    private Slots slots(Benchmark b, double c, Measurement m, double ownThroughput) {
        if (!Double.isFinite(c)) return new Slots(Double.NaN, null, b.name(), "probe failed: " + m.cause());
        double s = SlotProbe.slots(b, c, width);
        if (!SlotProbe.fitsThroughput(s, ownThroughput, width)) {
            return new Slots(Double.NaN, null, b.name(), String.format(
                    "not settled: the probe read %.2f slots, " + MORE_THAN_THROUGHPUT + " (%.2f cycles at %.0f slots a cycle) allows", s, ownThroughput, width));
        }
        long r = Math.round(s);
        boolean ok = Math.abs(s - r) <= SlotProbe.SETTLED && r >= 1;
        return new Slots(s, ok ? (int) r : null, b.name(), ok ? null : String.format("not settled: %.2f slots", s));
    }

    // ---- Port classes ---------------------------------------------------------------------------

    /**
     * Forms tried first as class representatives (when measured and one-µop by their figures): they
     * cover the units a core usually has, so the classes exist even when --forms selects few forms.
     */
    public static final List<String> PROBE_SET = List.of("ADD_01 (R64, R64)", "ANDN (R64, R64, R64)", "SHLX (R64, R64, R64)",
            "RORX (R64, R64, I8)", "IMUL_IMMB (R64, R64, I8)", "POPCNT (R64, R64)", "LZCNT (R64, R64)", "PDEP (R64, R64, R64)",
            "BZHI (R64, R64, R64)", "LEA_B_IS_D8 (R64)", "MOV (R64, M64)", "MOV (M64, R64)", "VMOVDQU (YMM, M256)", "VMOVDQU (M256, YMM)",
            "VPADDD (XMM, XMM, XMM)", "VPADDD (YMM, YMM, YMM)", "VPSHUFB (XMM, XMM, XMM)", "VPSHUFB (YMM, YMM, YMM)",
            "VADDPS (XMM, XMM, XMM)", "VADDPS (YMM, YMM, YMM)", "VMULPS (YMM, YMM, YMM)", "VFMADD231PS (YMM, YMM, YMM)",
            "VPSLLD (XMM, XMM, I8)", "VPSLLD (YMM, YMM, I8)", "VPSRLVD (YMM, YMM, YMM)", "VPERMD (YMM, YMM, YMM)", "VPERMQ (YMM, YMM, I8)",
            "VPSADBW (YMM, YMM, YMM)", "VPMADDWD (YMM, YMM, YMM)", "VPBLENDD (YMM, YMM, YMM, I8)", "VANDPS (YMM, YMM, YMM)",
            "VCVTDQ2PS (YMM, YMM)", "VPMOVMSKB (R32, YMM)", "VMOVQ (XMM, R64)", "VMOVQ (R64, XMM)", "VPBROADCASTD (YMM, XMM)",
            "VINSERTI128 (YMM, YMM, XMM, I8)", "VEXTRACTI128 (XMM, YMM, I8)", "VPMOVZXBD (YMM, XMM)", "VRCPPS (YMM, YMM)",
            "VPCMPEQB (YMM, YMM, YMM)", "VPMINSD (YMM, YMM, YMM)", "VSHUFPS (YMM, YMM, YMM, I8)", "VPALIGNR (YMM, YMM, YMM, I8)");

    /** Candidates tested per round against the classes found so far. */
    static final int CLASS_BATCH = 48;
    /**
     * How far from full competition (1.0) a member's pair with its class representative may run and
     * the member still count as a sure one. Pairs of the same port set ran 0.95-1.05 in 745 of 777
     * joins (h37) and 865 of 877 (h41); h41's VADDSUBPD (XMM, XMM, XMM), a P15 form, joined the P01
     * class at 1.21 (a pair slower than sharing every port explains), became that combination's
     * blocker by name, and gave 330 memory forms P015 for P01.
     */
    static final double MEMBERSHIP_SLACK = 0.05;

    /** Per class member (not its founder): the pair with its representative over full competition, when it joined. */
    private final Map<String, Double> membership = new LinkedHashMap<>();

    /**
     * A candidate: a form of one slot whose throughput stands for k ports.
     *
     * @param chained it reads and writes an explicit register through a chain longer than a cycle
     */
    public record Candidate(InstructionForm form, int ports, PortClasses.Family family, double throughput, boolean chained) {}

    /** Whether a form's explicit read-write registers chain instances for more than a cycle (or unknown). */
    static boolean chained(InstructionForm f, FormFigures fig) {
        if (!PortClasses.readWrite(f)) return false;
        double worst = selfLatency(f, fig);
        return !(worst >= 0) || worst > 1.05;
    }

    /** The longest latency from a written register to itself (a read-write register's chain); NaN when one is not measured, -1 without one. */
    static double selfLatency(InstructionForm f, FormFigures fig) {
        double worst = -1;
        for (int i = 0; i < f.operands().size(); i++) {
            var s = f.operands().get(i);
            if (s.kind().category() != dev.uopsim.isa.OperandKind.Category.REGISTER || !s.access().writes()) continue;
            FormFigures.Latency l = fig.latency().get("op" + i + "->op" + i);
            if (l == null) return Double.NaN;
            worst = Math.max(worst, l.cycles());
        }
        return worst;
    }

    /**
     * Whether a chained form's best throughput is its chains' pace: instances x cycles a copy equal to its
     * register's latency to itself. Such a reading says nothing of its ports. PAVGB (MM, MM) on the Zen 4
     * guest: four instances (the eight MMX registers allow no more), latency 2, 0.50 cycles an instance,
     * where uops.info has 0.25 on four pipes; as a two-port candidate it joined MULPS's class and stood for
     * it in the structure's mixes, whose 1.5 cycles beside VMULPS (YMM) split the FP01 forms over two pipe
     * pairs (h77.jsonl). Blocking still finds its ports.
     */
    static boolean chainPaced(InstructionForm f, FormFigures fig) {
        if (!PortClasses.readWrite(f)) return false;
        double self = selfLatency(f, fig);
        if (!(self > 1.05)) return false;
        return Math.abs(fig.instances() * fig.throughput() - self) <= 0.1 * self;
    }

    /** The candidates among measured forms, probe set first. */
    public List<Candidate> candidates(List<InstructionForm> forms, Map<String, FormFigures> figures, Map<String, Slots> slots) {
        List<Candidate> out = new ArrayList<>();
        List<InstructionForm> ordered = new ArrayList<>();
        Map<String, InstructionForm> byName = new LinkedHashMap<>();
        for (InstructionForm f : forms) byName.put(f.name(), f);
        for (String n : PROBE_SET) if (byName.containsKey(n)) ordered.add(byName.get(n));
        for (InstructionForm f : forms) if (!PROBE_SET.contains(f.name())) ordered.add(f);
        for (InstructionForm f : ordered) {
            FormFigures fig = figures.get(f.name());
            Slots s = slots.get(f.name());
            if (fig == null || !fig.hasThroughput() || s == null || s.settled() == null || s.settled() != 1) continue;
            PortClasses.Family fam = PortClasses.family(f);
            if (fam == null || chainPaced(f, fig)) continue;
            int k = PortClasses.portCount(fig.throughput(), width);
            if (k < 1) continue;
            out.add(new Candidate(f, k, fam, fig.throughput(), chained(f, fig)));
        }
        return out;
    }

    /**
     * A mix of two candidates. Explicit read-write registers whose chain is longer than a cycle get
     * zero idioms (the instances of a small mix would otherwise chain: two FMAs per cycle need eight
     * accumulators), which take a front-end slot and no port.
     */
    private Benchmark pair(String tag, Candidate a, int na, Candidate b, int nb) {
        boolean br = a.chained() || b.chained();
        String name = "pair-" + tag + "-" + Generator.slug(a.form()) + "-x" + na + "-" + Generator.slug(b.form()) + "-x" + nb + (br ? "-breakers" : "");
        return generator.mix(name, List.of(new Generator.Part(a.form(), na), new Generator.Part(b.form(), nb)),
                Generator.Layout.INTERLEAVED, 0, br, true, 1, Benchmark.Kind.THROUGHPUT);
    }

    /**
     * Cycles a pair's unit takes at least when its legacy SSE zero idioms run on vector ports: those
     * idioms and the vector instances together on the idioms' ports (0 when the core eliminates them).
     * h72.jsonl (a Zen 4 guest) read MULPS, MINPS and MAXPS beside VPSHUFB at 1.65-1.69 cycles with two
     * PXORs in the unit: six µops on four pipes, not the two shared ports the class step took them for.
     */
    double executedBreakerBound(Benchmark pair, Candidate a, Candidate b, int k) {
        double each = sseZeroIdioms.executedCycles();
        int idioms = dev.uopsim.characterize.infer.SseZeroIdioms.countIn(pair.units().getFirst());
        if (each == 0 || idioms == 0) return 0;
        int vector = (a.family().vector() ? k : 0) + (b.family().vector() ? k : 0);
        return (vector + idioms) * each;
    }

    /** Front-end slots per unit of a mix of one-slot instructions and their breakers: its lines. */
    static double slotsPerUnit(Benchmark b) {
        return b.units().getFirst().size();
    }

    /** A founder, or a member that joined at full competition with its representative (within {@link #MEMBERSHIP_SLACK}). */
    static boolean sureMember(Map<String, Double> membership, String form) {
        Double r = membership.get(form);
        return r == null || Math.abs(r - 1) <= MEMBERSHIP_SLACK;
    }

    /**
     * Pair mixes for the classes, their unsettled readings taken again (a second pass, then after 5, 10
     * and 20 s). A busy stretch of h62.jsonl (the development host) read the pairs of 21 forms with
     * SHLX's and VPSHUFB's representatives at 1.42-2.40 cycles, none settled, where h58 and h61 read
     * 1.33 (no port shared but one); the forms joined those classes, all 21 (MULSS, MINPS, CVTDQ2PS, 17
     * more legacy SSE forms, VFMADD231PS ymm) came out on ports Alder Lake-P's table does not give them,
     * and held-apart mixes with them simulated up to 25% fast.
     */
    private List<Measurement> settledPairs(List<Benchmark> bs) throws IOException {
        var outcome = UnsettledRetakes.measure(measurer, "classes", bs, "port classes", log);
        return measurer.measuring() ? UnsettledRetakes.usable(outcome, "class pairs").readings() : outcome.readings();
    }

    /**
     * Whether a class pair's reading may place a candidate: not when it never settled through its retakes
     * (the candidate then meets the next classes). A journal from before the retakes replays as it ran,
     * on the reading it holds.
     */
    static boolean decides(Measurement reading, boolean retaken) {
        return !(reading.unsettled() && retaken);
    }

    /** Whether a class pair went through the retakes: this run measures, or the journal holds its first retake. */
    private boolean retaken(Benchmark pair) {
        return measurer.measuring() || attemptJournaled(List.of(pair), 1);
    }

    /** Classes by interference: each candidate joins the first class whose representative it competes with fully. */
    public List<PortClasses.Klass> classes(List<Candidate> candidates) throws IOException {
        Map<String, Candidate> byName = new LinkedHashMap<>();
        for (Candidate c : candidates) byName.put(c.form().name(), c);
        List<PortClasses.Klass> classes = new ArrayList<>();
        Map<Integer, List<Candidate>> byK = new java.util.TreeMap<>();
        for (Candidate c : candidates) byK.computeIfAbsent(c.ports(), x -> new ArrayList<>()).add(c);
        for (var group : byK.entrySet()) {
            int k = group.getKey();
            List<Candidate> pending = new ArrayList<>(group.getValue());
            while (!pending.isEmpty()) {
                List<Candidate> batch = new ArrayList<>(pending.subList(0, Math.min(CLASS_BATCH, pending.size())));
                List<PortClasses.Klass> mine = classes.stream().filter(x -> x.ports() == k).toList();
                List<Benchmark> bs = new ArrayList<>();
                List<int[]> which = new ArrayList<>();
                for (int i = 0; i < batch.size(); i++) {
                    for (int j = 0; j < mine.size(); j++) {
                        Candidate rep = representative(mine.get(j), batch.get(i).family(), byName);
                        if (rep == null || !sameMemoryRole(rep.family(), batch.get(i).family())) continue;
                        Benchmark b = pair("same", batch.get(i), k, rep, k);
                        if (b == null) continue;
                        bs.add(b);
                        which.add(new int[]{i, j});
                    }
                }
                List<Measurement> ms = settledPairs(bs);
                double[] bestRatio = new double[batch.size()];
                int[] bestClass = new int[batch.size()];
                java.util.Arrays.fill(bestClass, -1);
                for (int x = 0; x < bs.size(); x++) {
                    int i = which.get(x)[0], j = which.get(x)[1];
                    if (!decides(ms.get(x), retaken(bs.get(x)))) continue;
                    double t = JournalMeasurer.cycles(bs.get(x), ms.get(x));
                    Candidate rep = representative(mine.get(j), batch.get(i).family(), byName);
                    if (!Double.isFinite(t) || !PortClasses.same(t, batch.get(i).throughput(), rep.throughput(), k, slotsPerUnit(bs.get(x)), width,
                            executedBreakerBound(bs.get(x), batch.get(i), rep, k))) continue;
                    double ratio = t / (k * (batch.get(i).throughput() + rep.throughput()));
                    if (ratio > bestRatio[i]) {
                        bestRatio[i] = ratio;
                        bestClass[i] = j;
                    }
                }
                Candidate founder = null;
                for (int i = 0; i < batch.size(); i++) {
                    if (bestClass[i] >= 0) {
                        membership.put(batch.get(i).form().name(), bestRatio[i]);
                        mine.get(bestClass[i]).members().add(batch.get(i).form().name());
                        pending.remove(batch.get(i));
                    } else if (founder == null) {
                        founder = batch.get(i);
                    }
                }
                if (founder != null) {
                    classes.add(new PortClasses.Klass(classes.size(), k, List.of(founder.form().name()), founder.form().name()));
                    pending.remove(founder);
                }
            }
        }
        List<PortClasses.Klass> kept = kept(classes);
        log.accept(kept.size() + " port classes from " + candidates.size() + " one-µop candidates (" + (classes.size() - kept.size())
                + " classes of fewer than " + MIN_CLASS_MEMBERS + " forms dropped)");
        for (PortClasses.Klass k : kept) {
            log.accept(String.format(java.util.Locale.ROOT, "  class %d: %d ports, %d forms, %s; %s", k.id(), k.ports(), k.members().size(),
                    k.representative(), String.join(", ", k.members().subList(1, Math.min(6, k.members().size())))));
        }
        if (kept.isEmpty()) {
            throw new dev.uopsim.common.MeasurementException("no port classes: " + candidates.size() + " one-µop candidates gave no "
                    + "class of " + MIN_CLASS_MEMBERS + " forms, so no port can be inferred (slot probes read while the core was shared leave no one-µop forms)",
                    "run characterize again with --resume when the machine is quieter, or check the forms --forms selects");
        }
        return kept;
    }

    /**
     * Forms a port class needs to be kept. A class of one form is a form whose throughput another
     * limit may set (a chain, the front end): no other candidate competed with it. A class of two rests
     * on one pair's measurement, and a wrong one costs more than the class is worth: its blocking
     * instruction blocks ports the class does not name, and every form it slows takes those ports.
     * h27.jsonl (the development host, a busy hour) joined ORPS (XMM, XMM) with VFMSUBADD231PS (XMM,
     * XMM, XMM); the structure gave the pair P0 and P5, the FMA blocked P0 and P1 as FMAs do, and
     * 457 forms with a µop on P0 and P1 came out with it on P0 and P5 (667 forms' ports changed; ports
     * agreeing with uops.info: 77.9%, 94.7% without the class). Forms of a dropped class are measured
     * like any form.
     */
    static final int MIN_CLASS_MEMBERS = 3;

    static List<PortClasses.Klass> kept(List<PortClasses.Klass> classes) {
        List<PortClasses.Klass> kept = new ArrayList<>();
        for (PortClasses.Klass k : classes) {
            if (k.members().size() >= MIN_CLASS_MEMBERS) kept.add(new PortClasses.Klass(kept.size(), k.ports(), k.members(), k.representative()));
        }
        return kept;
    }

    /**
     * Whether two one-µop forms may share a port class as far as memory goes: both loads, both stores,
     * or neither. A store's slot holds store-address and store-data µops on ports no computation
     * uses, so a store and an operation never have one port set; a pair mix read on a shared core can
     * still look like one. h31.jsonl (the development host, a busy hour) put VMOVAPS (M128, XMM) in the
     * class of MINPS (XMM, XMM), chose it as that class's blocking instruction (a store writes no
     * register), and 2,398 forms came out on the wrong ports.
     */
    static boolean sameMemoryRole(PortClasses.Family a, PortClasses.Family b) {
        return a.load() == b.load() && a.store() == b.store();
    }

    /** The first member of a class that may share a loop with a form of this family. */
    static Candidate representative(PortClasses.Klass k, PortClasses.Family family, Map<String, Candidate> byName) {
        for (String m : k.members()) {
            Candidate c = byName.get(m);
            if (c != null && PortClasses.compatible(c.family(), family)) return c;
        }
        return null;
    }

    // ---- Port structure -------------------------------------------------------------------------

    /**
     * The port sets of the classes: masks over {@code ports} ports, one per class, and how well they
     * explain the pair mixes. Classes no layout explains are left out of the solve and listed in
     * {@code leftOut}: each is placed beside the layout (see
     * {@link dev.uopsim.characterize.infer.MisfitClasses.LeftOut#place}). {@code transfers} are those of them
     * left out as moves from the vector unit (see {@link dev.uopsim.characterize.infer.TransferMoves}).
     */
    public record Structure(int ports, int[] masks, double error, int experiments, int[] leftOut, int[] transfers) {
        public Structure(int ports, int[] masks, double error, int experiments, int[] leftOut) {
            this(ports, masks, error, experiments, leftOut, new int[0]);
        }

        /** Whether class {@code c} is one of the transfers. */
        public boolean transfer(int c) {
            return isIn(transfers, c);
        }
    }

    private static boolean isIn(int[] classes, int c) {
        for (int x : classes) if (x == c) return true;
        return false;
    }

    /**
     * Which ports each class uses: pairs of class members mixed in three proportions (each alone would
     * take a cycle; twice as many of one or the other), solved by {@link dev.uopsim.characterize.infer.PortStructure}
     * for the fewest ports on which every pair shares as many ports as its mixes allow.
     */
    public Structure structure(List<PortClasses.Klass> classes, Map<String, Candidate> byName) throws IOException {
        return structure(classes, byName, new int[0]);
    }

    /**
     * @param transfers classes left out of the solve from the start (the moves from the vector unit where the
     *                  core has the transfer bubble, {@link #transferClasses}): their mixes with integer work
     *                  measure the bubble, not a shared port
     */
    public Structure structure(List<PortClasses.Klass> classes, Map<String, Candidate> byName, int[] transfers) throws IOException {
        int n = classes.size();
        List<Benchmark> bs = new ArrayList<>();
        List<int[]> design = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                Candidate[] pair = compatiblePair(classes.get(i), classes.get(j), byName);
                if (pair == null) continue;
                int ki = classes.get(i).ports(), kj = classes.get(j).ports();
                for (int[] d : new int[][]{{ki, kj}, {2 * ki, kj}, {ki, 2 * kj}}) {
                    Benchmark b = pair("ports", pair[0], d[0], pair[1], d[1]);
                    if (b == null) continue;
                    bs.add(b);
                    design.add(new int[]{i, j, d[0], d[1]});
                }
            }
        }
        List<Measurement> ms = measurer.run("structure", bs);
        double[] cycles = new double[bs.size()];
        for (int x = 0; x < bs.size(); x++) cycles[x] = JournalMeasurer.cycles(bs.get(x), ms.get(x));
        int[] sizes = classes.stream().mapToInt(PortClasses.Klass::ports).toArray();
        // The classes solved for (the transfers aside), with indices into this list in the solver's mixes.
        List<Integer> solved = new ArrayList<>();
        for (int i = 0; i < n; i++) if (!isIn(transfers, i)) solved.add(i);
        List<PortClasses.Klass> solvedClasses = solved.stream().map(classes::get).toList();
        int[] solvedSizes = solved.stream().mapToInt(i -> sizes[i]).toArray();
        if (transfers.length > 0) {
            List<String> names = new ArrayList<>();
            for (int t : transfers) names.add(classes.get(t).representative() + " (" + classes.get(t).members().size() + " forms)");
            log.accept("port structure: the classes of " + String.join(", ", names) + " move values from the vector unit, which costs the "
                    + "integer ALUs a cycle (core probes): left out of the layout, on ports of their own");
        }
        StructureRetakes.Attempts attempts = new StructureRetakes.Attempts() {
            @Override
            public boolean journaled(int k) {
                return attemptJournaled(bs, k);
            }

            @Override
            public double[] take(int k, int pause) throws IOException {
                Attempt again = measureAttempt("structure", bs, k, pause);
                if (again == null) return null;
                double[] t = new double[bs.size()];
                for (int x = 0; x < t.length; x++) t[x] = again.cycles(x);
                return t;
            }
        };
        var outcome = StructureRetakes.settle(cycles, c -> dev.uopsim.characterize.infer.PortStructure.solve(solvedSizes,
                dev.uopsim.characterize.infer.MisfitClasses.mixesOf(solved, structureMixes(bs, design, c)), width, 16), attempts, measurer.measuring(), log);
        List<dev.uopsim.characterize.infer.PortStructure.Mix> mixes = dev.uopsim.characterize.infer.MisfitClasses.mixesOf(solved,
                structureMixes(bs, design, outcome.cycles()));
        int measured = mixes.size();
        var fitted = outcome.solution();
        int kept = solved.size();
        dev.uopsim.characterize.infer.MisfitClasses.LeftOut leftOut = null;
        if (fitted != null && fitted.error() > StructureRetakes.FIT) {
            logWorstFits(solvedClasses, solvedSizes, fitted, mixes);
            leftOut = dev.uopsim.characterize.infer.MisfitClasses.leaveOut(solvedSizes, solvedClasses.stream().mapToInt(k -> k.members().size()).toArray(), mixes,
                    width, 16, StructureRetakes.FIT, fitted);
            if (leftOut != null) {
                List<String> names = new ArrayList<>();
                for (int d : leftOut.dropped()) names.add(solvedClasses.get(d).representative() + " (" + solvedClasses.get(d).members().size() + " forms)");
                log.accept(String.format(java.util.Locale.ROOT, "port structure: %.1f%% with every class; %.1f%% without the classes of %s, "
                        + "which no layout explains: placed beside it (memory classes on its load ports)", 100 * fitted.error(), 100 * leftOut.solution().error(),
                        String.join(", ", names)));
                fitted = leftOut.solution();
                kept = leftOut.kept().length;
                measured = dev.uopsim.characterize.infer.MisfitClasses.mixesOf(java.util.Arrays.stream(leftOut.kept()).boxed().toList(), mixes).size();
            }
        }
        var solution = StructureRetakes.usable(fitted, measured, kept);
        log.accept(String.format("port structure: %d ports explain %d mixes of %d classes with a mean error of %.1f%%%s", solution.ports(),
                measured, kept, 100 * solution.error(), solution.error() > StructureRetakes.FIT
                        ? String.format(java.util.Locale.ROOT, " (above the %.0f%% of quiet runs: the core may have been shared; check the "
                                + "model with validate replay)", 100 * StructureRetakes.FIT) : ""));
        if (leftOut == null && transfers.length == 0) return new Structure(solution.ports(), solution.masks(), solution.error(), measured, new int[0]);
        // Every class has ports: the left-out ones beside the layout (see MisfitClasses), the transfers first.
        int[] keptOriginal = leftOut == null ? solved.stream().mapToInt(Integer::intValue).toArray()
                : java.util.Arrays.stream(leftOut.kept()).map(solved::get).toArray();
        int[] dropped = java.util.stream.IntStream.concat(java.util.Arrays.stream(transfers),
                leftOut == null ? java.util.stream.IntStream.empty() : java.util.Arrays.stream(leftOut.dropped()).map(solved::get)).toArray();
        var placed = new dev.uopsim.characterize.infer.MisfitClasses.LeftOut(keptOriginal, dropped, solution).place(sizes, memoryKinds(classes, byName));
        return new Structure(placed.ports(), placed.masks(), solution.error(), measured, dropped, transfers.clone());
    }

    /**
     * The classes of moves from the vector unit to the integer side (every member one, see
     * {@link dev.uopsim.characterize.infer.TransferMoves}) where the core has the transfer bubble; none without it.
     */
    static int[] transferClasses(List<PortClasses.Klass> classes, Map<String, Candidate> byName, boolean bubble) {
        if (!bubble) return new int[0];
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < classes.size(); i++) {
            boolean all = !classes.get(i).members().isEmpty();
            for (String m : classes.get(i).members()) {
                Candidate c = byName.get(m);
                InstructionForm f = c != null ? c.form() : dev.uopsim.isa.FormTable.shipped().byName(m).orElse(null);
                if (f == null || !dev.uopsim.characterize.infer.TransferMoves.movesToIntegerSide(f)) all = false;
            }
            if (all) out.add(i);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Each class as a load class, a store class (by its members' units), or neither. */
    static dev.uopsim.characterize.infer.MisfitClasses.LeftOut.Memory[] memoryKinds(List<PortClasses.Klass> classes, Map<String, Candidate> byName) {
        var out = new dev.uopsim.characterize.infer.MisfitClasses.LeftOut.Memory[classes.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = dev.uopsim.characterize.infer.MisfitClasses.LeftOut.Memory.NONE;
            for (String m : classes.get(i).members()) {
                Candidate c = byName.get(m);
                if (c == null) continue;
                var unit = unitOf(c);
                if (unit == dev.uopsim.model.Unit.LOAD) out[i] = dev.uopsim.characterize.infer.MisfitClasses.LeftOut.Memory.LOAD;
                else if (unit == dev.uopsim.model.Unit.STORE_ADDRESS) out[i] = dev.uopsim.characterize.infer.MisfitClasses.LeftOut.Memory.STORE;
                break;
            }
        }
        return out;
    }

    /** The mixes a layout that fits badly explains worst, so that a reader can see which classes disagree with it. */
    private void logWorstFits(List<PortClasses.Klass> classes, int[] sizes, dev.uopsim.characterize.infer.PortStructure.Solution solution,
                              List<dev.uopsim.characterize.infer.PortStructure.Mix> mixes) {
        int[] masks = solution.masks();
        List<dev.uopsim.characterize.infer.PortStructure.Mix> worst = new ArrayList<>(mixes);
        worst.sort(java.util.Comparator.comparingDouble((dev.uopsim.characterize.infer.PortStructure.Mix m) ->
                dev.uopsim.characterize.infer.PortStructure.miss(sizes, masks, m, width)).reversed());
        for (var m : worst.subList(0, Math.min(8, worst.size()))) {
            int o = Integer.bitCount(masks[m.i()] & masks[m.j()]);
            log.accept(String.format(java.util.Locale.ROOT, "port structure: %d x %s (%d ports) + %d x %s (%d ports), %d shared: %.3f cycles, %.3f predicted",
                    m.a(), classes.get(m.i()).representative(), sizes[m.i()], m.b(), classes.get(m.j()).representative(), sizes[m.j()], o,
                    m.cycles(), dev.uopsim.characterize.infer.PortStructure.predict(sizes[m.i()], sizes[m.j()], m, o, width)));
        }
    }

    /** The measured pair mixes (those with a figure) as the structure solver takes them. */
    private List<dev.uopsim.characterize.infer.PortStructure.Mix> structureMixes(List<Benchmark> bs, List<int[]> design, double[] cycles) {
        List<dev.uopsim.characterize.infer.PortStructure.Mix> mixes = new ArrayList<>();
        for (int x = 0; x < bs.size(); x++) {
            if (!Double.isFinite(cycles[x])) continue;
            int[] d = design.get(x);
            mixes.add(new dev.uopsim.characterize.infer.PortStructure.Mix(d[0], d[1], d[2], d[3], slotsPerUnit(bs.get(x)), cycles[x]));
        }
        return mixes;
    }

    /** Members of two classes that may share a loop, representatives first. */
    static Candidate[] compatiblePair(PortClasses.Klass a, PortClasses.Klass b, Map<String, Candidate> byName) {
        for (String x : a.members()) {
            Candidate ca = byName.get(x);
            for (String y : b.members()) {
                Candidate cb = byName.get(y);
                if (ca != null && cb != null && PortClasses.compatible(ca.family(), cb.family())) return new Candidate[]{ca, cb};
            }
        }
        return null;
    }

    // ---- Blocking instructions and port usage (Algorithm 1) -------------------------------------

    /** A port combination and the class members that may block it, best first. */
    public record Combination(int mask, List<Candidate> blockers, boolean transfers, List<dev.uopsim.characterize.infer.BlockerScreen.Reading> screen) {
        public Combination(int mask, List<Candidate> blockers) {
            this(mask, blockers, false);
        }

        public Combination(int mask, List<Candidate> blockers, boolean transfers) {
            this(mask, blockers, transfers, List.of());
        }

        public int size() { return Integer.bitCount(mask); }

        /** The blockers that may share a loop with a form of this family, best first. */
        public List<Candidate> blockersFor(PortClasses.Family family) {
            return blockers.stream().filter(c -> PortClasses.compatible(c.family(), family)).toList();
        }
    }

    /**
     * The port combinations (distinct masks of the classes) with their blocking instructions: forms that
     * write no register first (a compare), then a write-only destination, then a read-write one (no
     * implicit dependencies: uops.info's rule); then the highest throughput, then forms any other code
     * may share a loop with. Members whose pair with the class representative ran far from full
     * competition ({@code membership}, see {@link #MEMBERSHIP_SLACK}) come after every sure one: a
     * blocker decides every form's ports on its combination, and one misplaced member must not.
     */
    public static List<Combination> combinations(List<PortClasses.Klass> classes, Structure structure, Map<String, Candidate> byName,
                                                 Map<String, Double> membership) {
        Map<Integer, List<Candidate>> byMask = new java.util.TreeMap<>();
        for (int i = 0; i < classes.size(); i++) {
            for (String m : classes.get(i).members()) {
                Candidate c = byName.get(m);
                if (c != null) byMask.computeIfAbsent(structure.masks()[i], x -> new ArrayList<>()).add(c);
            }
        }
        java.util.Set<Integer> pipes = new java.util.HashSet<>();
        for (int t : structure.transfers()) pipes.add(structure.masks()[t]);
        List<Combination> out = new ArrayList<>();
        for (var e : byMask.entrySet()) {
            List<Candidate> cs = new ArrayList<>(e.getValue());
            cs.sort(java.util.Comparator.comparingInt((Candidate c) -> sureMember(membership, c.form().name()) ? 0 : 1)
                    .thenComparingInt(c -> narrow(c.form()) ? 1 : 0)
                    .thenComparingInt(c -> writesNoRegister(c.form()) ? 0 : PortClasses.readWrite(c.form()) ? 2 : 1)
                    .thenComparingDouble(c -> Math.round(c.throughput() * 50) / 50.0)
                    .thenComparingInt(c -> switch (c.family()) {
                        case GPR, VEX128, LOAD, STORE -> 0;
                        case VEX256, VEX256_LOAD, VEX256_STORE -> 1;
                        default -> 2;
                    })
                    .thenComparing(c -> c.form().name()));
            out.add(new Combination(e.getKey(), cs, pipes.contains(e.getKey())));
        }
        out.sort(java.util.Comparator.comparingInt(Combination::size).thenComparingInt(Combination::mask));
        return out;
    }

    /**
     * The combinations blocking may find µops on. A class on ports of its own (one no layout explains) is
     * one only when it is a memory class, whose µops blocking gives only to forms with such an access (the
     * 64-bit stores' class gives a read-modify-write its store µop). Another such class, an FP-to-integer
     * move whose copies hold back integer work by something that is not a port (see MisfitClasses), slows
     * whatever integer form it blocks: h70 put two µops on VPMOVMSKB's port into BTS (R64, R64), whose
     * throughput is 1.0, and the model ran mixes with it at half their speed. The move classes left out for
     * the transfer bubble stay: {@link #portUsage} runs only moves from the vector unit beside them.
     */
    static List<Combination> blockingCombinations(List<Combination> combos, List<PortClasses.Klass> classes, Structure structure,
                                                  Map<String, Candidate> byName) {
        java.util.Set<Integer> notPorts = new java.util.HashSet<>();
        var kinds = memoryKinds(classes, byName);
        for (int d : structure.leftOut()) {
            if (kinds[d] == dev.uopsim.characterize.infer.MisfitClasses.LeftOut.Memory.NONE && !structure.transfer(d)) notPorts.add(structure.masks()[d]);
        }
        return combos.stream().filter(c -> !notPorts.contains(c.mask())).toList();
    }

    /**
     * Each combination's first candidates screened ({@link dev.uopsim.characterize.infer.BlockerScreen}): copies
     * of the candidate beside one-slot fillers must take no more than their port bound. The blockers come
     * back reordered, those that passed first. A move pipe's combination is not screened (its blockers hold
     * back integer work by the transfer bubble, by design), nor one too wide for the front end to screen.
     */
    List<Combination> screenBlockers(List<Combination> combos, Map<String, Slots> slots) throws IOException {
        record Screen(Combination combination, Candidate candidate, Benchmark benchmark, double expected) {}
        List<Screen> screens = new ArrayList<>();
        for (Combination c : combos) {
            if (c.transfers()) continue;
            for (Candidate k : c.blockers().subList(0, Math.min(dev.uopsim.characterize.infer.BlockerScreen.CANDIDATES, c.blockers().size()))) {
                Slots sl = slots.get(k.form().name());
                double s = sl == null || sl.settled() == null ? 1 : sl.settled();
                Benchmark b = screenBenchmark(generator, k, c.size(), s, width);
                if (b != null) screens.add(new Screen(c, k, b, (double) dev.uopsim.characterize.infer.BlockerScreen.copies(c.size()) / c.size()));
            }
        }
        if (screens.isEmpty()) return combos;
        List<Measurement> ms = measurer.run("blockers", screens.stream().map(Screen::benchmark).toList());
        Map<Combination, List<dev.uopsim.characterize.infer.BlockerScreen.Reading>> readings = new LinkedHashMap<>();
        for (int i = 0; i < screens.size(); i++) {
            Screen x = screens.get(i);
            readings.computeIfAbsent(x.combination(), y -> new ArrayList<>()).add(new dev.uopsim.characterize.infer.BlockerScreen.Reading(
                    x.candidate().form().name(), JournalMeasurer.cycles(x.benchmark(), ms.get(i)), x.expected()));
        }
        List<Combination> out = new ArrayList<>();
        for (Combination c : combos) {
            var r = readings.getOrDefault(c, List.of());
            if (r.isEmpty()) {
                out.add(c);
                continue;
            }
            for (var x : r) if (x.measured() && !x.passed()) log.accept("blocking, " + name(c) + ": " + x + " beside fillers, not a clean blocker");
            out.add(new Combination(c.mask(), dev.uopsim.characterize.infer.BlockerScreen.reorder(c.blockers(), k -> k.form().name(), r),
                    c.transfers(), r));
        }
        return out;
    }

    /**
     * A candidate's screen: {@code 2|c|} copies, then the slot fillers, per copy of the loop body; null when
     * the front end leaves no room for a filler or the copies do not fit the registers.
     */
    static Benchmark screenBenchmark(Generator generator, Candidate k, int ports, double slots, double width) {
        int fillers = dev.uopsim.characterize.infer.BlockerScreen.fillers(ports, slots, width);
        if (fillers < 1) return null;
        int copies = dev.uopsim.characterize.infer.BlockerScreen.copies(ports);
        return generator.mix(Generator.slug(k.form()) + "-screen-b" + copies + "-k" + fillers,
                List.of(new Generator.Part(k.form(), 1), new Generator.Part(k.form(), copies - 1)), Generator.Layout.BLOCKED, fillers,
                k.chained(), true, 1, Benchmark.Kind.THROUGHPUT);
    }

    /** Operands of 8 or 16 bits (partial registers, operand-size prefixes): not wanted in a blocker. */
    static boolean narrow(InstructionForm f) {
        for (var o : f.operands()) {
            var k = o.kind();
            if ((k.category() == dev.uopsim.isa.OperandKind.Category.REGISTER || k.isMemory())
                    && k.registerClass() != dev.uopsim.isa.RegisterClass.VECTOR && k.width() > 0 && k.width() < 32) return true;
        }
        return false;
    }

    /** A form that writes no register (CMP, TEST, a store): the best blocker, it leaves no results to write back. */
    static boolean writesNoRegister(InstructionForm f) {
        for (var o : f.operands()) if (o.access().writes() && o.kind().category() == dev.uopsim.isa.OperandKind.Category.REGISTER) return false;
        return true;
    }

    /**
     * The most slots a form can have, or 0 when nothing bounds it: its settled probe count, and in any
     * case what the front end delivers in the form's own throughput time (W x t, with the probes'
     * slack). A microcoded form's probe reads the sequencer's time, which is more than its µops (RCR
     * r8, imm8: 12 slots; Alder Lake-P's counters give 10), so it bounds the µops from above without
     * counting them. Blocking a microcoded form slows it by its sequencer's stalls as well, and
     * without this bound h56.jsonl put 32 µops on RCR ah, imm8 (ports P1, P06, P15A, P015), whose
     * port bound then hid the sequencer's time from the model; DPPD (xmm, xmm, imm8), 1.04 cycles a
     * copy, got 19.
     */
    static int slotCeiling(Slots slots, FormFigures figures, double width) {
        int ceiling = slots != null && slots.settled() != null ? slots.settled() : 0;
        if (figures != null && figures.hasThroughput() && width > 0 && Double.isFinite(figures.throughput())) {
            int frontEnd = (int) Math.floor(width * figures.throughput() * (1 + FRONT_END_SLACK) + 0.5);
            if (frontEnd >= 1 && (ceiling == 0 || frontEnd < ceiling)) ceiling = frontEnd;
        }
        return ceiling;
    }

    /**
     * The measured throughput a form's ports must not contradict, or NaN: only a settled one (a shared
     * core only adds time, so a settled reading is not below the form's true throughput).
     */
    static double throughputToKeep(FormFigures figures) {
        if (figures == null || !figures.hasThroughput() || !figures.stable()) return Double.NaN;
        return figures.throughput();
    }

    /** Slack on the slots the front end delivers in a form's throughput time (a throughput reads a little high, never low). */
    static final double FRONT_END_SLACK = 0.1;

    /** A form's port usage as inferred, with the runs it came from. */
    public record Usage(dev.uopsim.characterize.infer.PortUsage.Usage usage, List<dev.uopsim.characterize.infer.PortUsage.Blocked> runs,
                        List<String> notMeasured) {}

    /**
     * Runs each form beside the blocking instructions of every combination and decodes its port usage.
     *
     * @param slots settled or raw slot counts by form (for the front-end margin)
     */
    public Map<String, Usage> portUsage(List<InstructionForm> forms, Map<String, FormFigures> figures, Map<String, Slots> slots,
                                        List<Combination> combos) throws IOException {
        record Run(String form, int mask, int blockers, Benchmark benchmark, Benchmark baseline, int[] memory) {}
        int loadMask = 0, storeMask = 0;
        for (Combination c : combos) {
            for (Candidate k : c.blockers()) {
                if (plainLoad != null && k.form() == plainLoad) loadMask = c.mask();
                if (plainStore != null && k.form() == plainStore) storeMask = c.mask();
            }
        }
        int vectorLoadMask = vectorLoadMask(combos, loadMask);
        // The move pipes (combinations of the move classes left out for the transfer bubble) and the integer ALUs
        // whose single-cycle blockers a move's bubble holds back.
        int pipes = 0, aluPorts = 0;
        for (Combination c : combos) {
            if (c.transfers()) pipes |= c.mask();
            else if (!c.blockers().isEmpty() && c.blockers().getFirst().family() == PortClasses.Family.GPR) aluPorts |= c.mask();
        }
        List<Run> runs = new ArrayList<>();
        Map<String, List<String>> skipped = new LinkedHashMap<>();
        java.util.Set<String> moves = new java.util.HashSet<>();      // the forms that move a value from the vector unit
        for (InstructionForm f : forms) {
            FormFigures fig = figures.get(f.name());
            if (fig == null || !fig.hasThroughput()) continue;
            Slots sl = slots.get(f.name());
            double s = sl == null ? 1 : sl.settled() != null ? sl.settled() : Double.isFinite(sl.raw()) ? Math.max(1, sl.raw()) : 4;
            PortClasses.Family fam = familyOf(f);
            boolean move = pipes != 0 && dev.uopsim.characterize.infer.TransferMoves.movesToIntegerSide(f);
            if (move) moves.add(f.name());
            for (Combination c : combos) {
                // A move pipe's blockers hold back any integer work beside them by the bubble: only moves run there.
                if (c.transfers() && !move) continue;
                List<Candidate> blockers = c.blockersFor(fam);
                if (blockers.isEmpty()) {
                    skipped.computeIfAbsent(f.name(), x -> new ArrayList<>()).add(name(c) + ": no blocking instruction this form may share a loop with");
                    continue;
                }
                // The best blocker first; another of the combination where the registers do not suffice for
                // both (SUB dh, cl leaves BZHI's three registers no room, POPCNT's two fit).
                Benchmark[] b = null;
                for (int k = 0; k < blockers.size() && b == null; k++) b = blocked(f, fig, s, c, blockers.get(k));
                if (b == null) {
                    skipped.computeIfAbsent(f.name(), x -> new ArrayList<>()).add(name(c) + ": the front end cannot feed enough blocking instructions, or no registers");
                    continue;
                }
                runs.add(new Run(f.name(), c.mask(), blockersOf(b[0]), b[0], b[1], b[1] == null ? new int[2] : memoryAccesses(f)));
            }
        }
        List<Benchmark> all = new ArrayList<>();
        Map<String, Integer> index = new LinkedHashMap<>();
        for (Run r : runs) {
            for (Benchmark b : new Benchmark[]{r.benchmark(), r.baseline()}) {
                if (b != null && !index.containsKey(b.name())) {
                    index.put(b.name(), all.size());
                    all.add(b);
                }
            }
        }
        List<Measurement> ms = measurer.run("ports", all);
        Map<String, List<dev.uopsim.characterize.infer.PortUsage.Blocked>> byForm = new LinkedHashMap<>();
        for (Run r : runs) {
            double t = JournalMeasurer.cycles(r.benchmark(), ms.get(index.get(r.benchmark().name())));
            int size = Integer.bitCount(r.mask());
            // With dependency breakers in the unit (they may take ports: a CMP, a MOV not eliminated) the
            // same unit without the form's instances is the baseline; else the blockers alone, b / |c|.
            double within = r.baseline() == null ? dev.uopsim.characterize.infer.PortUsage.within(size, t, r.blockers())
                    : size * (t - JournalMeasurer.cycles(r.baseline(), ms.get(index.get(r.baseline().name()))));
            // the baseline's plain loads and stores have their µop within c when c holds their ports: add it back
            if (r.baseline() != null) {
                if (loadMask != 0 && (loadMask & ~r.mask()) == 0) within += r.memory()[0];
                if (storeMask != 0 && (storeMask & ~r.mask()) == 0) within += r.memory()[1];
            }
            byForm.computeIfAbsent(r.form(), x -> new ArrayList<>()).add(new dev.uopsim.characterize.infer.PortUsage.Blocked(r.mask(), within, r.benchmark().name()));
        }
        Map<String, Usage> out = new LinkedHashMap<>();
        List<Integer> comboMasks = combos.stream().map(Combination::mask).toList();
        int allPorts = 0;
        for (int m : comboMasks) allPorts |= m;
        int ports = 32 - Integer.numberOfLeadingZeros(allPorts);
        for (InstructionForm f : forms) {
            List<dev.uopsim.characterize.infer.PortUsage.Blocked> bl = byForm.getOrDefault(f.name(), List.of());
            if (bl.isEmpty() && !skipped.containsKey(f.name())) continue;
            var usage = dev.uopsim.characterize.infer.PortUsage.memoryOnWholeCombinations(
                    dev.uopsim.characterize.infer.PortUsage.decode(bl), loadMask, storeMask);
            List<String> notes = new ArrayList<>(skipped.getOrDefault(f.name(), List.of()));
            if (moves.contains(f.name())) {
                var moved = dev.uopsim.characterize.infer.TransferMoves.withoutBubbleReadings(usage, pipes, aluPorts);
                if (moved != usage) {
                    notes.add((usage.uops() - moved.uops()) + " µops on the integer ALUs dropped: the move's own bubble held back "
                            + "the blocking instructions there; its µop is on a move pipe");
                    usage = moved;
                }
            }
            // A load into the vector unit takes the vector loads' ports (their class has fewer than the loads into
            // integer registers on a Zen 4 guest: two of three, as AMD's guides give for 128- and 256-bit loads).
            int loadMaskOfForm = vectorLoadMask != 0 && loadsIntoVectorUnit(f) ? vectorLoadMask : loadMask;
            usage = dev.uopsim.characterize.infer.PortUsage.loadsOn(usage, loadMask, loadMaskOfForm);
            // A combination too wide for the front end to block beside this form (the five ALUs beside a
            // multi-slot form): the slots no measured µop accounts for are put there.
            Slots sl = slots.get(f.name());
            // (only a settled count the decoders deliver: a microcoded form's probe measures the sequencer's time)
            int slotCount = sl == null || sl.settled() == null || sl.settled() > 4 ? 0 : sl.settled();
            Combination widest = null;
            for (Combination c : combos) {
                boolean measured = bl.stream().anyMatch(b -> b.mask() == c.mask());
                if (!measured && (widest == null || c.size() > widest.size())) widest = c;
            }
            int[] mem = memoryAccesses(f);
            int ceiling = slotCeiling(sl, figures.get(f.name()), width);
            double measured = throughputToKeep(figures.get(f.name()));
            var possible = dev.uopsim.characterize.infer.PortUsage.withinForm(usage, -1, loadMaskOfForm, storeMask, mem[0] > 0, mem[1] > 0);
            // (a microcoded form may access memory more than once: POPF, the string forms)
            boolean decoded = sl == null || sl.settled() == null || sl.settled() <= SlotProbe.DECODER_SLOTS;
            var oncePerAccess = decoded ? dev.uopsim.characterize.infer.PortUsage.memoryWithin(possible, loadMaskOfForm, storeMask, mem[0], mem[1]) : possible;
            if (oncePerAccess != possible) {
                notes.add(String.format("blocking found more load or store µops than the form's %d reads and %d writes: the excess is the "
                        + "blocking loads' or stores' interference", mem[0], mem[1]));
                possible = oncePerAccess;
            }
            var trimmed = dev.uopsim.characterize.infer.PortUsage.withinForm(possible, ceiling > 0 ? ceiling - mem[1] : -1,
                    loadMaskOfForm, storeMask, mem[0] > 0, mem[1] > 0);
            if (trimmed != possible && dev.uopsim.characterize.infer.PortUsage.contradicts(
                    dev.uopsim.characterize.infer.PortUsage.bound(trimmed.groups(), ports), measured)) {
                var keeping = dev.uopsim.characterize.infer.PortUsage.trimKeepingThroughput(possible, ceiling - mem[1], loadMaskOfForm, storeMask, ports);
                if (!dev.uopsim.characterize.infer.PortUsage.contradicts(dev.uopsim.characterize.infer.PortUsage.bound(keeping.groups(), ports), measured)) {
                    trimmed = keeping;
                }
            }
            if (trimmed != usage) {
                notes.add(String.format("blocking found %d µops, more than the form can have (at most %d slots, %d loads, %d stores): the "
                        + "excess is interference, taken from the widest combinations", usage.uops(), ceiling, mem[0], mem[1]));
                usage = trimmed;
            }
            int memoryUops = 0;
            final int lmask = loadMaskOfForm, smask = storeMask;
            for (var g : usage.groups()) {
                if (g.mask() == lmask || g.mask() == smask) memoryUops += g.count();
            }
            int computeFound = usage.uops() - memoryUops;
            // Intel fuses a load with its operation and a store's two µops into one slot each.
            int deficit = slotCount - computeFound - Math.max(0, mem[1]) - (computeFound == 0 ? mem[0] : 0);
            if (widest != null && deficit > 0 && widest.size() >= 3) {
                List<dev.uopsim.characterize.infer.PortUsage.Group> groups = new ArrayList<>(usage.groups());
                groups.add(new dev.uopsim.characterize.infer.PortUsage.Group(widest.mask(), deficit));
                usage = new dev.uopsim.characterize.infer.PortUsage.Usage(groups, usage.residue(), usage.unsettled());
                notes.add(deficit + " µops on " + name(widest) + " inferred from the slot count (" + slotCount + "), not measured");
            }
            // A load needs a load µop, a store a store µop (the ISA says it accesses memory): where blocking saw
            // none (POP reads the stack on a third load port the blocking loads do not reach), one is added.
            List<dev.uopsim.characterize.infer.PortUsage.Group> groups = new ArrayList<>(usage.groups());
            boolean added = false;
            if (mem[0] > 0 && lmask != 0 && groups.stream().noneMatch(g -> g.mask() == lmask)) {
                groups.add(new dev.uopsim.characterize.infer.PortUsage.Group(loadMaskOfForm, mem[0]));
                notes.add(mem[0] + " load µop(s) added: the form reads memory but blocking the loads did not slow it");
                added = true;
            }
            if (mem[1] > 0 && smask != 0 && groups.stream().noneMatch(g -> g.mask() == smask)) {
                groups.add(new dev.uopsim.characterize.infer.PortUsage.Group(storeMask, mem[1]));
                notes.add(mem[1] + " store µop(s) added: the form writes memory but blocking the stores did not slow it");
                added = true;
            }
            if (added) usage = new dev.uopsim.characterize.infer.PortUsage.Usage(groups, usage.residue(), usage.unsettled());
            var widened = dev.uopsim.characterize.infer.PortUsage.widenToThroughput(usage, measured, ports, comboMasks, loadMaskOfForm, storeMask);
            if (widened != usage) {
                notes.add(String.format(java.util.Locale.ROOT, "µops widened to combinations that contain theirs: their ports bounded the form "
                        + "at %.2f cycles, above the %.2f measured", dev.uopsim.characterize.infer.PortUsage.bound(usage.groups(), ports), measured));
                usage = widened;
            }
            out.put(f.name(), new Usage(usage, bl, notes));
        }
        return out;
    }

    /**
     * The port combination of plain loads into vector registers where it is a part of the integer loads'
     * ({@code loadMask}), or 0: the combination whose blockers hold the most such loads.
     */
    static int vectorLoadMask(List<Combination> combos, int loadMask) {
        int best = 0, bestCount = 0;
        for (Combination c : combos) {
            if (loadMask == 0 || c.mask() == loadMask || (c.mask() & ~loadMask) != 0) continue;
            int n = (int) c.blockers().stream().filter(k -> k.family().load() && familyOf(k.form()) != PortClasses.Family.GPR).count();
            if (n > bestCount) {
                best = c.mask();
                bestCount = n;
            }
        }
        return best;
    }

    /** A form that reads memory into the vector unit: it reads memory and has a vector or MMX register operand. */
    static boolean loadsIntoVectorUnit(InstructionForm f) {
        return memoryAccesses(f)[0] > 0 && familyOf(f) != PortClasses.Family.GPR;
    }

    private static String name(Combination c) {
        return "combination " + Integer.toBinaryString(c.mask());
    }

    /** The family of any form, for blocker compatibility (not only candidates). */
    static PortClasses.Family familyOf(InstructionForm f) {
        boolean vec256 = false, vec = false, mmx = false;
        for (var o : f.operands()) {
            var k = o.kind();
            if (k.category() != dev.uopsim.isa.OperandKind.Category.REGISTER && !k.isMemory()) continue;
            if (k.category() == dev.uopsim.isa.OperandKind.Category.REGISTER) {
                if (k.registerClass() == dev.uopsim.isa.RegisterClass.VECTOR) {
                    vec = true;
                    if (k.width() >= 256) vec256 = true;
                } else if (k.registerClass() == dev.uopsim.isa.RegisterClass.MMX) {
                    mmx = true;
                }
            } else if (k.width() >= 256) {
                vec256 = true;
            }
        }
        if (mmx) return PortClasses.Family.MMX;
        if (!vec) return PortClasses.Family.GPR;
        if (f.encoding().scheme() == dev.uopsim.isa.Encoding.Scheme.LEGACY) return PortClasses.Family.SSE;
        return vec256 ? PortClasses.Family.VEX256 : PortClasses.Family.VEX128;
    }

    /** Blocking instructions per form instance in a blocking run (from its name). */
    static int blockersOf(Benchmark b) {
        String n = b.name();
        int i = n.lastIndexOf("-b");
        return Integer.parseInt(n.substring(i + 2));
    }

    /**
     * The blocking run of a form for a combination: of the form's measured sequences, the one giving the
     * smallest code for the blockers it needs (fewer instances need more blockers each to stay
     * twice as slow as the form's own chain).
     */
    Benchmark[] blocked(InstructionForm f, FormFigures fig, double slots, Combination c, Candidate blocker) {
        List<FormFigures.Sequence> seqs = new ArrayList<>(fig.sequences());
        if (seqs.isEmpty()) seqs.add(new FormFigures.Sequence(fig.instances(), fig.breakers(), fig.sameLine(), fig.throughput(), fig.stable()));
        Benchmark[] best = null;
        int bestLines = Integer.MAX_VALUE;
        for (FormFigures.Sequence q : seqs) {
            // breakers: the probe tells how many one-slot breakers an instance brings
            Benchmark probe = generator.mix("probe", List.of(new Generator.Part(f, q.instances())), Generator.Layout.INTERLEAVED, 0,
                    q.breakers(), true, q.instances(), Benchmark.Kind.THROUGHPUT);
            if (probe == null) continue;
            double br = (double) probe.units().getFirst().size() / q.instances() - 1;
            int b = dev.uopsim.characterize.infer.PortUsage.blockers(c.size(), q.cycles(), slots + br, width);
            if (b < 0 || b > MAX_BLOCKERS) continue;
            int lines = q.instances() * (b + 1 + (int) Math.ceil(br));
            if (lines >= bestLines) continue;
            String name = Generator.slug(f) + "-blocked-" + Generator.slug(blocker.form()) + "-x" + q.instances()
                    + (q.breakers() ? "-breakers" : "") + "-b" + b;
            boolean breakAll = q.breakers() || blocker.chained();
            Benchmark run = generator.mix(name, List.of(new Generator.Part(f, q.instances()), new Generator.Part(blocker.form(), q.instances() * b)),
                    Generator.Layout.BLOCKED, 0, breakAll, true, q.instances(), Benchmark.Kind.THROUGHPUT);
            if (run == null) continue;
            Benchmark baseline = null;
            int[] memory = memoryAccesses(f);
            if (br > 0 || breakAll || memory[0] + memory[1] > 0) {
                // The baseline keeps what is not the form's own computation: its breakers, and a plain
                // load and store for each memory access (loads and stores slow saturated ALUs here without
                // using their ports; the plain ones do the same, so the difference is the form's).
                List<Generator.Part> parts = new ArrayList<>(List.of(new Generator.Part(f, q.instances(), true),
                        new Generator.Part(blocker.form(), q.instances() * b)));
                if (memory[0] > 0 && plainLoad != null) parts.add(new Generator.Part(plainLoad, q.instances() * memory[0]));
                if (memory[1] > 0 && plainStore != null) parts.add(new Generator.Part(plainStore, q.instances() * memory[1]));
                baseline = generator.mix(name + "-baseline", parts, Generator.Layout.BLOCKED, 0, breakAll, true, q.instances(),
                        Benchmark.Kind.THROUGHPUT);
                if (baseline == null) continue;
            }
            best = new Benchmark[]{run, baseline};
            bestLines = lines;
        }
        return best;
    }

    /** Plain memory accesses for the baselines of memory forms (MOV (R64, M64) and MOV (M64, R64)). */
    private InstructionForm plainLoad = dev.uopsim.isa.FormTable.shipped().byName("MOV (R64, M64)").orElse(null),
            plainStore = dev.uopsim.isa.FormTable.shipped().byName("MOV (M64, R64)").orElse(null);

    /** Loads and stores one instance of a form makes: {reads, writes} of its memory operands. */
    static int[] memoryAccesses(InstructionForm f) {
        int r = 0, w = 0;
        for (var o : f.operands()) {
            if (!o.kind().isMemory()) continue;
            if (o.access().reads()) r++;
            if (o.access().writes()) w++;
        }
        for (var o : f.implicitOperands()) {
            if (o.memory() == null) continue;
            if (o.access().reads()) r++;
            if (o.access().writes()) w++;
        }
        if (f.has(dev.uopsim.isa.FormProperty.PREFETCH)) r = Math.max(r, 1);
        return new int[]{r, w};
    }

    /** Blocking instructions per form instance at most. */
    static final int MAX_BLOCKERS = 96;

    // ---- The whole inference ------------------------------------------------------------------------

    /** A form's inferred µops and slots, and where they come from. */
    public record InferredForm(String form, Integer macroOps, double macroOpsRaw, String macroOpsNote,
                               List<dev.uopsim.characterize.infer.PortUsage.Group> groups, String portsFrom,
                               Map<Integer, Double> runs, List<String> notes) {
        public int uops() {
            int n = 0;
            for (var g : groups) n += g.count();
            return n;
        }
    }

    /**
     * Everything inferred: the front end's width, the µop-cache probe's cycles per NOP, slots per form, the port classes and their ports, the
     * combinations with their blocking instructions, each form's µops, the core facts, and the names of
     * the ports (after the documented ones of {@code reference} when given).
     */
    public record Result(double width, SlotFiller.Choice slotFiller, LoopDelivery.Verdict loopDelivery, LoopBufferUse.Verdict loopBuffer, double uopCacheProbe,
                         dev.uopsim.characterize.infer.SseZeroIdioms.Verdict sseZeroIdioms, Map<String, Slots> slots, List<PortClasses.Klass> classes, Structure structure,
                         List<Combination> combinations, Map<String, InferredForm> forms,
                         dev.uopsim.characterize.infer.CoreProbes.Facts facts, List<String> portNames,
                         Map<Integer, List<dev.uopsim.model.Unit>> units, String reference, BypassProbe.Result bypass) {

        /** uops.info notation of a form's µops with this machine's port names. */
        public String notation(InferredForm f) {
            return dev.uopsim.characterize.infer.PortUsage.notation(f.groups(),
                    dev.uopsim.characterize.infer.PortNaming.notationNames(portNames));
        }

        /** The LP throughput of a form's µops. */
        public Double throughputFromPorts(InferredForm f) {
            if (f.groups().isEmpty()) return null;
            return dev.uopsim.characterize.infer.PortUsage.bound(f.groups(), structure.ports());
        }
    }

    /**
     * Runs every phase.
     *
     * @param reference a bound model whose documented port names name the inferred ports, or null
     */
    public Result run(List<InstructionForm> forms, Map<String, FormFigures> figures, dev.uopsim.machine.BoundModel reference)
            throws IOException {
        measureWidth();
        SlotFiller.Choice filler = measureSlotFiller();
        var loopDelivery = measureLoopDelivery();
        var loopBuffer = measureLoopBufferUse(loopDelivery);
        double uopCacheProbe = measureUopCacheProbe();
        var zeroIdioms = measureSseZeroIdioms();
        Map<String, Slots> slots = loadAddsAtMostOneSlot(forms, measureSlots(forms, figures));
        List<Candidate> cands = candidates(forms, figures, slots);
        List<PortClasses.Klass> classes = classes(cands);
        Map<String, Candidate> byName = new LinkedHashMap<>();
        for (Candidate c : cands) byName.put(c.form().name(), c);
        // The core facts first: whether moves from the vector unit cost the ALUs a cycle decides the structure's classes.
        var facts = measureCore();
        boolean bubble = dev.uopsim.characterize.infer.TransferMoves.bubble(facts, generator.cpu());
        Structure structure = structure(classes, byName, transferClasses(classes, byName, bubble));
        List<Combination> combos = screenBlockers(combinations(classes, structure, byName, membership), slots);
        Map<String, Integer> maskOf = new LinkedHashMap<>();
        for (int i = 0; i < classes.size(); i++) for (String m : classes.get(i).members()) maskOf.put(m, structure.masks()[i]);
        List<InstructionForm> rest = new ArrayList<>();
        for (InstructionForm f : forms) {
            FormFigures fig = figures.get(f.name());
            if (maskOf.containsKey(f.name()) || fig == null || !fig.hasThroughput() || renameExecuted(f, fig, slots.get(f.name()))) continue;
            rest.add(f);
        }
        Map<String, Usage> usage = portUsage(rest, figures, slots, blockingCombinations(combos, classes, structure, byName));
        BypassProbe.Result bypass = new BypassProbe(generator, measurer, log).run(forms, figures);
        Map<String, InferredForm> inferred = new LinkedHashMap<>();
        for (InstructionForm f : forms) {
            FormFigures fig = figures.get(f.name());
            Slots sl = slots.get(f.name());
            Integer mo = sl == null ? null : sl.settled();
            double raw = sl == null ? Double.NaN : sl.raw();
            String moNote = sl == null ? "not probed" : sl.note();
            if (mo != null && mo > 4) moNote = "more slots than a decoder delivers: the probe measures the microcode sequencer's time in slots";
            if (maskOf.containsKey(f.name())) {
                inferred.put(f.name(), new InferredForm(f.name(), mo, raw, moNote,
                        List.of(new dev.uopsim.characterize.infer.PortUsage.Group(maskOf.get(f.name()), 1)), "class", Map.of(), List.of()));
            } else if (fig != null && fig.hasThroughput() && renameExecuted(f, fig, sl)) {
                inferred.put(f.name(), new InferredForm(f.name(), mo, raw, moNote, List.of(), "rename",
                        Map.of(), List.of(String.format("runs at the front end's rate (%.2f cycles): executed at rename, no execution µop", fig.throughput()))));
            } else if (usage.containsKey(f.name())) {
                Usage u = usage.get(f.name());
                Map<Integer, Double> runs = new LinkedHashMap<>();
                for (var b : u.runs()) runs.put(b.mask(), b.within());
                List<String> notes = new ArrayList<>(u.notMeasured());
                for (String x : u.usage().unsettled()) notes.add("not settled: " + x);
                inferred.put(f.name(), new InferredForm(f.name(), mo, raw, moNote, u.usage().groups(), "blocking", runs, notes));
            }
        }
        // Forms with a length-changing prefix: the predecoder's stalls set every timing, blocking included;
        // they take the port usage of the same operation without one. A form blocking could not place at all
        // would otherwise get a unit held for the stall's cycles from the throughput fit.
        for (InstructionForm f : forms) {
            if (!PortClasses.lengthChangingPrefix(f)) continue;
            String siblingName = null;
            for (String name : withoutLengthChangingPrefix(f.name())) {
                if (!name.equals(f.name()) && inferred.containsKey(name)) {
                    siblingName = name;
                    break;
                }
            }
            if (siblingName == null) continue;
            InferredForm sibling = inferred.get(siblingName);
            InferredForm own = inferred.getOrDefault(f.name(), sibling);
            List<String> notes = new ArrayList<>(List.of("port usage of " + siblingName + ": the 16-bit immediate stalls the predecoder (length-changing prefix), which blocking cannot see past"));
            inferred.put(f.name(), new InferredForm(f.name(), own.macroOps(), own.macroOpsRaw(), own.macroOpsNote(), sibling.groups(), "sibling", own.runs(), notes));
        }
        // Names and units of the ports.
        Map<Integer, List<dev.uopsim.model.Unit>> units = units(classes, structure, byName, inferred, structure.ports());
        withoutTheOtherSidesPorts(inferred, units, dev.uopsim.characterize.infer.SidePorts.classSides(classes, structure.masks()));
        List<String> fallback = new ArrayList<>();
        int loads = 0, stores = 0, others = 0;
        for (int p = 0; p < structure.ports(); p++) {
            List<dev.uopsim.model.Unit> u = units.getOrDefault(p, List.of());
            if (u.contains(dev.uopsim.model.Unit.STORE_ADDRESS)) fallback.add("S" + stores++);
            else if (u.contains(dev.uopsim.model.Unit.LOAD)) fallback.add("L" + loads++);
            else fallback.add("X" + others++);
        }
        List<String> names = fallback;
        String referenceName = null;
        if (reference != null) {
            List<dev.uopsim.characterize.infer.PortNaming.Evidence> ev = new ArrayList<>();
            for (var e : maskOf.entrySet()) {
                var form = dev.uopsim.isa.FormTable.shipped().byName(e.getKey()).orElse(null);
                if (form == null) continue;
                var t = reference.timing(form);
                if (t == null || t.uops() != 1) continue;
                // stores: timing sees one µop where the documentation has two; they keep their role's name
                if (units.getOrDefault(Integer.numberOfTrailingZeros(e.getValue()), List.of()).contains(dev.uopsim.model.Unit.STORE_ADDRESS)) continue;
                ev.add(new dev.uopsim.characterize.infer.PortNaming.Evidence(e.getValue(), reference.ports(t.uopPorts()[0])));
            }
            names = dev.uopsim.characterize.infer.PortNaming.names(structure.ports(), ev, fallback);
            referenceName = reference.name();
        }
        return new Result(width, filler, loopDelivery, loopBuffer, uopCacheProbe, zeroIdioms, slots, classes, structure, combos, inferred, facts, names, units, referenceName, bypass);
    }

    /**
     * Integer-only forms lose the µops blocking put on vector-only ports (see IntegerOnlyForms), vector-only
     * forms those on integer-only ports (VectorOnlyForms), with a note.
     */
    static void withoutTheOtherSidesPorts(Map<String, InferredForm> inferred, Map<Integer, List<dev.uopsim.model.Unit>> units, int[] classSides) {
        for (var e : inferred.entrySet()) {
            InferredForm f = e.getValue();
            InstructionForm form = dev.uopsim.isa.FormTable.shipped().byName(e.getKey()).orElse(null);
            if (form == null || f.groups().isEmpty()) continue;
            var kept = dev.uopsim.characterize.infer.IntegerOnlyForms.withoutVectorPorts(form, f.groups(), units, classSides[1]);
            String why = " µops on vector-only ports dropped: an integer-only form runs none there; blocking measured the other instructions' stalls";
            if (kept == f.groups()) {
                kept = dev.uopsim.characterize.infer.VectorOnlyForms.withoutIntegerPorts(form, f.groups(), units, classSides[0]);
                why = " µops on integer-only ports dropped: a vector-only form runs none there; blocking measured the other instructions' stalls";
            }
            if (kept == f.groups()) continue;
            List<String> notes = new ArrayList<>(f.notes());
            notes.add((f.uops() - kept.stream().mapToInt(dev.uopsim.characterize.infer.PortUsage.Group::count).sum()) + why);
            e.setValue(new InferredForm(f.form(), f.macroOps(), f.macroOpsRaw(), f.macroOpsNote(), kept, f.portsFrom(), f.runs(), notes));
        }
    }

    /**
     * The forms doing the same operation without a 16-bit immediate, nearest first: an 8-bit immediate
     * (IMUL's too), the register form of an AX one, then the 32-bit form (TEST and MOV have no 8-bit one).
     */
    public static List<String> withoutLengthChangingPrefix(String name) {
        return List.of(name.replace("I16", "I8"),
                name.replace("_IMMZ", "_IMMB").replace("I16", "I8"),
                name.replace("(AX, I16)", "(R16, I8)"),
                name.replace("(AX, I16)", "(EAX, I32)").replace("R16", "R32").replace("M16", "M32").replace("I16", "I32"));
    }

    /**
     * A load adds at most one slot to an operation (micro-fused with it, or unlaminated beside it): a
     * load-operation form's settled count above its register sibling's plus one is a probe reading
     * high, and is lowered to it. Alder Lake-P's counters agree for every such pair outside AVX-512 and
     * system instructions (3,600 pairs: the memory form has one slot fewer to one more), except BT m, r. On the
     * development host the probe read HSUBPD and HADDPD (xmm, m128) as 4.5-4.9 slots (their register forms
     * 3.3), which made them microcoded, and the held-apart mixes with them simulated 20-50% slow
     * (h56.jsonl: 3.99 cycles measured, 6.00 simulated).
     */
    static Map<String, Slots> loadAddsAtMostOneSlot(List<InstructionForm> forms, Map<String, Slots> slots) {
        Map<String, Slots> out = new LinkedHashMap<>(slots);
        for (InstructionForm f : forms) {
            Slots own = slots.get(f.name());
            if (own == null || !f.readsMemory() || f.writesMemory() || bitStringOffset(f.name())) continue;
            // an unsettled reading counts by its rounding, as the model takes it
            double read = own.settled() != null ? own.settled() : Double.isFinite(own.raw()) ? Math.round(own.raw()) : Double.NaN;
            if (!Double.isFinite(read)) continue;
            for (String siblingName : registerSiblings(f.name())) {
                Slots sibling = slots.get(siblingName);
                if (sibling == null || sibling.settled() == null) continue;
                int most = sibling.settled() + 1;
                if (sibling.settled() <= SlotProbe.DECODER_SLOTS && read > most) {
                    out.put(f.name(), new Slots(own.raw(), most, own.benchmark(), String.format(java.util.Locale.ROOT,
                            "the probe read %.2f slots; a load adds at most one to %s's %d", own.raw(), siblingName, sibling.settled())));
                }
                break;
            }
        }
        return out;
    }

    /** BT m, r: the register's bit offset reaches beyond the operand (a bit string), which the sequencer handles (Alder Lake-P: 10 slots, 1 for BT r, r). */
    static boolean bitStringOffset(String name) {
        return name.matches("BT \\(M\\d+, R\\d+\\)");
    }

    /** The names a load-operation form's register sibling may have: its memory operand as a register of the same width. */
    static List<String> registerSiblings(String name) {
        return dev.uopsim.characterize.infer.RegisterSiblings.of(name, dev.uopsim.characterize.infer.RegisterSiblings.ANY);
    }

    /** A form at the front end's pace that reads no memory: the renamer executes it (ADD r64, imm8 here). */
    static boolean renameExecuted(InstructionForm f, FormFigures fig, Slots sl) {
        if (f.readsMemory() || f.writesMemory()) return false;
        return fig.throughput() < 1.15 / 6 && (sl == null || sl.settled() == null || sl.settled() == 1);
    }

    /** What each port holds, from the classes on it (documentation, apart from loads, stores and dividers). */
    static Map<Integer, List<dev.uopsim.model.Unit>> units(List<PortClasses.Klass> classes, Structure structure, Map<String, Candidate> byName,
                                                          Map<String, InferredForm> inferred, int ports) {
        Map<Integer, java.util.Set<dev.uopsim.model.Unit>> out = new java.util.TreeMap<>();
        for (int i = 0; i < classes.size(); i++) {
            java.util.Set<dev.uopsim.model.Unit> u = java.util.EnumSet.noneOf(dev.uopsim.model.Unit.class);
            for (String m : classes.get(i).members()) {
                Candidate c = byName.get(m);
                if (c != null) u.add(unitOf(c));
            }
            for (int p = 0; p < ports; p++) {
                if ((structure.masks()[i] & (1 << p)) != 0) out.computeIfAbsent(p, x -> java.util.EnumSet.noneOf(dev.uopsim.model.Unit.class)).addAll(u);
            }
        }
        // the dividers: the ports of the first µop of DIV (R64) and of DIVSD/VDIVPS
        for (String[] d : new String[][]{{"DIV (R64)", "DIV"}, {"DIV (R32)", "DIV"}, {"DIVSD (XMM, XMM)", "FP_DIV"}, {"VDIVPS (YMM, YMM, YMM)", "FP_DIV"}}) {
            InferredForm f = inferred.get(d[0]);
            if (f == null || f.groups().isEmpty()) continue;
            int mask = f.groups().getFirst().mask();
            for (int p = 0; p < ports; p++) {
                if ((mask & (1 << p)) != 0) out.computeIfAbsent(p, x -> java.util.EnumSet.noneOf(dev.uopsim.model.Unit.class)).add(dev.uopsim.model.Unit.valueOf(d[1]));
            }
        }
        Map<Integer, List<dev.uopsim.model.Unit>> m = new java.util.TreeMap<>();
        for (var e : out.entrySet()) m.put(e.getKey(), List.copyOf(e.getValue()));
        return m;
    }

    /** The unit a one-µop candidate documents, by family and mnemonic. */
    static dev.uopsim.model.Unit unitOf(Candidate c) {
        String m = c.form().asmMnemonic().toLowerCase(java.util.Locale.ROOT);
        String b = m.startsWith("v") ? m.substring(1) : m;
        return switch (c.family()) {
            case LOAD, SSE_LOAD, VEX256_LOAD -> dev.uopsim.model.Unit.LOAD;
            case STORE, SSE_STORE, VEX256_STORE -> dev.uopsim.model.Unit.STORE_ADDRESS;
            case GPR -> b.startsWith("imul") || b.startsWith("mul") || b.startsWith("popcnt") || b.startsWith("lzcnt") || b.startsWith("tzcnt")
                    || b.startsWith("pdep") || b.startsWith("pext") || b.startsWith("bsf") || b.startsWith("bsr") || b.startsWith("crc32")
                    ? dev.uopsim.model.Unit.MUL
                    : b.startsWith("sh") || b.startsWith("sa") || b.startsWith("ro") || b.startsWith("rc") || b.startsWith("bt")
                    ? dev.uopsim.model.Unit.SHIFT
                    : b.startsWith("lea") ? dev.uopsim.model.Unit.LEA
                    : dev.uopsim.model.Unit.ALU;
            default -> b.contains("shuf") || b.startsWith("perm") || b.startsWith("pperm") || b.contains("unpck") || b.startsWith("pack")
                    || b.contains("broadcast") || b.startsWith("insert") || b.startsWith("extract") || b.startsWith("palignr") || b.startsWith("pmov")
                    ? dev.uopsim.model.Unit.VEC_SHUFFLE
                    : b.startsWith("ps") && (b.contains("ll") || b.contains("rl") || b.contains("ra")) ? dev.uopsim.model.Unit.VEC_SHIFT
                    : b.startsWith("pmul") || b.startsWith("pmadd") ? dev.uopsim.model.Unit.VEC_MUL
                    : b.startsWith("fmadd") || b.startsWith("fmsub") || b.startsWith("fnm") ? dev.uopsim.model.Unit.FMA
                    : b.startsWith("mul") ? dev.uopsim.model.Unit.FP_MUL
                    : b.startsWith("add") || b.startsWith("sub") ? dev.uopsim.model.Unit.FP_ADD
                    : b.startsWith("cvt") ? dev.uopsim.model.Unit.CONVERT
                    : dev.uopsim.model.Unit.VEC_ALU;
        };
    }

    // ---- Core facts ---------------------------------------------------------------------------------

    /** How far from a whole number of cycles a load-to-use latency may read. */
    static final double CORE_TOLERANCE = 0.1;

    /**
     * Load-to-use, store forwarding and its failure, memory renaming and the other core facts from
     * the core probes (chains and small loops), taken again after a pause (5, 10, 20 s) while the
     * load-to-use latency, a whole number of cycles on every core, reads between whole numbers: the
     * probes then ran while another tenant shared the core. h28.jsonl (the development host, a busy
     * quarter hour) read load-to-use 5.81, vector 7.74, forwarding 6.80 and a renamed load 1.54 where
     * every other run read 4.99, 5.99, 4.99 and 0.50; its model then ran memory read-modify-write
     * chains of BHive blocks at twice their measured time. Attempts after the first are named
     * {@code -againN}; the attempt nearest a whole load-to-use counts.
     */
    public dev.uopsim.characterize.infer.CoreProbes.Facts measureCore() throws IOException {
        var probes = dev.uopsim.characterize.infer.CoreProbes.benchmarks(generator.cpu().avx());
        List<String> ids = new ArrayList<>(probes.keySet());
        dev.uopsim.characterize.infer.CoreProbes.Facts facts = null;
        Attempt chosen = null;
        double bestOff = Double.MAX_VALUE;
        for (int k = 0; k < PROBE_ATTEMPTS; k++) {
            Attempt taken = measureAttempt("core", new ArrayList<>(probes.values()), k);
            if (taken == null) break;
            var attempt = coreFacts(ids, taken);
            double off = Math.abs(attempt.loadToUse() - Math.rint(attempt.loadToUse()));
            if (!Double.isFinite(off)) off = Double.MAX_VALUE / 2;
            if (facts == null || off < bestOff) {
                facts = attempt;
                chosen = taken;
                bestOff = off;
            }
            if (off <= CORE_TOLERANCE) break;
            if (k + 1 < PROBE_ATTEMPTS && measurer.measuring()) {
                log.accept(String.format(java.util.Locale.ROOT, "core: load-to-use %.2f, not a whole number of cycles: the core was shared; "
                        + "measuring the core probes again", attempt.loadToUse()));
            }
        }
        if (chosen != null) {
            // The attempt kept may still hold probes read on a shared core: h62.jsonl read the sequencer-exit
            // probes at 6.72, 7.40 and 9.41 cycles, none settled (5.99, 6.99, 7.99 in h58 and h61), and fitted
            // an exit of 3 cycles where quiet runs fit 1-2; its model then ran every mix of RCR or RCL a cycle
            // a copy slower than the core (17 of its 25 mixes simulated too slow).
            var settled = UnsettledRetakes.settle(chosen.measurements(),
                    // named -settleK: the whole batch's attempts are -againK
                    UnsettledRetakes.journaled(measurer, "core", chosen.benchmarks(), "-settle"), measurer.measuring(), "core", log);
            facts = coreFacts(ids, new Attempt(chosen.benchmarks(), settled.readings()));
        }
        log.accept(String.format("core: load-to-use %.2f (+%.2f indexed), vector %.2f; forwarding %.2f, renamed same address %s (%.2f; "
                        + "latency %d, %s a cycle, through another register for %d loads of a loop), read-modify-write stores renamed: %s; failure +%.2f; register moves fused with %s; serializing %s; "
                        + "folded register + offset summed first by %s; flags from %s slow %s",
                facts.loadToUse(), facts.complexAddress(), facts.vectorLoadToUse(), facts.forwarding(), facts.renamed(), facts.renamedLatency(),
                facts.renaming().latency(), facts.renaming().perCycle() == 0 ? "any number" : String.valueOf(facts.renaming().perCycle()),
                facts.renaming().learnedLoads(), facts.renamedReadModifyWrite() == null ? "not measured" : facts.renamedReadModifyWrite(), facts.failurePenalty(),
                facts.moveFusion() == null ? "(not measured)" : facts.moveFusion().isEmpty() ? "nothing" : facts.moveFusion(),
                facts.serializing() == null ? "(not measured)" : facts.serializing().isEmpty() ? "none" : facts.serializing(),
                facts.folding() == null ? "(not measured)" : facts.folding().materializedBy().isEmpty() ? "none"
                        : facts.folding().materializedBy() + " (+" + facts.folding().latency() + " cycles)",
                facts.logicFlags() == null ? "(not measured)" : facts.logicFlags().producers().isEmpty() ? "no operation" : facts.logicFlags().producers(),
                facts.logicFlags() == null || facts.logicFlags().consumers().isEmpty() ? "nothing"
                        : facts.logicFlags().consumers() + " (+" + facts.logicFlags().latency() + ")"));
        return facts;
    }
}
