package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.infer.PortStructure;
import dev.uopsim.characterize.infer.StructureMixesFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The port structure's pair mixes, read on a shared core, fit the wrong layout; taken again after a
 * pause, they fit this host's nine ports. Both readings are the development
 * host's (h34.jsonl and its retake in h35.jsonl), so the threshold that triggers the retake is checked
 * against real contention, not an invented one.
 */
class StructureRetakeTest {
    private static final double WIDTH = 6.008;

    /** Each mix at its retake's reading where the retake has one (characterize keeps the latest reading). */
    private static List<PortStructure.Mix> latest(List<PortStructure.Mix> first, List<PortStructure.Mix> again) {
        Map<String, PortStructure.Mix> out = new LinkedHashMap<>();
        for (PortStructure.Mix m : first) out.put(key(m), m);
        for (PortStructure.Mix m : again) out.put(key(m), m);
        return new ArrayList<>(out.values());
    }

    private static String key(PortStructure.Mix m) {
        return m.i() + " " + m.j() + " " + m.a() + " " + m.b();
    }

    @Test
    void mixesReadOnASharedCoreAreTakenAgainAndThenFitNinePorts() throws IOException {
        // given the 234 mixes of the busy run, and the same mixes measured again after a pause
        StructureMixesFile busy = StructureMixesFile.read("h34-structure-mixes.txt");
        StructureMixesFile again = StructureMixesFile.read("h34-structure-mixes-again1.txt");

        // when the first reading is solved alone
        PortStructure.Solution first = PortStructure.solve(busy.sizes(), busy.mixes(), WIDTH, 16);

        // then it fits too badly to keep: characterize measures the mixes again
        assertNotNull(first);
        assertTrue(first.error() > HostInference.STRUCTURE_FIT, "first reading's error " + first.error());

        // and taken again the layout fits, on the nine ports every quiet run found
        PortStructure.Solution refit = PortStructure.solve(busy.sizes(), latest(busy.mixes(), again.mixes()), WIDTH, 16);
        assertNotNull(refit);
        assertTrue(refit.error() <= HostInference.STRUCTURE_FIT, "refit error " + refit.error());
        assertEquals(9, refit.ports());
    }
}
