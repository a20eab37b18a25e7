package dev.uopsim.isa;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** GNU as and objdump for tests: assemble Intel-syntax lines, list each instruction's bytes. */
final class Binutils {
    private static final Pattern ERROR = Pattern.compile(".*\\.s:(\\d+): (Error|Warning): (.*)");
    private static final Pattern LINE = Pattern.compile("^\\s*([0-9a-f]+):\\t([0-9a-f ]+?)\\s*(?:\\t(.*))?$");

    private Binutils() {}

    static boolean available() {
        return runs("as", "--version") && runs("objdump", "--version");
    }

    private static boolean runs(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** The result of assembling: per input line, its bytes, or the assembler's complaint. */
    record Assembled(List<byte[]> bytes, List<String> errors) {}

    /** Assembles each line as one instruction; lines the assembler rejects get an error and no bytes. */
    static Assembled assemble(List<String> lines) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("uopsim-as");
        try {
            List<String> errors = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) errors.add(null);
            // First pass finds the lines as rejects (it writes no object file when any fails).
            runAs(dir, lines, errors);
            List<String> good = new ArrayList<>();
            List<Integer> goodIndex = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                if (errors.get(i) == null) {
                    good.add(lines.get(i));
                    goodIndex.add(i);
                }
            }
            List<String> secondErrors = new ArrayList<>();
            for (int i = 0; i < good.size(); i++) secondErrors.add(null);
            Path obj = runAs(dir, good, secondErrors);
            List<byte[]> bytes = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) bytes.add(null);
            // Each instruction is followed by "int3" so that listings split at known points.
            List<byte[]> listed = new ArrayList<>();
            byte[] current = null;
            for (String l : exec(List.of("objdump", "-d", "-z", "-M", "intel", "--insn-width=15", obj.toString()))) {
                Matcher m = LINE.matcher(l);
                if (!m.matches()) continue;
                String text = m.group(3) == null ? "" : m.group(3).strip();
                byte[] b = hex(m.group(2));
                if (text.equals("int3")) {
                    listed.add(current);
                    current = null;
                } else {
                    current = current == null ? b : concat(current, b);
                }
            }
            for (int i = 0; i < goodIndex.size(); i++) {
                if (i < listed.size()) bytes.set(goodIndex.get(i), listed.get(i));
            }
            return new Assembled(bytes, errors);
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Path runAs(Path dir, List<String> lines, List<String> errors) throws IOException, InterruptedException {
        Path src = dir.resolve("forms.s");
        Path obj = dir.resolve("forms.o");
        StringBuilder sb = new StringBuilder(".intel_syntax noprefix\n.text\n");
        for (String l : lines) sb.append(l).append("\nint3\n");
        Files.writeString(src, sb.toString());
        for (String l : exec(List.of("as", "--64", "-o", obj.toString(), src.toString()))) {
            Matcher m = ERROR.matcher(l);
            if (m.matches()) {
                int line = Integer.parseInt(m.group(1));
                int index = (line - 3) / 2;      // two header lines, then instruction + int3 per entry
                if (index >= 0 && index < errors.size() && errors.get(index) == null) errors.set(index, m.group(3));
            }
        }
        return obj;
    }

    private static List<String> exec(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(5, TimeUnit.MINUTES);
        return out.lines().toList();
    }

    private static byte[] hex(String s) {
        String[] parts = s.strip().split("\\s+");
        byte[] out = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) out[i] = (byte) Integer.parseInt(parts[i], 16);
        return out;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
