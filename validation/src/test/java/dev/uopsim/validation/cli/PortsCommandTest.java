package dev.uopsim.validation.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PortsCommandTest {
    private static final Map<String, List<String>> UNITS = Map.of("P0", List.of("ALU"), "P1", List.of("ALU"), "P10", List.of("ALU"),
            "P2", List.of("LOAD"), "P3", List.of("LOAD"), "S0", List.of("STORE_ADDRESS"), "S1", List.of("STORE_ADDRESS"));

    @Test
    void uopsInfoNotationKeepsComputeSetsAndCountsLoadsAndStoreAddressesWithoutStoreData() {
        var u = PortsCommand.fromUopsInfo("1*p0156B+1*p23A+1*p49+1*p78");
        assertEquals(Map.of("0156B", 1), u.compute());
        assertEquals(1, u.loads());
        assertEquals(1, u.storeAddresses());
    }

    @Test
    void modelPortsAreIntelNumbersWithTenAsB() {
        var u = PortsCommand.fromModel(List.of(Map.of("ports", List.of("P2", "P3")), Map.of("ports", List.of("P0", "P1", "P10"), "count", 2),
                Map.of("ports", List.of("S0", "S1"))), UNITS);
        assertEquals(Map.of("01B", 2), u.compute());
        assertEquals(1, u.loads());
        assertEquals(1, u.storeAddresses());
        assertEquals(u, PortsCommand.fromUopsInfo("2*p01B+1*p23A+1*p78+1*p49"));
    }
}
