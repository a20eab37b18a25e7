package dev.uopsim.model.importer;

import dev.uopsim.common.InputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One row of a uops.info table export ({@code "instruction","family","latency","throughput","uops","ports"}).
 *
 * @param line 1-based line in the file
 */
public record UopsInfoRow(int line, String name, String family, String latency, String throughput, String uops, String ports) {
    private static final List<String> HEADER = List.of("instruction", "family", "latency", "throughput", "uops", "ports");
    private static final Pattern NAME = Pattern.compile("([A-Z0-9_]+)(?: \\((.*)\\))?");

    public static List<UopsInfoRow> read(Path csv) {
        List<String> lines;
        try {
            lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputException(csv.toString(), "cannot read the table: " + e.getMessage(), null);
        }
        if (lines.isEmpty() || !split(lines.getFirst()).equals(HEADER)) {
            throw new InputException(csv.toString(), 1, 0, "not a uops.info table export: the header must be " + String.join(",", HEADER),
                    "see ../shared/data/uops-info-csv/SOURCE.md for the format");
        }
        List<UopsInfoRow> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            List<String> f = split(lines.get(i));
            if (f.size() != 6) throw new InputException(csv.toString(), i + 1, 0, "expected 6 fields, found " + f.size(), null);
            rows.add(new UopsInfoRow(i + 1, f.get(0), f.get(1), f.get(2), f.get(3), f.get(4), f.get(5)));
        }
        return rows;
    }

    /** Splits one CSV line with double-quoted fields. */
    static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }

    /** The mnemonic part of the name: {@code ADD_01} of {@code ADD_01 (R64, R64)}. */
    public String mnemonic() {
        Matcher m = NAME.matcher(name);
        return m.matches() ? m.group(1) : name.split(" ")[0];
    }

    /** The operand kinds of the name: {@code [R64, M64]}. */
    public List<String> operandKinds() {
        Matcher m = NAME.matcher(name);
        if (!m.matches() || m.group(2) == null) return List.of();
        return List.of(m.group(2).split(", "));
    }

    /** Index of the first memory operand in the name, or -1. */
    public int memoryOperand() {
        List<String> kinds = operandKinds();
        for (int i = 0; i < kinds.size(); i++) {
            String k = kinds.get(i);
            if (k.matches("M\\d+.*|VSIB_.*|Moffs\\d+")) return i;
        }
        return -1;
    }
}
