package dev.uopsim.model;

import dev.uopsim.common.InputException;
import dev.uopsim.model.LoadedModel.RowOrigin;
import dev.uopsim.model.ModelRegistry.ModelFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Loads a model strictly: parses each file (duplicate keys are errors), checks it against the
 * {@link Schema}, resolves {@code extends} (the parent's tree, its {@code derive} operations, then
 * this file merged in as a JSON merge patch), applies the what-if changes in order, builds the
 * records and checks the cross references (ports, units, sources). Every error is a
 * {@link ModelException} or {@link InputException} naming the file and the JSON path.
 */
public final class ModelLoader {
    /** Root fields of a model file that are not model parameters. */
    static final Set<String> MODEL_EXTRAS = Set.of("extends", "derive");

    static final JsonMapper MAPPER = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private ModelLoader() {}

    /** A shipped model by name, or a model file by path. */
    public static LoadedModel load(String nameOrPath) {
        return load(ModelRegistry.resolve(nameOrPath), List.of());
    }

    public static LoadedModel load(String nameOrPath, List<WhatIf> whatIfs) {
        return load(ModelRegistry.resolve(nameOrPath), whatIfs);
    }

    public static LoadedModel load(ModelFile file, List<WhatIf> whatIfs) {
        Map<String, RowOrigin> rows = new LinkedHashMap<>();
        List<String> files = new ArrayList<>();
        ObjectNode tree = resolve(file, new ArrayList<>(), rows, files);
        for (WhatIf w : whatIfs) apply(tree, w, rows, files);
        rows.keySet().retainAll(formNames(tree));
        MachineModel model;
        try {
            model = (MachineModel) new TreeReader(file.display(), Set.of()).build(tree, Schema.of(MachineModel.class), JsonPath.ROOT);
        } catch (ModelException e) {
            throw relocate(e, rows, file.display());
        }
        LoadedModel loaded = new LoadedModel(model, tree, file, List.copyOf(files), Map.copyOf(rows), List.copyOf(whatIfs));
        ModelChecks.check(loaded);
        return loaded;
    }

    /** Checks and builds one record from a JSON tree (importer configuration, rule files). */
    public static <R extends Record> R readRecord(JsonNode node, Class<R> type, String file, JsonPath path) {
        return type.cast(new TreeReader(file, Set.of()).build(node, Schema.of(type), path));
    }

    /** Checks a partial model tree (a core file without its import section). */
    public static void checkPartial(JsonNode node, String file, Set<String> extraRootFields) {
        new TreeReader(file, extraRootFields).check(node, Schema.of(MachineModel.class), JsonPath.ROOT);
    }

    /** Parses a JSON file strictly; a syntax error names the line and column. */
    public static JsonNode parse(String text, String display) {
        try {
            return MAPPER.readTree(text);
        } catch (JacksonException e) {
            TokenStreamLocation loc = e.getLocation();
            int line = loc == null ? 0 : loc.getLineNr();
            int col = loc == null ? 0 : loc.getColumnNr();
            throw new InputException(display, Math.max(line, 0), Math.max(col, 0), "not valid JSON: " + e.getOriginalMessage(),
                    e.getOriginalMessage().contains("Duplicate") ? "each key may appear once in an object" : null);
        }
    }

    private static ObjectNode resolve(ModelFile f, List<String> chain, Map<String, RowOrigin> rows, List<String> files) {
        if (chain.contains(f.display())) {
            throw new InputException(f.display(), "'extends' goes round in a circle: " + String.join(" -> ", chain) + " -> " + f.display(),
                    "a model may not extend itself, directly or through others");
        }
        chain.add(f.display());
        JsonNode root = parse(f.read(), f.display());
        if (!root.isObject()) throw new ModelException(f.display(), JsonPath.ROOT, "a model file holds one JSON object {...}", null);
        TreeReader reader = new TreeReader(f.display(), MODEL_EXTRAS);
        reader.check(root, Schema.of(MachineModel.class), JsonPath.ROOT);
        ObjectNode tree;
        JsonNode ext = root.get("extends");
        if (ext != null) {
            if (!ext.isString()) throw new ModelException(f.display(), JsonPath.ROOT.field("extends"), "expected the name or path of the parent model", null);
            tree = resolve(f.resolve(ext.stringValue()), chain, rows, files);
            tree.remove("generated");   // a variant is not what the parent's importer wrote
        } else {
            tree = TreeOps.NODES.objectNode();
        }
        applyOwn(tree, (ObjectNode) root, f.display(), root.has("generated"), rows);
        if (!tree.has("name")) {
            throw new ModelException(f.display(), JsonPath.ROOT, "missing field 'name' (short name used on the command line)", "add \"name\": \"...\"");
        }
        files.add(f.display());
        chain.removeLast();
        return tree;
    }

    /** A file's derive operations on the tree so far, then its own fields merged in. */
    private static void applyOwn(ObjectNode tree, ObjectNode root, String display, boolean imported, Map<String, RowOrigin> rows) {
        JsonNode derive = root.get("derive");
        if (derive != null) {
            Derive d = (Derive) new TreeReader(display, Set.of()).build(derive, Schema.of(Derive.class), JsonPath.ROOT.field("derive"));
            TreeOps.derive(tree, d, display);
        }
        ObjectNode own = root.deepCopy();
        own.remove("extends");
        own.remove("derive");
        TreeOps.mergePatch(tree, own, row -> rows.put(row, new RowOrigin(display, imported)));
    }

    private static void apply(ObjectNode tree, WhatIf w, Map<String, RowOrigin> rows, List<String> files) {
        switch (w) {
            case WhatIf.Set s -> SetOption.apply(tree, s.assignment());
            case WhatIf.AddPort a -> TreeOps.addPort(tree, a.name(), a.like(), w.describe());
            case WhatIf.RemovePort r -> TreeOps.removePort(tree, r.name(), w.describe());
            case WhatIf.Overlay o -> {
                ModelFile f = new ModelFile(o.file().toString(), null, o.file());
                if (!java.nio.file.Files.isRegularFile(o.file())) {
                    throw new InputException("--model-overlay", "no overlay file " + o.file(), "give the path of a JSON file with the fields to change");
                }
                JsonNode root = parse(f.read(), f.display());
                if (!root.isObject()) throw new ModelException(f.display(), JsonPath.ROOT, "an overlay holds one JSON object {...}", null);
                if (root.has("extends")) {
                    throw new ModelException(f.display(), JsonPath.ROOT.field("extends"), "an overlay applies to the model given with --uarch; it cannot extend another",
                            "remove \"extends\", or make it a model file and pass it to --uarch");
                }
                new TreeReader(f.display(), MODEL_EXTRAS).check(root, Schema.of(MachineModel.class), JsonPath.ROOT);
                applyOwn(tree, (ObjectNode) root, f.display(), false, rows);
                files.add(f.display());
            }
        }
    }

    private static Set<String> formNames(ObjectNode tree) {
        if (tree.get("instructions") instanceof ObjectNode t && t.get("forms") instanceof ObjectNode forms) {
            return Set.copyOf(forms.propertyNames());
        }
        return Set.of();
    }

    private static ModelException relocate(ModelException e, Map<String, RowOrigin> rows, String top) {
        String p = e.path();
        for (var row : rows.entrySet()) {
            String rp = LoadedModel.rowPath(row.getKey()).toString();
            if ((p.equals(rp) || p.startsWith(rp + ".") || p.startsWith(rp + "[")) && !row.getValue().file().equals(top)) {
                String msg = e.getMessage().substring(p.length() + 2);
                return new ModelException(row.getValue().file(), p, msg, e.hint().orElse(null));
            }
        }
        return e;
    }
}
