import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.host.CpuInfo;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.validation.BenchmarkSimulation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Simulates characterize's benchmarks of every form of the table (its widest throughput benchmark and
 * its first latency chain) on each model named, as 'validate replay' runs them, and lists what the
 * engine cannot simulate, by cause, with the benchmarks that made no progress named one by one (an
 * engine that stalls for good on some form), and any benchmark that took more than a second. The
 * benchmarks are generated for the CPU this runs on (its extensions), not measured.
 */
public class FormSweep {
    public static void main(String[] args) throws Exception {
        int every = Integer.getInteger("every", 1);
        Generator generator = new Generator(CpuInfo.detect());
        List<Benchmark> benchmarks = new ArrayList<>();
        for (InstructionForm f : FormTable.shipped().forms()) {
            try {
                List<Benchmark> t = generator.throughput(f);
                if (!t.isEmpty()) benchmarks.add(t.getLast());
                List<Benchmark> l = generator.latency(f, new ArrayList<>());
                if (!l.isEmpty()) benchmarks.add(l.getFirst());
            } catch (RuntimeException e) {
                // a form the generator cannot write: nothing to simulate
            }
        }
        List<Benchmark> chosen = new ArrayList<>();
        for (int i = 0; i < benchmarks.size(); i += every) chosen.add(benchmarks.get(i));
        System.out.printf(Locale.ROOT, "%d benchmarks (every %d of %d)%n", chosen.size(), every, benchmarks.size());
        ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        try {
            for (String model : args) {
                var bound = ModelBinder.bind(ModelLoader.load(model, List.of()));
                var core = ModelCore.core(bound);
                var timings = ModelCore.timings(bound);
                long t0 = System.nanoTime();
                List<Future<String>> results = new ArrayList<>();
                for (Benchmark b : chosen) {
                    results.add(pool.submit(() -> {
                        long s0 = System.nanoTime();
                        var o = BenchmarkSimulation.simulate(b, core, timings);
                        double seconds = (System.nanoTime() - s0) / 1e9;
                        if (seconds > 1) System.out.printf(Locale.ROOT, "  slow: %s %.1f s%n", b.name(), seconds);
                        if (o.problem() != null && o.problem().contains("no progress")) System.out.println("  NO PROGRESS: " + b.name());
                        return o.problem();
                    }));
                }
                Map<String, Integer> causes = new TreeMap<>();
                for (Future<String> f : results) {
                    String problem = f.get();
                    if (problem != null) causes.merge(problem.replaceAll("\\(.*", "").replaceAll("[0-9]+", "N").strip(), 1, Integer::sum);
                }
                System.out.printf(Locale.ROOT, "%s: %d not simulated in %.0f s%n", model, causes.values().stream().mapToInt(Integer::intValue).sum(),
                        (System.nanoTime() - t0) / 1e9);
                causes.forEach((cause, n) -> System.out.printf(Locale.ROOT, "  %5d  %s%n", n, cause));
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
