package dev.uopsim.characterize;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uopsim.characterize.measure.Session;
import java.util.Optional;

/** Tests that run generated code skip, saying why, where this machine cannot (not x86-64 Linux, no as or gcc). */
public final class NativeTests {
    private NativeTests() {}

    public static void assumeNativeRuns() {
        Optional<String> why = Session.unavailable();
        assumeTrue(why.isEmpty(), () -> "skipped: " + why.orElse("") + " (these tests run generated x86-64 code)");
    }
}
