package dev.uopsim.cli;

import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** A command that only holds subcommands, e.g. {@code models} with {@code list}, {@code show}. */
public abstract class CommandGroup implements Command {
    @Override
    public final Options options() {
        return new Options();
    }

    @Override
    public final String synopsis() {
        return name() + " SUBCOMMAND ...";
    }

    @Override
    public abstract List<Command> subcommands();

    @Override
    public final int run(CommandLine line, Console console) {
        throw new UsageException("'" + name() + "' needs a subcommand",
                "run 'uopsim " + name() + " --help' to see them");
    }
}
