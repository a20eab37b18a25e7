package dev.uopsim.machine.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.Suggestions;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.FormTiming;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.InstructionTable;
import dev.uopsim.model.MachineModel;
import dev.uopsim.model.Memory;
import dev.uopsim.model.ModelJson;
import dev.uopsim.model.Port;
import dev.uopsim.model.Provenance;
import dev.uopsim.model.Rename;
import dev.uopsim.model.Scheduler;
import dev.uopsim.model.Schema;
import dev.uopsim.model.WhatIf;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code uopsim models show NAME}: the model's parameters, ports and instruction table, after the
 * what-if changes. Rows of the instruction table are bound to the instruction model; rows it has
 * no form for are counted as unbound (listed with {@code --unbound}), not an error: the tables are
 * imported by name and the instruction model catches up.
 */
final class ModelsShow implements Command {
    @Override
    public String name() { return "show"; }

    @Override
    public String summary() { return "show a machine model (with what-if changes applied)"; }

    @Override
    public String synopsis() { return "show NAME|PATH [--form FORM] [--unbound] [--rows] [--json] [what-if options]"; }

    @Override
    public String description() {
        return """
                Examples:
                  uopsim models show skylake
                  uopsim models show skylake --add-port P11 --like P2      (a fourth load port)
                  uopsim models show skylake --set rob.size=512 --form "ADD (R64, M64)"
                """;
    }

    @Override
    public Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("form").hasArg().argName("FORM").desc("show one row: µops, ports, latency per operand pair").build());
        o.addOption(Option.builder().longOpt("unbound").desc("list the rows the instruction model has no form for, and why").build());
        o.addOption(Option.builder().longOpt("rows").desc("list every row of the instruction table").build());
        o.addOption(Option.builder().longOpt("json").desc("print the resolved model as JSON").build());
        return ModelOptions.add(o, true);
    }

    @Override
    public int run(CommandLine line, Console console) {
        List<String> args = line.getArgList();
        if (args.size() > 1) throw new UsageException("'models show' takes one model", "e.g. uopsim models show skylake");
        String name = args.isEmpty() ? null : args.getFirst();
        BoundModel b = ModelOptions.bind(line, name);
        PrintStream out = console.out();
        if (line.hasOption("json")) {
            out.print(ModelJson.write(b.loaded().tree()));
            return ExitCode.OK;
        }
        if (line.hasOption("form")) {
            showForm(b, line.getOptionValue("form"), out);
            return ExitCode.OK;
        }
        MachineModel m = b.model();
        out.println(m.name() + " — " + m.title());
        out.println("  file " + String.join(" + ", b.loaded().files())
                + (m.generated() != null ? "   (generated: " + m.generated().command() + ")" : ""));
        if (b.loaded().modified()) {
            out.println("  what-if: " + b.loaded().whatIfs().stream().map(WhatIf::describe).collect(Collectors.joining(" ")));
        }
        out.println("  vendor " + m.vendor().name().toLowerCase() + "; CPUID "
                + m.cpuid().stream().map(c -> "family " + c.family() + " (0x" + Integer.toHexString(c.family()).toUpperCase() + ") models " + String.join(", ", c.models()))
                .collect(Collectors.joining("; ")));
        out.println("  ISA: " + String.join(" ", m.isa()));
        var fe = m.frontEnd();
        out.printf("front end: fetch %d B/cycle, decode %d/cycle, µop cache %s, loop buffer %s, queue %d µops, %s taken branch(es)/cycle%n",
                fe.fetchBytes(), fe.decodeWidth(),
                fe.uopCache().width() == 0 ? "none" : fe.uopCache().width() + "/cycle (" + fe.uopCache().windowBytes() + "-byte windows, " + fe.uopCache().size() + " µops)",
                fe.loopBuffer().size() == 0 ? "none" : fe.loopBuffer().size() + " µops"
                        + (fe.loopBuffer().acrossIterations() ? " (delivers across the loop's end)" : ""), fe.queueSize(), ModelJson.number(fe.takenBranchesPerCycle()));
        var ld = fe.legacyDecode();
        out.printf("  microcode sequencer: above %d µops, %d µops/cycle, front end again %d cycle(s) after a held flow's µops%n",
                ld.microcodeThreshold(), ld.microcodeUops(), ld.microcodeExitCycles());
        Rename r = m.rename();
        out.printf("rename: %d/cycle; move elimination gpr %s, vector %s; idioms zero %s, ones %s, carry %s; unlamination %s; PRF gpr %s, vector %s%n",
                r.width(), yes(r.moveElimination().gpr()), yes(r.moveElimination().vector()), Schema.spell(r.idioms().zero()),
                Schema.spell(r.idioms().ones()), Schema.spell(r.idioms().carry()), Schema.spell(r.microFusion().unlamination()),
                size(r.registerFiles().gpr()), size(r.registerFiles().vector()));
        for (Rename.MacroFusion f : r.macroFusion()) {
            out.println("  macro-fusion: " + String.join("/", f.first()) + " + " + String.join("/", f.branches())
                    + (f.memory() ? "" : " (no memory operand)") + (f.memoryImmediate() ? "" : " (not memory+immediate)"));
        }
        if (!r.immediateFolding().materializedBy().isEmpty()) {
            out.println("  register + offset kept at rename: " + String.join("/", r.immediateFolding().materializedBy())
                    + " sum it first (+1 µop, +" + r.immediateFolding().latency() + " cycles)");
        }
        if (r.immediateFolding().immediatesBelow() > 0) {
            out.println("  ADD/SUB r64, imm folded by value: immediates below " + r.immediateFolding().immediatesBelow()
                    + " run as the 8-bit-immediate form");
        }
        if (r.immediateFolding().flagsLatency() > 0) {
            out.println("  flags of a folded ADD/SUB/INC/DEC: +" + r.immediateFolding().flagsLatency() + " cycle(s) after its register input");
        }
        if (!r.logicFlags().producers().isEmpty()) {
            out.println("  flags from " + String.join("/", r.logicFlags().producers()) + ": " + String.join("/", r.logicFlags().consumers())
                    + " +" + r.logicFlags().latency() + " cycle(s)");
        }
        if (!r.moveFusion().operations().isEmpty()) {
            out.println("  move fusion: MOV r, r + " + String.join("/", r.moveFusion().operations()) + " r, imm" + r.moveFusion().immediateBits()
                    + " (one slot, one µop)");
        }
        out.printf("reorder buffer %d; retire %d/cycle%s%n", m.rob().size(), m.retire().width(),
                m.rob().serializing().isEmpty() ? "" : "; serializing " + String.join("/", m.rob().serializing()));
        out.println("schedulers:");
        for (Scheduler s : m.schedulers()) out.printf("  %-6s %4d entries -> %s%n", s.name(), s.size(), String.join(" ", s.ports()));
        out.println("ports (bit order):");
        Map<String, Integer> uopsPerPort = new TreeMap<>();
        for (InstructionTable.Form f : m.instructions().forms().values()) {
            for (InstructionTable.Uop u : f.uops()) for (String p : u.ports()) uopsPerPort.merge(p, 1, Integer::sum);
        }
        for (Map.Entry<String, Port> e : m.ports().entrySet()) {
            out.printf("  %-5s %-70s %5d rows use it%n", e.getKey(),
                    e.getValue().units().stream().map(Enum::name).collect(Collectors.joining(" ")), uopsPerPort.getOrDefault(e.getKey(), 0));
        }
        out.println("  load ports: " + String.join(" ", m.loadPorts()) + "; store-address: " + String.join(" ", m.storeAddressPorts())
                + "; store-data: " + String.join(" ", m.storeDataPorts()));
        Memory mem = m.memory();
        out.printf("memory: load-to-use gpr %d, vector %d; load buffer %d, store buffer %d; load port %d B, store port %d B%n",
                mem.loadToUse().gpr(), mem.loadToUse().vector(), mem.loadBuffer(), mem.storeBuffer(), mem.loadPortBytes(), mem.storePortBytes());
        out.printf("  store forwarding %s cycles (%s), failed forward +%d; memory renaming %s; dependence policy %s (misprediction +%d); loads issue %s%n",
                trim(mem.storeForwarding().latency()), mem.storeForwarding().cases().stream().map(Schema::spell).collect(Collectors.joining(", ")),
                mem.storeForwarding().failurePenalty(),
                mem.memoryRenaming().enabled() ? "yes (" + mem.memoryRenaming().shapes().stream().map(Schema::spell).collect(Collectors.joining(", "))
                        + ", " + mem.memoryRenaming().latency() + " cycles)" : "no",
                Schema.spell(mem.dependencePolicy()), mem.misspeculationPenalty(), Schema.spell(mem.loadIssue()));
        if (mem.storeForwarding().computedDataExtra() > 0) {
            out.println("  forwarding data an operation computed: +" + trim(mem.storeForwarding().computedDataExtra()) + " cycle(s)");
        }
        if (mem.memoryRenaming().enabled()) {
            out.println("  renamed values: " + mem.memoryRenaming().values().stream().map(Schema::spell).collect(Collectors.joining(", ")));
            if (mem.memoryRenaming().perCycle() > 0) out.println("  loads renamed per cycle: " + mem.memoryRenaming().perCycle());
            if (mem.memoryRenaming().learnedLoads() > 0) {
                out.println("  pairs through another address expression learned for up to " + mem.memoryRenaming().learnedLoads()
                        + " loads of a loop (unrolled code: none)");
            }
        }
        if (mem.segmentStorePorts() > 0) out.println("  stores through FS/GS: " + mem.segmentStorePorts() + " store-address port(s)");
        Memory.StoreCommit commit = mem.storeCommit();
        out.println("  store commit: " + (commit.perCycle() == 0 ? "no limit beyond the store ports"
                : commit.perCycle() + " per cycle" + (commit.sameLine() ? ", the second and later only to the first one's cache line" : "")));
        int rows = m.instructions().forms().size();
        out.printf("instructions: %d rows; %d bound to forms, %d encoding twins of a bound row, %d unbound (no form of that name in the instruction model yet), %d unsupported by it%n",
                rows, b.boundRows() - b.twins().size(), b.twins().size(), b.unbound().size(), b.unsupported().size());
        if (!b.unbound().isEmpty() && !line.hasOption("unbound")) {
            out.println("  (--unbound lists them; --form NAME shows one row; --rows lists all)");
        }
        List<String> unsourced = Provenance.unsourced(b.loaded().tree());
        List<String> prov = m.sources().entrySet().stream().filter(e -> e.getValue().provisional()).map(Map.Entry::getKey).toList();
        out.println("sources: " + String.join(", ", m.sources().keySet()) + (prov.isEmpty() ? "" : "; provisional: " + String.join(", ", prov)));
        out.println("provenance: " + (unsourced.isEmpty() ? "every number has a source" : unsourced.size() + " numbers without a source, e.g. " + unsourced.getFirst()));
        if (line.hasOption("unbound")) {
            out.println("unbound rows:");
            b.unbound().forEach((row, why) -> out.println("  " + row + ": " + why));
            b.unsupported().forEach((row, why) -> out.println("  " + row + ": unsupported by the instruction model: " + why));
        }
        if (line.hasOption("rows")) {
            out.println("rows:");
            m.instructions().forms().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> out.println("  " + e.getKey() + "  " + rowText(e.getValue())));
        }
        return ExitCode.OK;
    }

    static String rowText(InstructionTable.Form f) {
        StringBuilder sb = new StringBuilder();
        sb.append(f.slots()).append(" slot(s); µops ");
        if (f.uops().isEmpty()) sb.append("none");
        List<String> parts = new ArrayList<>();
        for (InstructionTable.Uop u : f.uops()) {
            parts.add((u.count() > 1 ? u.count() + "*" : "") + String.join("|", u.ports())
                    + (u.unit() != null ? " (" + u.unit() + " " + u.occupancy() + " cycles)" : ""));
        }
        sb.append(String.join(" + ", parts));
        if (!f.latency().isEmpty()) {
            sb.append("; latency ").append(f.latency().entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
        }
        if (f.throughput() != null) sb.append("; throughput ").append(ModelJson.number(f.throughput()));
        if (f.source() != null) sb.append("; source ").append(f.source());
        return sb.toString();
    }

    private static void showForm(BoundModel b, String name, PrintStream out) {
        MachineModel m = b.model();
        InstructionTable.Form row = m.instructions().forms().get(name);
        InstructionForm form = b.forms().byName(name).orElse(null);
        String rowName = name;
        if (row == null && form != null) {
            FormTiming t = b.timing(form);
            if (t != null) {
                rowName = t.row();
                row = m.instructions().forms().get(rowName);
            }
        }
        if (row == null) {
            String hint = Suggestions.didYouMean(name, m.instructions().forms().keySet());
            throw new UsageException("model " + m.name() + " has no row '" + name + "'", hint != null ? hint : "run 'uopsim models show " + m.name() + " --rows'");
        }
        out.println(rowName + " on " + m.name() + ": " + rowText(row));
        out.println("  defined in " + b.loaded().origin(rowName).file());
        if (form == null) form = b.forms().byName(rowName).orElse(null);
        FormTiming t = form == null ? null : b.timing(form);
        if (t == null) {
            out.println("  not bound: " + b.unbound().getOrDefault(rowName, b.unsupported().getOrDefault(rowName,
                    b.twins().containsKey(rowName) ? "encoding twin of " + b.twins().get(rowName) : "unknown")));
            return;
        }
        out.println("  form " + form.name() + " (" + form.origin() + "); operands " + form.operands() + (form.implicitOperands().isEmpty() ? "" : "; implicit " + form.implicitOperands()));
        for (int i = 0; i < t.uops(); i++) {
            out.println("  µop " + i + ": ports " + String.join(" ", b.ports(t.uopPorts()[i])) + " (mask 0x" + Integer.toHexString(t.uopPorts()[i]) + ")"
                    + (t.uopUnit()[i] != null ? ", " + t.uopUnit()[i] + " busy " + t.uopOccupancy()[i] + " cycles" : ""));
        }
        out.println("  latency (output <- input: cycles):");
        for (int o = 0; o < t.outputs().size(); o++) {
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < t.inputs().size(); i++) {
                if (t.latency()[o][i] >= 0) cells.add(t.inputs().get(i) + " " + (t.upperBound()[o][i] ? "<=" : "") + t.latency()[o][i]);
            }
            out.println("    " + t.outputs().get(o) + " <- " + (cells.isEmpty() ? "(no latency given)" : String.join(", ", cells)));
        }
    }

    static boolean provisional(MachineModel m) {
        return m.sources().values().stream().anyMatch(MachineModel.Source::provisional);
    }

    private static String yes(boolean b) {
        return b ? "yes" : "no";
    }

    private static String size(int n) {
        return n == 0 ? "-" : Integer.toString(n);
    }

    static BoundModel bindPlain(String name) {
        return ModelBinder.bind(dev.uopsim.model.ModelLoader.load(name));
    }

    /** A number as written in a model: 5, 4.5. */
    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
