package dev.uopsim.characterize;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** The shared data folder beside the checkout (../shared/data), which tests may read and the product never ships. */
public final class Shared {
    private Shared() {}

    public static Path root() {
        String prop = System.getProperty("uopsim.shared");
        if (prop != null && Files.isDirectory(Path.of(prop, "data"))) return Path.of(prop, "data").normalize();
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolveSibling("shared").resolve("data");
            if (Files.isDirectory(candidate) && Files.exists(dir.resolve("pom.xml"))) return candidate.normalize();
        }
        return Path.of("../shared/data").toAbsolutePath().normalize();
    }

    /** A shared data file or folder; skips the test, saying why, when it is not there. */
    public static Path require(String relative) {
        Path p = root().resolve(relative);
        assumeTrue(Files.exists(p), "shared data " + p + " is not present (tests read ../shared beside the checkout)");
        return p;
    }
}
