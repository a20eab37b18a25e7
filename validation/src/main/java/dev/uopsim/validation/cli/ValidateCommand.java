package dev.uopsim.validation.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.CommandGroup;
import java.util.List;

/** {@code uopsim validate}: the simulator against measurements and published figures. */
public final class ValidateCommand extends CommandGroup {
    @Override
    public String name() { return "validate"; }

    @Override
    public String summary() { return "check models and the simulator against published and measured figures"; }

    @Override
    public List<Command> subcommands() {
        return List.of(new MemdepCommand(), new BhiveCommand(), new ReplayCommand(), new PortsCommand());
    }
}
