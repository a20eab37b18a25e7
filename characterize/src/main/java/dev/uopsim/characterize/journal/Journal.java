package dev.uopsim.characterize.journal;

import dev.uopsim.common.InputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * A JSON-lines record of a characterization run: a header naming the CPU, the clock and the model
 * file, then every benchmark's raw samples as they are taken, and a line per completed form. Each
 * record is appended with a single write; a form's line is forced to disk, so a run killed at any
 * point (even with SIGKILL) loses at most the form it was measuring. A torn last line is cut off
 * when the journal is resumed.
 */
public final class Journal implements AutoCloseable {
    public static final String FORMAT = "uopsim-characterize-journal/1";
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

    private final Path path;
    private final FileChannel channel;
    private final Map<String, Object> header;
    private final Map<String, Map<String, Object>> forms = new LinkedHashMap<>();
    private final Map<String, Map<String, Object>> benches = new LinkedHashMap<>();
    /** The first record of each benchmark: a second pass supersedes it in {@link #benches}, and chooses between them. */
    private final Map<String, Map<String, Object>> firstBenches = new LinkedHashMap<>();
    private final Map<String, Integer> formPasses = new LinkedHashMap<>();
    /** Records of later rounds ({@code "round": 2} and up), by name and round: kept out of {@link #benches}. */
    private final Map<String, Map<String, Object>> laterRounds = new LinkedHashMap<>();

    private Journal(Path path, FileChannel channel, Map<String, Object> header) {
        this.path = path;
        this.channel = channel;
        this.header = header;
    }

    /** Starts a new journal; refuses to overwrite one (resume it, or name another file). */
    public static Journal create(Path path, Map<String, Object> header) throws IOException {
        if (Files.exists(path) && Files.size(path) > 0) {
            throw new InputException(path.toString(), "the journal already exists",
                    "add --resume to go on where it stopped, or give another --journal file");
        }
        if (path.toAbsolutePath().getParent() != null) Files.createDirectories(path.toAbsolutePath().getParent());
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("type", "header");
        h.put("format", FORMAT);
        h.putAll(header);
        Journal j = new Journal(path, ch, h);
        j.append(h, true);
        return j;
    }

    /**
     * Opens a journal to go on with it. The CPU identity must be the one in the header, and the model
     * file too when both name one; the completed forms and the benchmarks already measured are read.
     */
    public static Journal resume(Path path, Map<String, Object> cpuIdentity, String modelFile) throws IOException {
        if (!Files.exists(path)) {
            throw new InputException(path.toString(), "no such journal to resume", "drop --resume to start a new one");
        }
        byte[] all = Files.readAllBytes(path);
        int end = all.length;
        while (end > 0 && all[end - 1] != '\n') end--;
        List<Map<String, Object>> records = new ArrayList<>();
        int start = 0;
        int good = 0;
        for (int i = 0; i < end; i++) {
            if (all[i] != '\n') continue;
            String line = new String(all, start, i - start, StandardCharsets.UTF_8);
            start = i + 1;
            if (line.isBlank()) continue;
            try {
                records.add(MAPPER.readValue(line, MAP));
                good = i + 1;
            } catch (JacksonException e) {
                break;       // a torn record: everything after it is dropped
            }
        }
        if (records.isEmpty() || !"header".equals(records.getFirst().get("type"))) {
            throw new InputException(path.toString(), "not a uopsim journal (no header line)", "give the file --journal wrote");
        }
        Map<String, Object> header = records.getFirst();
        if (!FORMAT.equals(header.get("format"))) {
            throw new InputException(path.toString(), "journal format " + header.get("format") + " is not " + FORMAT, null);
        }
        Object cpu = header.get("cpu_identity");
        if (!Objects.equals(normalize(cpu), normalize(cpuIdentity))) {
            throw new InputException(path.toString(), "the journal was written on another CPU (" + cpu + "; this is " + cpuIdentity + ")",
                    "resume it on the machine that wrote it, or start a new journal");
        }
        Object journalModel = header.get("model_file");
        if (modelFile != null && journalModel != null && !modelFile.equals(journalModel)) {
            throw new InputException(path.toString(), "the journal writes model file " + journalModel + ", not " + modelFile,
                    "resume with --out " + journalModel + " or start a new journal");
        }
        if (good < all.length) {
            try (FileChannel t = FileChannel.open(path, StandardOpenOption.WRITE)) {
                t.truncate(good);
            }
        }
        FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        Journal j = new Journal(path, ch, header);
        for (Map<String, Object> r : records.subList(1, records.size())) j.index(r);
        return j;
    }

    private static Object normalize(Object o) {
        return o == null ? null : MAPPER.convertValue(o, MAP);
    }

    @SuppressWarnings("unchecked")
    private void index(Map<String, Object> r) {
        switch (String.valueOf(r.get("type"))) {
            case "form" -> {
                forms.put((String) r.get("form"), (Map<String, Object>) r.get("result"));
                formPasses.put((String) r.get("form"), passOf(r));
            }
            case "bench" -> {
                int round = roundOf(r);
                if (round > 1) {
                    laterRounds.put(r.get("name") + "#" + round, r);
                } else {
                    benches.put((String) r.get("name"), r);
                    firstBenches.putIfAbsent((String) r.get("name"), r);
                }
            }
            default -> { }
        }
    }

    /**
     * Reads a journal without opening it for writing (replay: no CPU check, nothing truncated; a torn
     * last record is skipped). {@link #append} refuses.
     */
    public static Journal read(Path path) throws IOException {
        if (!Files.exists(path)) throw new InputException(path.toString(), "no such journal", "give the file 'characterize --journal' wrote");
        List<Map<String, Object>> records = new ArrayList<>();
        try (var lines = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.isBlank()) continue;
                try {
                    records.add(MAPPER.readValue(line, MAP));
                } catch (JacksonException e) {
                    break;
                }
            }
        }
        if (records.isEmpty() || !"header".equals(records.getFirst().get("type")) || !FORMAT.equals(records.getFirst().get("format"))) {
            throw new InputException(path.toString(), "not a uopsim journal (no " + FORMAT + " header line)", "give the file 'characterize --journal' wrote");
        }
        Journal j = new Journal(path, null, records.getFirst());
        for (Map<String, Object> r : records.subList(1, records.size())) j.index(r);
        return j;
    }

    public Path path() { return path; }

    public Map<String, Object> header() { return header; }

    /** Results of the forms completed so far, by form name. */
    public Map<String, Map<String, Object>> forms() { return forms; }

    /** Benchmark records by name (the latest of each). */
    public Map<String, Map<String, Object>> benches() { return benches; }

    /** The first record of a benchmark (its first pass), or null. */
    public Map<String, Object> firstBench(String name) { return firstBenches.get(name); }

    /** Which pass wrote a form's latest result: 1, or 2 once the second pass read its benchmarks again. */
    public int formPass(String form) { return formPasses.getOrDefault(form, 1); }

    /** A benchmark's record of a later round of the same measurement (2 and up), or null. */
    public Map<String, Object> benchOfRound(String name, int round) {
        return round <= 1 ? benches.get(name) : laterRounds.get(name + "#" + round);
    }

    /** The round a record belongs to ({@code "round"}; 1 when it has none). */
    public static int roundOf(Map<String, Object> record) {
        return record.get("round") instanceof Number n ? n.intValue() : 1;
    }

    /** The pass a record belongs to ({@code "pass"}; 1 when it has none). */
    public static int passOf(Map<String, Object> record) {
        return record.get("pass") instanceof Number n ? n.intValue() : 1;
    }

    /** Appends one record as one line; {@code sync} forces it to disk before returning. */
    public synchronized void append(Map<String, Object> record, boolean sync) throws IOException {
        if (channel == null) throw new IOException("journal " + path + " was opened for reading only");
        byte[] line = (MAPPER.writeValueAsString(record) + "\n").getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.wrap(line);
        while (b.hasRemaining()) channel.write(b);
        if (sync) channel.force(false);
        if (!"header".equals(record.get("type"))) index(record);
    }

    /**
     * {@link #append}, for the measurement callbacks (consumers of finished measurements) that cannot
     * throw a checked exception: a failed write ends the run as an {@link java.io.UncheckedIOException}.
     */
    public void appendFromCallback(Map<String, Object> record, boolean sync) {
        try {
            append(record, sync);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        if (channel == null) return;
        channel.force(false);
        channel.close();
    }

    public static JsonMapper mapper() { return MAPPER; }
}
