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
}
