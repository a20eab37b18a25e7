package dev.uopsim.machine.cli;

import dev.uopsim.cli.UsageException;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.LoadedModel;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.WhatIf;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * The model options every command that takes {@code --uarch} shares: which model, and the what-if
 * changes applied to it in command-line order ({@code --set}, {@code --add-port NAME --like PORT},
 * {@code --remove-port}, {@code --model-overlay}).
 */
public final class ModelOptions {
    private ModelOptions() {}

    /** Adds the options; {@code withUarch} false for commands that take the model as an argument. */
    public static Options add(Options o, boolean withUarch) {
        if (withUarch) {
            o.addOption(Option.builder().longOpt("uarch").hasArg().argName("NAME|PATH")
                    .desc("machine model: a shipped name (uopsim models list) or a model file").build());
        }
        o.addOption(Option.builder().longOpt("set").hasArg().argName("KEY=VALUE")
                .desc("change one model parameter, e.g. --set rob.size=512 or --set ports.P0.units=ALU,DIV (repeatable)").build());
        o.addOption(Option.builder().longOpt("add-port").hasArg().argName("NAME")
                .desc("add a port; give the port it copies with --like right after").build());
        o.addOption(Option.builder().longOpt("like").hasArg().argName("PORT")
                .desc("the existing port a new port copies: its units, and its place in every port set").build());
        o.addOption(Option.builder().longOpt("remove-port").hasArg().argName("NAME")
                .desc("remove a port from the model and from every port set (repeatable)").build());
        o.addOption(Option.builder().longOpt("model-overlay").hasArg().argName("FILE.json")
                .desc("merge a partial model file into the model (repeatable)").build());
        return o;
    }

    /** The what-if changes in the order they were given. */
    public static List<WhatIf> whatIfs(CommandLine line) {
        List<WhatIf> out = new ArrayList<>();
        String pendingPort = null;
        for (java.util.Iterator<Option> it = line.iterator(); it.hasNext(); ) {
            Option o = it.next();
            String name = o.getLongOpt();
            if (name == null) continue;
            if (pendingPort != null && !name.equals("like")) {
                throw new UsageException("--add-port " + pendingPort + " needs --like PORT right after it",
                        "e.g. --add-port P11 --like P2 (a fourth load port like P2)");
            }
            switch (name) {
                case "set" -> out.add(new WhatIf.Set(o.getValue()));
                case "add-port" -> pendingPort = o.getValue();
                case "like" -> {
                    if (pendingPort == null) throw new UsageException("--like " + o.getValue() + " follows no --add-port", "write --add-port NAME --like PORT");
                    out.add(new WhatIf.AddPort(pendingPort, o.getValue()));
                    pendingPort = null;
                }
                case "remove-port" -> out.add(new WhatIf.RemovePort(o.getValue()));
                case "model-overlay" -> out.add(new WhatIf.Overlay(Path.of(o.getValue())));
                default -> { }
            }
        }
        if (pendingPort != null) {
            throw new UsageException("--add-port " + pendingPort + " needs --like PORT", "e.g. --add-port P11 --like P2");
        }
        return out;
    }

    /** The model named by --uarch (or {@code name} when given), with the what-if changes applied. */
    public static LoadedModel load(CommandLine line, String name) {
        String uarch = name != null ? name : line.getOptionValue("uarch");
        if (uarch == null) throw new UsageException("no machine model given", "add --uarch NAME (see uopsim models list)");
        return ModelLoader.load(uarch, whatIfs(line));
    }

    /** Loaded and bound to the instruction model. */
    public static BoundModel bind(CommandLine line, String name) {
        return ModelBinder.bind(load(line, name));
    }
}
