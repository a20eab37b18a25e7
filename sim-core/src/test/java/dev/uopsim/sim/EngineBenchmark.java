package dev.uopsim.sim;

import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.Register;
import dev.uopsim.isa.asm.AssemblyParser;
import dev.uopsim.isa.asm.Layout;
import dev.uopsim.isa.asm.Syntax;
import dev.uopsim.isa.decode.Hex;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The engine alone, on the Skylake model (run with {@code bench/jmh.sh}, which adds {@code -prof gc}).
 *
 * <ul>
 *   <li>{@code cycleLoop}: one engine per kernel, its symbolic addresses all computed beforehand
 *       (a run computes them as its loads ask, without allocating); each operation (a single shot) runs
 *       the next stretch of iterations, about 40,000 simulated cycles (printed at set-up).
 *       {@code gc.alloc.rate.norm} minus {@code emptyShot}'s (JMH's own cost of a single shot) is what
 *       the cycle loop allocates per operation: 0.</li>
 *   <li>{@code emptyShot}: the control, a single shot that does nothing.</li>
 *   <li>{@code simulateBlock}: a whole simulation (engine set-up, 100 iterations), one BHive block per
 *       operation in turn — what {@code uopsim bench} times, without decoding. Its allocation is the
 *       set-up (arrays sized by the core, the static descriptors, the symbolic addresses).</li>
 * </ul>
 */
@Fork(value = 1, jvmArgsAppend = {"-Xss8m"})
public class EngineBenchmark {
    static final int WARMUP = 10, MEASURE = 10;

    /** Iterations per operation of {@code cycleLoop}: about 40,000 cycles each. */
    static int iterationsPerOp(String kernel) {
        return switch (kernel) {
            case "memdep-H" -> 2000;
            case "block-mixed" -> 20000;
            default -> 10000;
        };
    }

    /** Kernels by name: assembly (Intel syntax) and how it runs. */
    static SimulationInput kernel(String name) {
        return switch (name) {
            // The memory-dependency kernel H: four load-add-store statements through one location.
            case "memdep-H" -> input(name, true, false, bind("rdi", "rsi", "rdx", "rcx", "r8", "r9", "r10", "r11"),
                    "loop:", "mov eax, DWORD PTR [rdi]", "add eax, 1", "mov DWORD PTR [rsi], eax", "mov eax, DWORD PTR [rdx]",
                    "add eax, 1", "mov DWORD PTR [rcx], eax", "mov eax, DWORD PTR [r8]", "add eax, 1", "mov DWORD PTR [r9], eax",
                    "mov eax, DWORD PTR [r10]", "add eax, 1", "mov DWORD PTR [r11], eax", "add rbx, 1", "cmp rbx, r12", "jne loop");
            // A BHive-like unrolled block: loads, stores, ALU, an address computation, a multiply.
            case "block-mixed" -> input(name, false, true, Map.of(),
                    "mov rax, QWORD PTR [rbx+8]", "add rax, rcx", "mov QWORD PTR [rbx+16], rax", "lea rdx, [rax+rcx*2]",
                    "imul rdx, rsi", "cmp rdx, rdi", "mov QWORD PTR [rsp+8], rdx", "add rbx, 24");
            // Registers only: a dependency chain beside independent work.
            case "alu-chain" -> input(name, false, true, Map.of(),
                    "add rax, rbx", "imul rax, rax", "add rcx, 1", "add rdx, 1", "xor esi, esi", "sub rax, rcx");
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** The registers all point at the same location. */
    private static Map<Register, Long> bind(String... registers) {
        Map<Register, Long> m = new java.util.HashMap<>();
        for (String r : registers) m.put(Register.byName(r), 0L);
        return m;
    }

    private static SimulationInput input(String name, boolean loop, boolean same, Map<Register, Long> bind, String... asm) {
        AssemblyParser p = new AssemblyParser(FormTable.shipped());
        List<Instruction> code = Layout.place(p, p.parse(name + ".s", Arrays.asList(asm), Syntax.INTEL));
        return new SimulationInput(name, code, loop, same, bind);
    }

    /** The Skylake model, bound once per fork. */
    @State(Scope.Benchmark)
    public static class Model {
        CoreSpec core;
        TimingTable timings;

        @Setup(Level.Trial)
        public void bind() {
            BoundModel bound = ModelBinder.bind(ModelLoader.load("skylake", List.of()));
            core = ModelCore.core(bound);
            timings = ModelCore.timings(bound);
        }
    }

    /** A long-running engine whose symbolic addresses are all computed before measuring. */
    @State(Scope.Thread)
    public static class Running {
        @Param({"memdep-H", "block-mixed", "alu-chain"})
        public String kernel;
        Engine engine;
        int perOp;
        int done;

        @Setup(Level.Trial)
        public void start(Model model) {
            perOp = iterationsPerOp(kernel);
            int total = (WARMUP + MEASURE + 3) * perOp;
            engine = new Engine(model.core, model.timings, kernel(kernel), EngineListener.NONE, total);
            engine.trace.prepare(0, engine.trace.iterations() - 1);
            engine.trace.computeThrough(engine.trace.iterations() - 1);
            // Past the first iterations, so that every operation is the steady state.
            done = perOp;
            engine.run(done, Long.MAX_VALUE);
            long c0 = engine.cycles();
            done += perOp;
            engine.run(done, Long.MAX_VALUE);
            System.out.printf("%n%s: %d cycles per operation (%d iterations)%n", kernel, engine.cycles() - c0, perOp);
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = WARMUP)
    @Measurement(iterations = MEASURE)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public long cycleLoop(Running r) {
        r.done += r.perOp;
        r.engine.run(r.done, Long.MAX_VALUE);
        return r.engine.cycles();
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = WARMUP)
    @Measurement(iterations = MEASURE)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public int emptyShot() {
        return 0;
    }

    /** BHive blocks (the shared sample when it is there, else the kernels above), decoded once. */
    @State(Scope.Thread)
    public static class Blocks {
        List<SimulationInput> inputs = new ArrayList<>();
        Simulator.Options options = new Simulator.Options(100, 100, List.of());
        int next;

        @Setup(Level.Trial)
        public void decode() throws IOException {
            Path file = Path.of(System.getProperty("uopsim.bhive", "../shared/data/bhive-sample-tninesling/skl_sample.csv"));
            if (Files.isRegularFile(file) && ObjdumpDecoder.available()) {
                List<byte[]> code = new ArrayList<>();
                for (String line : Files.readAllLines(file).subList(0, 300)) code.add(Hex.parse(line.split(",")[0], file.toString(), 0, 0));
                for (var b : new ObjdumpDecoder(FormTable.shipped()).decode(code, file.toString())) {
                    if (b.ok() && !b.instructions().isEmpty()) inputs.add(new SimulationInput("block", b.instructions(), false, true, Map.of()));
                }
            } else {
                System.out.println("no BHive sample at " + file + ": simulating the built-in kernels");
                for (String k : List.of("memdep-H", "block-mixed", "alu-chain")) inputs.add(kernel(k));
            }
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @Warmup(iterations = 5, time = 1)
    @Measurement(iterations = 5, time = 1)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public SimulationResult simulateBlock(Model model, Blocks b) {
        SimulationInput in = b.inputs.get(b.next++ % b.inputs.size());
        try {
            return Simulator.run(model.core, model.timings, in, b.options);
        } catch (Engine.MissingTimingException e) {
            return null;
        }
    }
}
