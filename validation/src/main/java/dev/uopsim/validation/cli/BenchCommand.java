package dev.uopsim.validation.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.InputException;
import dev.uopsim.common.Json;
import dev.uopsim.machine.cli.ModelOptions;
import dev.uopsim.validation.Bench;
import dev.uopsim.validation.LlvmMca;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code uopsim bench}: how fast uopsim simulates, beside llvm-mca, on the first blocks of a BHive
 * sample. The file comes from the shared data folder beside the checkout unless one is given; the
 * product does not ship it.
 */
public final class BenchCommand implements Command {
    static final String DEFAULT_FILE = "../shared/data/bhive-sample-tninesling/skl_sample.csv";

    @Override
    public String name() { return "bench"; }

    @Override
    public String summary() { return "simulation speed: uopsim beside llvm-mca on BHive blocks"; }

    @Override
    public String synopsis() {
        return "bench [--file CSV] [--blocks N] [--iterations N] [--warmup N] [--repeat N] [--uarch NAME] [--mcpu CPU] [--no-llvm-mca] [--json]";
    }

    @Override
    public String description() {
        return """
                Simulates the first 1000 blocks of a BHive-format file with uopsim (one thread) and with
                llvm-mca (one process, one region per block), 100 iterations per block for both, and
                reports simulated instructions per second (instructions per block x iterations x blocks /
                seconds). Wall time includes decoding: for uopsim hex to objdump to instruction forms and
                the engine; for llvm-mca writing the assembly and running it. uopsim passes over the
                blocks --warmup times first (the first reported as "cold": it also pays for the JVM loading
                classes and compiling the decoder and engine), then each tool runs --repeat times in turn and keeps
                its fastest run, since other work on the machine only slows a run down. Binding the
                model (once per model) is reported apart. The figures vary with load.

                Default file: ../shared/data/bhive-sample-tninesling/skl_sample.csv relative to the
                checkout. JSON keys: uopsim_instructions_per_second, llvm_mca_instructions_per_second,
                ratio_vs_llvm_mca, blocks, and per tool (uopsim, llvm_mca) blocks, instructions,
                seconds, instructions_per_second.
                """;
    }

    @Override
    public Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("file").hasArg().argName("CSV").desc("BHive-format blocks (default: " + DEFAULT_FILE
                + " beside the checkout)").build());
        o.addOption(Option.builder().longOpt("blocks").hasArg().argName("N").desc("the first N blocks (default 1000)").build());
        o.addOption(Option.builder().longOpt("iterations").hasArg().argName("N").desc("iterations per block for both tools (default 100)").build());
        o.addOption(Option.builder().longOpt("uarch").hasArg().argName("NAME").desc("uopsim's model (default skylake)").build());
        o.addOption(Option.builder().longOpt("mcpu").hasArg().argName("CPU").desc("llvm-mca's -mcpu (default skylake)").build());
        o.addOption(Option.builder().longOpt("warmup").hasArg().argName("N")
                .desc("uopsim passes before the timed ones, the first reported as cold (default 10)").build());
        o.addOption(Option.builder().longOpt("repeat").hasArg().argName("N")
                .desc("timed runs of each tool, in turn; each keeps its fastest (default 3)").build());
        o.addOption(Option.builder().longOpt("no-llvm-mca").desc("run uopsim only").build());
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        return o;
    }

    @Override
    public int run(CommandLine line, Console console) throws Exception {
        if (!line.getArgList().isEmpty()) throw new UsageException("bench takes no arguments", "give the file with --file CSV");
        Path file = line.hasOption("file") ? Path.of(line.getOptionValue("file")) : checkoutRoot().resolve(DEFAULT_FILE).normalize();
        if (!Files.isRegularFile(file)) {
            throw new InputException(file.toString(), "the benchmark blocks are missing (no such file)",
                    line.hasOption("file") ? "check the path"
                            : "put the shared data folder beside the checkout (../shared), or give a BHive-format file with --file CSV");
        }
        int blocks = positive(line, "blocks", 1000);
        int iterations = positive(line, "iterations", 100);
        String uarch = line.getOptionValue("uarch", "skylake");
        String cpu = line.getOptionValue("mcpu", "skylake");
        LlvmMca mca = line.hasOption("no-llvm-mca") ? null : LlvmMca.find();
        if (mca == null && !line.hasOption("no-llvm-mca")) console.warn("llvm-mca is not installed: uopsim only");
        // The JIT compiles the decoder and the engine in tiers over several passes: measured here, the
        // decode phase settles after about ten (0.035 s after three, 0.018 s after ten).
        int warmups = positive(line, "warmup", 10);
        int repeats = positive(line, "repeat", 3);
        Bench.Result r = Bench.run(file, blocks, iterations, () -> ModelOptions.bind(line, uarch), mca, cpu, warmups, repeats);

        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("file", file.toString());
        doc.put("uarch", uarch);
        doc.put("llvm_mca_cpu", mca == null ? null : cpu);
        doc.put("iterations", iterations);
        doc.put("warmup_passes", warmups);
        doc.put("repeats", repeats);
        doc.put("blocks", r.uopsim().blocks());
        doc.put("blocks_read", r.blocksRead());
        doc.put("blocks_skipped", r.skipped());
        doc.put("uopsim_instructions_per_second", r.uopsim().instructionsPerSecond());
        doc.put("llvm_mca_instructions_per_second", r.llvmMca() == null ? null : r.llvmMca().instructionsPerSecond());
        doc.put("ratio_vs_llvm_mca", r.ratio());
        doc.put("uopsim", figures(r.uopsim(), "1 thread, fastest of the warm passes"));
        doc.put("uopsim_cold", figures(r.uopsimCold(), "1 thread, first pass (class loading and JIT compilation included)"));
        doc.put("uopsim_model_seconds", r.modelSeconds());
        doc.put("llvm_mca", r.llvmMca() == null ? null : figures(r.llvmMca(), mca.executable() + " -mcpu=" + cpu + ", fastest run"));
        doc.put("note", r.llvmMcaNote());
        doc.put("processors", Runtime.getRuntime().availableProcessors());
        if (line.hasOption("json")) {
            console.out().println(Json.write(doc));
            return ExitCode.OK;
        }
        var o = console.out();
        o.printf("%s: first %d blocks, %d simulated by both (%d skipped), %d iterations each%n", file, r.blocksRead(),
                r.uopsim().blocks(), r.skipped(), iterations);
        o.println(row("uopsim (" + uarch + ", 1 thread)", r.uopsim()));
        var p = r.uopsim().phases();
        o.printf(Locale.ROOT, "  %-34s decode %.3f s, simulate %.3f s; first pass %.2f s (%.3f M/s), binding the model %.2f s%n", "",
                p.get("decode"), p.get("simulate"), r.uopsimCold().seconds(), r.uopsimCold().instructionsPerSecond() / 1e6, r.modelSeconds());
        if (r.llvmMca() != null) {
            o.println(row(mca.executable() + " -mcpu=" + cpu, r.llvmMca()));
            o.printf(Locale.ROOT, "uopsim is %.1fx llvm-mca's rate%n", r.ratio());
        }
        if (r.llvmMcaNote() != null) o.println("note: " + r.llvmMcaNote());
        return ExitCode.OK;
    }

    private static Map<String, Object> figures(Bench.Figures f, String how) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("how", how);
        m.put("blocks", f.blocks());
        m.put("instructions", f.instructions());
        m.put("seconds", f.seconds());
        m.put("instructions_per_second", f.instructionsPerSecond());
        if (!f.phases().isEmpty()) m.put("phases_seconds", f.phases());
        return m;
    }

    private static String row(String label, Bench.Figures f) {
        return String.format(Locale.ROOT, "%-36s %5d blocks  %10d instructions  %7.2f s  %8.3f M instructions/s", label,
                f.blocks(), f.instructions(), f.seconds(), f.instructionsPerSecond() / 1e6);
    }

    private static int positive(CommandLine line, String name, int fallback) {
        String v = line.getOptionValue(name);
        if (v == null) return fallback;
        try {
            int n = Integer.parseInt(v);
            if (n < 1) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " takes a positive count, not '" + v + "'");
        }
    }

    /**
     * The checkout this uopsim runs from: the launcher says (uopsim.root), else the folder above the
     * module whose classes are running, else the working directory.
     */
    static Path checkoutRoot() {
        String root = System.getProperty("uopsim.root");
        if (root != null && !root.isBlank()) return Path.of(root);
        try {
            Path classes = Path.of(BenchCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // <root>/validation/target/classes (or a jar in <root>/validation/target)
            Path module = classes.getParent() == null ? null : classes.getParent().getParent();
            if (module != null && module.getParent() != null && Files.isRegularFile(module.getParent().resolve("pom.xml"))) {
                return module.getParent();
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // fall through
        }
        return Path.of("").toAbsolutePath();
    }
}
