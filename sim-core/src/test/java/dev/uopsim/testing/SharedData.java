package dev.uopsim.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** The shared data folder beside the checkout (../shared/data), which tests may read. */
public final class SharedData {
    private SharedData() {}

    public static Path root() {
        String prop = System.getProperty("uopsim.shared");
        if (prop != null && Files.isDirectory(Path.of(prop, "data"))) return Path.of(prop, "data").normalize();
        // Run from a module folder or the top level: ../shared sits beside the checkout.
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolveSibling("shared").resolve("data");
            if (Files.isDirectory(candidate) && Files.exists(dir.resolve("pom.xml"))) return candidate.normalize();
        }
        return Path.of("../shared/data").toAbsolutePath().normalize();
    }

    /** The path of a shared data file; skips the test, saying why, when it is not there. */
    public static Path require(String relative) {
        Path p = root().resolve(relative);
        assumeTrue(Files.exists(p), "shared data " + p + " is not present (tests read ../shared beside the checkout)");
        return p;
    }
}
