package dev.uopsim.model.importer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What an import did: rows taken, rows left out and why, which rule filled which rows. */
public final class ImportReport {
    int rows;
    int imported;
    /** reason -> row names */
    final Map<String, List<String>> skipped = new TreeMap<>();
    /** note (not an error) -> row names */
    final Map<String, List<String>> notes = new TreeMap<>();
    /** rule id -> row names filled by it */
    final Map<String, List<String>> rules = new LinkedHashMap<>();

    void skip(String reason, String row) {
        skipped.computeIfAbsent(reason, k -> new ArrayList<>()).add(row);
    }

    void note(String note, String row) {
        notes.computeIfAbsent(note, k -> new ArrayList<>()).add(row);
    }

    void rule(String id, String row) {
        rules.computeIfAbsent(id, k -> new ArrayList<>()).add(row);
    }

    public int rows() { return rows; }

    public int imported() { return imported; }

    public Map<String, List<String>> skipped() { return skipped; }

    public Map<String, List<String>> notes() { return notes; }

    public Map<String, List<String>> rules() { return rules; }

    /** The report as text; {@code examples} row names shown per line. */
    public String render(int examples) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%d rows read, %d imported, %d not used%n", rows, imported, rows - imported));
        section(sb, "not used", skipped, examples);
        section(sb, "rules that filled rows without port data", rules, examples);
        section(sb, "notes", notes, examples);
        return sb.toString();
    }

    private static void section(StringBuilder sb, String title, Map<String, List<String>> m, int examples) {
        if (m.isEmpty()) return;
        sb.append(title).append(":\n");
        m.forEach((k, v) -> {
            sb.append(String.format("  %5d  %s", v.size(), k));
            if (examples > 0) {
                sb.append("  e.g. ").append(String.join("; ", v.subList(0, Math.min(examples, v.size()))));
            }
            sb.append('\n');
        });
    }
}
