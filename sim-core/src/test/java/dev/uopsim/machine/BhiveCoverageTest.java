package dev.uopsim.machine;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.decode.Hex;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.testing.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * How many BHive sample blocks a model covers: a block is covered when every instruction decodes
 * to a form and the model has a row for each of those forms. Both shares are printed; the check
 * is on the second (blocks whose forms are all in the model, among the blocks that decode), since
 * the instruction model is still being filled and undecodable blocks say nothing about the model.
 */
class BhiveCoverageTest {
    record Coverage(int blocks, int decoded, int covered, Map<String, Integer> missing) {
        double decodedShare() { return 100.0 * decoded / blocks; }

        double coveredShare() { return decoded == 0 ? 100 : 100.0 * covered / decoded; }
    }

    static Coverage measure(String model, Path csv) throws IOException {
        BoundModel b = ModelBinder.bind(ModelLoader.load(model));
        List<byte[]> blocks = new ArrayList<>();
        for (String line : Files.readAllLines(csv)) {
            if (line.isBlank()) continue;
            blocks.add(Hex.parse(line.substring(0, line.indexOf(',')), csv.toString(), blocks.size() + 1, 1));
        }
        List<ObjdumpDecoder.Block> decoded = new ObjdumpDecoder(FormTable.shipped()).decode(blocks, csv.getFileName().toString());
        int ok = 0;
        int covered = 0;
        Map<String, Integer> missing = new TreeMap<>();
        for (ObjdumpDecoder.Block block : decoded) {
            if (!block.ok()) continue;
            ok++;
            boolean all = true;
            for (Instruction i : block.instructions()) {
                if (!b.covers(i.form())) {
                    all = false;
                    missing.merge(i.form().name(), 1, Integer::sum);
                }
            }
            if (all) covered++;
        }
        return new Coverage(blocks.size(), ok, covered, missing);
    }

    @Test
    void skylakeCoversTheBlocksOfTheSkylakeSample() throws IOException {
        assumeTrue(ObjdumpDecoder.available(), "objdump is not installed");
        Path csv = SharedData.require("bhive-sample-tninesling/skl_sample.csv");
        Coverage c = measure("skylake", csv);
        System.out.printf("skylake on %s: %d blocks; %d (%.1f%%) decode with the current form table; of those %d (%.2f%%) have every form in the model%n",
                csv.getFileName(), c.blocks(), c.decoded(), c.decodedShare(), c.covered(), c.coveredShare());
        if (!c.missing().isEmpty()) System.out.println("forms missing from the model: " + c.missing());
        assertTrue(c.coveredShare() >= 97.0, String.format("skylake covers %.2f%% of the decodable blocks: missing %s", c.coveredShare(), c.missing()));
    }
}
