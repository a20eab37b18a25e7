package dev.uopsim.model;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Every number in a model needs a source: the nearest enclosing object with a {@code source}
 * field (or, for instruction rows, the table's {@code instructions.source}). The root's own
 * fields do not count: a model cannot cite one document for everything.
 */
public final class Provenance {
    private Provenance() {}

    /** JSON paths of numbers without a source, in a resolved model tree. */
    public static List<String> unsourced(JsonNode tree) {
        List<String> out = new ArrayList<>();
        for (var e : tree.properties()) {
            String k = e.getKey();
            if (k.equals("sources") || k.equals("generated")) continue;
            walk(e.getValue(), JsonPath.ROOT.field(k), false, out);
        }
        return out;
    }

    private static void walk(JsonNode n, JsonPath path, boolean sourced, List<String> out) {
        if (n.isNumber()) {
            if (!sourced) out.add(path.toString());
            return;
        }
        if (n.isString() && looksLikeNumber(n.stringValue()) && "latency".equals(path.parent() == null ? null : path.parent().key())) {
            if (!sourced) out.add(path.toString());
            return;
        }
        if (n.isObject()) {
            boolean here = sourced || (n.get("source") != null && n.get("source").isString());
            for (var e : n.properties()) walk(e.getValue(), path.field(e.getKey()), here, out);
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) walk(n.get(i), path.at(i), sourced, out);
        }
    }

    private static boolean looksLikeNumber(String s) {
        return s.matches("(<=)?[0-9.]+");
    }
}
