package dev.uopsim.model;

import dev.uopsim.common.Suggestions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Edits of a model's JSON tree before it is checked and turned into records: JSON merge patch
 * (RFC 7386: objects merge, null deletes, anything else replaces) and the port operations of
 * {@link Derive} and the what-if options. {@code file} names the file or option in errors.
 */
final class TreeOps {
    private TreeOps() {}

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Merges {@code patch} into {@code target}; {@code onRow} sees every instruction row the patch sets. */
    static void mergePatch(ObjectNode target, JsonNode patch, Consumer<String> onRow) {
        for (var e : patch.properties()) {
            String k = e.getKey();
            JsonNode v = e.getValue();
            if (onRow != null && k.equals("instructions") && v.isObject() && v.get("forms") instanceof ObjectNode rows) {
                for (String row : rows.propertyNames()) {
                    if (!rows.get(row).isNull()) onRow.accept(row);
                }
            }
            if (v.isNull()) {
                target.remove(k);
            } else if (v.isObject() && target.get(k) instanceof ObjectNode existing) {
                mergePatch(existing, v, null);
            } else {
                target.set(k, stripNulls(v.deepCopy()));
            }
        }
    }

    private static JsonNode stripNulls(JsonNode n) {
        if (n instanceof ObjectNode o) {
            List<String> nulls = new ArrayList<>();
            for (var e : o.properties()) {
                if (e.getValue().isNull()) nulls.add(e.getKey());
                else stripNulls(e.getValue());
            }
            nulls.forEach(o::remove);
        }
        return n;
    }

    static ObjectNode ports(ObjectNode tree) {
        return tree.get("ports") instanceof ObjectNode p ? p : tree.putObject("ports");
    }

    static String requirePort(ObjectNode tree, String port, String file, String path, String role) {
        ObjectNode ports = ports(tree);
        if (!ports.has(port)) {
            List<String> names = new ArrayList<>(ports.propertyNames());
            String hint = Suggestions.didYouMean(port, names);
            throw new ModelException(file, path, "unknown port '" + port + "'" + (role.isEmpty() ? "" : " " + role)
                    + (hint != null ? " (" + hint + ")" : ""), "ports of this model: " + String.join(", ", names));
        }
        return port;
    }

    /** Visits every port-set array: µop ports and scheduler ports. */
    static void forEachPortSet(ObjectNode tree, PortSetVisitor visitor) {
        if (tree.get("schedulers") instanceof ArrayNode scheds) {
            for (int i = 0; i < scheds.size(); i++) {
                if (scheds.get(i) instanceof ObjectNode s && s.get("ports") instanceof ArrayNode a) {
                    visitor.visit(a, JsonPath.ROOT.field("schedulers").at(i).field("ports"), null);
                }
            }
        }
        if (tree.get("instructions") instanceof ObjectNode t && t.get("forms") instanceof ObjectNode forms) {
            for (var row : forms.properties()) {
                if (row.getValue().get("uops") instanceof ArrayNode uops) {
                    for (int i = 0; i < uops.size(); i++) {
                        if (uops.get(i) instanceof ObjectNode u && u.get("ports") instanceof ArrayNode a) {
                            visitor.visit(a, JsonPath.ROOT.field("instructions").field("forms").field(row.getKey()).field("uops").at(i).field("ports"),
                                    row.getKey());
                        }
                    }
                }
            }
        }
    }

    interface PortSetVisitor {
        void visit(ArrayNode set, JsonPath path, String row);
    }

    /** A new port with the units of {@code like}, joined to every port set that holds {@code like}. */
    static void addPort(ObjectNode tree, String name, String like, String file) {
        ObjectNode ports = ports(tree);
        if (ports.has(name)) {
            throw new ModelException(file, "$.ports", "port '" + name + "' exists already", "pick a new name, or change its units with --set ports." + name + ".units=...");
        }
        if (!name.matches("[A-Za-z][A-Za-z0-9_]*")) {
            throw new ModelException(file, "$.ports", "'" + name + "' is not a port name", "port names are a letter followed by letters, digits or _");
        }
        requirePort(tree, like, file, "$.ports", "to copy");
        ports.set(name, ports.get(like).deepCopy());
        forEachPortSet(tree, (set, path, row) -> {
            if (contains(set, like) && !contains(set, name)) set.add(name);
        });
    }

    /** Replaces {@code port} by {@code replacements} in every port set, then removes it. */
    static void mapPort(ObjectNode tree, String port, List<String> replacements, String file) {
        requirePort(tree, port, file, "$.derive.mapPorts", "to map");
        for (String r : replacements) {
            if (!r.equals(port)) requirePort(tree, r, file, "$.derive.mapPorts." + port, "to map to");
        }
        List<String> order = new ArrayList<>(ports(tree).propertyNames());
        List<String> emptied = new ArrayList<>();
        forEachPortSet(tree, (set, path, row) -> {
            if (!contains(set, port)) return;
            Set<String> names = new LinkedHashSet<>();
            for (JsonNode n : set) {
                if (n.isString() && n.stringValue().equals(port)) names.addAll(replacements);
                else if (n.isString()) names.add(n.stringValue());
            }
            names.remove(port);
            set.removeAll();
            order.stream().filter(names::contains).forEach(set::add);
            if (set.isEmpty()) emptied.add(path.toString());
        });
        ports(tree).remove(port);
        dropEmptySchedulers(tree);
        if (!emptied.isEmpty()) {
            throw new ModelException(file, emptied.getFirst(), "removing port '" + port + "' leaves " + emptied.size()
                    + " µop(s) without ports", "map the port to others instead (derive.mapPorts: {\"" + port + "\": [\"...\"]})");
        }
    }

    static void removePort(ObjectNode tree, String port, String file) {
        requirePort(tree, port, file, "$.ports", "to remove");
        mapPort(tree, port, List.of(), file);
    }

    private static void dropEmptySchedulers(ObjectNode tree) {
        if (tree.get("schedulers") instanceof ArrayNode scheds) {
            for (int i = scheds.size() - 1; i >= 0; i--) {
                if (scheds.get(i).get("ports") instanceof ArrayNode a && a.isEmpty()) scheds.remove(i);
            }
        }
    }

    static void dropExtensions(ObjectNode tree, List<String> extensions) {
        if (tree.get("instructions") instanceof ObjectNode t && t.get("forms") instanceof ObjectNode forms) {
            List<String> drop = new ArrayList<>();
            for (var row : forms.properties()) {
                JsonNode ext = row.getValue().get("ext");
                String e = ext == null ? "BASE" : ext.asString();
                if (extensions.contains(e)) drop.add(row.getKey());
            }
            drop.forEach(forms::remove);
        }
        if (tree.get("isa") instanceof ArrayNode isa) {
            for (int i = isa.size() - 1; i >= 0; i--) {
                if (extensions.contains(isa.get(i).asString())) isa.remove(i);
            }
        }
    }

    static void dropForms(ObjectNode tree, List<String> names) {
        if (tree.get("instructions") instanceof ObjectNode t && t.get("forms") instanceof ObjectNode forms) {
            names.forEach(forms::remove);
        }
    }

    /** Applies a checked {@link Derive} section. */
    static void derive(ObjectNode tree, Derive d, String file) {
        for (Map.Entry<String, String> e : d.addPorts().entrySet()) addPort(tree, e.getKey(), e.getValue(), file);
        for (Map.Entry<String, List<String>> e : d.mapPorts().entrySet()) mapPort(tree, e.getKey(), e.getValue(), file);
        for (String p : d.removePorts()) removePort(tree, p, file);
        if (!d.dropExtensions().isEmpty()) dropExtensions(tree, d.dropExtensions());
        if (!d.dropForms().isEmpty()) dropForms(tree, d.dropForms());
    }

    private static boolean contains(ArrayNode set, String port) {
        for (JsonNode n : set) if (n.isString() && n.stringValue().equals(port)) return true;
        return false;
    }
}
