package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PortUsageTest {
    @Test
    void combinationsAreWrittenAsUopsInfoDoesInPortOrder() {
        List<String> names = PortNaming.notationNames(List.of("P1", "P0", "P10", "P5", "S0", "S1"));
        assertEquals("P015A", PortUsage.combination(0b1111, names));
        assertEquals("S01", PortUsage.combination(0b110000, names));
        assertEquals("P0|S0", PortUsage.combination(0b10010, names));
        assertEquals("1*P01+2*S01", PortUsage.notation(List.of(new PortUsage.Group(0b11, 1), new PortUsage.Group(0b110000, 2)), names));
    }

    @Test
    void aCombinationHoldsNoMoreMicroOpsThanASupersetThatSeesOne() {
        var u = PortUsage.decode(List.of(new PortUsage.Blocked(0b1, 2.0, "p1"), new PortUsage.Blocked(0b11, 1.0, "p1p5"),
                new PortUsage.Blocked(0b111, 0.01, "p1p5p10 (blocked nothing)")));
        assertEquals(List.of(new PortUsage.Group(0b1, 1)), u.groups());
    }

    @Test
    void blockingThatSlowsAFormBeyondItsSlotsIsTrimmedFromTheWidestCombination() {
        // given PHSUBD xmm, xmm as blocked on the development host: 2 µops on P15, 1 on P015, and 15 more
        // "within" the five ALU ports (3 slots, no memory), and a store µop it cannot have
        int p15 = 0b11, p015 = 0b111, alu = 0b11111, loads = 0b1100000, stores = 0b110000000;
        var u = new PortUsage.Usage(List.of(new PortUsage.Group(p15, 2), new PortUsage.Group(p015, 1), new PortUsage.Group(alu, 15),
                new PortUsage.Group(stores, 1)), java.util.Map.of(), List.of());

        // when it is kept within what the form can have
        var kept = PortUsage.withinForm(u, 3, loads, stores, false, false);

        // then the ALU µops and the store go, and the narrower counts stay
        assertEquals(List.of(new PortUsage.Group(p15, 2), new PortUsage.Group(p015, 1)), kept.groups());
        // and a form within its slots is left as it is
        assertEquals(u.groups(), PortUsage.withinForm(u, 18, loads, stores, false, true).groups());
    }
}
