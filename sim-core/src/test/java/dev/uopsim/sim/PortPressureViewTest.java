package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.sim.view.PortPressureView;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PortPressureViewTest {
    private static final int[] ALU = {0, 1, 5, 6};

    @Test
    void eightIndependentAddsSpreadOverTheFourAluPortsAndNothingElse() {
        // given eight independent adds, when simulated with the port view,
        PortPressureView v = ViewFixtures.view(ViewFixtures.run(ViewFixtures.independentAdds(), "ports"), PortPressureView.class);
        double[] perPort = v.perPort();
        // then the eight µops of an iteration all land on P0 P1 P5 P6, two each on average
        double alu = 0;
        for (int p : ALU) {
            alu += perPort[p];
            assertEquals(2.0, perPort[p], 0.25, "P" + p);
        }
        assertEquals(8.0, alu, 1e-9);
        for (int p : new int[]{2, 3, 4, 7}) assertEquals(0.0, perPort[p], 1e-9, "P" + p);
        // and each instruction has exactly one µop per iteration, on ALU ports only
        for (int i = 0; i < 8; i++) {
            double[] mine = v.perInstruction(i);
            double sum = 0;
            for (double x : mine) sum += x;
            assertEquals(1.0, sum, 1e-9, "instruction " + i);
        }
        // and at two cycles per iteration the ALU ports are busy every cycle
        for (int p : ALU) assertEquals(1.0, v.utilisation()[p], 0.15);
    }

    @Test
    void storesUseTheStoreDataPortAndLoadsTheLoadPorts() {
        PortPressureView v = ViewFixtures.view(ViewFixtures.run(ViewFixtures.storeForwardLoop(), "ports"), PortPressureView.class);
        assertEquals(1.0, v.perInstruction(0)[2] + v.perInstruction(0)[3], 1e-9, "the load on P2/P3");
        assertEquals(1.0, v.perInstruction(2)[4], 1e-9, "store data on P4");
        double branch = 0;
        for (double x : v.perInstruction(4)) branch += x;
        assertEquals(0.0, branch, 1e-9, "the branch is fused with dec: no µop of its own");
    }

    @Test
    void jsonHasPerPortAndPerInstructionFiguresAndThePortBound() {
        PortPressureView v = ViewFixtures.view(ViewFixtures.run(ViewFixtures.independentAdds(), "ports"), PortPressureView.class);
        Map<String, Object> doc = new LinkedHashMap<>();
        v.json(doc);
        @SuppressWarnings("unchecked")
        Map<String, Object> ports = (Map<String, Object>) doc.get("ports");
        assertEquals(8, ((java.util.List<?>) ports.get("instructions")).size());
        @SuppressWarnings("unchecked")
        Map<String, Object> bound = (Map<String, Object>) ports.get("port_bound");
        assertEquals(2.0, (double) bound.get("cycles_per_iteration"), 1e-9);
        assertEquals(java.util.List.of("P0", "P1", "P5", "P6"), bound.get("ports"));
        assertTrue(v.text().contains("[P0]"));
    }
}
