package dev.uopsim.machine.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.InputException;
import dev.uopsim.model.importer.UopsInfoImporter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code uopsim models import-uops-info CSV --core CORE.json --name NAME [-o OUT]}: makes a model
 * from a uops.info table and a core file; the command line is recorded in the model, so the file
 * is regenerated instead of edited.
 */
final class ModelsImport implements Command {
    @Override
    public String name() { return "import-uops-info"; }

    @Override
    public String summary() { return "make a model from a uops.info table (CSV) and a core-parameter file"; }

    @Override
    public String synopsis() { return "import-uops-info CSV --core CORE.json --name NAME [-o OUT.json] [--examples N]"; }

    @Override
    public String description() {
        return """
                Reads the table (columns instruction, family, latency, throughput, uops, ports) and the core file
                (model parameters with their sources, plus an "import" section: port notation, dividers, AMD rules),
                writes the model (to OUT, or standard output) and reports the rows it could not use, and why, and
                which rule filled which rows, on standard error.

                Latency: a single value applies to every operand pair (*->*); for a range [min;max], register inputs
                get the minimum (*->*) and the memory path the maximum (mem->*); "<=n" (uops.info's ≤n) is an upper bound.

                The shipped models are made by ports-config/models/regenerate.sh; never edit them by hand.
                """;
    }

    @Override
    public Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("core").hasArg().argName("CORE.json").required().desc("core parameters and import settings").build());
        o.addOption(Option.builder().longOpt("name").hasArg().argName("NAME").required().desc("the model's name").build());
        o.addOption(Option.builder("o").longOpt("output").hasArg().argName("OUT.json").desc("where to write the model (default: standard output)").build());
        o.addOption(Option.builder().longOpt("examples").hasArg().argName("N").desc("example rows per report line (default 3)").build());
        return o;
    }

    @Override
    public int run(CommandLine line, Console console) {
        List<String> args = line.getArgList();
        if (args.size() != 1) throw new UsageException("give one uops.info table (CSV)", "e.g. uopsim models import-uops-info ../shared/data/uops-info-csv/skylake.csv --core ... --name skylake");
        String csv = args.getFirst();
        String core = line.getOptionValue("core");
        String name = line.getOptionValue("name");
        String outArg = line.getOptionValue("output");
        if (!Files.isRegularFile(Path.of(csv))) throw new InputException(csv, "no such table", "give the path of a uops.info CSV export");
        if (!Files.isRegularFile(Path.of(core))) throw new InputException(core, "no such core file", null);
        String command = command(csv, core, name, outArg);
        UopsInfoImporter.Result r = UopsInfoImporter.run(Path.of(csv), Path.of(core), name, command, inputNames(csv, core));
        String json = r.json();
        if (outArg == null) {
            console.out().print(json);
        } else {
            try {
                Files.writeString(Path.of(outArg), json, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new InputException(outArg, "cannot write the model: " + e.getMessage(), null);
            }
        }
        int n = Integer.parseInt(line.getOptionValue("examples", "3"));
        console.err().print(name + ": " + r.report().render(n));
        return ExitCode.OK;
    }

    /** The command line recorded in the model. */
    public static String command(String csv, String core, String name, String out) {
        return "uopsim models import-uops-info " + csv + " --core " + core + " --name " + name + (out == null ? "" : " -o " + out);
    }

    /** Input files named as given on the command line. */
    public static Map<Path, String> inputNames(String csv, String core) {
        return Map.of(Path.of(csv), csv, Path.of(core), core);
    }
}
