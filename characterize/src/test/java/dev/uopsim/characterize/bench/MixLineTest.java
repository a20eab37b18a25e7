package dev.uopsim.characterize.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A mix's loads never agree with its stores in the low ten bits of the displacement (Zen 4 renames such a pair). */
class MixLineTest {
    @Test
    void readsAndWritesKeepToTheirOwnHalfOfEveryKilobyte() {
        Set<Long> writes = new HashSet<>(), reads = new HashSet<>(), lines = new HashSet<>();
        for (long n = 0; n < 512; n++) {
            writes.add(64 * Generator.mixLine(n, true) % 1024);
            reads.add(64 * Generator.mixLine(n, false) % 1024);
            lines.add(Generator.mixLine(n, true));
            lines.add(Generator.mixLine(n, false));
        }
        assertTrue(writes.stream().noneMatch(reads::contains), writes + " " + reads);
        assertEquals(1024, lines.size(), "every access its own line");
    }
}
