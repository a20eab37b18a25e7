package dev.uopsim.validation.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.InputException;
import dev.uopsim.common.Json;
import dev.uopsim.isa.FormTable;
import dev.uopsim.machine.cli.ModelOptions;
import dev.uopsim.sim.Engine;
import dev.uopsim.sim.Simulator;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import dev.uopsim.traces.Simulations;
import dev.uopsim.traces.cli.KernelOptions;
import dev.uopsim.validation.Plots;
import dev.uopsim.validation.Sweep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** {@code uopsim whatif}: a kernel on the cross product of swept model parameters. */
public final class WhatifCommand implements Command {
    @Override
    public String name() { return "whatif"; }

    @Override
    public String summary() { return "sweep model parameters: cycles per iteration and bottleneck per point"; }

    @Override
    public String synopsis() {
        return "whatif FILE --uarch NAME --sweep KEY=V1,V2,... [--sweep ...] [--plot FILE.svg] [what-if options] [--json]";
    }

    @Override
    public String description() {
        return """
                Simulates the kernel on every point of the cross product of the sweeps; each point is
                the model with --set KEY=VALUE for each swept key (after any --set, --add-port,
                --remove-port or --model-overlay given, which apply to every point). Keys are the
                model's (uopsim models show NAME), e.g. rob.size, memory.storeForwarding.latency,
                ports.P0.units; a value holding commas is separated from the next by ';' instead
                (--sweep "ports.P0.units=ALU;ALU,DIV"). Every point's model is loaded first, so a bad
                key stops the sweep at once, naming the nearest valid key.

                The bottleneck of a point is the analytical bound it meets (ports, dependencies, front
                end) when the simulation runs within 5% of it, else the stall the engine recorded most
                (reorder buffer, scheduler, load/store buffer, memory order, ports, front end).
                --plot writes an SVG: a line chart for one sweep, a heat map for two.
                JSON: kernel, uarch, sweeps, and a "points" array (settings, cycles_per_iteration,
                settled, ipc, bottleneck, bounds, stalls).

                Example:
                  uopsim whatif memdep-H --uarch skylake --sweep memory.storeForwarding.latency=3,4,5,6 --sweep rob.size=64,224
                """;
    }

    @Override
    public Options options() {
        Options o = KernelOptions.add(new Options(), true);
        ModelOptions.add(o, true);
        o.addOption(Option.builder().longOpt("sweep").hasArg().argName("KEY=V1,V2,...")
                .desc("a model parameter and the values to try (repeatable: the cross product is simulated)").build());
        o.addOption(Option.builder().longOpt("plot").hasArg().argName("FILE.svg")
                .desc("write a line chart (one sweep) or a heat map (two sweeps) of cycles per iteration").build());
        o.addOption(Option.builder().longOpt("iterations").hasArg().argName("N")
                .desc("iterations at most per point (default 2000; each stops at the steady state)").build());
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        return o;
    }

    @Override
    public int run(CommandLine line, Console console) throws Exception {
        String uarch = line.getOptionValue("uarch");
        if (uarch == null) throw new UsageException("--uarch is required", "e.g. --uarch skylake ('uopsim models list' shows the models)");
        String[] specs = line.getOptionValues("sweep");
        if (specs == null || specs.length == 0) {
            throw new UsageException("give at least one --sweep KEY=V1,V2,...", "e.g. --sweep rob.size=64,128,224");
        }
        List<Sweep.Axis> axes = new ArrayList<>();
        for (String s : specs) {
            Sweep.Axis a = Sweep.Axis.parse(s);
            if (axes.stream().anyMatch(b -> b.key().equals(a.key()))) {
                throw new UsageException("--sweep " + a.key() + " is given twice", "list all its values in one --sweep");
            }
            axes.add(a);
        }
        Path plot = line.hasOption("plot") ? Path.of(line.getOptionValue("plot")) : null;
        if (plot != null && axes.size() > 2) {
            throw new UsageException("--plot draws one sweep (a line chart) or two (a heat map), not " + axes.size(),
                    "drop --plot or sweep fewer parameters");
        }
        int iterations = iterations(line);
        Kernel kernel = new KernelReader(FormTable.shipped()).read(KernelOptions.file(line, name()), KernelOptions.from(line));
        List<Sweep.Point> points;
        try {
            points = Sweep.run(Simulations.input(kernel), uarch, ModelOptions.whatIfs(line), axes,
                    new Simulator.Options(iterations, 0, List.of()));
        } catch (Engine.MissingTimingException e) {
            var i = e.instruction();
            throw new InputException(i.location().source(), i.location().line(), i.location().column(),
                    "the " + uarch + " model has no timing for " + i.form().name(), "choose another model, or add the row with --model-overlay");
        }

        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("kernel", kernel.name());
        doc.put("uarch", uarch);
        List<Map<String, Object>> sweeps = new ArrayList<>();
        for (Sweep.Axis a : axes) sweeps.add(Map.of("key", a.key(), "values", a.values()));
        doc.put("sweeps", sweeps);
        List<Map<String, Object>> out = new ArrayList<>();
        for (Sweep.Point p : points) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("settings", p.settings());
            m.put("cycles_per_iteration", p.result().cyclesPerIteration());
            m.put("settled", p.result().settled());
            m.put("ipc", p.result().ipc());
            m.put("bottleneck", p.bottleneck());
            m.put("bounds", Map.of("ports", p.bounds().ports(), "dependencies", p.bounds().dependencies(), "front_end", p.bounds().frontEnd()));
            Map<String, Long> stalls = new LinkedHashMap<>();
            p.stalls().forEach((k, v) -> stalls.put(k.name().toLowerCase(Locale.ROOT), v));
            m.put("stalls", stalls);
            out.add(m);
        }
        doc.put("points", out);
        if (plot != null) {
            Files.writeString(plot, plot(kernel.name(), uarch, axes, points));
            doc.put("plot", plot.toString());
        }
        if (line.hasOption("json")) {
            console.out().println(Json.write(doc));
        } else {
            print(kernel.name(), uarch, axes, points, plot, console);
        }
        return ExitCode.OK;
    }

    private static String plot(String kernel, String uarch, List<Sweep.Axis> axes, List<Sweep.Point> points) {
        String title = "uopsim whatif " + kernel + " on " + uarch;
        if (axes.size() == 1) {
            double[] y = points.stream().mapToDouble(p -> p.result().cyclesPerIteration()).toArray();
            return Plots.svgLine(axes.getFirst().values(), y, title, axes.getFirst().key(), "cycles per iteration");
        }
        // Points vary the second axis fastest: row = second axis value, column = first axis value.
        Sweep.Axis x = axes.get(0), y = axes.get(1);
        double[][] v = new double[y.values().size()][x.values().size()];
        for (int i = 0; i < points.size(); i++) v[i % y.values().size()][i / y.values().size()] = points.get(i).result().cyclesPerIteration();
        return Plots.svgHeatmap(x.values(), y.values(), v, title + " (cycles per iteration)", x.key(), y.key());
    }

    private static void print(String kernel, String uarch, List<Sweep.Axis> axes, List<Sweep.Point> points, Path plot, Console console) {
        var o = console.out();
        o.printf("%s on %s: %d points%n", kernel, uarch, points.size());
        List<Integer> widths = new ArrayList<>();
        StringBuilder head = new StringBuilder();
        for (Sweep.Axis a : axes) {
            int w = Math.max(a.key().length(), a.values().stream().mapToInt(String::length).max().orElse(1));
            widths.add(w);
            head.append(String.format("%-" + w + "s  ", a.key()));
        }
        o.println(head + "cycles/iter    IPC  bottleneck");
        for (Sweep.Point p : points) {
            StringBuilder row = new StringBuilder();
            for (int k = 0; k < axes.size(); k++) row.append(String.format("%-" + widths.get(k) + "s  ", p.settings().get(axes.get(k).key())));
            o.println(row + String.format(Locale.ROOT, "%11.2f  %5.2f  %s%s", p.result().cyclesPerIteration(), p.result().ipc(),
                    p.bottleneck(), p.result().settled() ? "" : "  (never settled: last window)"));
        }
        if (plot != null) o.println("plot: " + plot);
    }

    private static int iterations(CommandLine line) {
        String v = line.getOptionValue("iterations", "2000");
        try {
            int n = Integer.parseInt(v);
            if (n < 2) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--iterations takes a count of at least 2, not '" + v + "'");
        }
    }
}
