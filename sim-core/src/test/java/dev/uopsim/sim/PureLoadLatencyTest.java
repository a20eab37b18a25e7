package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A pure load (one load µop, no operation) hands its value on at the core's load-to-use, unless the
 * model's table measured it longer: on the development host sign-extending and merging loads take 6
 * cycles where plain ones take 5 (`movsxd rax, DWORD PTR [rax]` chained 5.99 cycles a copy).
 */
class PureLoadLatencyTest {
    private static TimingTable withMovsxd(Map<String, Integer> latency, Set<String> bounds) {
        return form -> {
            if (form.name().equals("MOVSXD (R64, M32)")) {
                return new FormTiming(1, List.of(new UopSpec(UopKind.LOAD, (1 << 2) | (1 << 3), -1, 1)), new LatencyTable(latency, bounds));
            }
            return TestCores.RULES.timing(form);
        };
    }

    private static double chain(TimingTable t, String line) {
        return TestCores.cyclesPerIteration(TestCores.skylakeLike(), t, TestCores.unrolled(line));
    }

    // The fixture core's load-to-use is 4 cycles.
    @Test
    void aLoadTheTableGivesMoreThanLoadToUsePaysTheDifference() {
        TimingTable six = withMovsxd(Map.of("mem->op0", 6), Set.of());
        assertEquals(6.0, chain(six, "movsxd rax, DWORD PTR [rax]"), 0.05);
        assertEquals(4.0, chain(six, "mov rax, QWORD PTR [rax]"), 0.05, "a plain load: the fixture's load-to-use");
    }

    @Test
    void aBoundOrAFigureAtLoadToUseChangesNothing() {
        assertEquals(4.0, chain(withMovsxd(Map.of("mem->op0", 6), Set.of("mem->op0")), "movsxd rax, DWORD PTR [rax]"), 0.05,
                "an upper bound (uops.info's ≤6) is no measurement of this path");
        assertEquals(4.0, chain(withMovsxd(Map.of("mem->op0", 3), Set.of()), "movsxd rax, DWORD PTR [rax]"), 0.05,
                "never faster than the core's load-to-use");
        assertEquals(4.0, chain(withMovsxd(Map.of("*->*", 6), Set.of()), "movsxd rax, DWORD PTR [rax]"), 0.05,
                "only the load's own key counts");
    }
}
