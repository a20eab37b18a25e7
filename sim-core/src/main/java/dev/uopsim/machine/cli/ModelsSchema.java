package dev.uopsim.machine.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.model.LatencyKey;
import dev.uopsim.model.Schema;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** {@code uopsim models schema}: every model parameter with its type, default and meaning. */
final class ModelsSchema implements Command {
    @Override
    public String name() { return "schema"; }

    @Override
    public String summary() { return "print the model schema: every parameter with its type, default and meaning"; }

    @Override
    public String synopsis() { return "schema"; }

    @Override
    public Options options() { return new Options(); }

    @Override
    public int run(CommandLine line, Console console) {
        console.out().print(Schema.describe());
        console.out().println();
        String doc = LatencyKey.class.getSimpleName();
        console.out().println("latency keys (" + doc + "): FROM->TO with opN (explicit operand N; a memory operand's value), mem (address");
        console.out().println("registers of the memory operand, through the load), flags or one group CF/OF/SZAP, an implicit register");
        console.out().println("(RAX, RDX...), * (any). The most specific key wins: op1->op0 > op1->* > *->op0 > *->*. \"<=n\" = upper bound.");
        return ExitCode.OK;
    }
}
