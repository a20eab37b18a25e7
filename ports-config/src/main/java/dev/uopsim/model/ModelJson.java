package dev.uopsim.model;

import java.math.BigDecimal;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Writes model trees the same way every time, so a regenerated model can be compared with the
 * shipped file byte for byte: objects keep their order, short containers and instruction rows go
 * on one line, numbers are written in their shortest form.
 */
public final class ModelJson {
    private static final int INLINE_WIDTH = 110;

    private ModelJson() {}

    public static String write(JsonNode root) {
        StringBuilder sb = new StringBuilder();
        render(sb, root, 0, false, "");
        sb.append('\n');
        return sb.toString();
    }

    private static void render(StringBuilder sb, JsonNode n, int indent, boolean inline, String path) {
        if (!n.isContainer()) {
            sb.append(scalar(n));
            return;
        }
        if (inline || (indent > 0 && compact(n).length() + indent * 2 <= INLINE_WIDTH && !path.equals("/instructions/forms"))) {
            sb.append(compact(n));
            return;
        }
        boolean rows = path.equals("/instructions/forms");
        String pad = "  ".repeat(indent + 1);
        if (n.isArray()) {
            sb.append("[\n");
            for (int i = 0; i < n.size(); i++) {
                sb.append(pad);
                render(sb, n.get(i), indent + 1, false, path + "/" + i);
                sb.append(i + 1 < n.size() ? ",\n" : "\n");
            }
            sb.append("  ".repeat(indent)).append(']');
            return;
        }
        if (n.isEmpty()) {
            sb.append("{}");
            return;
        }
        sb.append("{\n");
        int i = 0;
        for (var e : n.properties()) {
            sb.append(pad).append(string(e.getKey())).append(": ");
            render(sb, e.getValue(), indent + 1, rows, path + "/" + e.getKey());
            sb.append(++i < n.size() ? ",\n" : "\n");
        }
        sb.append("  ".repeat(indent)).append('}');
    }

    /** One-line JSON with a space after ':' and ','. */
    public static String compact(JsonNode n) {
        if (!n.isContainer()) return scalar(n);
        StringBuilder sb = new StringBuilder();
        if (n.isArray()) {
            sb.append('[');
            for (int i = 0; i < n.size(); i++) {
                if (i > 0) sb.append(", ");
                sb.append(compact(n.get(i)));
            }
            return sb.append(']').toString();
        }
        sb.append('{');
        int i = 0;
        for (var e : n.properties()) {
            if (i++ > 0) sb.append(", ");
            sb.append(string(e.getKey())).append(": ").append(compact(e.getValue()));
        }
        return sb.append('}').toString();
    }

    private static String scalar(JsonNode n) {
        if (n.isString()) return string(n.stringValue());
        if (n.isIntegralNumber()) return n.bigIntegerValue().toString();
        if (n.isNumber()) return number(n.doubleValue());
        return n.toString();
    }

    /** The shortest decimal form: 2, 0.25, 21.04. */
    public static String number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) return Long.toString((long) d);
        return new BigDecimal(Double.toString(d)).stripTrailingZeros().toPlainString();
    }

    /** A JSON number node for a double, integral when it is whole. */
    public static JsonNode numberNode(double d) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (d == Math.rint(d) && Math.abs(d) < 1e15) return f.numberNode((long) d);
        return f.numberNode(new BigDecimal(Double.toString(d)).stripTrailingZeros());
    }

    static String string(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        return sb.append('"').toString();
    }
}
