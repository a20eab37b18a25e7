package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which flag consumers are slower after a logical operation, from chains with CMP and with each logical operation. */
class LogicFlagsProbeTest {
    /** As characterize's core-flags-* probes measured them on the development host (cycles a pair). */
    private static Map<String, Double> host() {
        Map<String, Double> c = new HashMap<>();
        c.put("flags-cmp-cmov", 1.00);
        c.put("flags-test-cmov", 1.34);
        c.put("flags-and-cmov", 1.50);
        c.put("flags-or-cmov", 1.45);
        c.put("flags-xor-cmov", 1.52);
        c.put("flags-cmp-set", 1.00);
        c.put("flags-test-set", 1.37);
        c.put("flags-and-set", 1.38);
        c.put("flags-or-set", 1.34);
        c.put("flags-xor-set", 1.63);
        return c;
    }

    @Test
    void producersThatSlowAConsumerAreListedWithTheMedianCost() {
        CoreProbes.LogicFlags f = CoreProbes.logicFlags(host());
        assertEquals(List.of("TEST", "AND", "OR", "XOR"), f.producers());
        assertEquals(List.of("CMOV", "SET"), f.consumers());
        assertEquals(1, f.latency());
        Map<String, Double> none = host();
        none.replaceAll((k, v) -> 1.0);
        assertEquals(List.of(), CoreProbes.logicFlags(none).producers());
    }

    @Test
    void aMissingProbeSettlesNothing() {
        Map<String, Double> c = host();
        c.remove("flags-cmp-set");
        assertNull(CoreProbes.logicFlags(c));
    }
}
