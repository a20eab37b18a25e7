package dev.uopsim.characterize.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * GNU as for many code units at once: one {@code as} run per batch. Each unit is Intel-syntax text
 * whose labels are its own (prefix them); its bytes come back by the symbols put around it. A unit
 * the assembler rejects gets the assembler's message and no bytes, and the rest are assembled again
 * without it, so one bad unit costs one result.
 */
public final class Assembler {
    private static final Pattern DIAGNOSTIC = Pattern.compile(".*\\.s:(\\d+): (Error|Warning): (.*)");

    /** A unit of code: its name (for messages) and its lines. */
    public record Unit(String name, String text) {}

    /** Bytes per unit (null when rejected) and the assembler's message for the rejected ones. */
    public record Result(List<byte[]> code, List<String> errors) {
        public boolean ok(int i) { return code.get(i) != null; }
    }

    private final String as;

    public Assembler() {
        this(System.getProperty("uopsim.as", "as"));
    }

    public Assembler(String as) {
        this.as = as;
    }

    /** True when GNU as can be run. */
    public static boolean available() {
        try {
            Process p = new ProcessBuilder(System.getProperty("uopsim.as", "as"), "--version").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0 && out.contains("GNU");
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    public Result assemble(List<Unit> units) throws IOException {
        List<byte[]> code = new ArrayList<>(Arrays.asList(new byte[units.size()][]));
        List<String> errors = new ArrayList<>(Arrays.asList(new String[units.size()]));
        List<Integer> pending = new ArrayList<>();
        for (int i = 0; i < units.size(); i++) pending.add(i);
        Path dir = Files.createTempDirectory("uopsim-as");
        try {
            for (int round = 0; round < 4 && !pending.isEmpty(); round++) {
                Map<Integer, int[]> lineRanges = new LinkedHashMap<>();
                StringBuilder src = new StringBuilder(".intel_syntax noprefix\n.text\n");
                int line = 3;
                for (int i : pending) {
                    int first = line;
                    String body = ".p2align 6\n" + sym(i, "begin") + ":\n" + units.get(i).text().strip() + "\n" + sym(i, "end") + ":\n";
                    src.append(body);
                    line += (int) body.lines().count();
                    lineRanges.put(i, new int[]{first, line - 1});
                }
                Path s = dir.resolve("units.s");
                Path o = dir.resolve("units.o");
                Files.deleteIfExists(o);
                Files.writeString(s, src.toString());
                String out = run(List.of(as, "--64", "-o", o.toString(), s.toString()));
                boolean anyError = false;
                for (String l : out.lines().toList()) {
                    Matcher m = DIAGNOSTIC.matcher(l);
                    if (!m.matches() || !m.group(2).equals("Error")) continue;
                    int at = Integer.parseInt(m.group(1));
                    for (var e : lineRanges.entrySet()) {
                        if (at >= e.getValue()[0] && at <= e.getValue()[1] && errors.get(e.getKey()) == null) {
                            errors.set(e.getKey(), "as: " + m.group(3) + " (line " + (at - e.getValue()[0]) + " of " + units.get(e.getKey()).name() + ")");
                            anyError = true;
                        }
                    }
                }
                if (anyError || !Files.exists(o)) {
                    if (!anyError) {
                        throw new IOException("GNU as failed without naming a line:\n" + out.strip());
                    }
                    pending.removeIf(i -> errors.get(i) != null);
                    continue;
                }
                ElfObject elf = ElfObject.parse(Files.readAllBytes(o));
                for (int i : pending) {
                    Long begin = elf.symbols().get(sym(i, "begin"));
                    Long end = elf.symbols().get(sym(i, "end"));
                    if (begin == null || end == null) {
                        errors.set(i, "as: the unit's bounds are missing from the object");
                        continue;
                    }
                    code.set(i, Arrays.copyOfRange(elf.text(), (int) (long) begin, (int) (long) end));
                }
                pending.clear();
            }
            for (int i : pending) if (errors.get(i) == null) errors.set(i, "as: not assembled");
            return new Result(code, errors);
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static String sym(int i, String what) {
        return "uopsim_unit" + i + "_" + what;
    }

    private static String run(List<String> cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("GNU as did not finish in 5 minutes");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while assembling", e);
        }
        return out;
    }
}
