package dev.uopsim.validation;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The published memory-dependency figures (cycles per computation per core and kernel), shipped
 * as a resource with its provenance ({@code dev/uopsim/validation/memdep/SOURCE.md}).
 */
public record MemdepTable(List<Row> rows, List<String> kernels) {

    /** One core: its uops.info-style model name, the CPU measured, the figure per kernel. */
    public record Row(String uarch, String cpu, Map<String, Double> cyclesPerComputation, String note) {}

    public static MemdepTable published() {
        List<String> lines = resource("published-cycles-per-computation.csv");
        String[] header = lines.getFirst().split(",", -1);
        List<String> kernels = new ArrayList<>();
        for (int c = 2; c < header.length && !header[c].equals("note"); c++) kernels.add(header[c]);
        List<Row> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) continue;
            String[] f = line.split(",", -1);
            Map<String, Double> values = new LinkedHashMap<>();
            for (int k = 0; k < kernels.size(); k++) values.put(kernels.get(k), Double.parseDouble(f[2 + k]));
            rows.add(new Row(f[0], f[1], values, f.length > 2 + kernels.size() ? f[2 + kernels.size()] : ""));
        }
        return new MemdepTable(List.copyOf(rows), List.copyOf(kernels));
    }

    private static List<String> resource(String name) {
        try (InputStream in = MemdepTable.class.getResourceAsStream("/dev/uopsim/validation/memdep/" + name)) {
            if (in == null) throw new IllegalStateException("resource memdep/" + name + " is missing");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
