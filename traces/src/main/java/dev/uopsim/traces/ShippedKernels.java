package dev.uopsim.traces;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/** The kernels that ship with uopsim (memory-dependency kernels A-H, classic loops), by name. */
public final class ShippedKernels {
    private static final String DIRECTORY = "/dev/uopsim/traces/kernels/";

    private ShippedKernels() {}

    /** Names of all shipped kernels, e.g. {@code memdep-A}. */
    public static List<String> names() {
        return read("INDEX").orElseThrow().stream().map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    }

    /** The lines of a shipped kernel, or empty when there is none of that name. */
    public static Optional<List<String>> lines(String name) {
        if (!name.matches("[A-Za-z0-9_-]+")) return Optional.empty();
        return read(name + ".s");
    }

    private static Optional<List<String>> read(String file) {
        try (InputStream in = ShippedKernels.class.getResourceAsStream(DIRECTORY + file)) {
            if (in == null) return Optional.empty();
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
