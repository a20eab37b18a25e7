package dev.uopsim.traces.cli;

import dev.uopsim.cli.UsageException;
import dev.uopsim.isa.asm.Syntax;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** The options every command that takes a kernel understands: --hex, --syntax, --mode, --init. */
public final class KernelOptions {
    private KernelOptions() {}

    /** Adds the options; {@code withMode} for commands where mode and init matter. */
    public static Options add(Options options, boolean withMode) {
        options.addOption(Option.builder().longOpt("hex").desc("the input is machine code as hex (a file, - or the hex string itself)").build());
        options.addOption(Option.builder().longOpt("syntax").hasArg().argName("intel|att")
                .desc("assembly syntax (default: detected; Intel unless % registers or .att_syntax)").build());
        if (withMode) {
            options.addOption(Option.builder().longOpt("mode").hasArg().argName("loop|unrolled")
                    .desc("loop body with its branch, or repeated back to back (default: the file's directive, else loop when it ends with a branch to its start)").build());
            options.addOption(Option.builder().longOpt("init").hasArg().argName("same|distinct")
                    .desc("initial registers: all GPRs hold one address (BHive) or distinct regions (default: the file's directive, else same)").build());
        }
        return options;
    }

    /** {@code --unrolled-from}, for commands that simulate: where unrolled code's µops come from. */
    public static Options addUnrolledFrom(Options options) {
        return options.addOption(Option.builder().longOpt("unrolled-from").hasArg().argName("decoders|uop-cache")
                .desc("where unrolled code's µops come from: the legacy decoders (default; BHive's measurements, whose "
                        + "unrolled code does not stay in the µop cache) or the µop cache (blocks measured with uopsim measure, "
                        + "which loops over a few hundred copies)").build());
    }

    public static boolean unrolledFromUopCache(CommandLine line) {
        String v = line.getOptionValue("unrolled-from", "decoders");
        return switch (v) {
            case "decoders" -> false;
            case "uop-cache" -> true;
            default -> throw new UsageException("unknown --unrolled-from '" + v + "'", "use --unrolled-from decoders or --unrolled-from uop-cache");
        };
    }

    public static KernelReader.Options from(CommandLine line) {
        Syntax syntax = line.hasOption("syntax") ? Syntax.parse(line.getOptionValue("syntax")) : Syntax.AUTO;
        Kernel.Mode mode = null;
        if (line.hasOption("mode")) {
            mode = KernelReader.parseMode(line.getOptionValue("mode"));
            if (mode == null) throw new UsageException("unknown mode '" + line.getOptionValue("mode") + "'", "use --mode loop or --mode unrolled");
        }
        Kernel.InitPolicy init = null;
        if (line.hasOption("init")) {
            init = KernelReader.parseInit(line.getOptionValue("init"));
            if (init == null) throw new UsageException("unknown init policy '" + line.getOptionValue("init") + "'", "use --init same or --init distinct");
        }
        return new KernelReader.Options(line.hasOption("hex"), syntax, mode, init);
    }

    /** The single positional FILE argument. */
    public static String file(CommandLine line, String command) {
        if (line.getArgList().size() != 1) {
            throw new UsageException(line.getArgList().isEmpty() ? "missing FILE" : "too many arguments: " + line.getArgList(),
                    "run 'uopsim " + command + " --help'");
        }
        return line.getArgList().getFirst();
    }
}
