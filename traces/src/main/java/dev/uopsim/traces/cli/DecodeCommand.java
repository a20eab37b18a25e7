package dev.uopsim.traces.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.common.Json;
import dev.uopsim.isa.Flag;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.Operand;
import dev.uopsim.isa.OperandSpec;
import dev.uopsim.isa.decode.Hex;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** {@code uopsim decode}: what each instruction of a kernel is and what it reads and writes. */
public final class DecodeCommand implements Command {
    @Override
    public String name() { return "decode"; }

    @Override
    public String summary() { return "show each instruction's form, operands with access, implicit reads/writes and idioms"; }

    @Override
    public String synopsis() { return "decode [--hex] [--syntax intel|att] [--json] FILE|-"; }

    @Override
    public String description() {
        return """
                Reads a kernel (assembly, Intel or AT&T, or machine code with --hex) and prints one line
                per instruction: its offset and size, the instruction, its form in uops.info notation,
                the explicit operands with their access (r read, w write, rw both, cw conditionally
                written, - address only), implicit registers and memory, flags read (r:), written (w:)
                and left undefined (u:), and idioms that apply (a zero idiom such as xor eax, eax).

                Examples:
                  uopsim decode loop.s
                  uopsim decode --hex 4801d84883c301
                  echo 'vfmadd231ps ymm0, ymm1, [rsi]' | uopsim decode -
                """;
    }

    @Override
    public Options options() {
        Options o = KernelOptions.add(new Options(), true);
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        return o;
    }

    @Override
    public int run(CommandLine line, Console console) {
        KernelReader.Options options = KernelOptions.from(line);
        Kernel kernel = new KernelReader(FormTable.shipped()).read(KernelOptions.file(line, name()), options);
        if (line.hasOption("json")) {
            console.out().println(Json.write(json(kernel)));
        } else {
            print(kernel, console);
        }
        return ExitCode.OK;
    }

    private static Map<String, Object> json(Kernel kernel) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("source", kernel.name());
        doc.put("mode", kernel.mode().name().toLowerCase(Locale.ROOT));
        doc.put("init", kernel.init().name().toLowerCase(Locale.ROOT));
        doc.put("bytes", kernel.size());
        List<Map<String, Object>> list = new ArrayList<>();
        for (Instruction i : kernel.instructions()) list.add(json(i));
        doc.put("instructions", list);
        return doc;
    }

    private static Map<String, Object> json(Instruction i) {
        InstructionForm f = i.form();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("offset", i.address());
        m.put("length", i.length());
        if (i.bytes() != null) m.put("bytes", Hex.format(i.bytes()));
        m.put("text", i.intelText());
        m.put("form", f.name());
        if (!f.uopsInfoNames().equals(List.of(f.name()))) m.put("uops_info_names", f.uopsInfoNames());
        m.put("extension", f.extension());
        List<Map<String, Object>> ops = new ArrayList<>();
        for (int k = 0; k < i.operands().size(); k++) {
            OperandSpec s = f.operands().get(k);
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("text", i.operands().get(k).text());
            o.put("kind", s.kind().name());
            o.put("access", s.access().code());
            if (s.access().writes() && i.operands().get(k) instanceof dev.uopsim.isa.RegisterOperand r) {
                o.put("write", i.coverage(r.register()).name().toLowerCase(Locale.ROOT));
                o.put("root", r.register().root().name());
            }
            ops.add(o);
        }
        m.put("operands", ops);
        List<Map<String, Object>> imp = new ArrayList<>();
        for (OperandSpec s : f.implicitOperands()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("operand", implicitName(s));
            o.put("access", s.access().code());
            if (s.access().writes() && s.register() != null) {
                o.put("write", i.coverage(s.register()).name().toLowerCase(Locale.ROOT));
                o.put("root", s.register().root().name());
            }
            imp.add(o);
        }
        m.put("implicit", imp);
        Map<String, String> flags = new LinkedHashMap<>();
        flags.put("read", Flag.letters(f.flagsRead()));
        flags.put("written", Flag.letters(f.flagsWritten()));
        flags.put("undefined", Flag.letters(f.flagsUndefined()));
        m.put("flags", flags);
        m.put("idiom", i.idiomApplies() ? f.idiom().spelling() : null);
        m.put("properties", f.properties().stream().map(p -> p.spelling()).sorted().toList());
        return m;
    }

    private static String implicitName(OperandSpec s) {
        return s.register() != null ? s.register().name() : s.memory().toString();
    }

    private static void print(Kernel kernel, Console console) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"offset", kernel.instructions().stream().anyMatch(i -> i.bytes() != null) ? "bytes" : "size",
                "instruction", "form", "operands", "implicit, flags", "notes"});
        for (Instruction i : kernel.instructions()) {
            InstructionForm f = i.form();
            List<String> ops = new ArrayList<>();
            for (int k = 0; k < i.operands().size(); k++) {
                Operand o = i.operands().get(k);
                ops.add(f.operands().get(k).access().code() + ":" + shortText(o));
            }
            List<String> imp = new ArrayList<>();
            for (OperandSpec s : f.implicitOperands()) imp.add(s.access().code() + ":" + implicitName(s));
            if (f.flagsRead() != 0) imp.add("r:" + Flag.letters(f.flagsRead()));
            if (f.flagsWritten() != 0) imp.add("w:" + Flag.letters(f.flagsWritten()));
            if (f.flagsUndefined() != 0) imp.add("u:" + Flag.letters(f.flagsUndefined()));
            List<String> notes = new ArrayList<>();
            if (i.idiomApplies()) notes.add(f.idiom().spelling() + " idiom");
            for (dev.uopsim.isa.Instruction.RegisterUse u : i.registerUses()) {
                if (u.access().writes() && i.coverage(u.register()) == dev.uopsim.isa.Instruction.WriteCoverage.PARTIAL) {
                    notes.add(u.register().name() + " merges into " + u.register().root().name());
                }
            }
            notes.addAll(f.properties().stream().map(p -> p.spelling()).sorted().toList());
            rows.add(new String[]{
                    String.format("%#06x", i.address()),
                    i.bytes() != null ? Hex.spaced(i.bytes()) : Integer.toString(i.length()),
                    i.intelText(), f.name(), String.join(" ", ops), String.join(" ", imp), String.join(",", notes)});
        }
        int[] width = new int[rows.getFirst().length];
        for (String[] r : rows) for (int c = 0; c < r.length; c++) width[c] = Math.max(width[c], r[c].length());
        for (String[] r : rows) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < r.length; c++) {
                sb.append(c == r.length - 1 ? r[c] : String.format("%-" + width[c] + "s  ", r[c]));
            }
            console.out().println(sb.toString().stripTrailing());
        }
        console.out().printf("%d instructions, %d bytes, mode %s, init %s%s%n", kernel.instructions().size(), kernel.size(),
                kernel.mode().name().toLowerCase(Locale.ROOT), kernel.init().name().toLowerCase(Locale.ROOT),
                kernel.bindings().isEmpty() ? "" : ", bind " + kernel.bindings().entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
    }

    private static String shortText(Operand o) {
        String t = o.text();
        int ptr = t.indexOf(" PTR ");
        return ptr >= 0 ? t.substring(ptr + 5) : t;
    }
}
