package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.host.CpuInfo;
import dev.uopsim.common.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code --out} file of {@code uopsim characterize}: the measured latencies and throughputs of
 * the forms, keyed by form name (format {@code uopsim-measured-forms/1}). It is not a ports-config
 * machine model: the model schema is being defined in parallel (issue 4), and turning measurements
 * into µops and ports, and writing the model, is the next issue's work. Every figure carries what
 * it is ({@code bound}, {@code stable}) so that writer can keep its provenance.
 */
public final class MeasuredModel {
    public static final String FORMAT = "uopsim-measured-forms/1";

    private MeasuredModel() {}

    public static void write(Path file, CpuInfo cpu, Map<String, Object> clock, List<Map<String, Object>> results) throws IOException {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("format", FORMAT);
        doc.put("note", "measured on this machine by uopsim characterize; latency keys are opI->opJ with operand indices"
                + " as in each form's operands list (explicit, then implicit, then flags)");
        doc.put("cpu", cpu.toJson());
        doc.put("clock", clock);
        Map<String, Object> forms = new LinkedHashMap<>();
        for (Map<String, Object> r : results) {
            Map<String, Object> f = new LinkedHashMap<>();
            for (String k : List.of("operands", "latency", "latency_max", "throughput", "throughput_sequence", "throughput_stable",
                    "uops", "macro_ops", "ports", "throughput_from_ports")) {
                f.put(k, r.get(k));
            }
            forms.put((String) r.get("form"), f);
        }
        doc.put("forms", forms);
        Path abs = file.toAbsolutePath();
        if (abs.getParent() != null) Files.createDirectories(abs.getParent());
        Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
        Files.writeString(tmp, Json.write(doc));
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
