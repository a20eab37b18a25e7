package dev.uopsim.traces.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.InputException;
import dev.uopsim.common.Json;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.decode.Hex;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import dev.uopsim.traces.KernelReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** {@code uopsim coverage}: how much of a BHive-format block set the instruction model reads. */
public final class CoverageCommand implements Command {
    @Override
    public String name() { return "coverage"; }

    @Override
    public String summary() { return "how many blocks of a BHive-format file decode fully into known forms"; }

    @Override
    public String synopsis() { return "coverage [--json] [--top N] CSV"; }

    @Override
    public String description() {
        return """
                Decodes every block of a BHive-format file (HEX,CYCLES per line) through objdump, in one
                batch, and counts the blocks whose every instruction maps to a form with semantics. Lists
                the instructions that stopped the others, most frequent first.
                JSON keys: blocks (rows read), decoded (blocks fully decoded), fraction, undecoded (by
                instruction), bad_rows (rows whose hex is malformed).
                """;
    }

    @Override
    public Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        o.addOption(Option.builder().longOpt("top").hasArg().argName("N").desc("list the N most frequent unknown instructions (default 20)").build());
        return o;
    }

    @Override
    public int run(CommandLine line, Console console) {
        Path file = Path.of(KernelOptions.file(line, name()));
        int top = parseTop(line);
        List<KernelReader.BhiveRow> rows = KernelReader.readBhive(file);
        List<byte[]> blocks = new ArrayList<>();
        List<Integer> blockLines = new ArrayList<>();
        List<String> badRows = new ArrayList<>();
        for (KernelReader.BhiveRow r : rows) {
            try {
                blocks.add(Hex.parse(r.hex(), file.toString(), r.line(), 0));
                blockLines.add(r.line());
            } catch (InputException e) {
                badRows.add(e.render());
            }
        }
        int[] lines = blockLines.stream().mapToInt(Integer::intValue).toArray();
        List<ObjdumpDecoder.Block> decoded = new ObjdumpDecoder(FormTable.shipped()).decode(blocks, file.toString(), lines);
        int ok = 0;
        Map<String, Integer> reasons = new HashMap<>();
        for (ObjdumpDecoder.Block b : decoded) {
            if (b.ok()) {
                ok++;
            } else {
                reasons.merge(reasonKey(b), 1, Integer::sum);
            }
        }
        List<Map.Entry<String, Integer>> ranked = reasons.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(top).toList();
        int total = rows.size();
        if (line.hasOption("json")) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("file", file.toString());
            doc.put("blocks", total);
            doc.put("decoded", ok);
            doc.put("fraction", total == 0 ? 0.0 : (double) ok / total);
            List<Map<String, Object>> un = new ArrayList<>();
            for (var e : ranked) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("instruction", e.getKey());
                m.put("blocks", e.getValue());
                un.add(m);
            }
            doc.put("undecoded", un);
            doc.put("bad_rows", badRows);
            console.out().println(Json.write(doc));
        } else {
            console.out().printf("%s: %d of %d blocks decode fully (%.2f%%)%n", file, ok, total, 100.0 * ok / Math.max(total, 1));
            if (!badRows.isEmpty()) console.out().printf("%d rows have malformed hex, e.g. %s%n", badRows.size(), badRows.getFirst());
            if (!ranked.isEmpty()) {
                console.out().println("blocks stopped by (most frequent first):");
                int w = ranked.stream().mapToInt(e -> e.getKey().length()).max().orElse(10);
                for (var e : ranked) console.out().printf("  %-" + w + "s  %d%n", e.getKey(), e.getValue());
            }
        }
        return ExitCode.OK;
    }

    /** The instruction that stopped a block, without its register names: "fld DWORD PTR". */
    private static String reasonKey(ObjdumpDecoder.Block b) {
        if (b.failedText() == null) return b.error().getMessage().replaceAll("\\d+", "N");
        String t = b.failedText().replaceAll("\\s+", " ");
        String[] parts = t.split(" ", 2);
        String ops = parts.length > 1 ? parts[1].replaceAll("\\[[^]]*]", "[mem]").replaceAll("0x[0-9a-f]+", "imm") : "";
        return (parts[0] + " " + ops).strip();
    }

    private static int parseTop(CommandLine line) {
        String v = line.getOptionValue("top", "20");
        try {
            int n = Integer.parseInt(v);
            if (n < 0) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--top takes a count, not '" + v + "'");
        }
    }
}
