package dev.uopsim.model;

import dev.uopsim.common.Suggestions;
import dev.uopsim.model.Schema.Field;
import dev.uopsim.model.Schema.ListOf;
import dev.uopsim.model.Schema.MapOf;
import dev.uopsim.model.Schema.RecordOf;
import dev.uopsim.model.Schema.Scalar;
import dev.uopsim.model.Schema.Shape;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Walks a JSON tree along the schema. {@link #check} accepts a partial tree (a child model, an
 * overlay) and rejects unknown fields and ill-typed values; {@link #build} also needs every
 * required field, fills in the defaults and makes the records. Every error names the file and the
 * JSON path.
 */
final class TreeReader {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final Pattern PORT_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

    private final String file;
    /** Extra root fields that are not part of the record (extends, derive, import). */
    private final Set<String> extraRootFields;

    TreeReader(String file, Set<String> extraRootFields) {
        this.file = file;
        this.extraRootFields = extraRootFields;
    }

    void check(JsonNode node, Shape shape, JsonPath path) {
        read(node, shape, path, false);
    }

    Object build(JsonNode node, Shape shape, JsonPath path) {
        return read(node, shape, path, true);
    }

    private ModelException error(JsonPath path, String message, String hint) {
        return new ModelException(file, path, message, hint);
    }

    private Object read(JsonNode node, Shape shape, JsonPath path, boolean build) {
        return switch (shape) {
            case Scalar s -> scalar(node, s, path);
            case ListOf l -> list(node, l, path, build);
            case MapOf m -> map(node, m, path, build);
            case RecordOf r -> record(node, r, path, build);
        };
    }

    private Object scalar(JsonNode node, Scalar s, JsonPath path) {
        Class<?> t = s.type();
        if (t == int.class || t == Integer.class) {
            if (!node.isIntegralNumber() || !node.canConvertToInt()) throw error(path, "expected a whole number, found " + kind(node), null);
            return node.intValue();
        }
        if (t == double.class || t == Double.class) {
            if (!node.isNumber()) throw error(path, "expected a number, found " + kind(node), null);
            return node.doubleValue();
        }
        if (t == boolean.class) {
            if (!node.isBoolean()) throw error(path, "expected true or false, found " + kind(node), null);
            return node.booleanValue();
        }
        if (t == String.class) {
            if (!node.isString()) throw error(path, "expected a string, found " + kind(node), null);
            return node.stringValue();
        }
        if (t == Latency.class) {
            if (node.isNumber()) {
                if (node.doubleValue() < 0) throw error(path, "negative latency " + node.doubleValue(), "latencies are cycles, 0 or more");
                return Latency.exact(node.doubleValue());
            }
            if (node.isString()) {
                try {
                    return Latency.parse(node.stringValue());
                } catch (IllegalArgumentException e) {
                    throw error(path, e.getMessage(), "write a number of cycles, or \"<=N\" for an upper bound");
                }
            }
            throw error(path, "expected a latency (number, or \"<=N\"), found " + kind(node), null);
        }
        if (t.isEnum()) {
            if (!node.isString()) throw error(path, "expected a " + Schema.describe(t) + " name, found " + kind(node), null);
            String v = node.stringValue();
            for (Object o : t.getEnumConstants()) {
                if (Schema.spell((Enum<?>) o).equals(v)) return o;
            }
            List<String> names = Schema.spellings(t);
            String hint = Suggestions.didYouMean(v, names);
            throw error(path, "unknown " + Schema.describe(t) + " '" + v + "'" + (hint != null ? " (" + hint + ")" : ""),
                    "use one of: " + String.join(", ", names));
        }
        throw new IllegalStateException("unsupported scalar " + t);
    }

    private Object list(JsonNode node, ListOf l, JsonPath path, boolean build) {
        if (!node.isArray()) throw error(path, "expected a list [...], found " + kind(node), null);
        List<Object> out = build ? new ArrayList<>() : null;
        for (int i = 0; i < node.size(); i++) {
            Object v = read(node.get(i), l.element(), path.at(i), build);
            if (build) out.add(v);
        }
        return out;
    }

    private Object map(JsonNode node, MapOf m, JsonPath path, boolean build) {
        if (!node.isObject()) throw error(path, "expected an object {...}, found " + kind(node), null);
        Map<String, Object> out = build ? new LinkedHashMap<>() : null;
        for (var e : node.properties()) {
            JsonPath p = path.field(e.getKey());
            checkKey(e.getKey(), m, p);
            if (e.getValue().isNull()) {
                if (build) throw error(p, "null is only allowed in overlays and child models (it deletes the inherited entry)", null);
                continue;
            }
            Object v = read(e.getValue(), m.value(), p, build);
            if (build) out.put(e.getKey(), v);
        }
        return out;
    }

    private void checkKey(String key, MapOf m, JsonPath p) {
        if (m.value() instanceof Scalar s && s.type() == Latency.class) {
            try {
                LatencyKey.parse(key);
            } catch (IllegalArgumentException e) {
                throw error(p, e.getMessage(), "keys are FROM->TO with opN, mem, flags, CF, OF, SZAP, a register name or *");
            }
        } else if (m.value() instanceof RecordOf r && r.type() == Port.class && !PORT_NAME.matcher(key).matches()) {
            throw error(p, "'" + key + "' is not a port name", "port names are a letter followed by letters, digits or _ (P0, ALU1, FP23)");
        }
    }

    private Object record(JsonNode node, RecordOf r, JsonPath path, boolean build) {
        if (!node.isObject()) throw error(path, "expected an object {...}, found " + kind(node), null);
        boolean root = path.parent() == null;
        for (var e : node.properties()) {
            String k = e.getKey();
            if (r.fields().containsKey(k)) continue;
            if (root && extraRootFields.contains(k)) continue;
            List<String> known = new ArrayList<>(r.fields().keySet());
            if (root) known.addAll(extraRootFields);
            String hint = Suggestions.didYouMean(k, known);
            throw error(path.field(k), "unknown field '" + k + "'" + (hint != null ? " (" + hint + ")" : ""),
                    "fields here: " + String.join(", ", known));
        }
        Object[] args = build ? new Object[r.fields().size()] : null;
        int i = 0;
        for (Field f : r.fields().values()) {
            JsonNode v = node.get(f.name());
            JsonPath p = path.field(f.name());
            Object value = null;
            if (v == null || v.isNull()) {
                if (v != null && v.isNull() && build && !f.optional()) {
                    throw error(p, "null is only allowed in overlays and child models (it deletes the inherited value)", null);
                }
                if (build) {
                    if (f.required()) {
                        throw error(path, "missing field '" + f.name() + "' (" + f.doc() + ")", "add \"" + f.name() + "\": " + example(f));
                    }
                    if (!f.optional()) value = read(parse(f.def()), f.shape(), p, true);
                }
            } else {
                value = read(v, f.shape(), p, build);
                if (v.isNumber() && v.doubleValue() < f.min()) {
                    String what = f.name().toLowerCase().contains("latency") ? "negative latency" : f.name() + " must be at least " + fmt(f.min());
                    throw error(p, what + ", found " + v, null);
                }
            }
            if (build) args[i] = value;
            i++;
        }
        if (!build) return null;
        try {
            Constructor<?> c = r.type().getDeclaredConstructor(r.fields().values().stream().map(Field::javaType).toArray(Class<?>[]::new));
            return c.newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException iae) throw error(path, iae.getMessage(), null);
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private static String example(Field f) {
        return switch (f.shape()) {
            case Scalar s when s.isNumber() -> "N";
            case Scalar s when s.isEnum() -> "\"" + Schema.spellings(s.type()).getFirst() + "\"";
            case Scalar s -> "\"...\"";
            case ListOf l -> "[...]";
            default -> "{...}";
        };
    }

    static JsonNode parse(String json) {
        return MAPPER.readTree(json);
    }

    static String kind(JsonNode n) {
        if (n.isString()) return "the string \"" + n.stringValue() + "\"";
        if (n.isNumber()) return "the number " + n;
        if (n.isBoolean()) return n.toString();
        if (n.isArray()) return "a list";
        if (n.isObject()) return "an object";
        if (n.isNull()) return "null";
        return n.getNodeType().toString().toLowerCase();
    }
}
