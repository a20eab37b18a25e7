package dev.uopsim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uopsim.model.importer.UopsInfoImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every imported model equals what its recorded command makes from the shared tables and the
 * core files: a hand edit of a generated file, or of a core file without regenerating, fails here.
 */
class ModelRegenerationTest {
    @Test
    void importedModelsAreExactlyWhatTheirCommandsProduce() throws IOException {
        Path root = Path.of(System.getProperty("uopsim.root", "..")).toAbsolutePath().normalize();
        assumeTrue(Files.isDirectory(root.resolve("../shared/data/uops-info-csv")), "shared data not present");
        int checked = 0;
        for (String name : ModelRegistry.shippedNames()) {
            ModelRegistry.ModelFile f = ModelRegistry.resolve(name);
            String shipped = f.read();
            var tree = ModelLoader.parse(shipped, f.display());
            if (!tree.has("generated")) continue;
            String command = tree.get("generated").get("command").asString();
            List<String> words = List.of(command.split(" "));
            assertEquals("import-uops-info", words.get(2), command);
            String csv = words.get(3);
            String core = words.get(words.indexOf("--core") + 1);
            String model = words.get(words.indexOf("--name") + 1);
            UopsInfoImporter.Result r = UopsInfoImporter.run(root.resolve(csv).normalize(), root.resolve(core).normalize(), model, command,
                    Map.of(root.resolve(csv).normalize(), csv, root.resolve(core).normalize(), core));
            assertEquals(shipped, r.json(), name + ".json differs from what '" + command
                    + "' makes: regenerate with ports-config/models/regenerate.sh instead of editing it");
            checked++;
        }
        assertTrue(checked >= 10, "only " + checked + " imported models");
    }
}
