package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.Shared;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The port-inference step on PMEvo's recorded Zen+ measurements (skipped when ../shared is absent). */
class PmevoCheckTest {
    @Test
    void inferredMappingPredictsHeldOutMixesNearlyAsWellAsPmevo() throws Exception {
        Path dir = Shared.require("pmevo/ZEN");
        PmevoCheck.Outcome o = PmevoCheck.run(dir, 10, Long.getLong("uopsim.pmevo.iterations", 150_000L), 1);
        System.out.printf("PMEvo check: ours %.1f%%, PMEvo %.1f%%, others %s, %.1f s%n", 100 * o.ours(), 100 * o.pmevo(), o.others(), o.seconds());
        assertTrue(o.ours() < o.pmevo() + 0.05, "MAPE " + o.ours() + " is more than 5 points above PMEvo's " + o.pmevo());
    }
}
