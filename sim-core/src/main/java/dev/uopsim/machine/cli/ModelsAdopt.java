package dev.uopsim.machine.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.InputException;
import dev.uopsim.common.Json;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.LoadedModel;
import dev.uopsim.model.MachineModel;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.ModelRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code uopsim models adopt MEASURED.json --as NAME [-o OUT.json]}: a model measured by
 * {@code uopsim characterize} becomes the shipped model NAME, but only when the CPU it was measured on
 * is one NAME describes. This is how a provisional table (zen3's is Zen 4's) is regenerated on the
 * real core, with the command recorded, and how another CPU's figures are kept from standing for it.
 */
final class ModelsAdopt implements Command {
    @Override
    public String name() { return "adopt"; }

    @Override
    public String summary() { return "make a model measured by uopsim characterize the shipped model of its core"; }

    @Override
    public String synopsis() { return "adopt MEASURED.json --as NAME [-o OUT.json]"; }

    @Override
    public String description() {
        return """
                Checks that the CPU MEASURED.json was measured on (its generated.machine, which uopsim characterize
                writes) is one the shipped model NAME describes: the same vendor, and the CPUID family and model
                within NAME's ranges; in a virtual machine that masks the model number, the core uopsim named from
                CPUID must be NAME. Then writes the measured model under NAME's name and CPUID ranges, its title
                saying where it was measured, this command in generated.command and the measured file's SHA-256.

                OUT defaults to NAME's file in this checkout (ports-config/src/main/resources/dev/uopsim/models/).
                The new file replaces it only once it loads and binds; a refused or failed adoption leaves every
                file as it was. Exit 2 when the CPU is not one NAME describes: another CPU's figures never stand
                for NAME.

                Example, on a Zen 3:
                  uopsim characterize --out zen3-measured.json
                  uopsim models adopt zen3-measured.json --as zen3
                """;
    }

    @Override
    public Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("as").hasArg().argName("NAME").required().desc("the shipped model it becomes (e.g. zen3)").build());
        o.addOption(Option.builder("o").longOpt("output").hasArg().argName("OUT.json")
                .desc("where to write it (default: NAME's file in this checkout)").build());
        return o;
    }

    @Override
    public int run(CommandLine line, Console console) {
        List<String> args = line.getArgList();
        if (args.size() != 1) throw new UsageException("give one measured model", "e.g. uopsim models adopt zen3-measured.json --as zen3");
        String measuredArg = args.getFirst();
        String name = line.getOptionValue("as");
        if (!ModelRegistry.shippedNames().contains(name)) {
            throw new UsageException("'" + name + "' is not a shipped model", "one of: " + String.join(", ", ModelRegistry.shippedNames()));
        }
        Path measuredPath = Path.of(measuredArg);
        if (!Files.isRegularFile(measuredPath)) throw new InputException(measuredArg, "no such model file", "write it with uopsim characterize --out");
        LoadedModel measured = ModelLoader.load(measuredArg);
        MachineModel target = ModelLoader.load(name).model();
        MachineModel.Machine machine = measured.model().generated() == null ? null : measured.model().generated().machine();
        if (machine == null) {
            throw new InputException(measuredArg, "it does not say which CPU it was measured on (no generated.machine)",
                    "adopt only a model written by uopsim characterize --out");
        }
        String verdict = covers(target, machine);
        if (verdict.startsWith("no:")) {
            throw new InputException(measuredArg, "measured on " + describe(machine) + ", which " + name + " does not describe ("
                    + verdict.substring(3).strip() + "); another CPU's figures never stand for " + name,
                    "run uopsim characterize on a CPU " + name + " describes (" + ranges(target) + ")");
        }
        Path out = line.hasOption("output") ? Path.of(line.getOptionValue("output")) : shippedFile(name);
        String command = "uopsim models adopt " + measuredArg + " --as " + name + (line.hasOption("output") ? " -o " + line.getOptionValue("output") : "");
        Map<String, Object> adopted = adopted(measured, target, machine, command, measuredArg, sha256(measuredPath));
        write(out, Json.write(adopted) + "\n");
        console.out().println("adopted " + measuredArg + " as " + name + " (" + verdict + "): " + measured.model().instructions().forms().size()
                + " instruction rows -> " + out);
        return ExitCode.OK;
    }

    /** "yes: ..." when the target describes the machine, else "no: why". */
    static String covers(MachineModel target, MachineModel.Machine machine) {
        MachineModel.Vendor vendor = switch (machine.vendor()) {
            case "GenuineIntel" -> MachineModel.Vendor.INTEL;
            case "AuthenticAMD" -> MachineModel.Vendor.AMD;
            default -> MachineModel.Vendor.OTHER;
        };
        if (vendor != target.vendor()) {
            return "no: " + target.name() + " is " + switch (target.vendor()) {
                case INTEL -> "an Intel core";
                case AMD -> "an AMD core";
                case OTHER -> "neither Intel's nor AMD's";
            };
        }
        for (MachineModel.Cpuid c : target.cpuid()) {
            if (c.matches(machine.family(), machine.model())) return "yes: CPUID family " + machine.family() + " model 0x" + Integer.toHexString(machine.model());
        }
        // A hypervisor may show a masked model number; what uopsim named the core from the rest of CPUID then decides.
        if (machine.hypervisor() != null && machine.core() != null && ModelRegistry.shippedFor(machine.core()).map(target.name()::equals).orElse(false)) {
            return "yes: under " + machine.hypervisor() + " the model number is not the core's; CPUID's extensions name " + machine.core();
        }
        return "no: CPUID family " + machine.family() + " model 0x" + Integer.toHexString(machine.model()) + " is outside " + ranges(target)
                + (machine.core() != null ? ", and uopsim named the core " + machine.core() : "");
    }

    /** The measured model under the target's name, title and CPUID ranges, with this command recorded. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> adopted(LoadedModel measured, MachineModel target, MachineModel.Machine machine, String command, String file,
                                       String sha) {
        Map<String, Object> tree = Json.mapper().convertValue(measured.tree(), LinkedHashMap.class);
        Map<String, Object> out = new LinkedHashMap<>();
        String core = target.title().contains(";") ? target.title().substring(0, target.title().indexOf(';')) : target.title();
        for (var e : tree.entrySet()) {
            switch (e.getKey()) {
                case "name" -> out.put("name", target.name());
                case "title" -> out.put("title", core + "; measured by uopsim characterize on " + describe(machine));
                case "cpuid" -> out.put("cpuid", Json.mapper().convertValue(target.cpuid(), List.class));
                case "generated" -> {
                    Map<String, Object> g = new LinkedHashMap<>((Map<String, Object>) e.getValue());
                    Map<String, Object> sources = (Map<String, Object>) out.computeIfAbsent("sources", k -> new LinkedHashMap<>());
                    Map<String, Object> by = new LinkedHashMap<>();
                    by.put("title", "uopsim characterize on " + describe(machine));
                    by.put("note", "the measurement's own command: " + g.get("command"));
                    sources.put("measured-by", by);
                    g.put("command", command);
                    g.put("inputs", Map.of(file, sha));
                    out.put("generated", g);
                }
                default -> out.put(e.getKey(), e.getValue());
            }
        }
        if (!out.containsKey("cpuid")) out.put("cpuid", Json.mapper().convertValue(target.cpuid(), List.class));
        // The ranges keep the sources they cite in the shipped file.
        Map<String, Object> sources = (Map<String, Object>) out.computeIfAbsent("sources", k -> new LinkedHashMap<>());
        for (MachineModel.Cpuid c : target.cpuid()) {
            if (c.source() != null && !sources.containsKey(c.source()) && target.sources().containsKey(c.source())) {
                Map<String, Object> cited = Json.mapper().convertValue(target.sources().get(c.source()), LinkedHashMap.class);
                cited.values().removeIf(java.util.Objects::isNull);
                sources.put(c.source(), cited);
            }
        }
        return out;
    }

    static String describe(MachineModel.Machine m) {
        return m.vendor() + " family " + m.family() + " model 0x" + Integer.toHexString(m.model())
                + (m.brand() == null || m.brand().isBlank() ? "" : " \"" + m.brand() + "\"") + (m.hypervisor() != null ? " under " + m.hypervisor() : "");
    }

    private static String ranges(MachineModel target) {
        List<String> parts = new ArrayList<>();
        for (MachineModel.Cpuid c : target.cpuid()) parts.add("family " + c.family() + " models " + String.join(", ", c.models()));
        return parts.isEmpty() ? "no CPUID ranges" : String.join("; ", parts);
    }

    /** NAME's source file in the checkout the launcher runs (uopsim.root), else in the working directory's. */
    static Path shippedFile(String name) {
        Path root = Path.of(System.getProperty("uopsim.root", ".")).toAbsolutePath().normalize();
        Path dir = root.resolve("ports-config/src/main/resources/dev/uopsim/models");
        if (!Files.isDirectory(dir)) throw new InputException(dir.toString(), "not a uopsim checkout's model folder", "give the output with -o OUT.json");
        return dir.resolve(name + ".json");
    }

    /** Writes beside the target, checks the file loads and binds, then moves it over the target in one step. */
    private static void write(Path out, String json) {
        Path dir = out.toAbsolutePath().getParent();
        Path temp = null;
        try {
            Files.createDirectories(dir);
            temp = Files.createTempFile(dir, "adopt-", ".json.tmp");
            Files.writeString(temp, json, StandardCharsets.UTF_8);
            ModelBinder.bind(ModelLoader.load(temp.toString()));
            Files.move(temp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            temp = null;
        } catch (IOException e) {
            throw new InputException(out.toString(), "cannot write the model: " + e.getMessage(), null);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // the failure being reported matters more than the scratch file
                }
            }
        }
    }

    private static String sha256(Path p) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new InputException(p.toString(), "cannot read the model file: " + e.getMessage(), null);
        }
    }
}
