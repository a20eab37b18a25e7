package dev.uopsim.machine.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.CommandGroup;
import java.util.List;

/** {@code uopsim models}: list, show, compare, import and adopt machine models. */
public final class ModelsCommand extends CommandGroup {
    @Override
    public String name() { return "models"; }

    @Override
    public String summary() { return "machine models: list, show, diff, import-uops-info, adopt, schema"; }

    @Override
    public List<Command> subcommands() {
        return List.of(new ModelsList(), new ModelsShow(), new ModelsDiff(), new ModelsImport(), new ModelsAdopt(), new ModelsSchema());
    }
}
