package dev.uopsim.cli;

import dev.uopsim.common.InputException;
import dev.uopsim.common.MeasurementException;
import dev.uopsim.common.Suggestions;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/** The {@code uopsim} command line: finds the commands the modules contribute and runs one. */
public final class Main {
    private final List<Command> commands;
    private final Console console;

    Main(List<Command> commands, Console console) {
        this.commands = commands.stream().sorted(Comparator.comparing(Command::name)).toList();
        this.console = console;
    }

    public static void main(String[] args) {
        List<Command> found = new ArrayList<>();
        ServiceLoader.load(Command.class).forEach(found::add);
        int code = new Main(found, Console.system()).run(args);
        System.out.flush();
        System.exit(code);
    }

    int run(String[] args) {
        try {
            return dispatch(commands, "", args);
        } catch (InputException e) {
            console.err().println(e.render());
            return ExitCode.BAD_INPUT;
        } catch (MeasurementException e) {
            console.err().println("uopsim: " + e.render());
            return ExitCode.CHECK_FAILED;
        } catch (Exception | StackOverflowError | OutOfMemoryError e) {
            console.err().println("uopsim: internal error: " + e);
            if (System.getenv("UOPSIM_DEBUG") != null) {
                e.printStackTrace(console.err());
            } else {
                console.err().println("  (set UOPSIM_DEBUG=1 for the stack trace, and please report it)");
            }
            return ExitCode.INTERNAL_ERROR;
        }
    }

    private int dispatch(List<Command> choices, String prefix, String[] args) throws Exception {
        if (args.length == 0 || isHelp(args[0])) {
            printOverview(choices, prefix);
            return args.length == 0 && prefix.isEmpty() ? ExitCode.BAD_INPUT : ExitCode.OK;
        }
        if (prefix.isEmpty() && (args[0].equals("--version") || args[0].equals("version"))) {
            console.out().println("uopsim " + version());
            return ExitCode.OK;
        }
        String name = args[0];
        Command command = choices.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
        if (command == null) {
            List<String> names = choices.stream().map(Command::name).toList();
            String hint = Suggestions.didYouMean(name, names);
            throw new UsageException("unknown command '" + (prefix + " " + name).trim() + "'",
                    hint != null ? hint : "run 'uopsim " + (prefix + " --help").trim() + "' to list the commands");
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        String path = (prefix + " " + name).trim();
        if (!command.subcommands().isEmpty()) {
            if (rest.length == 0) {
                printOverview(command.subcommands(), path);
                return ExitCode.BAD_INPUT;
            }
            return dispatch(command.subcommands(), path, rest);
        }
        Options options = command.options();
        options.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        // Help first: a command's required options must not stand between the user and its help.
        for (String arg : rest) {
            if (arg.equals("--")) break;
            if (arg.equals("--help") || arg.equals("-h")) {
                printCommandHelp(command, path, options);
                return ExitCode.OK;
            }
        }
        CommandLine line;
        try {
            line = DefaultParser.builder().setAllowPartialMatching(false).build().parse(options, rest);
        } catch (ParseException e) {
            throw new UsageException(e.getMessage(), "run 'uopsim " + path + " --help' for the options");
        }
        if (line.hasOption("help")) {
            printCommandHelp(command, path, options);
            return ExitCode.OK;
        }
        return command.run(line, console);
    }

    private static boolean isHelp(String arg) {
        return arg.equals("--help") || arg.equals("-h") || arg.equals("help");
    }

    private void printOverview(List<Command> choices, String prefix) {
        var out = console.out();
        if (prefix.isEmpty()) {
            out.println("uopsim — characterize x86-64 cores and simulate basic blocks on them, cycle by cycle.");
            out.println();
            out.println("usage: uopsim COMMAND [options]      uopsim COMMAND --help for a command's options");
        } else {
            out.println("usage: uopsim " + prefix + " SUBCOMMAND [options]");
        }
        out.println();
        int width = choices.stream().mapToInt(c -> c.name().length()).max().orElse(8);
        for (Command c : choices) {
            out.printf("  %-" + width + "s  %s%n", c.name(), c.summary());
        }
        if (prefix.isEmpty()) {
            out.println();
            out.println("Exit codes: 0 success, 1 a check or measurement failed, 2 bad usage or bad input, 3 internal error.");
        }
    }

    private void printCommandHelp(Command command, String path, Options options) {
        var out = console.out();
        String synopsis = command.synopsis();
        String tail = synopsis.startsWith(command.name()) ? synopsis.substring(command.name().length()) : " " + synopsis;
        out.println("usage: uopsim " + path + tail);
        out.println();
        out.println(command.summary());
        if (!command.description().isBlank()) {
            out.println();
            out.println(command.description().strip());
        }
        out.println();
        out.println("Options:");
        PrintWriter pw = new PrintWriter(out, true);
        HelpFormatter formatter = HelpFormatter.builder().get();
        formatter.setOptionComparator(null);
        formatter.printOptions(pw, 100, options, 2, 3);
        pw.flush();
    }

    private static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v != null ? v : "development build";
    }
}
