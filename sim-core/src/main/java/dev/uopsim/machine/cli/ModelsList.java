package dev.uopsim.machine.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.MachineModel;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.ModelRegistry;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code uopsim models list [--json]}: every shipped model, loaded and bound. */
final class ModelsList implements Command {
    @Override
    public String name() { return "list"; }

    @Override
    public String summary() { return "list the shipped machine models (each is loaded and bound to the instruction model)"; }

    @Override
    public String synopsis() { return "list [--json]"; }

    @Override
    public Options options() {
        return new Options().addOption(Option.builder().longOpt("json").desc("print JSON: {\"models\": [{\"name\": ...}, ...]}").build());
    }

    @Override
    public int run(CommandLine line, Console console) {
        List<BoundModel> bound = new ArrayList<>();
        for (String name : ModelRegistry.shippedNames()) bound.add(ModelBinder.bind(ModelLoader.load(name)));
        if (line.hasOption("json")) {
            JsonMapper mapper = JsonMapper.builder().build();
            ObjectNode root = mapper.createObjectNode();
            ArrayNode arr = root.putArray("models");
            for (BoundModel b : bound) {
                MachineModel m = b.model();
                ObjectNode o = arr.addObject();
                o.put("name", m.name());
                o.put("title", m.title());
                o.put("vendor", m.vendor().name().toLowerCase());
                o.put("file", b.loaded().file().display());
                ArrayNode files = o.putArray("files");
                b.loaded().files().forEach(files::add);
                o.put("generated", m.generated() != null);
                o.put("ports", m.ports().size());
                o.put("rows", m.instructions().forms().size());
                o.put("bound", b.boundRows());
                o.put("unbound", b.unbound().size());
                o.put("provisional", ModelsShow.provisional(m));
            }
            console.out().println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root));
            return ExitCode.OK;
        }
        console.out().printf("%-12s %-6s %6s %6s %7s  %s%n", "NAME", "VENDOR", "PORTS", "ROWS", "BOUND", "TITLE");
        for (BoundModel b : bound) {
            MachineModel m = b.model();
            console.out().printf("%-12s %-6s %6d %6d %7d  %s%s%n", m.name(), m.vendor().name().toLowerCase(), m.ports().size(),
                    m.instructions().forms().size(), b.boundRows(), m.title(), ModelsShow.provisional(m) ? "  [provisional parts]" : "");
        }
        console.out().println();
        console.out().println("BOUND = rows whose form the instruction model knows; 'uopsim models show NAME' for details.");
        return ExitCode.OK;
    }
}
