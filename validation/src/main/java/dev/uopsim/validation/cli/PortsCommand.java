package dev.uopsim.validation.cli;

import dev.uopsim.characterize.measure.HostJournals;
import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code uopsim validate ports}: the port usage a characterization inferred, beside the port
 * columns of a uops.info table (Intel's port numbers: {@code 1*p0156B+1*p23A}), form by form, with
 * every disagreement listed.
 *
 * <p>Both sides are reduced to what timing can tell apart: µops on compute ports as port sets
 * (this machine's {@code P<n>} names are Intel's numbers, {@code B} = 10, {@code A} = 11), loads
 * as a count (whichever load ports), store-address µops as a count; store-data µops are left out
 * (inference sees a store as one µop on the store ports).
 */
public final class PortsCommand implements Command {
    @Override
    public String name() { return "ports"; }

    @Override
    public String summary() { return "compare the ports a characterization inferred with a uops.info table"; }

    @Override
    public String synopsis() { return "ports --table CSV [--uarch MODEL.json] [--json]"; }

    @Override
    public String description() {
        return """
                Reads the model 'uopsim characterize --out' wrote (default: the last one) and a uops.info table
                in CSV (columns instruction, family, latency, throughput, uops, ports; e.g.
                ../shared/data/uops-info-csv/alderlakep.csv for a Golden Cove core) and compares the µops of every
                form the inference settled (rows taken from a reference model are not compared). Agreement:
                the same compute port sets with the same counts, as many loads and as many store addresses.
                Tables that name pipes (uops.info's Zen tables: 1*FP0123) are compared on the pipes they name:
                the model's µops on pipes of those prefixes (FP0, FP1, ...) against the table's.
                """;
    }

    @Override
    public Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("table").hasArg().argName("CSV").desc("uops.info table (CSV)").build());
        o.addOption(Option.builder().longOpt("uarch").hasArg().argName("MODEL.json").desc("the characterized model (default: the last written)").build());
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        return o;
    }

    /** µops reduced: compute port sets with counts, loads, store addresses. */
    record Usage(Map<String, Integer> compute, int loads, int storeAddresses) {
        String text() {
            List<String> parts = new ArrayList<>();
            compute.forEach((k, v) -> parts.add(v + "*p" + k));
            if (loads > 0) parts.add(loads + "*load");
            if (storeAddresses > 0) parts.add(storeAddresses + "*store-address");
            return parts.isEmpty() ? "(none)" : String.join("+", parts);
        }
    }

    private static final Pattern TERM = Pattern.compile("(\\d+)\\*p([0-9AB]+)");

    /** uops.info's notation on a Golden Cove-style port numbering (2, 3, A: loads; 7, 8: store address; 4, 9: store data). */
    static Usage fromUopsInfo(String ports) {
        Map<String, Integer> compute = new TreeMap<>();
        int loads = 0, sta = 0;
        Matcher m = TERM.matcher(ports);
        while (m.find()) {
            int n = Integer.parseInt(m.group(1));
            String set = m.group(2);
            if (set.chars().allMatch(c -> c == '2' || c == '3' || c == 'A')) loads += n;
            else if (set.chars().allMatch(c -> c == '7' || c == '8')) sta += n;
            else if (set.chars().allMatch(c -> c == '4' || c == '9')) continue;
            else compute.merge(sorted(set), n, Integer::sum);
        }
        return new Usage(compute, loads, sta);
    }

    @SuppressWarnings("unchecked")
    static Usage fromModel(List<Object> uops, Map<String, List<String>> portUnits) {
        Map<String, Integer> compute = new TreeMap<>();
        int loads = 0, sta = 0;
        for (Object o : uops) {
            Map<String, Object> u = (Map<String, Object>) o;
            int n = u.get("count") instanceof Number c ? c.intValue() : 1;
            List<String> ports = (List<String>) u.get("ports");
            if (ports.stream().allMatch(p -> portUnits.getOrDefault(p, List.of()).contains("LOAD"))) {
                loads += n;
            } else if (ports.stream().allMatch(p -> portUnits.getOrDefault(p, List.of()).contains("STORE_ADDRESS"))) {
                sta += n;
            } else {
                StringBuilder sb = new StringBuilder();
                for (String p : ports) sb.append(intelDigit(p));
                compute.merge(sorted(sb.toString()), n, Integer::sum);
            }
        }
        return new Usage(compute, loads, sta);
    }

    /** A term of a table that names pipes by prefix and numbers, as uops.info's AMD tables do ({@code 1*FP0123}). */
    private static final Pattern NAMED_TERM = Pattern.compile("(\\d+)\\*([A-Z]+)([0-9]+)");

    /** Whether a table writes Intel port numbers ({@code 1*p0156}) rather than named pipes. */
    static boolean intelNotation(Map<String, String> table) {
        return table.values().stream().anyMatch(v -> TERM.matcher(v).find());
    }

    /**
     * A table with named pipes ({@code 2*FP01+1*FP45}) as sets of full names ({@code FP0,FP1}). uops.info's
     * Zen tables name only the pipes AMD's counters count (the FP pipes): loads, stores and integer
     * pipes are not in them, so only µops on pipes of the table's prefixes are compared.
     */
    static Usage fromNamedTable(String ports) {
        Map<String, Integer> compute = new TreeMap<>();
        Matcher m = NAMED_TERM.matcher(ports);
        while (m.find()) {
            List<String> names = new ArrayList<>();
            for (char c : m.group(3).toCharArray()) names.add(m.group(2) + c);
            compute.merge(String.join(",", names), Integer.parseInt(m.group(1)), Integer::sum);
        }
        return new Usage(compute, 0, 0);
    }

    /** The pipe-name prefixes a named table uses ({@code FP}). */
    static java.util.Set<String> prefixes(Map<String, String> table) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (String v : table.values()) {
            Matcher m = NAMED_TERM.matcher(v);
            while (m.find()) out.add(m.group(2));
        }
        return out;
    }

    /** The model's µops on pipes of the table's prefixes, as {@link #fromNamedTable} writes them (a pipe named FP10 is not FP1 and 0). */
    @SuppressWarnings("unchecked")
    static Usage fromModelNamed(List<Object> uops, java.util.Set<String> prefixes) {
        Map<String, Integer> compute = new TreeMap<>();
        for (Object o : uops) {
            Map<String, Object> u = (Map<String, Object>) o;
            int n = u.get("count") instanceof Number c ? c.intValue() : 1;
            List<String> ports = new ArrayList<>((List<String>) u.get("ports"));
            if (ports.isEmpty() || !ports.stream().allMatch(p -> prefixes.contains(p.replaceAll("[0-9]+$", "")) && p.matches("[A-Z]+[0-9]"))) continue;
            ports.sort(null);
            compute.merge(String.join(",", ports), n, Integer::sum);
        }
        return new Usage(compute, 0, 0);
    }

    /** P10 -> B, P11 -> A, P<n> -> n; other names as they are (then they never agree). */
    static String intelDigit(String port) {
        if (port.matches("P\\d+")) {
            int n = Integer.parseInt(port.substring(1));
            return n == 10 ? "B" : n == 11 ? "A" : n < 10 ? Integer.toString(n) : "?";
        }
        return "(" + port + ")";
    }

    private static String sorted(String set) {
        char[] c = set.toCharArray();
        java.util.Arrays.sort(c);
        return new String(c);
    }

    @Override
    @SuppressWarnings("unchecked")
    public int run(CommandLine line, Console console) throws Exception {
        if (!line.hasOption("table")) throw new UsageException("--table is required", "e.g. --table ../shared/data/uops-info-csv/alderlakep.csv");
        Path table = Path.of(line.getOptionValue("table"));
        Path modelPath = line.hasOption("uarch") ? Path.of(line.getOptionValue("uarch"))
                : HostJournals.lastModel().orElseThrow(() -> new UsageException("no model given and this machine has none",
                "run 'uopsim characterize --out host.json' first, or give --uarch"));
        Map<String, Object> model = Json.mapper().readValue(Files.readString(modelPath), Map.class);
        Map<String, List<String>> portUnits = new LinkedHashMap<>();
        for (var e : ((Map<String, Object>) model.get("ports")).entrySet()) {
            portUnits.put(e.getKey(), (List<String>) ((Map<String, Object>) e.getValue()).get("units"));
        }
        Map<String, Object> rows = (Map<String, Object>) ((Map<String, Object>) model.get("instructions")).get("forms");
        Map<String, String> documented = readTable(table);
        boolean intel = intelNotation(documented);
        java.util.Set<String> prefixes = intel ? java.util.Set.of() : prefixes(documented);
        List<Map<String, Object>> disagree = new ArrayList<>();
        int compared = 0, agree = 0, noTable = 0, skipped = 0;
        Map<String, Integer> kinds = new TreeMap<>();
        for (var e : rows.entrySet()) {
            Map<String, Object> row = (Map<String, Object>) e.getValue();
            if (row.get("source") != null) {       // unsettled or taken from a reference: not an inference to check
                skipped++;
                continue;
            }
            String doc = documented.get(e.getKey());
            if (doc == null || doc.isBlank()) {
                noTable++;
                continue;
            }
            compared++;
            Usage mine = intel ? fromModel((List<Object>) row.getOrDefault("uops", List.of()), portUnits)
                    : fromModelNamed((List<Object>) row.getOrDefault("uops", List.of()), prefixes);
            Usage theirs = intel ? fromUopsInfo(doc) : fromNamedTable(doc);
            if (mine.equals(theirs)) {
                agree++;
                continue;
            }
            String kind = !mine.compute().keySet().equals(theirs.compute().keySet()) ? "compute ports differ"
                    : !mine.compute().equals(theirs.compute()) ? "compute µop counts differ"
                    : mine.loads() != theirs.loads() ? "load count differs" : "store-address count differs";
            kinds.merge(kind, 1, Integer::sum);
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("form", e.getKey());
            d.put("inferred", mine.text());
            d.put("uops_info", theirs.text());
            d.put("uops_info_raw", doc);
            d.put("kind", kind);
            disagree.add(d);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("model", modelPath.toString());
        out.put("table", table.toString());
        out.put("compared", compared);
        out.put("agree", agree);
        out.put("disagree", disagree.size());
        out.put("kinds", kinds);
        out.put("not_in_table", noTable);
        out.put("not_compared_unsettled_or_reference", skipped);
        out.put("disagreements", disagree);
        if (line.hasOption("json")) {
            console.out().println(Json.write(out));
        } else {
            var o = console.out();
            o.printf(Locale.ROOT, "%s against %s: %d forms compared, %d agree (%.1f%%), %d disagree %s; %d not in the table; %d rows unsettled or from a reference%n",
                    modelPath.getFileName(), table.getFileName(), compared, agree, compared == 0 ? 0.0 : 100.0 * agree / compared, disagree.size(),
                    kinds, noTable, skipped);
            o.println("(store-data µops left out; loads and store addresses counted whichever port)");
            for (Map<String, Object> d : disagree) {
                o.printf("  %-44s inferred %-34s uops.info %-30s %s%n", d.get("form"), d.get("inferred"), d.get("uops_info"), d.get("kind"));
            }
        }
        return ExitCode.OK;
    }

    /** instruction -> ports column of a uops.info CSV. */
    static Map<String, String> readTable(Path csv) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String l : Files.readAllLines(csv)) {
            List<String> f = fields(l);
            if (f.size() < 6 || f.get(0).equals("instruction")) continue;
            out.putIfAbsent(f.get(0), f.get(5));
        }
        return out;
    }

    private static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                if (quoted && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    sb.append('"');
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (c == ',' && !quoted) {
                out.add(sb.toString());
                sb.setLength(0);
            } else {
                sb.append(c);
            }
        }
        out.add(sb.toString());
        return out;
    }
}
