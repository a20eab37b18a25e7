package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.ProgramWriter;
import dev.uopsim.characterize.clock.Clock;
import dev.uopsim.characterize.clock.SentinelHistory;
import dev.uopsim.characterize.runner.Assembler;
import dev.uopsim.characterize.runner.Job;
import dev.uopsim.characterize.runner.JobResult;
import dev.uopsim.characterize.runner.MachineState;
import dev.uopsim.characterize.runner.RawSample;
import dev.uopsim.characterize.runner.Variant;
import dev.uopsim.characterize.stats.Estimate;
import dev.uopsim.characterize.stats.Estimator;
import dev.uopsim.common.InputException;
import dev.uopsim.isa.AsmWriter;
import dev.uopsim.isa.BranchTarget;
import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.Operand;
import dev.uopsim.isa.Register;
import dev.uopsim.traces.Kernel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * Cycles per iteration of whole blocks on this machine, as BHive's harness and nanoBench measure
 * them. Unrolled mode: the block repeated N and 2N times back to back (inside a loop counted in the
 * control page, so the run is long enough for the TSC; each pass reloads the initial registers), the
 * difference divided by N. Loop mode: the
 * kernel is its own loop; the worker sets its counter for L and 2L iterations (see
 * {@link LoopControl}). Registers start as the kernel says: all general-purpose registers holding
 * one address with memory filled with that address (BHive's convention, its value 0x2324000 too),
 * or distinct regions, or explicit bindings; every page the block touches is mapped on demand, up to
 * a bound. The loop body starts at the beginning of a 64-byte line. MXCSR sets FTZ and DAZ, so the
 * initial values cannot cost denormal assists.
 */
public final class BlockMeasurer {
    /** BHive's INIT_VALUE: every register, and every 8 bytes of mapped memory, under init "same". */
    public static final long SAME_VALUE = dev.uopsim.sim.SimulationInput.SHARED_INIT_VALUE;
    static final long DISTINCT_BASE = 0x10000000L, DISTINCT_STRIDE = 0x100000L;
    static final long KERNEL_MEMORY = 0x0f000000L;
    static final int SAMPLES = 16;
    static final int ROUNDS = 3;
    static final int MAX_PAGES = 256;
    static final int TIMEOUT_MILLIS = 10_000;
    static final long TARGET_TICKS = 30_000;
    static final int UNROLLED_INSTRUCTIONS = 200;

    private static final List<String> RESET_REGISTERS = resetRegisters();

    private final Session session;
    private int samples = SAMPLES;

    private static List<String> resetRegisters() {
        String[] names = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};
        // LFENCE first: a pass must not overlap the previous one (each of BHive's repetitions is timed
        // alone); without it the out-of-order core runs consecutive passes' chains side by side.
        List<String> lines = new ArrayList<>(List.of("lfence"));
        for (int i = 0; i < 16; i++) {
            lines.add("mov " + names[i] + ", " + dev.uopsim.characterize.runner.ControlPage.qword(dev.uopsim.characterize.runner.ControlPage.INIT_GPR + 8 * i));
        }
        return List.copyOf(lines);
    }

    public BlockMeasurer(Session session) {
        this.session = session;
    }

    public BlockMeasurer samples(int n) {
        this.samples = n;
        return this;
    }

    /**
     * A block's outcome. {@code category} groups failures for reports ({@code "fault: SIGSEGV"},
     * {@code "branch"}, ...); null when measured.
     */
    public record Result(String name, boolean ok, String cause, String category, double cyclesPerIteration,
                         Estimate estimate, int pagesMapped, long loops, int copies, String control,
                         List<RawSample> samples, double sentinelReference) {

        public boolean stable() {
            return ok && estimate.stable();
        }

        public static Result failed(String name, String category, String cause) {
            return new Result(name, false, cause, category, Double.NaN, null, 0, 0, 0, null, List.of(), Double.NaN);
        }
    }

    /** Why a kernel cannot run in its mode, or null. */
    public static String[] problem(Kernel k) {
        List<Instruction> code = k.instructions();
        for (int i = 0; i < code.size(); i++) {
            Instruction ins = code.get(i);
            if (ins.form().has(FormProperty.SYSTEM)) return new String[]{"privileged", "privileged instruction " + ins.intelText()};
            boolean last = i == code.size() - 1;
            if (ins.form().has(FormProperty.BRANCH) && (k.mode() == Kernel.Mode.UNROLLED || !last)) {
                return new String[]{"branch", "a branch (" + ins.intelText() + ") inside code run straight-line"};
            }
        }
        return null;
    }

    /** Measures kernels in batches (one GNU as run per batch); {@code progress} sees each one done. */
    public List<Result> measure(List<Kernel> kernels, IntConsumer progress) throws IOException {
        List<Result> out = new ArrayList<>();
        for (int start = 0; start < kernels.size(); start += 100) {
            List<Kernel> batch = kernels.subList(start, Math.min(kernels.size(), start + 100));
            List<Prepared> prepared = new ArrayList<>();
            List<Assembler.Unit> units = new ArrayList<>();
            for (Kernel k : batch) {
                Prepared p = prepare(k);
                prepared.add(p);
                if (p.failure == null) {
                    units.add(new Assembler.Unit(k.name() + "/A", p.programA));
                    units.add(new Assembler.Unit(k.name() + "/B", p.programB));
                }
            }
            Assembler.Result code = units.isEmpty() ? null : session.assembler().assemble(units);
            int u = 0;
            for (Prepared p : prepared) {
                Result r;
                if (p.failure != null) {
                    r = p.failure;
                } else {
                    int ia = u++, ib = u++;
                    if (!code.ok(ia) || !code.ok(ib)) {
                        r = Result.failed(p.kernel.name(), "assembler", code.errors().get(code.ok(ia) ? ib : ia));
                    } else {
                        r = run(p, code.code().get(ia), code.code().get(ib));
                    }
                }
                out.add(r);
                progress.accept(1);
            }
        }
        return out;
    }

    private static final class Prepared {
        Kernel kernel;
        Result failure;
        String programA, programB;
        int copies;
        MachineState state;
        long fill;
        LoopControl control;
    }

    private Prepared prepare(Kernel k) {
        Prepared p = new Prepared();
        p.kernel = k;
        String[] problem = problem(k);
        if (problem != null) {
            p.failure = Result.failed(k.name(), problem[0], problem[1]);
            return p;
        }
        p.state = initialState(k);
        p.fill = k.init() == Kernel.InitPolicy.SAME ? SAME_VALUE : DISTINCT_BASE;
        ProgramWriter w = session.writer();
        List<String> lines = lines(k);
        boolean mmx = ProgramWriter.usesMmx(lines) || k.instructions().stream().anyMatch(i -> i.text() != null && i.text().matches(".*\\bmm[0-7]\\b.*"));
        if (k.mode() == Kernel.Mode.LOOP) {
            try {
                p.control = LoopControl.detect(k.instructions(), k.name()).startingFrom(p.state::gpr);
            } catch (InputException e) {
                p.failure = Result.failed(k.name(), "loop control", e.getMessage());
                return p;
            }
            if (p.control.start() != null) p.state.gpr(p.control.start(), p.control.startValue());
            List<String> body = new ArrayList<>();
            body.add("1:");
            body.addAll(lines);
            p.programA = w.kernelLoop(body, true, mmx);
            p.programB = p.programA;
            p.copies = 1;
        } else {
            int n = Math.max(1, k.instructions().size());
            p.copies = Math.max(2, Math.min(100, (UNROLLED_INSTRUCTIONS + n - 1) / n));
            List<String> a = new ArrayList<>(), b = new ArrayList<>();
            for (int c = 0; c < 2 * p.copies; c++) {
                if (c < p.copies) a.addAll(lines);
                b.addAll(lines);
            }
            // Every pass starts from the initial registers, as each of BHive's repetitions does: a block
            // that pushes or walks a pointer would otherwise wander over ever more pages. The passes of
            // A and B reset alike, so the resets cancel in the difference.
            p.programA = w.loop(a, RESET_REGISTERS, true, mmx);
            p.programB = w.loop(b, RESET_REGISTERS, true, mmx);
        }
        return p;
    }

    /** The kernel as assembly: machine code as .byte where it came from hex, else the model's text. */
    static List<String> lines(Kernel k) {
        List<String> out = new ArrayList<>();
        for (Instruction i : k.instructions()) {
            if (i.bytes() != null) {
                StringBuilder sb = new StringBuilder(".byte ");
                for (int b = 0; b < i.bytes().length; b++) sb.append(b == 0 ? "" : ",").append(String.format("0x%02x", i.bytes()[b] & 0xff));
                out.add(sb.toString());
            } else {
                List<Operand> ops = new ArrayList<>();
                for (Operand o : i.operands()) ops.add(o instanceof BranchTarget bt && bt.offset() == 0 ? new BranchTarget("1b", 0) : o);
                out.add(AsmWriter.write(i.form(), ops));
            }
        }
        return out;
    }

    static MachineState initialState(Kernel k) {
        MachineState s = new MachineState();
        s.allVectors(0);
        if (k.init() == Kernel.InitPolicy.SAME) {
            s.allGprs(SAME_VALUE);
        } else {
            for (int r = 0; r < 16; r++) s.gpr(r, DISTINCT_BASE + r * DISTINCT_STRIDE);
        }
        for (Map.Entry<Register, Long> e : k.bindings().entrySet()) s.gpr(e.getKey(), KERNEL_MEMORY + e.getValue());
        return s;
    }

    private final Contention contention = new Contention();

    /**
     * Measures a kernel, again after a pause while its samples say the core was shared ({@link
     * Contention}) or its fastest sentinel ran slower than usual on this CPU (shared throughout: within
     * the run nothing looked slow). Still slower than usual after the retries, it is reported unstable.
     */
    private Result run(Prepared p, byte[] a, byte[] b) throws IOException {
        double usual = session.usualSentinel();
        Result r = contention.measure(() -> runOnce(p, a, b),
                x -> x.ok() && (Contention.worthTakingAgain(session.clock(), x.estimate(), x.samples(), x.sentinelReference())
                        || SentinelHistory.slowerThanUsual(x.sentinelReference(), usual)));
        return r.ok() && SentinelHistory.slowerThanUsual(r.sentinelReference(), usual) ? sharedThroughout(r, usual) : r;
    }

    /** The pause between runs of the same kernels: long enough to leave a burst of another tenant's work behind. */
    static final long RUN_PAUSE_MILLIS = 1000;

    /**
     * Measures the kernels {@code runs} times, a pause apart, and keeps each one's {@link #median}: a
     * burst of another tenant's work can slow a whole run without slowing the sentinel (one run in
     * five of a load-bound kernel read 10-20% slow on the development host). Each kernel's runs, in
     * order, go to {@code each} (may be null); a failed first run is not repeated.
     */
    public List<Result> measureRuns(List<Kernel> kernels, int runs, IntConsumer progress,
                                    java.util.function.BiConsumer<Integer, List<Result>> each) throws IOException {
        List<List<Result>> all = new ArrayList<>();
        for (int k = 0; k < kernels.size(); k++) all.add(new ArrayList<>());
        List<Integer> again = new ArrayList<>();
        for (int k = 0; k < kernels.size(); k++) again.add(k);
        for (int pass = 0; pass < runs && !again.isEmpty() && (pass == 0 || Contention.sleep(RUN_PAUSE_MILLIS)); pass++) {
            List<Result> measured = measure(again.stream().map(kernels::get).toList(), progress);
            for (int i = 0; i < again.size(); i++) all.get(again.get(i)).add(measured.get(i));
            again = again.stream().filter(k -> all.get(k).getFirst().ok()).toList();   // a fault or a timeout does not go away
        }
        List<Result> out = new ArrayList<>();
        for (int k = 0; k < kernels.size(); k++) {
            if (each != null) each.accept(k, all.get(k));
            out.add(median(all.get(k)));
        }
        return out;
    }

    /**
     * The median of several runs of one kernel: among the stable ones if any (else among those measured),
     * the lower middle one for an even count; the first failure when none was measured.
     */
    public static Result median(List<Result> runs) {
        return dev.uopsim.characterize.stats.Readings.median(runs, Result::stable, Result::ok, Result::cyclesPerIteration);
    }

    /** A measurement whose every sample ran beside another tenant's work: its figure stands, but not as stable. */
    static Result sharedThroughout(Result r, double usual) {
        String why = String.format(java.util.Locale.ROOT, "the core was shared throughout: the sentinel's fastest run took %.0f cycles,"
                + " %.0f%% more than usual on this CPU (%.0f); measure again when the machine is quieter", r.sentinelReference(),
                100 * (r.sentinelReference() / usual - 1), usual);
        Estimate e = r.estimate();
        return new Result(r.name(), true, why, "shared core", r.cyclesPerIteration(),
                new Estimate(e.value(), e.spread(), false, e.kept(), e.taken(), why), r.pagesMapped(), r.loops(), r.copies(),
                r.control(), r.samples(), r.sentinelReference());
    }

    private Result runOnce(Prepared p, byte[] a, byte[] b) throws IOException {
        Variant va, vb;
        if (p.control != null) {
            LoopControl c = p.control;
            va = Variant.registerCounter(a, p.state, c.register().number(), 1, c.base(), c.step());
            vb = Variant.registerCounter(b, p.state, c.register().number(), 2, c.base(), c.step());
        } else {
            va = Variant.memoryCounter(a, p.state, 1);
            vb = Variant.memoryCounter(b, p.state, 1);
        }
        List<RawSample> all = new ArrayList<>();
        long loops = 1;
        boolean fixed = false;
        Estimate e = null;
        int pages = 0;
        Clock clock = session.clock();
        for (int round = 0; round < ROUNDS; round++) {
            Job job = new Job(p.kernel.name(), List.of(va, vb), samples << round, loops, TARGET_TICKS, 1L << 24,
                    TIMEOUT_MILLIS, MAX_PAGES, p.fill, 0, false, fixed);
            JobResult r = session.worker().run(job);
            if (!r.ok()) {
                String cat = switch (r.status()) {
                    case FAULT -> "fault: " + r.cause().split(" ")[0];
                    case TIMEOUT -> "timeout";
                    case WORKER_DIED -> "worker died";
                    default -> "not run";
                };
                return Result.failed(p.kernel.name(), cat, r.cause());
            }
            loops = r.loops();
            fixed = true;
            pages = Math.max(pages, r.pagesMapped());
            all.addAll(r.samples());
            // Per iteration: B runs N more copies (unrolled) or L more iterations (loop) than A.
            e = Estimator.throughput().estimate(clock.convert(all), (double) p.copies * loops);
            if (e.stable()) break;
        }
        String control = p.control != null ? p.control.how() : p.copies + " and " + 2 * p.copies + " copies";
        return new Result(p.kernel.name(), true, e.stable() ? null : e.note(), e.stable() ? null : "unstable",
                e.value(), e, pages, loops, p.copies, control, all, clock.bestSentinel());
    }
}
