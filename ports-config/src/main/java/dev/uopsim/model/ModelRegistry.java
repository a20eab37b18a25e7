package dev.uopsim.model;

import dev.uopsim.common.InputException;
import dev.uopsim.common.Suggestions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The models shipped as resources ({@code dev/uopsim/models/NAME.json}, listed in
 * {@code dev/uopsim/models/INDEX}), and the lookup of {@code --uarch NAME|PATH}.
 */
public final class ModelRegistry {
    static final String DIRECTORY = "/dev/uopsim/models/";
    private static volatile List<String> names;

    private ModelRegistry() {}

    /** Names of the shipped models, in index order. */
    public static List<String> shippedNames() {
        List<String> n = names;
        if (n == null) {
            String index = resource("INDEX");
            if (index == null) throw new IllegalStateException("resource " + DIRECTORY + "INDEX is missing");
            names = n = index.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        }
        return n;
    }

    /**
     * The shipped model of a core named as characterize names what it detects ({@code alderlakep}
     * is the model {@code alderlake-p}), if there is one.
     */
    public static java.util.Optional<String> shippedFor(String core) {
        if (core == null) return java.util.Optional.empty();
        String wanted = core.replace("-", "");
        return shippedNames().stream().filter(n -> n.replace("-", "").equalsIgnoreCase(wanted)).findFirst();
    }

    /** A model file: shipped (by name) or on disk. */
    public record ModelFile(String display, String shippedName, Path path) {
        public boolean shipped() { return shippedName != null; }

        public String read() {
            if (shipped()) {
                String text = resource(shippedName + ".json");
                if (text == null) throw new IllegalStateException("shipped model " + shippedName + " is listed but missing");
                return text;
            }
            try {
                return Files.readString(path, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new InputException(display, "cannot read the model file: " + e.getMessage(), null);
            }
        }

        /** What {@code "extends": ref} in this file names: a shipped model, or a file beside this one. */
        public ModelFile resolve(String ref) {
            if (looksLikePath(ref) && !shipped()) {
                Path base = path.toAbsolutePath().getParent();
                return onDisk(base.resolve(ref).normalize(), display);
            }
            return ModelRegistry.resolve(ref, display);
        }
    }

    /** {@code --uarch NAME|PATH}. */
    public static ModelFile resolve(String nameOrPath) {
        return resolve(nameOrPath, "--uarch");
    }

    /** A model by name or path, for the option or file named {@code where} in errors. */
    public static ModelFile resolve(String ref, String where) {
        if (looksLikePath(ref)) return onDisk(Path.of(ref), where);
        if (shippedNames().contains(ref)) return new ModelFile(ref + ".json", ref, null);
        String hint = Suggestions.didYouMean(ref, shippedNames());
        throw new InputException(where, "unknown model '" + ref + "'" + (hint != null ? " (" + hint + ")" : ""),
                "models: " + String.join(", ", shippedNames()) + "; or give the path of a model file");
    }

    private static ModelFile onDisk(Path p, String where) {
        if (!Files.isRegularFile(p)) throw new InputException(where, "no model file " + p, "give a shipped model name or an existing .json file");
        return new ModelFile(p.toString(), null, p);
    }

    static boolean looksLikePath(String ref) {
        return ref.endsWith(".json") || ref.contains("/") || ref.contains(java.io.File.separator);
    }

    static String resource(String name) {
        try (InputStream in = ModelRegistry.class.getResourceAsStream(DIRECTORY + name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
