import dev.uopsim.common.InputException;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.decode.Hex;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import dev.uopsim.traces.KernelReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Times the decode phase of {@code uopsim bench} (hex to bytes, one objdump run for all blocks, forms
 * found), as Bench does it, pass after pass, in this thread's CPU time and in wall time. objdump runs
 * in its own process: its time shows in wall time only, so both figures matter here (see
 * bench/decode-time.sh).
 */
public class DecodeTime {
    public static void main(String[] args) throws Exception {
        Path bhive = Path.of(args[0]);
        int blocks = Integer.parseInt(args[1]);
        int passes = Integer.parseInt(args[2]);
        List<KernelReader.BhiveRow> rows = KernelReader.readBhive(bhive);
        List<KernelReader.BhiveRow> taken = rows.subList(0, Math.min(blocks, rows.size()));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<Double> cpus = new ArrayList<>(), walls = new ArrayList<>();
        for (int p = 0; p < passes; p++) {
            long c0 = threads.getCurrentThreadCpuTime(), t0 = System.nanoTime();
            List<byte[]> code = new ArrayList<>();
            List<Integer> lines = new ArrayList<>();
            for (var r : taken) {
                try {
                    code.add(Hex.parse(r.hex(), bhive.toString(), r.line(), 0));
                    lines.add(r.line());
                } catch (InputException e) {
                    // skipped, as in Bench
                }
            }
            var decoded = new ObjdumpDecoder(FormTable.shipped())
                    .decode(code, bhive.toString(), lines.stream().mapToInt(Integer::intValue).toArray());
            double cpu = (threads.getCurrentThreadCpuTime() - c0) / 1e6, wall = (System.nanoTime() - t0) / 1e6;
            long instructions = decoded.stream().mapToLong(b -> b.instructions().size()).sum();
            System.out.printf(Locale.ROOT, "pass %d: cpu %.1f ms, wall %.1f ms (%d instructions)%n", p, cpu, wall, instructions);
            // The first passes pay for loading classes and the JIT: the later half is the steady state.
            if (p >= passes / 2) {
                cpus.add(cpu);
                walls.add(wall);
            }
        }
        System.out.printf(Locale.ROOT, "decode over passes %d..%d: cpu min %.1f ms, median %.1f ms; wall min %.1f ms, median %.1f ms%n",
                passes / 2, passes - 1, min(cpus), median(cpus), min(walls), median(walls));
    }

    private static double min(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    }

    private static double median(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).sorted().skip(xs.size() / 2).findFirst().orElse(0);
    }
}
