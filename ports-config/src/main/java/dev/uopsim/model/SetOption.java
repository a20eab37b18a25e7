package dev.uopsim.model;

import dev.uopsim.common.InputException;
import dev.uopsim.common.Suggestions;
import dev.uopsim.model.Schema.ListOf;
import dev.uopsim.model.Schema.MapOf;
import dev.uopsim.model.Schema.RecordOf;
import dev.uopsim.model.Schema.Scalar;
import dev.uopsim.model.Schema.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code --set KEY=VALUE}: one parameter changed in a model's tree. KEY is a dotted path along the
 * schema ({@code rob.size}, {@code ports.P0.units}, {@code memory.storeForwarding.latency});
 * a map key or list element that is not a plain word goes in brackets
 * ({@code instructions.forms[ADD_01 (R64, R64)].slots}, {@code schedulers[0].size}); list elements
 * with a name can be picked by it ({@code schedulers.RS.size}). VALUE is parsed for the type the
 * schema gives: a number, true/false, a word, a comma-separated or JSON list, or a JSON object.
 */
final class SetOption {
    private SetOption() {}

    /** Maps whose new keys --set may create (others must name an existing entry). */
    private static final Set<String> OPEN_MAPS = Set.of("sources", "latency", "inputs");

    static void apply(ObjectNode tree, String assignment) {
        String what = "--set " + assignment;
        int eq = assignment.indexOf('=');
        if (eq <= 0) throw new InputException(what, "expected KEY=VALUE", "e.g. --set rob.size=512");
        String key = assignment.substring(0, eq).strip();
        String value = assignment.substring(eq + 1).strip();
        List<String> segments = split(key, what);
        Shape shape = Schema.of(MachineModel.class);
        JsonNode node = tree;
        JsonPath path = JsonPath.ROOT;
        StringBuilder done = new StringBuilder();
        for (int i = 0; i < segments.size(); i++) {
            String seg = segments.get(i);
            boolean last = i == segments.size() - 1;
            String parentName = path.key();
            switch (shape) {
                case RecordOf r -> {
                    Schema.Field f = r.fields().get(seg);
                    if (f == null) {
                        List<String> full = new ArrayList<>();
                        for (String k : r.fields().keySet()) full.add(done.isEmpty() ? k : done + "." + k);
                        String wrong = done.isEmpty() ? seg : done + "." + seg;
                        String near = Suggestions.didYouMean(wrong, full);
                        throw new InputException(what, "unknown key '" + wrong + "'" + (near != null ? " (" + near + ")" : ""),
                                "keys " + (done.isEmpty() ? "at the top" : "under '" + done + "'") + ": " + String.join(", ", r.fields().keySet()));
                    }
                    shape = f.shape();
                    path = path.field(seg);
                    if (last) {
                        set((ObjectNode) node, seg, value, shape, path, what);
                        return;
                    }
                    node = child((ObjectNode) node, seg, shape);
                }
                case MapOf m -> {
                    ObjectNode obj = (ObjectNode) node;
                    if (!obj.has(seg) && !OPEN_MAPS.contains(parentName)) {
                        List<String> keys = new ArrayList<>(obj.propertyNames());
                        String near = Suggestions.didYouMean(seg, keys);
                        String kind = "ports".equals(parentName) ? "port" : "forms".equals(parentName) ? "form" : "key";
                        throw new InputException(what, "unknown " + kind + " '" + seg + "' under '" + done + "'" + (near != null ? " (" + near + ")" : ""),
                                keys.size() <= 30 ? "there are: " + String.join(", ", keys) : keys.size() + " entries; run 'uopsim models show' to list them");
                    }
                    shape = m.value();
                    path = path.field(seg);
                    if (last) {
                        set(obj, seg, value, shape, path, what);
                        return;
                    }
                    node = child(obj, seg, shape);
                }
                case ListOf l -> {
                    ArrayNode arr = (ArrayNode) node;
                    int index = index(arr, seg, what, done.toString());
                    shape = l.element();
                    path = path.at(index);
                    if (last) {
                        JsonNode v = coerce(value, shape, what);
                        new TreeReader(what, Set.of()).check(v, shape, path);
                        arr.set(index, v);
                        return;
                    }
                    node = arr.get(index);
                }
                case Scalar s -> throw new InputException(what, "'" + done + "' is a single value; it has no key '" + seg + "'",
                        "use --set " + done + "=VALUE");
            }
            if (!done.isEmpty()) done.append('.');
            done.append(seg);
        }
    }

    private static JsonNode child(ObjectNode obj, String key, Shape shape) {
        JsonNode c = obj.get(key);
        if (c == null || c.isNull()) {
            c = shape instanceof ListOf ? obj.putArray(key) : obj.putObject(key);
        }
        return c;
    }

    private static void set(ObjectNode obj, String key, String value, Shape shape, JsonPath path, String what) {
        JsonNode v = coerce(value, shape, what);
        new TreeReader(what, Set.of()).check(v, shape, path);
        obj.set(key, v);
    }

    private static int index(ArrayNode arr, String seg, String what, String where) {
        if (seg.matches("\\d+")) {
            int i = Integer.parseInt(seg);
            if (i >= arr.size()) throw new InputException(what, "'" + where + "' has " + arr.size() + " entries; there is no [" + i + "]", null);
            return i;
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < arr.size(); i++) {
            JsonNode n = arr.get(i).get("name");
            if (n != null) {
                if (n.asString().equals(seg)) return i;
                names.add(n.asString());
            }
        }
        String near = Suggestions.didYouMean(seg, names);
        throw new InputException(what, "no entry named '" + seg + "' in '" + where + "'" + (near != null ? " (" + near + ")" : ""),
                names.isEmpty() ? "pick an entry by index: " + where + "[0]" : "entries: " + String.join(", ", names));
    }

    /** The value as JSON of the shape's type. */
    static JsonNode coerce(String value, Shape shape, String what) {
        try {
            return switch (shape) {
                case Scalar s when s.type() == String.class || s.isEnum() -> TreeOps.NODES.stringNode(unquote(value));
                case Scalar s when s.type() == boolean.class -> {
                    if (!value.equals("true") && !value.equals("false")) throw new InputException(what, "expected true or false, found '" + value + "'", null);
                    yield TreeOps.NODES.booleanNode(Boolean.parseBoolean(value));
                }
                case Scalar s when s.type() == Latency.class -> value.matches("-?[0-9.]+") ? TreeReader.parse(value) : TreeOps.NODES.stringNode(value);
                case Scalar s -> {
                    JsonNode n = parseOrNull(value);
                    if (n == null || !n.isNumber()) throw new InputException(what, "expected a number, found '" + value + "'", null);
                    yield n;
                }
                case ListOf l -> {
                    if (value.startsWith("[")) yield TreeReader.parse(value);
                    ArrayNode a = TreeOps.NODES.arrayNode();
                    if (!value.isEmpty()) for (String part : value.split(",")) a.add(coerce(part.strip(), l.element(), what));
                    yield a;
                }
                case MapOf m -> TreeReader.parse(value);
                case RecordOf r -> TreeReader.parse(value);
            };
        } catch (tools.jackson.core.JacksonException e) {
            throw new InputException(what, "'" + value + "' is not valid JSON: " + e.getOriginalMessage(), "objects and lists are written as JSON");
        }
    }

    private static String unquote(String v) {
        return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
    }

    private static JsonNode parseOrNull(String v) {
        try {
            return TreeReader.parse(v);
        } catch (tools.jackson.core.JacksonException e) {
            return null;
        }
    }

    static List<String> split(String key, String what) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '[') {
                int close = key.indexOf(']', i);
                if (close < 0) throw new InputException(what, "unclosed '[' in key '" + key + "'", null);
                if (!cur.isEmpty()) out.add(cur.toString());
                cur.setLength(0);
                String inner = key.substring(i + 1, close);
                if (inner.length() >= 2 && inner.startsWith("\"") && inner.endsWith("\"")) inner = inner.substring(1, inner.length() - 1);
                out.add(inner);
                i = close;
                if (i + 1 < key.length() && key.charAt(i + 1) == '.') i++;
            } else if (c == '.') {
                if (cur.isEmpty()) throw new InputException(what, "empty part in key '" + key + "'", null);
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (!cur.isEmpty()) out.add(cur.toString());
        if (out.isEmpty()) throw new InputException(what, "empty key", "e.g. --set rob.size=512");
        return out;
    }
}
