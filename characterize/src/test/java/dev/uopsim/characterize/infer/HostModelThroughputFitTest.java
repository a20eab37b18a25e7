package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How the model writer makes a row's µops account for the form's measured throughput. */
class HostModelThroughputFitTest {
    private static final int TWO_PORTS = 0b11, ONE_PORT = 0b10;

    @Test
    void anUnsettledFormSlowerThanItsPortsGetsTheMicroOpsItsThroughputNeeds() {
        // VPMULLD ymm here: 1.02 cycles a form on two ports, where blocking had seen one µop
        assertEquals(2, HostModel.countForThroughput(1.022, TWO_PORTS, 1));
        // never fewer µops than blocking found
        assertEquals(3, HostModel.countForThroughput(1.0, TWO_PORTS, 3));
    }

    @Test
    void aGroupHoldsNoMoreMicroOpsThanItsPortsRunInTheFormsMeasuredTime() {
        // MASKMOVQ here: 2.0 cycles a form, and blocking had read 5,127 store µops on the two store ports
        assertEquals(4, HostModel.countWithinThroughput(2.005, TWO_PORTS, 5127));
        // RCL r32, imm8 on the Zen 4 guest: 4.0 cycles a form, five µops by blocking on one pipe
        assertEquals(4, HostModel.countWithinThroughput(3.995, ONE_PORT, 5));
        // a measurement a little under the whole number still allows it (two µops on one port at 1.93)
        assertEquals(2, HostModel.countWithinThroughput(1.93, ONE_PORT, 2));
        // a count its throughput allows stays (two µops on two ports at 1.02 cycles)
        assertEquals(2, HostModel.countWithinThroughput(1.022, TWO_PORTS, 2));
    }

    @Test
    void aUnitOnEveryPortOfTheGroupIsHeldSoTheFormRunsAtItsMeasuredThroughput() {
        // VSQRTPD ymm here: 12 cycles a form, its µop on two ports that both get the unit
        assertEquals(24, HostModel.unitOccupancy(11.96, TWO_PORTS));
        // DIV r64 here: 10 cycles on one port
        assertEquals(10, HostModel.unitOccupancy(9.98, ONE_PORT));
    }
}
