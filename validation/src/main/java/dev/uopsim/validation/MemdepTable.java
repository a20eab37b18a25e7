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

    /** A mechanism the models lack, named for the published cells it makes them miss by more than 10%. */
    public record KnownMiss(String mechanism, String explanation) {}

    /**
     * The known misses by "uarch/kernel", from {@code memdep/known-misses.json}: what the shipped models
     * lack for each cell they miss, so that a reader sees why, and a new miss shows as unexplained.
     */
    public static Map<String, KnownMiss> knownMisses() {
        String text = String.join("\n", resource("known-misses.json"));
        Map<String, KnownMiss> out = new LinkedHashMap<>();
        var mechanisms = dev.uopsim.common.Json.mapper().readTree(text).get("mechanisms");
        for (var m : mechanisms.properties()) {
            KnownMiss miss = new KnownMiss(m.getKey(), m.getValue().get("explanation").asString());
            for (var cells : m.getValue().get("cells").properties()) {
                for (var kernel : cells.getValue()) out.put(cells.getKey() + "/" + kernel.asString(), miss);
            }
        }
        return out;
    }

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
