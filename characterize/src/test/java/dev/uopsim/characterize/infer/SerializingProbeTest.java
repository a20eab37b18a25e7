package dev.uopsim.characterize.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which fences hold younger µops, from each fence alone and followed by a 12-cycle multiply chain. */
class SerializingProbeTest {
    /** As measured on the development host (characterize's core-serialize-* probes, cycles a step). */
    private static Map<String, Double> host() {
        Map<String, Double> c = new HashMap<>();
        c.put("serialize-lfence", 11.99);
        c.put("serialize-lfence-imul4", 22.99);
        c.put("serialize-mfence", 38.08);
        c.put("serialize-mfence-imul4", 48.04);
        c.put("serialize-pause", 34.13);
        c.put("serialize-pause-imul4", 50.07);
        return c;
    }

    @Test
    void aFenceThatAddsTheChainToItsTimeSerializes() {
        assertEquals(List.of("LFENCE", "MFENCE", "PAUSE"), CoreProbes.serializing(host()));
        // a fence the chain runs beside (its time barely grows) does not
        Map<String, Double> c = host();
        c.put("serialize-mfence-imul4", 38.9);
        assertEquals(List.of("LFENCE", "PAUSE"), CoreProbes.serializing(c));
    }

    @Test
    void aMissingProbeSettlesNothing() {
        Map<String, Double> c = host();
        c.remove("serialize-pause-imul4");
        assertNull(CoreProbes.serializing(c));
    }
}
