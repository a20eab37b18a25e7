package dev.uopsim.characterize.cli;

import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.journal.Journal;
import dev.uopsim.characterize.measure.Characterizer;
import dev.uopsim.characterize.measure.HostJournals;
import dev.uopsim.characterize.measure.HostRun;
import dev.uopsim.characterize.measure.JournalMeasurer;
import dev.uopsim.characterize.measure.Session;
import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.Progress;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.Json;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code uopsim characterize}: measures latency per operand pair and throughput of instruction
 * forms on this machine (the uops.info method, without performance counters when there are none).
 */
public final class CharacterizeCommand implements Command {
    @Override
    public String name() { return "characterize"; }

    @Override
    public String summary() { return "measure latency per operand pair and throughput of instruction forms on this machine"; }

    @Override
    public String synopsis() {
        return "characterize [--forms REGEX] [--journal FILE] [--out MODEL.json] [--resume] [--budget-minutes N] [--json]";
    }

    @Override
    public String description() {
        return """
                Generates microbenchmarks for each instruction form (uops.info's method: sequences of 1, 2, 4, 8
                independent instances for throughput; a dependency chain through every input/output operand pair
                for latency, with chain instructions where the operand types differ), runs them in a worker pinned
                to one CPU, and reports cycles. Without a cycle counter the TSC is converted to core cycles by a
                1-cycle chain timed around every sample; samples taken while another thread shared the core are
                dropped; N vs 2N copies cancel the loop's overhead. Once every form is measured, a second pass
                measures each benchmark again and keeps the settled reading, of two settled ones the lower
                (another tenant only adds cycles).

                --journal records every raw sample and every finished form as JSON lines; after an interruption
                (even kill -9) --resume goes on where it stopped.

                Then, unless --measure-only: slots per form from front-end-bound probes (macro_ops), port classes
                of one-µop forms by interference, their ports from mixes, each form's µops on port combinations by
                blocking (Algorithm 1 of the uops.info paper, with time), the LP throughput from those ports, the
                core's load-to-use, forwarding and memory renaming, bypass domains of the vector forms and the
                delays between them (chains through reference forms), and 800 held-apart checks (mixes and chains)
                for 'validate replay'. --out writes this machine's ports-config model with provenance per number;
                without --journal the journal goes to the cache, and the last journal and model are remembered.

                Exit codes: 0 done; 1 the machine was too busy to measure a step that everything after it builds on
                (the front end's width, the ports' layout): nothing is written but the journal, and --resume
                later measures that step again; 2 bad input.

                Examples:
                  uopsim characterize --forms '^(ADD_01|IMUL) \\(R64, R64\\)$'
                  uopsim characterize --journal run.jsonl --out host.json --budget-minutes 45
                """;
    }

    @Override
    public Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("forms").hasArg().argName("REGEX").desc("forms whose name matches (default: every form this CPU runs)").build());
        o.addOption(Option.builder().longOpt("journal").hasArg().argName("FILE").desc("record every raw sample and finished form (JSON lines)").build());
        o.addOption(Option.builder().longOpt("out").hasArg().argName("MODEL.json").desc("write the measured latencies and throughputs").build());
        o.addOption(Option.builder().longOpt("resume").desc("go on with the --journal file of an interrupted run").build());
        o.addOption(Option.builder().longOpt("budget-minutes").hasArg().argName("N").desc("stop starting new forms after N minutes").build());
        o.addOption(Option.builder().longOpt("samples").hasArg().argName("N").desc("samples in a benchmark's first round (default 24)").build());
        o.addOption(Option.builder().longOpt("measure-only").desc("latency and throughput only: no µops, ports or model inference").build());
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        return o;
    }

    @Override
    public int run(CommandLine line, Console console) throws Exception {
        if (!line.getArgList().isEmpty()) throw new UsageException("unexpected argument " + line.getArgList().getFirst(), "select forms with --forms REGEX");
        if (line.hasOption("resume") && !line.hasOption("journal")) {
            throw new UsageException("--resume needs the --journal file to resume", "e.g. uopsim characterize --journal run.jsonl --resume");
        }
        Pattern pattern = null;
        if (line.hasOption("forms")) {
            try {
                pattern = Pattern.compile(line.getOptionValue("forms"));
            } catch (PatternSyntaxException e) {
                throw new UsageException("--forms: not a regular expression: " + e.getDescription(), "e.g. --forms '^ADD_01 '");
            }
        }
        double budget = line.hasOption("budget-minutes") ? positive(line.getOptionValue("budget-minutes"), "--budget-minutes") : Double.POSITIVE_INFINITY;
        int samples = line.hasOption("samples") ? (int) positive(line.getOptionValue("samples"), "--samples") : 0;
        Optional<String> unavailable = Session.unavailable();
        if (unavailable.isPresent()) {
            console.err().println("uopsim: cannot measure on this machine: " + unavailable.get());
            return ExitCode.CHECK_FAILED;
        }
        FormTable table = FormTable.shipped();
        List<InstructionForm> matched = new ArrayList<>();
        for (InstructionForm f : table.forms()) if (pattern == null || pattern.matcher(f.name()).find()) matched.add(f);
        if (!matched.isEmpty() && !line.hasOption("measure-only")) {
            // Port inference needs blocking instructions: the probe set is measured whatever --forms selects.
            java.util.Set<String> have = new java.util.HashSet<>();
            for (InstructionForm f : matched) have.add(f.name());
            for (String n : dev.uopsim.characterize.measure.HostInference.PROBE_SET) {
                if (!have.contains(n)) table.byName(n).ifPresent(matched::add);
            }
        }
        if (matched.isEmpty()) {
            throw new UsageException("no form matches --forms " + line.getOptionValue("forms"),
                    "forms are named as in uops.info, e.g. 'ADD_01 (R64, R64)' or 'VADDPS (YMM, YMM, YMM)'; run 'uopsim decode' on an instruction to see its form");
        }
        boolean infer = !line.hasOption("measure-only");
        if (!infer && line.hasOption("out")) {
            throw new UsageException("--out writes the model the inference makes; --measure-only skips it", "drop one of them");
        }
        long start = System.nanoTime();
        try (Session session = Session.open()) {
            List<InstructionForm> forms = new ArrayList<>();
            List<Map<String, Object>> notMeasured = new ArrayList<>();
            for (InstructionForm f : matched) {
                String why = Generator.unsupported(f, session.host().cpu());
                if (why == null) {
                    forms.add(f);
                } else {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("form", f.name());
                    m.put("reason", why);
                    notMeasured.add(m);
                }
            }
            String out = line.getOptionValue("out");
            // Without --journal the run still keeps one (in the cache): the model is written from it and
            // 'validate replay' reads it.
            Path jp = line.hasOption("journal") ? Path.of(line.getOptionValue("journal")) : infer ? HostJournals.fresh() : null;
            Journal journal = null;
            if (jp != null) {
                if (line.hasOption("resume")) {
                    journal = Journal.resume(jp, session.host().cpu().identity(), out);
                    console.err().println("uopsim: resuming " + jp + ": " + journal.forms().size() + " forms already done");
                } else {
                    Map<String, Object> header = new LinkedHashMap<>();
                    header.put("cpu_identity", session.host().cpu().identity());
                    header.put("host", session.host().toJson());
                    header.put("model_file", out);
                    header.put("clock", session.clockJson());
                    header.put("forms_regex", line.getOptionValue("forms"));
                    header.put("command", "uopsim characterize" + (line.hasOption("forms") ? " --forms '" + line.getOptionValue("forms") + "'" : "")
                            + (line.hasOption("samples") ? " --samples " + line.getOptionValue("samples") : "")
                            + " --journal " + jp.getFileName() + (out != null ? " --out " + Path.of(out).getFileName() : ""));
                    header.put("started", Instant.now().toString());
                    journal = Journal.create(jp, header);
                }
                if (infer) HostJournals.remember(jp);
            }
            try {
                var runner = samples > 0 ? session.runner().samples(samples) : session.runner();
                Characterizer c = new Characterizer(new Generator(session.host().cpu()), runner, journal);
                List<Map<String, Object>> results = new ArrayList<>();
                boolean complete;
                long deadline = Double.isInfinite(budget) ? Long.MAX_VALUE : start + (long) (budget * 60e9);
                try (Progress progress = console.progress("characterize", forms.size())) {
                    complete = c.run(forms, r -> {
                        results.add(r);
                        progress.advance(1);
                    }, () -> System.nanoTime() > deadline);
                }
                Characterizer.Retake retake = new Characterizer.Retake(0, 0, 0, 0);
                if (complete) {
                    // Minutes later, on a core that may no longer be shared: the pauses get a budget of their own.
                    runner.renewContentionBudget();
                    List<Characterizer.FirstPass> firstPass = c.firstPassOnly(forms, results);
                    try (Progress progress = console.progress("second pass", firstPass.size())) {
                        retake = c.secondPass(firstPass, results, progress::advance, () -> System.nanoTime() > deadline);
                    }
                    if (retake.forms() > 0) {
                        console.err().println("uopsim: second pass over " + retake.forms() + " forms: " + retake.benchmarks()
                                + " benchmarks measured again, " + retake.settled() + " settled, " + retake.changed()
                                + " readings replaced (settled where the first was not, or lower)");
                    }
                }
                Map<String, Integer> order = new java.util.HashMap<>();
                for (InstructionForm f : forms) order.put(f.name(), f.id());
                results.sort(java.util.Comparator.comparingInt(r -> order.getOrDefault((String) r.get("form"), Integer.MAX_VALUE)));
                Map<String, Object> doc = new LinkedHashMap<>();
                HostRun.Outcome outcome = null;
                if (infer && complete) {
                    JournalMeasurer measurer = new JournalMeasurer(runner, journal, true);
                    List<InstructionForm> measured = new ArrayList<>();
                    java.util.Set<String> have = new java.util.HashSet<>();
                    for (Map<String, Object> r : results) have.add((String) r.get("form"));
                    for (InstructionForm f : forms) if (have.contains(f.name())) measured.add(f);
                    // table order, as a replay of the journal sees them (the decisions depend on the order)
                    measured.sort(java.util.Comparator.comparingInt(InstructionForm::id));
                    outcome = HostRun.infer(session.host().cpu(), measurer, measured, results, HostRun.provenance(journal, session.host().cpu()),
                            msg -> console.err().println("uopsim: " + msg));
                    doc.put("inference", InferenceJson.summary(outcome));
                    var checks = HostRun.heldApart(outcome, measured);
                    console.err().println("uopsim: " + checks.stream().filter(x -> x.measurement().ok()).count() + " of " + checks.size()
                            + " held-apart checks measured (validate replay compares them with the model)");
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                if (runner.remeasured() > 0) console.err().println("uopsim: " + runner.contention());
                doc.put("remeasured_contended", runner.remeasured());
                Map<String, Object> second = new LinkedHashMap<>();
                second.put("forms", retake.forms());
                second.put("benchmarks", retake.benchmarks());
                second.put("settled", retake.settled());
                second.put("changed", retake.changed());
                doc.put("second_pass", second);
                doc.put("cpu", session.host().cpu().toJson());
                doc.put("host", session.host().toJson());
                doc.put("clock", session.clockJson());
                doc.put("references", c.referenceResults());
                doc.put("forms", results);
                doc.put("not_measured", notMeasured);
                doc.put("complete", complete);
                doc.put("seconds", Math.round(seconds * 10) / 10.0);
                if (journal != null) doc.put("journal", journal.path().toString());
                if (out != null && outcome != null) {
                    HostJournals.writeModel(Path.of(out), outcome.model());
                    doc.put("out", out);
                    console.err().println("uopsim: wrote " + out + " (model " + outcome.model().get("name") + ")");
                }
                if (line.hasOption("json")) {
                    console.out().println(Json.write(doc));
                } else {
                    printTable(console, results, notMeasured, complete, forms.size(), seconds, session);
                }
                if (!complete) {
                    console.err().println("uopsim: the time budget ran out after " + results.size() + " of " + forms.size()
                            + " forms" + (journal != null ? "; go on with --journal " + journal.path() + " --resume" : ""));
                }
                return ExitCode.OK;
            } finally {
                if (journal != null) journal.close();
            }
        }
    }

    private static double positive(String text, String option) {
        try {
            double v = Double.parseDouble(text);
            if (v > 0) return v;
        } catch (NumberFormatException e) {
            // below
        }
        throw new UsageException(option + " needs a positive number, not '" + text + "'", null);
    }

    @SuppressWarnings("unchecked")
    private static void printTable(Console console, List<Map<String, Object>> results, List<Map<String, Object>> notMeasured,
                                   boolean complete, int total, double seconds, Session session) {
        var o = console.out();
        o.println("CPU: " + session.host().cpu().summary() + "; clock: " + session.clock().kind().id());
        int w = results.stream().mapToInt(r -> ((String) r.get("form")).length()).max().orElse(10);
        o.printf("%-" + w + "s  %-11s  %s%n", "form", "throughput", "latency (cycles; <= upper bound, ? unstable)");
        for (Map<String, Object> r : results) {
            StringBuilder lat = new StringBuilder();
            Map<String, Object> l = (Map<String, Object>) r.get("latency");
            for (var e : l.entrySet()) {
                Map<String, Object> v = (Map<String, Object>) e.getValue();
                if (!lat.isEmpty()) lat.append("  ");
                lat.append(e.getKey()).append(' ').append("upper".equals(v.get("bound")) ? "<=" : "")
                        .append(format(v.get("cycles"))).append(Boolean.TRUE.equals(v.get("stable")) ? "" : "?");
            }
            Object t = r.get("throughput");
            String tp = t == null ? "-" : format(t) + (Boolean.TRUE.equals(r.get("throughput_stable")) ? "" : "?") + " " + r.get("throughput_sequence");
            o.printf("%-" + w + "s  %-11s  %s%n", r.get("form"), tp, lat);
        }
        o.printf("%d of %d forms measured in %.0f s%s; %d not measured (--json lists why)%n", results.size(), total, seconds,
                complete ? "" : " (budget reached)", notMeasured.size());
    }

    private static String format(Object v) {
        return v instanceof Number n ? String.format("%.2f", n.doubleValue()) : String.valueOf(v);
    }
}
