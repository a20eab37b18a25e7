package dev.uopsim.machine.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.model.LoadedModel;
import dev.uopsim.model.ModelJson;
import dev.uopsim.model.ModelLoader;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import tools.jackson.databind.JsonNode;

/**
 * {@code uopsim models diff A B}: what differs between two models, parameter by parameter, and
 * how their instruction tables differ (rows only in one, rows whose µops, ports, latency or slots
 * differ). What-if options apply to B, so {@code diff skylake skylake --add-port P11 --like P2}
 * shows exactly what a change does.
 */
final class ModelsDiff implements Command {
    private static final Set<String> SKIP = Set.of("sources", "generated", "instructions");

    @Override
    public String name() { return "diff"; }

    @Override
    public String summary() { return "show what differs between two machine models"; }

    @Override
    public String synopsis() { return "diff A B [--rows N] [what-if options, applied to B]"; }

    @Override
    public Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("rows").hasArg().argName("N").desc("example rows shown per kind of difference (default 10)").build());
        return ModelOptions.add(o, false);
    }

    @Override
    public int run(CommandLine line, Console console) {
        List<String> args = line.getArgList();
        if (args.size() != 2) throw new UsageException("'models diff' compares two models", "e.g. uopsim models diff skylake icelake");
        int examples;
        try {
            examples = Integer.parseInt(line.getOptionValue("rows", "10"));
        } catch (NumberFormatException e) {
            throw new UsageException("--rows takes a number", null);
        }
        LoadedModel a = ModelLoader.load(args.get(0));
        LoadedModel b = ModelLoader.load(args.get(1), ModelOptions.whatIfs(line));
        PrintStream out = console.out();
        String an = a.model().name();
        String bn = b.model().name() + (b.modified() ? " (with what-if)" : "");
        out.println("--- " + an + "   +++ " + bn);
        List<String> lines = new ArrayList<>();
        diff(a.tree(), b.tree(), "", lines, true);
        if (lines.isEmpty()) out.println("parameters: identical");
        else {
            out.println("parameters (" + an + " -> " + bn + "):");
            lines.forEach(l -> out.println("  " + l));
        }
        Set<String> sa = a.model().sources().keySet();
        Set<String> sb = b.model().sources().keySet();
        Set<String> onlyA = new LinkedHashSet<>(sa);
        onlyA.removeAll(sb);
        Set<String> onlyB = new LinkedHashSet<>(sb);
        onlyB.removeAll(sa);
        if (!onlyA.isEmpty() || !onlyB.isEmpty()) {
            out.println("sources: only in " + an + ": " + (onlyA.isEmpty() ? "-" : String.join(", ", onlyA)) + "; only in " + bn + ": "
                    + (onlyB.isEmpty() ? "-" : String.join(", ", onlyB)));
        }
        rows(a, b, an, bn, examples, out);
        return ExitCode.OK;
    }

    private static void rows(LoadedModel a, LoadedModel b, String an, String bn, int examples, PrintStream out) {
        JsonNode fa = a.tree().path("instructions").path("forms");
        JsonNode fb = b.tree().path("instructions").path("forms");
        List<String> onlyA = new ArrayList<>();
        List<String> onlyB = new ArrayList<>();
        Map<String, List<String>> changed = new TreeMap<>();
        int same = 0;
        for (String k : fa.propertyNames()) {
            if (!fb.has(k)) {
                onlyA.add(k);
                continue;
            }
            JsonNode x = fa.get(k);
            JsonNode y = fb.get(k);
            boolean any = false;
            for (String field : List.of("uops", "latency", "slots", "throughput", "ext")) {
                if (!x.path(field).equals(y.path(field))) {
                    String kind = field.equals("uops") ? uopKind(x.path("uops"), y.path("uops")) : field;
                    changed.computeIfAbsent(kind, f -> new ArrayList<>()).add(k + ": " + compact(x.path(field)) + " -> " + compact(y.path(field)));
                    any = true;
                }
            }
            if (!any) same++;
        }
        for (String k : fb.propertyNames()) if (!fa.has(k)) onlyB.add(k);
        out.printf("instruction rows: %d in %s, %d in %s; %d only in %s, %d only in %s; %d identical in both%n",
                fa.size(), an, fb.size(), bn, onlyA.size(), an, onlyB.size(), bn, same);
        examples("only in " + an, onlyA, examples, out);
        examples("only in " + bn, onlyB, examples, out);
        changed.forEach((kind, list) -> examples(kind + " differ", list, examples, out));
    }

    private static String uopKind(JsonNode x, JsonNode y) {
        return x.size() == y.size() ? "µop ports/occupancy" : "µop counts";
    }

    private static String compact(JsonNode n) {
        return n.isMissingNode() ? "(none)" : ModelJson.compact(n);
    }

    private static void examples(String title, List<String> list, int n, PrintStream out) {
        if (list.isEmpty()) return;
        out.println("  " + title + ": " + list.size() + " rows" + (n > 0 ? ", e.g." : ""));
        for (String s : list.subList(0, Math.min(n, list.size()))) out.println("    " + s);
    }

    /** Parameter differences as "path: a -> b". */
    static void diff(JsonNode a, JsonNode b, String path, List<String> out, boolean root) {
        if (a != null && b != null && a.equals(b)) return;
        if (a != null && b != null && a.isObject() && b.isObject()) {
            Set<String> keys = new LinkedHashSet<>();
            a.propertyNames().forEach(keys::add);
            b.propertyNames().forEach(keys::add);
            for (String k : keys) {
                if (root && SKIP.contains(k)) continue;
                diff(a.get(k), b.get(k), path.isEmpty() ? k : path + "." + k, out, false);
            }
            return;
        }
        out.add(path + ": " + (a == null ? "(absent)" : ModelJson.compact(a)) + " -> " + (b == null ? "(absent)" : ModelJson.compact(b)));
    }
}
