import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Times the simulate phase of several builds in one JVM, their passes alternated (the order reversed
 * every other pass), each build in its own class loader: whatever else runs on the CPU slows them
 * alike, so builds a few percent apart compare, which separate runs on a shared CPU do not show
 * reliably (see bench/simulate-ab.sh). Arguments: the BHive sample, blocks, passes, then for each
 * build the folder SimulatePass was compiled into and the build's checkout, as FOLDER=CHECKOUT.
 */
public class SimulateAB {
    public static void main(String[] args) throws Exception {
        String csv = args[0];
        int blocks = Integer.parseInt(args[1]);
        int passes = Integer.parseInt(args[2]);
        int builds = args.length - 3;
        String[] names = new String[builds];
        Method[] pass = new Method[builds];
        for (int k = 0; k < builds; k++) {
            String[] pair = args[3 + k].split("=", 2);
            Path root = Path.of(pair[1]);
            names[k] = pair[1];
            List<URL> urls = new ArrayList<>();
            urls.add(Path.of(pair[0]).toUri().toURL());
            urls.add(root.resolve("validation/target/classes").toUri().toURL());
            try (Stream<Path> jars = Files.list(root.resolve("validation/target/lib"))) {
                for (Path jar : jars.sorted().toList()) urls.add(jar.toUri().toURL());
            }
            ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
            Class<?> c = loader.loadClass("SimulatePass");
            c.getMethod("init", String.class, int.class).invoke(null, csv, blocks);
            pass[k] = c.getMethod("pass");
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[][] cpu = new double[builds][passes];
        long[] cycles = new long[builds];
        for (int p = 0; p < passes; p++) {
            for (int j = 0; j < builds; j++) {
                int k = p % 2 == 0 ? j : builds - 1 - j;
                long c0 = threads.getCurrentThreadCpuTime();
                cycles[k] = (Long) pass[k].invoke(null);
                cpu[k][p] = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
            }
        }
        // The first third pays for the JIT compiling each build's engine: the rest is compared.
        for (int k = 0; k < builds; k++) {
            double[] late = Arrays.copyOfRange(cpu[k], passes / 3, passes);
            Arrays.sort(late);
            System.out.printf(Locale.ROOT, "%s: simulate cpu over passes %d..%d: min %.1f ms, p25 %.1f ms, median %.1f ms (%d cycles)%n",
                    names[k], passes / 3, passes - 1, late[0], late[late.length / 4], late[late.length / 2], cycles[k]);
        }
    }
}
