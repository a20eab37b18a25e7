package dev.uopsim.characterize.infer;

import dev.uopsim.common.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The measurement files of the PMEvo artifact (Ritter and Hack, PLDI 2020;
 * github.com/cdl-saarland/pmevo-artifact): {@code ExperimentList} files (multisets of instruction
 * forms with measured cycles per execution, and in the annotated files other tools' predictions) and
 * {@code Mapping3} files (instruction -> µops -> allowed ports).
 */
public final class PmevoData {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private PmevoData() {}

    /** One experiment: the instruction multiset, the measured cycles, other tools' predictions by id. */
    public record Experiment(List<String> instructions, double cycles, Map<String, Double> others) {}

    /** The instruction forms the architecture of an experiment list names, in file order. */
    public record ExperimentList(List<String> instructions, List<Experiment> experiments) {}

    public static ExperimentList experiments(Path file) throws IOException {
        JsonNode root = read(file);
        if (!"ExperimentList".equals(root.path("kind").asString(""))) {
            throw new InputException(file.toString(), "not a PMEvo ExperimentList (kind is '" + root.path("kind").asString("") + "')", null);
        }
        List<String> insns = new ArrayList<>();
        for (JsonNode i : root.path("arch").path("insns")) insns.add(i.asString());
        List<Experiment> out = new ArrayList<>();
        for (JsonNode e : root.path("exps")) {
            List<String> seq = new ArrayList<>();
            for (JsonNode i : e.path("iseq")) seq.add(i.asString());
            Map<String, Double> others = new LinkedHashMap<>();
            for (JsonNode r : e.path("other_results")) others.put(r.path("id").asString(), r.path("cycles").asDouble());
            out.add(new Experiment(seq, e.path("result").path("cycles").asDouble(), others));
        }
        return new ExperimentList(insns, out);
    }

    /** A {@code Mapping3}: per instruction its µops, each a list of port names. */
    public static Map<String, List<List<String>>> mapping(Path file) throws IOException {
        JsonNode root = read(file);
        if (!"Mapping3".equals(root.path("kind").asString(""))) {
            throw new InputException(file.toString(), "not a PMEvo Mapping3 (kind is '" + root.path("kind").asString("") + "')", null);
        }
        Map<String, List<List<String>>> out = new LinkedHashMap<>();
        for (var e : root.path("assignment").properties()) {
            List<List<String>> uops = new ArrayList<>();
            for (JsonNode u : e.getValue()) {
                List<String> ports = new ArrayList<>();
                for (JsonNode p : u) ports.add(p.asString());
                uops.add(ports);
            }
            out.put(e.getKey(), uops);
        }
        return out;
    }

    private static JsonNode read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new InputException(file.toString(), "no such file", null);
        try {
            return MAPPER.readTree(file.toFile());
        } catch (JacksonException e) {
            throw new InputException(file.toString(), "not JSON: " + e.getOriginalMessage(), null);
        }
    }
}
