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

    // Ports of the next tests: P0, P1, P5, P6, P10 (bits 0-4), two load ports (bits 5-6).
    private static final int P0 = 0b1, P1 = 0b10, P5 = 0b100, P01 = 0b11, P15 = 0b110, P06 = 0b1001, P015 = 0b111, ALU = 0b11111,
            LOADS = 0b1100000;
    private static final List<Integer> COMBINATIONS = List.of(P0, P1, P5, P01, P15, P06, P015, ALU, LOADS);

    @Test
    void aNarrowCombinationThatContradictsTheMeasuredThroughputIsWidened() {
        // given SHRD r16, r16, CL as blocked on the development host: two µops within P1 (one of them the
        // blocking's interference) and one on P06, so its ports bound it at 2.0 cycles; measured 0.998
        var u = new PortUsage.Usage(List.of(new PortUsage.Group(P1, 2), new PortUsage.Group(P06, 1)),
                java.util.Map.of(P15, 0.9, P01, 0.2), List.of());
        assertEquals(2.0, PortUsage.bound(u.groups(), 7), 1e-9);

        // when its usage is made to agree with the measurement
        var widened = PortUsage.widenToThroughput(u, 0.998, 7, COMBINATIONS, LOADS, 0);

        // then one P1 µop moves to the smallest combination around P1 where blocking saw the most µops
        assertEquals(List.of(new PortUsage.Group(P1, 1), new PortUsage.Group(P06, 1), new PortUsage.Group(P15, 1)), widened.groups());
        assertEquals(1.0, PortUsage.bound(widened.groups(), 7), 1e-9);

        // and a usage that agrees with its throughput (or has none settled) is left alone
        assertEquals(u, PortUsage.widenToThroughput(u, 2.0, 7, COMBINATIONS, LOADS, 0));
        assertEquals(u, PortUsage.widenToThroughput(u, Double.NaN, 7, COMBINATIONS, LOADS, 0));
    }

    @Test
    void trimmingKeepsTheMicroOpThatAgreesWithTheMeasuredThroughput() {
        // given CMOVNS r64, m64 as blocked on the development host: its load, a µop within P5 (interference)
        // and one within P0,P6, for a one-slot form measured at 0.502 cycles
        var u = new PortUsage.Usage(List.of(new PortUsage.Group(LOADS, 1), new PortUsage.Group(P5, 1), new PortUsage.Group(P06, 1)),
                java.util.Map.of(), List.of());

        // when the excess µop is taken from the widest combination, P5 stays and contradicts the measurement
        var widestFirst = PortUsage.withinForm(u, 1, LOADS, 0, true, false);
        assertEquals(List.of(new PortUsage.Group(LOADS, 1), new PortUsage.Group(P5, 1)), widestFirst.groups());
        assertEquals(true, PortUsage.contradicts(PortUsage.bound(widestFirst.groups(), 7), 0.502));

        // then taken where it lowers the bound most, P0,P6 stays, and agrees
        var keeping = PortUsage.trimKeepingThroughput(u, 1, LOADS, 0, 7);
        assertEquals(List.of(new PortUsage.Group(LOADS, 1), new PortUsage.Group(P06, 1)), keeping.groups());
        assertEquals(false, PortUsage.contradicts(PortUsage.bound(keeping.groups(), 7), 0.502));
    }

    @Test
    void aDecodedFormHasOneLoadMicroOpPerMemoryRead() {
        // given ROUNDSD xmm, m64, imm8 as blocked on the development host: three µops "within" the load
        // ports beside its two compute µops, for one memory read
        int stores = 0b110000000;
        var u = new PortUsage.Usage(List.of(new PortUsage.Group(LOADS, 3), new PortUsage.Group(P01, 2)), java.util.Map.of(), List.of());

        // when the memory µops are kept within its accesses
        var kept = PortUsage.memoryWithin(u, LOADS, stores, 1, 0);

        // then one load remains and the compute µops are untouched
        assertEquals(List.of(new PortUsage.Group(LOADS, 1), new PortUsage.Group(P01, 2)), kept.groups());
        // and a form within its accesses is left as it is
        assertEquals(u, PortUsage.memoryWithin(u, LOADS, stores, 3, 0));
    }
}
