package dev.uopsim.model;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The model schema, read off the records and their {@link Param} annotations: the loader checks
 * files against it, {@code --set} finds keys in it, and {@code models schema} prints it.
 */
public final class Schema {
    private Schema() {}

    /** The shape of a JSON value. */
    public sealed interface Shape permits Scalar, ListOf, MapOf, RecordOf {}

    /** int, double, Double, boolean, String, {@link Latency} or an enum. */
    public record Scalar(Class<?> type) implements Shape {
        public boolean isEnum() { return type.isEnum(); }

        public boolean isNumber() {
            return type == int.class || type == double.class || type == Double.class || type == Integer.class;
        }
    }

    public record ListOf(Shape element) implements Shape {}

    public record MapOf(Shape value) implements Shape {}

    public record RecordOf(Class<? extends Record> type, Map<String, Field> fields) implements Shape {}

    /** One named field of a record: its shape, its documentation and its default (JSON text, "" = required). */
    public record Field(String name, Shape shape, String doc, String def, double min, Class<?> javaType) {
        public boolean required() { return def.isEmpty(); }

        public boolean optional() { return def.equals(Param.OPTIONAL); }
    }

    private static final Map<Class<?>, RecordOf> CACHE = new ConcurrentHashMap<>();

    public static RecordOf of(Class<? extends Record> type) {
        RecordOf r = CACHE.get(type);
        if (r == null) {
            Map<String, Field> fields = new LinkedHashMap<>();
            for (RecordComponent c : type.getRecordComponents()) {
                Param p = c.getAnnotation(Param.class);
                if (p == null) throw new IllegalStateException(type.getSimpleName() + "." + c.getName() + " has no @Param");
                fields.put(c.getName(), new Field(c.getName(), shape(c.getGenericType()), p.value(), p.def(), p.min(), c.getType()));
            }
            r = new RecordOf(type, fields);
            CACHE.put(type, r);
        }
        return r;
    }

    @SuppressWarnings("unchecked")
    static Shape shape(Type t) {
        if (t instanceof Class<?> c) {
            if (c.isRecord() && c != Latency.class) return of((Class<? extends Record>) c);
            return new Scalar(c);
        }
        if (t instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            if (raw == List.class) return new ListOf(shape(p.getActualTypeArguments()[0]));
            if (raw == Map.class) return new MapOf(shape(p.getActualTypeArguments()[1]));
        }
        throw new IllegalStateException("no schema shape for " + t);
    }

    /** How an enum constant is written in a model: units in capitals (LOAD), other enums in lower case with hyphens (predict-independent). */
    public static String spell(Enum<?> e) {
        if (e instanceof Unit) return e.name();
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** What the values of an enum are called in messages: "unit", "dependence policy". */
    public static String describe(Class<?> enumType) {
        String n = enumType.getSimpleName();
        return n.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }

    public static List<String> spellings(Class<?> enumType) {
        List<String> out = new ArrayList<>();
        for (Object o : enumType.getEnumConstants()) out.add(spell((Enum<?>) o));
        return out;
    }

    /** A short type name for documentation. */
    public static String typeName(Shape s) {
        return switch (s) {
            case Scalar sc when sc.isEnum() -> String.join("|", spellings(sc.type()));
            case Scalar sc when sc.type() == Latency.class -> "latency";
            case Scalar sc -> sc.type().getSimpleName().toLowerCase(Locale.ROOT).replace("integer", "int");
            case ListOf l -> "list of " + typeName(l.element());
            case MapOf m -> "map of " + typeName(m.value());
            case RecordOf r -> "object";
        };
    }

    /** The whole schema as indented text: one line per parameter with type, default and meaning. */
    public static String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append("model file (JSON). Besides the fields below: \"extends\": NAME|PATH (a model = its parent + these fields),\n");
        sb.append("\"derive\": operations applied to the parent first (see derive below), \"import\": only in core files.\n\n");
        describe(sb, of(MachineModel.class), "", 0);
        sb.append("\nderive:\n");
        describe(sb, of(Derive.class), "derive.", 1);
        return sb.toString();
    }

    private static void describe(StringBuilder sb, RecordOf r, String prefix, int depth) {
        for (Field f : r.fields().values()) {
            String def = f.required() ? "required" : f.optional() ? "optional" : "default " + f.def();
            sb.append("  ".repeat(depth)).append(prefix).append(f.name()).append("  (").append(typeName(f.shape())).append(", ")
                    .append(def).append(")  ").append(f.doc()).append('\n');
            Shape inner = f.shape();
            String sub = prefix + f.name();
            while (inner instanceof ListOf || inner instanceof MapOf) {
                if (inner instanceof ListOf l) {
                    inner = l.element();
                    sub += "[i]";
                } else {
                    inner = ((MapOf) inner).value();
                    sub += ".<key>";
                }
            }
            if (inner instanceof RecordOf nested) describe(sb, nested, sub + ".", depth + 1);
        }
    }
}
