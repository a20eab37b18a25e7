package dev.uopsim.cli;

import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * One {@code uopsim} subcommand. Modules contribute commands through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.uopsim.cli.Command}); the launcher only gathers them.
 *
 * <p>Exit codes are part of the contract: {@link ExitCode#OK}, {@link ExitCode#CHECK_FAILED} when a
 * check or measurement failed, {@link ExitCode#BAD_INPUT} for bad usage or bad input (thrown as
 * {@link dev.uopsim.common.InputException} or {@link UsageException}).
 */
public interface Command {
    /** The word on the command line, e.g. {@code decode}. */
    String name();

    /** One line for {@code uopsim --help}. */
    String summary();

    /** The synopsis after {@code uopsim}, e.g. {@code decode [--hex] [--json] FILE|-}. */
    String synopsis();

    /** Longer text for {@code uopsim NAME --help}: what it does, examples. May be empty. */
    default String description() { return ""; }

    /** Options understood by this command, without {@code --help} (added by the launcher). */
    Options options();

    /** Nested commands ({@code models list}); empty for a leaf command. */
    default List<Command> subcommands() { return List.of(); }

    /** Runs the command; returns its exit code. */
    int run(CommandLine line, Console console) throws Exception;
}
