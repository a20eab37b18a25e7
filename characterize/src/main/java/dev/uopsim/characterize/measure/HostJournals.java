package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.runner.HarnessBinary;
import dev.uopsim.common.Json;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Optional;

/**
 * Where this machine's characterizations are kept: journals of runs without {@code --journal} go to
 * the cache ({@code journals/}), and the cache remembers the last journal and the last model written,
 * so {@code validate replay} and {@code validate memdep --host} find them without arguments.
 */
public final class HostJournals {
    private HostJournals() {}

    static Path dir() {
        return HarnessBinary.cacheDirectory();
    }

    /** A new journal path in the cache, named after the time. */
    public static Path fresh() throws IOException {
        Path d = dir().resolve("journals");
        Files.createDirectories(d);
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now());
        return d.resolve("characterize-" + stamp + ".jsonl");
    }

    public static void remember(Path journal) throws IOException {
        Files.createDirectories(dir());
        Files.writeString(dir().resolve("last-journal"), journal.toAbsolutePath().toString(), StandardCharsets.UTF_8);
    }

    public static Optional<Path> lastJournal() {
        return read("last-journal");
    }

    public static Optional<Path> lastModel() {
        return read("last-model");
    }

    private static Optional<Path> read(String name) {
        try {
            Path p = dir().resolve(name);
            if (!Files.exists(p)) return Optional.empty();
            Path target = Path.of(Files.readString(p, StandardCharsets.UTF_8).strip());
            return Files.exists(target) ? Optional.of(target) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Writes a model, then loads and binds it as any --uarch PATH would be (a model the loader refuses
     * is a bug here, reported as such), and remembers it as this machine's last model.
     */
    public static void writeModel(Path file, Map<String, Object> model) throws IOException {
        Path abs = file.toAbsolutePath();
        if (abs.getParent() != null) Files.createDirectories(abs.getParent());
        Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
        Files.writeString(tmp, Json.write(model) + "\n", StandardCharsets.UTF_8);
        try {
            ModelBinder.bind(ModelLoader.load(tmp.toString()));
        } catch (RuntimeException e) {
            throw new IllegalStateException("the written model does not load: " + e.getMessage() + " (kept as " + tmp + ")", e);
        }
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Files.createDirectories(dir());
        Files.writeString(dir().resolve("last-model"), abs.toString(), StandardCharsets.UTF_8);
    }
}
