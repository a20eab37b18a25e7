package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.sim.view.Views;
import java.util.List;
import org.junit.jupiter.api.Test;

class ViewRegistryTest {
    @Test
    void everyViewIsFoundByItsShortNameThroughTheServiceLoader() {
        assertEquals(List.of("summary", "ports", "timeline", "bottleneck", "critical-path"), Views.names());
        assertTrue(Views.find("critical-path").isPresent());
        assertTrue(Views.find("critical_path").isEmpty(), "names are exact");
    }

    @Test
    void viewsAreFinishedInTheOrderAskedFor() {
        var run = ViewFixtures.run(ViewFixtures.addChain(), "bottleneck", "summary");
        assertEquals(2, run.views().size());
        assertTrue(run.views().get(0).text().startsWith("Bottleneck:"));
        assertTrue(run.views().get(1).text().contains("cycles per iteration  1.00"));
    }
}
