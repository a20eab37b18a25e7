package dev.uopsim.characterize.cli;

import dev.uopsim.characterize.measure.BlockMeasurer;
import dev.uopsim.characterize.measure.Session;
import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.Progress;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.InputException;
import dev.uopsim.common.Json;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.decode.Hex;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import dev.uopsim.traces.cli.KernelOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** {@code uopsim measure}: cycles per iteration of whole blocks on this machine. */
public final class MeasureCommand implements Command {
    @Override
    public String name() { return "measure"; }

    @Override
    public String summary() { return "measure cycles per iteration of a kernel or of every block of a BHive file on this machine"; }

    @Override
    public String synopsis() {
        return "measure FILE|-|KERNEL [--hex] [--syntax intel|att] [--mode loop|unrolled] [--init same|distinct] [--json]\n"
                + "       uopsim measure --blocks CSV --out FILE [--limit N] [--json]";
    }

    @Override
    public String description() {
        return """
                Runs the code on this machine the way BHive's harness and nanoBench do: unrolled N and 2N times (or,
                in loop mode, its own loop for L and 2L iterations), every register pointing into memory that is
                mapped on demand, the loop body at the start of a 64-byte line, and reports the difference in
                core cycles per iteration, with the clock that measured it.

                --blocks reads a BHive-format file (hex,cycles_per_100_iterations per line), measures every block
                unrolled with BHive's register convention and writes --out in the same format with this machine's
                figures, so any block set can become ground truth for 'uopsim validate bhive'. Blocks that cannot
                run, or whose measurement does not settle, are left out and counted by cause.

                Samples during which another thread used the core are dropped (a throughput sentinel runs slow);
                a measurement whose fastest sentinel is more than 6% slower than usual on this CPU (the median of
                recent runs, kept in the cache) was disturbed throughout: it is taken again after a pause and,
                still slow, reported unstable ("shared core"). Another tenant's work can also slow a run without
                slowing the sentinel, so one kernel is measured three times a second apart and the median run
                reported, each run's figure beside it (--runs N; for --blocks, N passes over the file).
                """;
    }

    @Override
    public Options options() {
        Options o = KernelOptions.add(new Options(), true);
        o.addOption(Option.builder().longOpt("blocks").hasArg().argName("CSV").desc("measure every block of a BHive-format file").build());
        o.addOption(Option.builder().longOpt("out").hasArg().argName("FILE").desc("with --blocks: write this machine's figures, BHive format").build());
        o.addOption(Option.builder().longOpt("limit").hasArg().argName("N").desc("with --blocks: only the first N distinct blocks").build());
        o.addOption(Option.builder().longOpt("samples").hasArg().argName("N").desc("samples per block in the first round (default 16)").build());
        o.addOption(Option.builder().longOpt("runs").hasArg().argName("N")
                .desc("measure N times, a second apart (with --blocks: N passes), and keep each kernel's median (default 3 for one kernel, 1 with --blocks)").build());
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        return o;
    }

    @Override
    public int run(CommandLine line, Console console) throws Exception {
        Optional<String> unavailable = Session.unavailable();
        if (line.hasOption("blocks")) return blocks(line, console, unavailable);
        String file = KernelOptions.file(line, name());
        Kernel kernel = new KernelReader(FormTable.shipped()).read(file, KernelOptions.from(line));
        String[] problem = BlockMeasurer.problem(kernel);
        if (problem != null) throw new InputException(kernel.name(), problem[1], "measure straight-line code, or a loop whose only branch is its last instruction");
        if (kernel.mode() == Kernel.Mode.LOOP) dev.uopsim.characterize.measure.LoopControl.detect(kernel.instructions(), kernel.name());
        if (unavailable.isPresent()) {
            console.err().println("uopsim: cannot measure on this machine: " + unavailable.get());
            return ExitCode.CHECK_FAILED;
        }
        try (Session session = Session.open()) {
            warnAboutHistory(session, console);
            BlockMeasurer m = new BlockMeasurer(session);
            if (line.hasOption("samples")) m.samples(Integer.parseInt(line.getOptionValue("samples")));
            List<BlockMeasurer.Result> all = new ArrayList<>();
            BlockMeasurer.Result r = m.measureRuns(List.of(kernel), runs(line, 3), n -> { }, (k, runs) -> all.addAll(runs)).getFirst();
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("kernel", kernel.name());
            doc.put("mode", kernel.mode().name().toLowerCase());
            doc.put("init", kernel.init().name().toLowerCase());
            doc.put("instructions", kernel.instructions().size());
            doc.put("cpu", session.host().cpu().toJson());
            doc.put("clock", session.clockJson());
            doc.putAll(resultJson(r));
            if (all.size() > 1) {
                doc.put("runs", all.stream().map(MeasureCommand::runJson).toList());
                doc.put("runs_spread", runsSpread(all));
            }
            if (line.hasOption("json")) {
                console.out().println(Json.write(doc));
            } else if (r.ok()) {
                console.out().printf("%s: %.3f cycles per iteration (%s; %s, spread %.2f%%, %d samples kept, %d pages mapped on demand; clock %s)%n",
                        kernel.name(), r.cyclesPerIteration(), r.estimate().stable() ? "stable" : "UNSTABLE: " + r.cause(),
                        r.control(), 100 * r.estimate().spread(), r.estimate().kept(), r.pagesMapped(), session.clock().kind().id());
                if (all.size() > 1) {
                    StringBuilder each = new StringBuilder();
                    for (BlockMeasurer.Result x : all) each.append(' ').append(x.ok() ? String.format(java.util.Locale.ROOT, "%.3f", x.cyclesPerIteration()) : "-");
                    console.out().printf("  the median of %d runs a second apart:%s%n", all.size(), each);
                }
            } else {
                console.out().println(kernel.name() + ": not measured: " + r.cause());
            }
            return r.stable() ? ExitCode.OK : ExitCode.CHECK_FAILED;
        }
    }

    static Map<String, Object> resultJson(BlockMeasurer.Result r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", r.ok() ? (r.estimate().stable() ? "ok" : "unstable") : "failed");
        m.put("cycles_per_iteration", r.ok() ? round(r.cyclesPerIteration()) : null);
        m.put("stable", r.stable());
        m.put("spread", r.ok() && Double.isFinite(r.estimate().spread()) ? round(r.estimate().spread()) : null);
        m.put("samples_kept", r.ok() ? r.estimate().kept() : 0);
        m.put("samples_taken", r.ok() ? r.estimate().taken() : 0);
        m.put("pages_mapped", r.pagesMapped());
        m.put("how", r.control());
        m.put("cause", r.cause());
        // The fastest throughput sentinel of the run, in cycles: what its samples were judged against.
        m.put("sentinel_reference_cycles", r.ok() && Double.isFinite(r.sentinelReference()) ? round(r.sentinelReference()) : null);
        return m;
    }

    /** One run of several: its figure, whether it was stable, and its sentinel. */
    private static Map<String, Object> runJson(BlockMeasurer.Result r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cycles_per_iteration", r.ok() ? round(r.cyclesPerIteration()) : null);
        m.put("stable", r.stable());
        m.put("sentinel_reference_cycles", r.ok() && Double.isFinite(r.sentinelReference()) ? round(r.sentinelReference()) : null);
        return m;
    }

    /** (largest - smallest) / median of the measured runs' figures, or null with fewer than two. */
    static Double runsSpread(List<BlockMeasurer.Result> runs) {
        List<Double> v = runs.stream().filter(BlockMeasurer.Result::ok).map(BlockMeasurer.Result::cyclesPerIteration).sorted().toList();
        if (v.size() < 2) return null;
        double median = v.get((v.size() - 1) / 2);
        return median > 0 ? round((v.getLast() - v.getFirst()) / median) : null;
    }

    /** The cache's sentinel history could not be read: said once, and measuring goes on (a fresh one is written). */
    private static void warnAboutHistory(Session session, Console console) {
        if (session.sentinelHistoryProblem() != null) console.warn(session.sentinelHistoryProblem());
    }

    private static int runs(CommandLine line, int fallback) {
        String v = line.getOptionValue("runs");
        if (v == null) return fallback;
        try {
            int n = Integer.parseInt(v);
            if (n < 1 || n > 50) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--runs takes a count from 1 to 50, not '" + v + "'");
        }
    }

    private static double round(double v) {
        return Math.round(v * 10000) / 10000.0;
    }

    private int blocks(CommandLine line, Console console, Optional<String> unavailable) throws IOException {
        if (!line.getArgList().isEmpty()) throw new UsageException("--blocks takes no FILE argument", "give the block file as --blocks CSV");
        if (!line.hasOption("out")) throw new UsageException("--blocks needs --out FILE for this machine's figures", "e.g. --out host.csv");
        Path csv = Path.of(line.getOptionValue("blocks"));
        List<KernelReader.BhiveRow> rows = KernelReader.readBhive(csv);
        Set<String> distinct = new LinkedHashSet<>();
        for (KernelReader.BhiveRow r : rows) distinct.add(r.hex().toLowerCase());
        List<String> hexes = new ArrayList<>(distinct);
        if (line.hasOption("limit")) {
            int n = Integer.parseInt(line.getOptionValue("limit"));
            if (n < hexes.size()) hexes = hexes.subList(0, n);
        }
        if (unavailable.isPresent()) {
            console.err().println("uopsim: cannot measure on this machine: " + unavailable.get());
            return ExitCode.CHECK_FAILED;
        }
        List<byte[]> code = new ArrayList<>();
        List<String> badHex = new ArrayList<>();
        for (String h : hexes) {
            try {
                code.add(Hex.parse(h, csv.toString(), 0, 0));
                badHex.add(null);
            } catch (InputException e) {
                code.add(new byte[]{(byte) 0x90});
                badHex.add(e.getMessage());
            }
        }
        List<ObjdumpDecoder.Block> decoded = new ObjdumpDecoder(FormTable.shipped()).decode(code, csv.toString());
        List<Kernel> kernels = new ArrayList<>();
        List<Integer> index = new ArrayList<>();
        Map<String, Integer> causes = new TreeMap<>();
        Map<String, String> causeExample = new TreeMap<>();
        List<BlockMeasurer.Result> results = new ArrayList<>(Collections.nCopies(hexes.size(), null));
        for (int i = 0; i < hexes.size(); i++) {
            ObjdumpDecoder.Block b = decoded.get(i);
            if (badHex.get(i) != null) {
                results.set(i, BlockMeasurer.Result.failed("block " + i, "bad hex", badHex.get(i)));
                continue;
            }
            if (!b.ok()) {
                String why = "not decoded: " + (b.failedText() != null ? b.failedText() : b.error().getMessage());
                results.set(i, BlockMeasurer.Result.failed("block " + i, "not decoded", why));
                continue;
            }
            kernels.add(new Kernel("block " + (i + 1), b.instructions(), Kernel.Mode.UNROLLED, Kernel.InitPolicy.SAME, Map.of()));
            index.add(i);
        }
        int runs = runs(line, 1);
        long start = System.nanoTime();
        try (Session session = Session.open(); Progress progress = console.progress("measure", kernels.size() * runs)) {
            warnAboutHistory(session, console);
            BlockMeasurer m = new BlockMeasurer(session);
            if (line.hasOption("samples")) m.samples(Integer.parseInt(line.getOptionValue("samples")));
            List<BlockMeasurer.Result> measured = m.measureRuns(kernels, runs, progress::advance, null);
            for (int k = 0; k < measured.size(); k++) results.set(index.get(k), measured.get(k));
            int ok = 0;
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < hexes.size(); i++) {
                BlockMeasurer.Result r = results.get(i);
                if (r.stable()) {
                    ok++;
                    out.append(hexes.get(i)).append(',').append(String.format("%.2f", 100 * r.cyclesPerIteration())).append('\n');
                } else {
                    String cat = r.category() == null ? "unstable" : r.category();
                    causes.merge(cat, 1, Integer::sum);
                    causeExample.putIfAbsent(cat, "block " + (i + 1) + " (" + hexes.get(i) + "): " + r.cause());
                }
            }
            Path target = Path.of(line.getOptionValue("out")).toAbsolutePath();
            if (target.getParent() != null) Files.createDirectories(target.getParent());
            Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
            Files.writeString(tmp, out.toString(), StandardCharsets.UTF_8);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            double seconds = (System.nanoTime() - start) / 1e9;
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("blocks", hexes.size());
            doc.put("measured", ok);
            doc.put("not_measured", hexes.size() - ok);
            doc.put("not_measured_by_cause", causes);
            doc.put("examples", causeExample);
            doc.put("out", target.toString());
            doc.put("unit", "cycles per 100 iterations (BHive format)");
            doc.put("cpu", session.host().cpu().toJson());
            doc.put("clock", session.clockJson());
            doc.put("seconds", Math.round(seconds));
            if (line.hasOption("json")) {
                List<Map<String, Object>> rowsJson = new ArrayList<>();
                for (int i = 0; i < hexes.size(); i++) {
                    Map<String, Object> r = new LinkedHashMap<>();
                    r.put("block", i + 1);
                    r.put("hex", hexes.get(i));
                    r.putAll(resultJson(results.get(i)));
                    rowsJson.add(r);
                }
                doc.put("rows", rowsJson);
                console.out().println(Json.write(doc));
            } else {
                console.out().printf("%d of %d blocks measured in %.0f s, written to %s (cycles per 100 iterations)%n", ok, hexes.size(), seconds, target);
                if (!causes.isEmpty()) {
                    console.out().println("not measured, by cause:");
                    causes.forEach((k, v) -> console.out().printf("  %-28s %5d   e.g. %s%n", k, v, causeExample.get(k)));
                }
            }
            return ExitCode.OK;
        }
    }
}
