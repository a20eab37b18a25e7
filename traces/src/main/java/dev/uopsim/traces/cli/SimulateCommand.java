package dev.uopsim.traces.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.InputException;
import dev.uopsim.common.Json;
import dev.uopsim.common.Suggestions;
import dev.uopsim.isa.FormTable;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.cli.ModelOptions;
import dev.uopsim.sim.CoreSpec;
import dev.uopsim.sim.Engine;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.SimulationInput;
import dev.uopsim.sim.Simulator;
import dev.uopsim.sim.TimingTable;
import dev.uopsim.sim.view.View;
import dev.uopsim.sim.view.ViewContext;
import dev.uopsim.sim.view.ViewFactory;
import dev.uopsim.sim.view.Views;
import dev.uopsim.traces.BlockBatch;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import dev.uopsim.traces.Simulations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code uopsim simulate}: run a kernel through the cycle-level engine on a machine model and show
 * the views asked for; or, with {@code --blocks}, every block of a BHive-format file, one row each.
 */
public final class SimulateCommand implements Command {
    @Override
    public String name() { return "simulate"; }

    @Override
    public String summary() { return "simulate a kernel cycle by cycle on a machine model"; }

    @Override
    public String synopsis() {
        return "simulate FILE --uarch NAME|PATH [--set k=v]... [--mode loop|unrolled] [--init same|distinct] [--iterations N]"
                + " [--view summary,ports,timeline,bottleneck,critical-path] [--timeline-iterations N] [--json]"
                + " | simulate --blocks FILE --uarch NAME|PATH [--threads N] [--json]";
    }

    @Override
    public String description() {
        StringBuilder views = new StringBuilder();
        for (ViewFactory f : Views.all()) views.append(String.format("  %-14s %s%n", f.name(), f.description()));
        return """
                Runs the kernel on the model until it reaches a steady state and shows the views asked for
                with --view (comma-separated or repeated; default summary):
                """ + views + """
                JSON (--json) always has the summary keys (cycles_per_iteration, settled, iterations, ipc,
                uops_per_cycle) and one object per other view (ports, timeline, bottleneck, critical_path).
                What-if options change the model for this run only, e.g. --add-port P11 --like P2 or
                --set rob.size=512.

                With --blocks FILE, every block of a BHive-format file (HEX[,CYCLES_PER_100_ITERATIONS] per
                line) is simulated on all cores, unrolled with all registers holding one address unless
                --mode/--init say otherwise: one row per block (JSON: an array of objects with line, hex,
                cycles_per_iteration, settled, status and reason); a block that cannot be decoded or
                simulated gets its reason and the batch goes on.

                Examples:
                  uopsim simulate memdep-H --uarch skylake --view summary,bottleneck,critical-path
                  uopsim simulate memdep-H --uarch skylake --view timeline --timeline-iterations 2
                  uopsim simulate --hex 4801d84883c301 --uarch zen2 --json
                  uopsim simulate --blocks blocks.csv --uarch haswell --json
                """;
    }

    @Override
    public Options options() {
        Options o = KernelOptions.addUnrolledFrom(KernelOptions.add(new Options(), true));
        ModelOptions.add(o, true);
        o.addOption(Option.builder().longOpt("iterations").hasArg().argName("N")
                .desc("iterations at most (default 2000; the run stops when the steady state is reached)").build());
        o.addOption(Option.builder().longOpt("view").hasArg().argName("LIST")
                .desc("views to show, comma-separated: " + String.join(",", Views.names()) + " (default summary)").build());
        o.addOption(Option.builder().longOpt("timeline-iterations").hasArg().argName("N")
                .desc("iterations the timeline view shows (default 3)").build());
        o.addOption(Option.builder().longOpt("blocks").hasArg().argName("FILE")
                .desc("simulate every block of a BHive-format file (HEX[,CYCLES_PER_100_ITERATIONS] per line)").build());
        o.addOption(Option.builder().longOpt("threads").hasArg().argName("N").desc("threads for --blocks (default: all cores)").build());
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        return o;
    }

    @Override
    public int run(CommandLine line, Console console) throws Exception {
        String uarch = line.getOptionValue("uarch");
        if (uarch == null) throw new UsageException("--uarch is required", "e.g. --uarch skylake ('uopsim models list' shows the models)");
        if (line.hasOption("blocks")) return runBlocks(line, console, uarch);
        if (line.hasOption("threads")) throw new UsageException("--threads goes with --blocks", "drop it, or simulate a file of blocks with --blocks FILE");
        List<ViewFactory> views = views(line);
        int timelineIterations = count(line, "timeline-iterations", 3, 1);
        Kernel kernel = new KernelReader(FormTable.shipped()).read(KernelOptions.file(line, name()), KernelOptions.from(line));
        BoundModel bound = ModelOptions.bind(line, uarch);
        CoreSpec core = ModelCore.core(bound);
        TimingTable timings = ModelCore.timings(bound);
        int iterations = count(line, "iterations", 2000, 2);
        SimulationInput input = Simulations.input(kernel).withUnrolledFromUopCache(KernelOptions.unrolledFromUopCache(line));
        List<ViewFactory> run = new ArrayList<>(views);
        // JSON always carries the summary keys.
        if (line.hasOption("json") && views.stream().noneMatch(f -> f.name().equals("summary"))) run.addFirst(Views.find("summary").orElseThrow());
        Views.Run result;
        try {
            result = Views.run(new ViewContext(core, timings, input, new Simulator.Options(iterations, 0, List.of()), timelineIterations), run);
        } catch (Engine.MissingTimingException e) {
            var i = e.instruction();
            throw new InputException(i.location().source(), i.location().line(), i.location().column(),
                    "the " + bound.name() + " model has no timing for " + i.form().name(),
                    "choose another model, or add the row with --model-overlay");
        }
        String mode = kernel.mode().name().toLowerCase(Locale.ROOT);
        String init = kernel.init().name().toLowerCase(Locale.ROOT);
        if (line.hasOption("json")) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("kernel", kernel.name());
            doc.put("uarch", bound.name());
            doc.put("mode", mode);
            doc.put("init", init);
            for (View v : result.views()) v.json(doc);
            console.out().println(Json.write(doc));
        } else {
            console.out().printf("%s on %s (%s, init %s)%n", kernel.name(), bound.name(), mode, init);
            boolean first = true;
            for (View v : result.views()) {
                if (!first) console.out().println();
                console.out().print(v.text());
                first = false;
            }
        }
        return ExitCode.OK;
    }

    /** The views named by --view (each once, in the order given). */
    private static List<ViewFactory> views(CommandLine line) {
        String[] values = line.getOptionValues("view");
        if (values == null) return List.of(Views.find("summary").orElseThrow());
        LinkedHashSet<ViewFactory> out = new LinkedHashSet<>();
        for (String v : values) {
            for (String name : v.split(",")) {
                String n = name.strip().toLowerCase(Locale.ROOT);
                if (n.isEmpty()) continue;
                String near = Suggestions.didYouMean(n, Views.names());
                ViewFactory f = Views.find(n).orElseThrow(() -> new UsageException("unknown view '" + n + "'",
                        (near == null ? "" : near + " ") + "(views: " + String.join(", ", Views.names()) + ")"));
                out.add(f);
            }
        }
        if (out.isEmpty()) throw new UsageException("--view names no view", "e.g. --view summary,ports");
        return List.copyOf(out);
    }

    // ---- --blocks ---------------------------------------------------------------------------

    private int runBlocks(CommandLine line, Console console, String uarch) throws Exception {
        if (!line.getArgList().isEmpty()) {
            throw new UsageException("--blocks takes the file itself; no other FILE argument", "run 'uopsim simulate --blocks FILE --uarch NAME'");
        }
        if (line.hasOption("view") || line.hasOption("timeline-iterations")) {
            throw new UsageException("--view works on one kernel; --blocks prints one row per block",
                    "simulate one block with 'uopsim simulate --hex HEX --uarch NAME --view ...'");
        }
        if (line.hasOption("hex") || line.hasOption("syntax")) {
            throw new UsageException("--blocks reads BHive-format hex rows; --hex and --syntax do not apply", "drop them");
        }
        Path file = Path.of(line.getOptionValue("blocks"));
        if (!Files.isRegularFile(file)) throw new InputException(file.toString(), "no such file", "give a BHive-format file (HEX[,CYCLES] per line)");
        KernelReader.Options ko = KernelOptions.from(line);
        boolean loop = ko.mode() == Kernel.Mode.LOOP;
        boolean sameInit = ko.init() != Kernel.InitPolicy.DISTINCT;
        BoundModel bound = ModelOptions.bind(line, uarch);
        CoreSpec core = ModelCore.core(bound);
        TimingTable timings = ModelCore.timings(bound);
        int iterations = count(line, "iterations", 2000, 2);
        int threads = count(line, "threads", Runtime.getRuntime().availableProcessors(), 1);
        long total = KernelReader.readBhive(file).size();
        List<BlockBatch.Outcome> outcomes;
        try (var progress = console.progress("simulating " + file.getFileName(), total)) {
            outcomes = BlockBatch.decodeAndSimulate(file, core, timings, new Simulator.Options(iterations, 0, List.of()), threads,
                    progress::advance, new BlockBatch.Harness(loop, sameInit, KernelOptions.unrolledFromUopCache(line)));
        }
        if (line.hasOption("json")) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (BlockBatch.Outcome o : outcomes) rows.add(row(o));
            console.out().println(Json.write(rows));
        } else {
            printBlocks(console, file, bound.name(), loop, sameInit, outcomes);
        }
        return ExitCode.OK;
    }

    private static Map<String, Object> row(BlockBatch.Outcome o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("line", o.line());
        m.put("hex", o.hex());
        m.put("cycles_per_iteration", o.simulated() ? o.result().cyclesPerIteration() : null);
        m.put("settled", o.simulated() ? o.result().settled() : null);
        m.put("measured_cycles_per_iteration", o.measured() == null ? null : o.measured() / 100);
        m.put("bound", o.simulated() ? o.bounds().max() : null);
        m.put("limiter", o.simulated() ? o.bounds().limiter() : null);
        m.put("status", o.simulated() ? "simulated" : o.skip() == BlockBatch.Skip.ENGINE_ERROR ? "error" : "skipped");
        m.put("reason_kind", o.simulated() ? null : o.skip().key());
        m.put("reason", o.simulated() ? null : o.skipped());
        return m;
    }

    private static void printBlocks(Console console, Path file, String uarch, boolean loop, boolean sameInit, List<BlockBatch.Outcome> outcomes) {
        var out = console.out();
        boolean measured = outcomes.stream().anyMatch(o -> o.measured() != null);
        out.printf("%s on %s (%s, init %s)%n", file.getFileName(), uarch, loop ? "loop" : "unrolled", sameInit ? "same" : "distinct");
        out.printf("%6s  %10s  %-7s  %7s  %-12s  %s%s%n", "line", "cycles/it", "settled", "bound", "limiter",
                measured ? String.format("%9s  ", "measured") : "", "block");
        for (BlockBatch.Outcome o : outcomes) {
            String hex = o.hex().length() > 40 ? o.hex().substring(0, 39) + "…" : o.hex();
            String m = measured ? String.format(Locale.ROOT, "%9s  ", o.measured() == null ? "-" : String.format(Locale.ROOT, "%.2f", o.measured() / 100)) : "";
            if (o.simulated()) {
                out.printf(Locale.ROOT, "%6d  %10.2f  %-7s  %7.2f  %-12s  %s%s%n", o.line(), o.result().cyclesPerIteration(),
                        o.result().settled() ? "yes" : "no", o.bounds().max(), o.bounds().limiter(), m, hex);
            } else {
                out.printf(Locale.ROOT, "%6d  %10s  %-7s  %7s  %-12s  %s%s%n", o.line(), "-", "-", "-", "-", m, hex);
                out.printf("%6s  %s: %s%n", "", o.skip() == BlockBatch.Skip.ENGINE_ERROR ? "error" : "skipped", o.skipped());
            }
        }
        long simulated = outcomes.stream().filter(BlockBatch.Outcome::simulated).count();
        long settled = outcomes.stream().filter(o -> o.simulated() && o.result().settled()).count();
        Map<BlockBatch.Skip, Long> skipped = new TreeMap<>(outcomes.stream().filter(o -> !o.simulated())
                .collect(Collectors.groupingBy(BlockBatch.Outcome::skip, Collectors.counting())));
        out.printf("%n%d blocks: %d simulated (%d settled), %d skipped%s%n", outcomes.size(), simulated, settled, outcomes.size() - simulated,
                skipped.isEmpty() ? "" : ": " + skipped.entrySet().stream().map(e -> e.getValue() + " " + describe(e.getKey()))
                        .collect(Collectors.joining(", ")));
    }

    private static String describe(BlockBatch.Skip s) {
        return switch (s) {
            case BAD_HEX -> "bad hex";
            case UNKNOWN_FORM -> "with an instruction of no known form";
            case NOT_DECODED -> "not decoded";
            case MODEL_LACKS_FORM -> "with a form the model lacks";
            case ENGINE_ERROR -> "engine error";
        };
    }

    private static int count(CommandLine line, String option, int fallback, int min) {
        String v = line.getOptionValue(option);
        if (v == null) return fallback;
        try {
            int n = Integer.parseInt(v.strip());
            if (n < min) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--" + option + " takes a count of at least " + min + ", not '" + v + "'");
        }
    }
}
