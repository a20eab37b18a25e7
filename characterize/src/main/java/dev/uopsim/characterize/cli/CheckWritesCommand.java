package dev.uopsim.characterize.cli;

import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.measure.Session;
import dev.uopsim.characterize.measure.WriteSetCheck;
import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.Progress;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.Json;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** {@code uopsim check-writes}: the instruction model's write sets against the hardware. */
public final class CheckWritesCommand implements Command {
    @Override
    public String name() { return "check-writes"; }

    @Override
    public String summary() { return "run every form on random inputs and check that what changed is what the model writes"; }

    @Override
    public String synopsis() { return "check-writes [--forms REGEX] [--seed N] [--json]"; }

    @Override
    public String description() {
        return """
                Runs each instruction form this CPU supports once per trial on random register, flag and memory
                values (four trials), and compares the general-purpose registers, the status flags and YMM0-15
                before and after. A bit that changed outside the registers and flags the form table says the
                form writes is a disagreement: the table is missing a write. Exit code 1 when there is one.
                """;
    }

    @Override
    public Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("forms").hasArg().argName("REGEX").desc("forms whose name matches (default: all)").build());
        o.addOption(Option.builder().longOpt("seed").hasArg().argName("N").desc("seed of the random inputs (default 1)").build());
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        return o;
    }

    @Override
    public int run(CommandLine line, Console console) throws Exception {
        Pattern pattern = null;
        if (line.hasOption("forms")) {
            try {
                pattern = Pattern.compile(line.getOptionValue("forms"));
            } catch (PatternSyntaxException e) {
                throw new UsageException("--forms: not a regular expression: " + e.getDescription(), null);
            }
        }
        long seed = line.hasOption("seed") ? Long.parseLong(line.getOptionValue("seed")) : 1;
        Optional<String> unavailable = Session.unavailable();
        if (unavailable.isPresent()) {
            console.err().println("uopsim: cannot run code on this machine: " + unavailable.get());
            return ExitCode.CHECK_FAILED;
        }
        try (Session session = Session.open()) {
            List<InstructionForm> forms = new ArrayList<>();
            Map<String, Integer> skipped = new TreeMap<>();
            for (InstructionForm f : FormTable.shipped().forms()) {
                if (pattern != null && !pattern.matcher(f.name()).find()) continue;
                String why = Generator.unsupported(f, session.host().cpu());
                if (why == null) forms.add(f);
                else skipped.merge(why, 1, Integer::sum);
            }
            List<WriteSetCheck.Finding> findings;
            try (Progress progress = console.progress("check-writes", forms.size())) {
                findings = new WriteSetCheck(session, seed).check(forms, progress::advance);
            }
            Map<String, Integer> counts = new TreeMap<>();
            for (WriteSetCheck.Finding f : findings) counts.merge(f.status(), 1, Integer::sum);
            List<WriteSetCheck.Finding> disagree = findings.stream().filter(f -> f.status().equals("disagree")).toList();
            if (line.hasOption("json")) {
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("cpu", session.host().cpu().toJson());
                doc.put("seed", seed);
                doc.put("counts", counts);
                doc.put("not_run_unsupported", skipped);
                doc.put("findings", findings.stream().filter(f -> !f.status().equals("agree")).toList());
                console.out().println(Json.write(doc));
            } else {
                console.out().println("forms run: " + findings.size() + " " + counts + "; not run here: " + skipped.values().stream().mapToInt(i -> i).sum());
                for (WriteSetCheck.Finding f : disagree) {
                    console.out().printf("  %-34s %-40s changed but not in the model: %s%n", f.form(), f.line(), String.join(", ", f.extraWrites()));
                }
                findings.stream().filter(f -> f.status().equals("faulted") || f.status().equals("not run")).forEach(f ->
                        console.out().printf("  %-34s %s: %s%n", f.form(), f.status(), f.cause()));
            }
            return disagree.isEmpty() ? ExitCode.OK : ExitCode.CHECK_FAILED;
        }
    }
}
