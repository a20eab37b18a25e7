package dev.uopsim.characterize.infer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Structure mixes a run measured, kept as a test resource beside this class: '#' comments, a line
 * {@code sizes K1 K2 ...} (each class's port count), then one mix per line: class i, class j,
 * instances of each, slots per unit, cycles per unit.
 */
public record StructureMixesFile(int[] sizes, List<PortStructure.Mix> mixes) {

    public static StructureMixesFile read(String resource) throws IOException {
        List<String> lines;
        try (var in = StructureMixesFile.class.getResourceAsStream(resource)) {
            if (in == null) throw new IOException("test resource " + resource + " is missing");
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("#")).toList();
        }
        int[] sizes = java.util.Arrays.stream(lines.getFirst().substring("sizes ".length()).split(" ")).mapToInt(Integer::parseInt).toArray();
        List<PortStructure.Mix> ms = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] t = l.split(" ");
            ms.add(new PortStructure.Mix(Integer.parseInt(t[0]), Integer.parseInt(t[1]), Integer.parseInt(t[2]), Integer.parseInt(t[3]),
                    Double.parseDouble(t[4]), Double.parseDouble(t[5])));
        }
        return new StructureMixesFile(sizes, ms);
    }
}
