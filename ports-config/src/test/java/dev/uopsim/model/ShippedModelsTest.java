package dev.uopsim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every shipped model loads strictly, and every number in it has a source. */
class ShippedModelsTest {
    @Test
    void atLeastThirteenModelsAllLoadWithProvenanceOnEveryNumber() {
        List<String> names = ModelRegistry.shippedNames();
        assertTrue(names.size() >= 13, "only " + names.size() + " models: " + names);
        for (String name : names) {
            LoadedModel m = ModelLoader.load(name);
            assertEquals(name, m.model().name());
            assertTrue(m.model().instructions().forms().size() > 50, name + " has almost no instruction rows");
            List<String> unsourced = Provenance.unsourced(m.tree());
            assertTrue(unsourced.isEmpty(), name + ": numbers without a source: " + unsourced.subList(0, Math.min(10, unsourced.size())));
        }
    }

    @Test
    void variantsAndProvisionalTablesSayWhereTheyComeFrom() {
        LoadedModel zen3 = ModelLoader.load("zen3");
        assertTrue(zen3.model().sources().get(zen3.model().instructions().source()).provisional(), "zen3's borrowed table is provisional");
        assertTrue(zen3.model().instructions().forms().values().stream().noneMatch(f -> f.ext().startsWith("AVX512")));
        LoadedModel snb = ModelLoader.load("sandybridge");
        assertEquals(List.of("P0", "P1", "P2", "P3", "P4", "P5"), snb.model().portNames());
        assertTrue(snb.model().instructions().forms().values().stream().allMatch(f -> f.uops().stream().allMatch(u -> !u.ports().contains("P6"))));
        assertEquals(List.of("haswell.json", "sandybridge.json"), snb.files());
    }
}
