package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.bench.ProgramWriter;
import dev.uopsim.characterize.clock.Clock;
import dev.uopsim.characterize.runner.Assembler;
import dev.uopsim.characterize.runner.Job;
import dev.uopsim.characterize.runner.JobResult;
import dev.uopsim.characterize.runner.RawSample;
import dev.uopsim.characterize.runner.Variant;
import dev.uopsim.characterize.runner.Worker;
import dev.uopsim.characterize.stats.Estimate;
import dev.uopsim.characterize.stats.Estimator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Runs benchmarks: writes variants A (N copies) and B (2N copies) of each, assembles a whole batch
 * with one GNU as run, and runs each on the worker until its estimate is stable (more samples each
 * round, the loop count of the first round kept), or reports it unstable.
 */
public final class BenchmarkRunner {
    /** Samples in the first round; later rounds take twice and four times as many. */
    public static final int FIRST_SAMPLES = 24;
    static final int ROUNDS = 3;
    static final long TARGET_TICKS = 40_000;
    static final long MAX_LOOPS = 1L << 22;
    static final int TIMEOUT_MILLIS = 20_000;
    static final int MAX_PAGES = 64;

    private final Worker worker;
    private final Assembler assembler;
    private final ProgramWriter writer;
    private final Clock clock;
    private int firstSamples = FIRST_SAMPLES;
    private final Contention contention = new Contention();

    public BenchmarkRunner(Worker worker, Assembler assembler, ProgramWriter writer, Clock clock) {
        this.worker = worker;
        this.assembler = assembler;
        this.writer = writer;
        this.clock = clock;
    }

    /** Fewer samples per round (CI tests). */
    public BenchmarkRunner samples(int n) {
        this.firstSamples = n;
        return this;
    }

    public Clock clock() { return clock; }

    /** Benchmarks measured again because the core was shared during their samples, and the time waited for it. */
    public String contention() { return contention.toString(); }

    public int remeasured() { return contention.remeasured(); }

    /** Gives the measurements that follow a budget of pauses of their own ({@link Contention#renew}). */
    public void renewContentionBudget() { contention.renew(); }

    /** The two programs of a benchmark, as text. */
    public List<String> programs(Benchmark b) {
        return List.of(writer.loop(b.body(b.copies()), b.perIteration(), b.cleanUpper()),
                writer.loop(b.body(2 * b.copies()), b.perIteration(), b.cleanUpper()));
    }

    public static String hash(List<String> programs, Benchmark b) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            for (String p : programs) d.update(p.getBytes(StandardCharsets.UTF_8));
            d.update(b.init().bytes());
            d.update(Long.toString(b.fill()).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Measures the benchmarks in order; {@code previous} gives a journaled measurement of the same
     * name (or null), reused when its code hash matches; {@code fresh} sees each new measurement (to
     * journal it), {@code each} every measurement, reused or new, as soon as it is there.
     */
    public List<Measurement> run(List<Benchmark> benchmarks, Function<String, Measurement> previous,
                                 java.util.function.Consumer<Measurement> fresh,
                                 java.util.function.Consumer<Measurement> each) throws IOException {
        List<Assembler.Unit> units = new ArrayList<>();
        List<String> hashes = new ArrayList<>();
        for (Benchmark b : benchmarks) {
            List<String> p = programs(b);
            units.add(new Assembler.Unit(b.name() + "/A", p.get(0)));
            units.add(new Assembler.Unit(b.name() + "/B", p.get(1)));
            hashes.add(hash(p, b));
        }
        List<Measurement> out = new ArrayList<>();
        boolean needAssembly = false;
        for (int i = 0; i < benchmarks.size(); i++) {
            Measurement m = previous.apply(benchmarks.get(i).name());
            if (m == null || !hashes.get(i).equals(m.codeHash())) needAssembly = true;
        }
        Assembler.Result code = needAssembly ? assembler.assemble(units) : null;
        for (int i = 0; i < benchmarks.size(); i++) {
            Benchmark b = benchmarks.get(i);
            Measurement m = previous.apply(b.name());
            if (m != null && hashes.get(i).equals(m.codeHash())) {
                out.add(m);
                each.accept(m);
                continue;
            }
            if (!code.ok(2 * i) || !code.ok(2 * i + 1)) {
                String why = code.errors().get(code.ok(2 * i) ? 2 * i + 1 : 2 * i);
                m = Measurement.failed(b.name(), why, hashes.get(i));
            } else {
                m = measure(b, code.code().get(2 * i), code.code().get(2 * i + 1), hashes.get(i));
            }
            fresh.accept(m);
            out.add(m);
            each.accept(m);
        }
        return out;
    }

    /** Measures a benchmark, again after a pause while its samples say the core was shared ({@link Contention}). */
    private Measurement measure(Benchmark b, byte[] a, byte[] bb, String hash) throws IOException {
        return contention.measure(() -> measureOnce(b, a, bb, hash), m -> worthRemeasuring(m, clock));
    }

    /** An unstable measurement more than half of whose samples were dropped because the core was shared. */
    static boolean worthRemeasuring(Measurement m, Clock clock) {
        return m.ok() && Contention.worthTakingAgain(clock, m.estimate(), m.samples(), m.sentinelReference());
    }

    private Measurement measureOnce(Benchmark b, byte[] a, byte[] bb, String hash) throws IOException {
        List<RawSample> samples = new ArrayList<>();
        long loops = 1;
        boolean fixed = false;
        Estimate e = null;
        Estimator estimator = b.kind() == Benchmark.Kind.THROUGHPUT ? Estimator.throughput() : Estimator.latency();
        for (int round = 0; round < ROUNDS; round++) {
            int n = firstSamples << round;
            Job job = new Job(b.name(), List.of(Variant.memoryCounter(a, b.init(), 1), Variant.memoryCounter(bb, b.init(), 1)),
                    n, loops, TARGET_TICKS, MAX_LOOPS, TIMEOUT_MILLIS, MAX_PAGES, b.fill(), Generator.DATA_BYTES, false, fixed);
            JobResult r = worker.run(job);
            if (!r.ok()) return Measurement.failed(b.name(), r.status().name().toLowerCase() + ": " + r.cause(), hash);
            loops = r.loops();
            fixed = true;
            samples.addAll(r.samples());
            e = estimator.estimate(clock.convert(samples), (double) b.copies() * loops);
            if (e.stable()) break;
        }
        // The reference the last conversion judged the samples against, kept with them.
        return new Measurement(b.name(), true, null, e, loops, b.copies(), samples, hash, clock.bestSentinel());
    }

    /**
     * A measurement read back from its journal record ({@link Measurement#journalRecord}). A record that
     * keeps its sentinel reference gives the estimate the run had; an older one is judged against the
     * clock's window of recent jobs, as it was then (which a replay cannot rebuild exactly).
     */
    public Measurement fromJournal(Map<String, Object> rec, Benchmark.Kind kind) {
        String name = (String) rec.get("name");
        String hash = (String) rec.get("hash");
        if (!Boolean.TRUE.equals(rec.get("ok"))) return Measurement.failed(name, (String) rec.get("cause"), hash);
        List<RawSample> samples = Measurement.samplesOf(rec);
        long loops = ((Number) rec.get("loops")).longValue();
        int copies = ((Number) rec.get("copies")).intValue();
        Estimator estimator = kind == Benchmark.Kind.THROUGHPUT ? Estimator.throughput() : Estimator.latency();
        Object recorded = rec.get("sentinel_reference");
        double reference = recorded instanceof Number n ? n.doubleValue() : Double.NaN;
        List<Clock.Sample> converted = Double.isNaN(reference) ? clock.convert(samples) : clock.convert(samples, reference);
        Estimate e = estimator.estimate(converted, (double) copies * loops);
        return new Measurement(name, true, null, e, loops, copies, samples, hash, reference);
    }

}
