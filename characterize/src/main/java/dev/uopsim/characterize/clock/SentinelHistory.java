package dev.uopsim.characterize.clock;

import dev.uopsim.common.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The fastest throughput sentinel of each recent run on this CPU, kept in a small file of the cache
 * between runs. Within a run the clock judges samples against the fastest sentinel of that run
 * only, so a run during which another tenant shared the core throughout drops nothing and reads
 * slow: on the development host, `uopsim measure` of one kernel read 2.13 and 2.28 cycles in such
 * runs and 2.01 in the others, with the run's sentinel at 1,293-1,343 cycles against 1,215-1,246.
 * The median of recent runs is what this CPU's sentinel usually costs; a run well above it was
 * disturbed throughout. A median, not a minimum: one run whose calibration read fast must not mark
 * every later run as disturbed, and the sentinel's cost moves with the core's clock regime (15% in
 * one long run), which a median follows.
 */
public final class SentinelHistory {
    static final String FORMAT = "uopsim-sentinel-history/1";
    /** Runs kept. */
    static final int RUNS = 25;
    /** Runs needed before there is a usual figure to compare with. */
    static final int MIN_RUNS = 3;

    private final Path file;
    private final List<Double> runs;
    private final String problem;

    private SentinelHistory(Path file, List<Double> runs, String problem) {
        this.file = file;
        this.runs = runs;
        this.problem = problem;
    }

    /**
     * The history's file for this CPU and sentinel code in the cache directory: another CPU, or a
     * changed sentinel, starts a history of its own.
     */
    public static Path fileFor(Path cacheDirectory, Map<String, Object> cpuIdentity, String sentinelCode) {
        String key = dev.uopsim.characterize.runner.HarnessBinary.hash(cpuIdentity + "\0" + sentinelCode).substring(0, 16);
        return cacheDirectory.resolve("sentinel-" + key + ".json");
    }

    /**
     * The history in {@code file}, empty when there is none yet. A file that cannot be read as a
     * history is set aside, not trusted: {@link #problem()} says why, and the next {@link #save}
     * writes a fresh one over it.
     */
    public static SentinelHistory load(Path file) {
        if (!Files.isRegularFile(file)) return new SentinelHistory(file, new ArrayList<>(), null);
        try {
            JsonNode doc = Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
            if (!FORMAT.equals(doc.path("format").asString(""))) return unreadable(file, "not a " + FORMAT + " file");
            List<Double> runs = new ArrayList<>();
            for (JsonNode r : doc.path("runs")) {
                double c = r.path("cycles").asDouble(Double.NaN);
                if (!(c > 0) || !Double.isFinite(c)) return unreadable(file, "a run without a positive 'cycles' figure");
                runs.add(c);
            }
            return new SentinelHistory(file, runs, null);
        } catch (IOException | RuntimeException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            return unreadable(file, why);
        }
    }

    private static SentinelHistory unreadable(Path file, String why) {
        return new SentinelHistory(file, new ArrayList<>(), file + ": cannot be read as a sentinel history (" + why
                + "); it is started again");
    }

    /** Why the file on disk was not used, or null. */
    public String problem() { return problem; }

    public Path file() { return file; }

    /** The runs kept, oldest first. */
    public List<Double> runs() { return List.copyOf(runs); }

    /** What the sentinel usually costs on this CPU in cycles (the median of recent runs), or NaN with too few runs. */
    public double usual() {
        if (runs.size() < MIN_RUNS) return Double.NaN;
        double[] v = runs.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** True when a run's fastest sentinel is slower than the usual one by more than the clock's slack. */
    public static boolean slowerThanUsual(double reference, double usual) {
        return Double.isFinite(reference) && Double.isFinite(usual) && reference > usual * (1 + Clock.SENTINEL_SLACK);
    }

    /** Adds a run's fastest sentinel (ignored unless positive and finite), keeping the last {@value #RUNS}. */
    public void record(double cycles) {
        if (!(cycles > 0) || !Double.isFinite(cycles)) return;
        runs.add(cycles);
        while (runs.size() > RUNS) runs.removeFirst();
    }

    /** Writes the history: a temporary file moved over the old one, so that a crash leaves one or the other whole. */
    public void save() throws IOException {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("format", FORMAT);
        doc.put("saved", Instant.now().toString());
        List<Map<String, Object>> list = new ArrayList<>();
        for (double c : runs) list.add(Map.of("cycles", Math.round(c * 1000) / 1000.0));
        doc.put("runs", list);
        if (file.getParent() != null) Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp" + ProcessHandle.current().pid());
        Files.writeString(tmp, Json.write(doc), StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
