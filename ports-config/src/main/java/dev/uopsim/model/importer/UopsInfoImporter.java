package dev.uopsim.model.importer;

import dev.uopsim.common.InputException;
import dev.uopsim.model.JsonPath;
import dev.uopsim.model.Latency;
import dev.uopsim.model.MachineModel;
import dev.uopsim.model.ModelJson;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.Unit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a uops.info table (CSV export) plus a core file (core parameters with sources, and an
 * {@code "import"} section) into a model file.
 *
 * <p>Per row: slots = the fused-domain µop count ({@code f} of {@code f / u}; the macro-op count in
 * AMD tables); µops from the port string ({@code 1*p06+1*p23}: one µop on P0|P6, one on P2|P3);
 * measured throughput = the second value of {@code computed / measured}. Rows the table gives no
 * port data for: Intel rows with no unfused µop are kept without µops (eliminated moves); AMD
 * rows are filled by the rule file (integer pipes by form class) and the FP rules, each row
 * reported with the rule that filled it.
 *
 * <p>Latency: the table gives one number or a range over all operand pairs. It is spread as
 * follows: a single value applies to every pair ({@code *->*}); for a range, register inputs
 * get the minimum ({@code *->*}) and the memory path gets the maximum ({@code mem->*}: address
 * registers, through the load, to every output); a row without a memory operand keeps the
 * minimum for all pairs (the maximum is reported). A {@code ≤n} value is written {@code "<=n"},
 * an upper bound.
 */
public final class UopsInfoImporter {
    private static final Pattern SINGLE = Pattern.compile("(≤)?([0-9]+(?:\\.[0-9]+)?)");
    private static final Pattern RANGE = Pattern.compile("\\[(≤)?([0-9]+(?:\\.[0-9]+)?);(≤)?([0-9]+(?:\\.[0-9]+)?)\\]");
    private static final Pattern TERM = Pattern.compile("(\\d+)\\*(\\S+)");
    private static final Set<String> VECTOR_FAMILY_PREFIXES = Set.of("SSE", "AVX", "MMX", "FMA", "AES", "SHA", "F16C", "PCLMUL", "GFNI", "VAES", "VPCLMUL", "3DNOW");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The model tree and the report. */
    public record Result(ObjectNode model, ImportReport report) {
        public String json() { return ModelJson.write(model); }
    }

    private UopsInfoImporter() {}

    /**
     * @param command the command line to record in the model ({@code generated.command})
     * @param inputNames how to name the input files in the model (paths relative to the repository)
     */
    public static Result run(Path csv, Path coreFile, String name, String command, Map<Path, String> inputNames) {
        String coreDisplay = coreFile.toString();
        String coreText;
        try {
            coreText = Files.readString(coreFile);
        } catch (IOException e) {
            throw new InputException(coreDisplay, "cannot read the core file: " + e.getMessage(), null);
        }
        JsonNode core = ModelLoader.parse(coreText, coreDisplay);
        if (!(core instanceof ObjectNode coreObj)) throw new InputException(coreDisplay, "a core file holds one JSON object", null);
        ModelLoader.checkPartial(core, coreDisplay, Set.of("import"));
        if (!core.has("import")) {
            throw new InputException(coreDisplay, "$: the core file has no \"import\" section", "add \"import\": {\"source\": ..., \"ports\": {...}}");
        }
        if (core.has("instructions")) {
            throw new InputException(coreDisplay, "$.instructions: a core file has no instruction table; the importer writes it", null);
        }
        ImportConfig cfg = ModelLoader.readRecord(core.get("import"), ImportConfig.class, coreDisplay, JsonPath.ROOT.field("import"));
        List<String> portOrder = new ArrayList<>(core.path("ports").propertyNames());
        Map<String, List<String>> portUnits = new HashMap<>();
        for (var e : core.path("ports").properties()) {
            List<String> u = new ArrayList<>();
            e.getValue().path("units").forEach(n -> u.add(n.asString()));
            portUnits.put(e.getKey(), u);
        }
        checkPortMap(cfg, portOrder, coreDisplay);

        AmdRules rules = null;
        Path rulesFile = null;
        if (cfg.amd() != null) {
            rulesFile = coreFile.toAbsolutePath().getParent().resolve(cfg.amd().rules()).normalize();
            String text;
            try {
                text = Files.readString(rulesFile);
            } catch (IOException e) {
                throw new InputException(coreDisplay, "$.import.amd.rules: cannot read " + rulesFile + ": " + e.getMessage(), null);
            }
            rules = ModelLoader.readRecord(ModelLoader.parse(text, rulesFile.toString()), AmdRules.class, rulesFile.toString(), JsonPath.ROOT);
            for (AmdRules.Rule r : java.util.stream.Stream.concat(rules.rules().stream(), rules.vectorRules().stream()).toList()) {
                for (String p : r.pipes()) {
                    if (!cfg.amd().pipes().containsKey(p)) {
                        throw new InputException(coreDisplay, "$.import.amd.pipes: rule '" + r.id() + "' uses pipe class " + p + ", which this core does not map",
                                "add \"" + p + "\": [ports] to import.amd.pipes");
                    }
                }
            }
        }

        List<UopsInfoRow> rows = UopsInfoRow.read(csv);
        Map<String, UopsInfoRow> byName = new HashMap<>();
        for (UopsInfoRow r : rows) byName.put(r.name(), r);
        ImportReport report = new ImportReport();
        report.rows = rows.size();
        TreeMap<String, ObjectNode> forms = new TreeMap<>();
        Set<String> ruleSourcesUsed = new LinkedHashSet<>();
        for (UopsInfoRow row : rows) {
            try {
                ObjectNode f = convert(row, cfg, rules, byName, portOrder, portUnits, report, ruleSourcesUsed);
                if (f != null) {
                    forms.put(row.name(), f);
                    report.imported++;
                }
            } catch (RowException e) {
                report.skip(e.getMessage(), row.name());
            }
        }

        ObjectNode out = NODES.objectNode();
        for (var e : core.properties()) {
            if (e.getKey().equals("import")) continue;
            out.set(e.getKey(), e.getValue().deepCopy());
        }
        out.put("name", name);
        if (!core.has("isa")) {
            ArrayNode isa = NODES.arrayNode();
            new java.util.TreeSet<>(rows.stream().filter(r -> forms.containsKey(r.name())).map(UopsInfoRow::family).toList()).forEach(isa::add);
            out.set("isa", isa);
        }
        if (rules != null) {
            ObjectNode sources = out.get("sources") instanceof ObjectNode s ? s : out.putObject("sources");
            for (String id : ruleSourcesUsed) {
                MachineModel.Source src = rules.sources().get(id);
                if (src == null) throw new InputException(rulesFile.toString(), "$.rules: unknown source '" + id + "'", "declare it under \"sources\"");
                if (!sources.has(id)) sources.set(id, sourceNode(src));
            }
        }
        ObjectNode table = out.putObject("instructions");
        table.put("source", cfg.source());
        ObjectNode formsNode = table.putObject("forms");
        forms.forEach(formsNode::set);
        ObjectNode gen = out.putObject("generated");
        gen.put("command", command);
        ObjectNode inputs = gen.putObject("inputs");
        List<Path> files = new ArrayList<>(List.of(csv, coreFile));
        if (rulesFile != null) files.add(rulesFile);
        for (Path p : files) inputs.put(inputNames.getOrDefault(p, p.getFileName().toString()), "sha256:" + sha256(p));
        return new Result(out, report);
    }

    private static ObjectNode sourceNode(MachineModel.Source s) {
        ObjectNode n = NODES.objectNode();
        n.put("title", s.title());
        if (s.url() != null) n.put("url", s.url());
        if (s.measurement() != null) n.put("measurement", s.measurement());
        if (s.note() != null) n.put("note", s.note());
        if (s.provisional()) n.put("provisional", true);
        return n;
    }

    private static void checkPortMap(ImportConfig cfg, List<String> ports, String file) {
        cfg.ports().forEach((prefix, chars) -> chars.forEach((c, port) -> {
            if (!ports.contains(port)) {
                throw new InputException(file, "$.import.ports." + prefix + "." + c + ": unknown port '" + port + "'",
                        "ports of this core: " + String.join(", ", ports));
            }
        }));
        if (cfg.amd() != null) {
            cfg.amd().pipes().forEach((cls, list) -> list.forEach(port -> {
                if (!ports.contains(port)) {
                    throw new InputException(file, "$.import.amd.pipes." + cls + ": unknown port '" + port + "'", "ports of this core: " + String.join(", ", ports));
                }
            }));
        }
    }

    static final class RowException extends RuntimeException {
        RowException(String m) {
            super(m);
        }
    }

    private static ObjectNode convert(UopsInfoRow row, ImportConfig cfg, AmdRules rules, Map<String, UopsInfoRow> byName,
                                      List<String> portOrder, Map<String, List<String>> portUnits, ImportReport report,
                                      Set<String> ruleSources) {
        ObjectNode f = NODES.objectNode();
        if (!row.family().equals("BASE")) f.put("ext", row.family());
        int[] counts = uopCounts(row);
        int slots = counts[0];
        if (slots != 1) f.put("slots", slots);
        ArrayNode uops = NODES.arrayNode();
        String rowSource = null;
        boolean vector = isVector(row.family());
        if (!row.ports().isEmpty()) {
            int sum = parsePorts(row.ports(), cfg, portOrder, uops);
            if (rules == null && counts[1] != sum) report.note("µop count " + counts[1] + " differs from the port data (" + sum + "); port data kept", row.name());
            if (rules != null) addMemoryUops(row, vector ? (row.memoryOperand() == 0 ? "store" : "load") : "position", "none", cfg, uops, portOrder);
        } else if (rules == null) {
            if (counts[1] != 0) throw new RowException("no port data for a row with " + counts[1] + " unfused µop(s)");
            report.note("no execution µop (eliminated at rename)", row.name());
        } else if (rules.integerFamilies().contains(row.family()) || match(rules.vectorRules(), row) != null) {
            boolean integer = rules.integerFamilies().contains(row.family());
            AmdRules.Rule rule = match(integer ? rules.rules() : rules.vectorRules(), row);
            if (rule == null) throw new RowException("no AMD rule matches");
            int n = Math.max(1, slots);
            for (int i = 0; i < rule.pipes().size(); i++) {
                ObjectNode u = uop(sorted(cfg.amd().pipes().get(rule.pipes().get(i)), portOrder));
                if (i == 0 && n > 1) u.put("count", n);
                uops.add(u);
            }
            addMemoryUops(row, rule.memory(), rule.stack(), cfg, uops, portOrder);
            rowSource = rule.source();
            ruleSources.add(rule.source());
            report.rule("amd-rule " + rule.id() + " (" + (rule.pipes().isEmpty() ? "no execution µop" : String.join("+", rule.pipes()))
                    + ", " + rule.source() + ")", row.name());
        } else {
            UopsInfoRow twin = cfg.amd().splitWideVectors() ? byName.get(row.name().replace("VSIB_YMM", "VSIB_XMM").replace("YMM", "XMM").replace("M256", "M128")) : null;
            if (twin != null && !twin.name().equals(row.name()) && !twin.ports().isEmpty()) {
                ArrayNode half = NODES.arrayNode();
                parsePorts(twin.ports(), cfg, portOrder, half);
                for (JsonNode u : half) {
                    ObjectNode d = (ObjectNode) u.deepCopy();
                    d.put("count", u.path("count").asInt(1) * 2);
                    uops.add(d);
                }
                rowSource = cfg.amd().splitSource();
                report.rule("split-wide-vector (the XMM twin's µops twice, " + rowSource + ")", row.name());
            } else {
                ObjectNode u = uop(sorted(cfg.amd().pipes().get("FP"), portOrder));
                if (slots > 1) u.put("count", slots);
                uops.add(u);
                rowSource = cfg.amd().fpFallbackSource();
                report.rule("fp-fallback (any FP pipe, provisional, " + rowSource + ")", row.name());
            }
            addMemoryUops(row, row.memoryOperand() == 0 ? "store" : "load", "none", cfg, uops, portOrder);
        }
        applyDivider(row, cfg, uops, portUnits, report);
        if (!uops.isEmpty()) f.set("uops", uops);
        ObjectNode lat = latency(row, report);
        if (!lat.isEmpty()) f.set("latency", lat);
        Double tp = throughput(row);
        if (tp != null) f.set("throughput", ModelJson.numberNode(tp));
        if (rowSource != null) f.put("source", rowSource);
        return f;
    }

    private static boolean isVector(String family) {
        for (String p : VECTOR_FAMILY_PREFIXES) if (family.startsWith(p)) return true;
        return false;
    }

    private static AmdRules.Rule match(List<AmdRules.Rule> rules, UopsInfoRow row) {
        String ops = String.join(", ", row.operandKinds());
        for (AmdRules.Rule r : rules) {
            if (!row.mnemonic().matches(r.mnemonics())) continue;
            if (!r.operands().isEmpty() && !Pattern.compile(r.operands()).matcher(ops).find()) continue;
            return r;
        }
        return null;
    }

    private static void addMemoryUops(UopsInfoRow row, String memory, String stack, ImportConfig cfg, ArrayNode uops, List<String> order) {
        int m = row.memoryOperand();
        boolean load = false;
        boolean store = false;
        if (m >= 0) {
            switch (memory) {
                case "load" -> load = true;
                case "store" -> store = true;
                case "load-store" -> load = store = true;
                case "none" -> { }
                default -> {
                    load = true;
                    store = m == 0;
                }
            }
        }
        if (stack.equals("push")) store = true;
        if (stack.equals("pop")) load = true;
        if (load) uops.add(uop(sorted(cfg.amd().pipes().get("LOAD"), order)));
        if (store) uops.add(uop(sorted(cfg.amd().pipes().get("STORE"), order)));
    }

    private static void applyDivider(UopsInfoRow row, ImportConfig cfg, ArrayNode uops, Map<String, List<String>> portUnits, ImportReport report) {
        for (ImportConfig.Divider d : cfg.dividers()) {
            if (!row.mnemonic().matches(d.mnemonics())) continue;
            Double tp = throughput(row);
            if (tp == null || tp < 1.5) return;
            for (JsonNode u : uops) {
                boolean all = true;
                for (JsonNode p : u.get("ports")) all &= portUnits.getOrDefault(p.asString(), List.of()).contains(d.unit().name());
                if (all) {
                    ObjectNode o = (ObjectNode) u;
                    o.put("unit", d.unit().name());
                    o.put("occupancy", (int) Math.max(1, Math.round(tp)));
                    report.note("divider " + d.unit() + " occupied for round(measured throughput) cycles (" + d.source() + ")", row.name());
                    return;
                }
            }
            report.note("divider row without a µop on a " + d.unit() + " port; no occupancy", row.name());
            return;
        }
    }

    private static ObjectNode uop(List<String> ports) {
        ObjectNode u = NODES.objectNode();
        ArrayNode a = u.putArray("ports");
        ports.forEach(a::add);
        return u;
    }

    private static List<String> sorted(List<String> ports, List<String> order) {
        return order.stream().filter(ports::contains).toList();
    }

    /** Parses {@code 1*p06+2*p23}; returns the µop count. */
    private static int parsePorts(String ports, ImportConfig cfg, List<String> order, ArrayNode out) {
        int total = 0;
        for (String term : ports.split("\\+")) {
            Matcher m = TERM.matcher(term.strip());
            if (!m.matches()) throw new RowException("port term '" + term + "' is not N*pXYZ");
            int n = Integer.parseInt(m.group(1));
            String name = m.group(2);
            String prefix = cfg.ports().keySet().stream().filter(name::startsWith)
                    .max(java.util.Comparator.comparingInt(String::length)).orElse(null);
            if (prefix == null) throw new RowException("port '" + name + "' has no prefix listed in import.ports");
            Map<String, String> chars = cfg.ports().get(prefix);
            Set<String> set = new LinkedHashSet<>();
            for (char c : name.substring(prefix.length()).toCharArray()) {
                String p = chars.get(String.valueOf(c));
                if (p == null) throw new RowException("port '" + prefix + c + "' is not in import.ports");
                set.add(p);
            }
            ObjectNode u = uop(sorted(new ArrayList<>(set), order));
            if (n != 1) u.put("count", n);
            out.add(u);
            total += n;
        }
        return total;
    }

    /** [fused, unfused]; AMD tables give one number (macro-ops) for both. */
    private static int[] uopCounts(UopsInfoRow row) {
        String[] parts = row.uops().split("/");
        try {
            int f = Integer.parseInt(parts[0].strip());
            int u = parts.length > 1 ? Integer.parseInt(parts[1].strip()) : f;
            return new int[] {f, u};
        } catch (NumberFormatException e) {
            throw new RowException("µop count '" + row.uops() + "' is not a number or f / u");
        }
    }

    static Double throughput(UopsInfoRow row) {
        String t = row.throughput().strip();
        if (t.isEmpty()) return null;
        String[] parts = t.split("/");
        try {
            return Double.parseDouble(parts[parts.length - 1].strip());
        } catch (NumberFormatException e) {
            throw new RowException("throughput '" + t + "' is not a number or computed / measured");
        }
    }

    private static ObjectNode latency(UopsInfoRow row, ImportReport report) {
        ObjectNode lat = NODES.objectNode();
        String t = row.latency().strip();
        if (t.isEmpty()) return lat;
        Matcher s = SINGLE.matcher(t);
        if (s.matches()) {
            lat.set("*->*", value(s.group(1) != null, s.group(2)));
            return lat;
        }
        Matcher r = RANGE.matcher(t);
        if (!r.matches()) throw new RowException("latency '" + t + "' is not N, ≤N or [A;B]");
        lat.set("*->*", value(r.group(1) != null, r.group(2)));
        if (row.memoryOperand() >= 0) {
            lat.set("mem->*", value(r.group(3) != null, r.group(4)));
        } else {
            report.note("latency range without a memory operand: the minimum applies to every pair", row.name());
        }
        return lat;
    }

    private static JsonNode value(boolean bound, String number) {
        Latency l = new Latency(Double.parseDouble(number), bound);
        return bound ? NODES.stringNode(l.text()) : ModelJson.numberNode(l.cycles());
    }

    static String sha256(Path p) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(Files.readAllBytes(p)));
        } catch (IOException e) {
            throw new InputException(p.toString(), "cannot read: " + e.getMessage(), null);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
