package dev.uopsim.validation;

import dev.uopsim.isa.AsmWriter;
import dev.uopsim.isa.BranchTarget;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.Operand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * llvm-mca as a reference predictor: many code regions in one process, cycles per iteration of
 * each. Used beside the simulator in reports, never in its place.
 */
public final class LlvmMca {
    private static final Pattern REGION = Pattern.compile("^\\[\\d+] Code Region(?: - (.*))?$");
    private static final Pattern ITERATIONS = Pattern.compile("^Iterations:\\s+(\\d+)");
    private static final Pattern TOTAL = Pattern.compile("^Total Cycles:\\s+(\\d+)");

    private final String executable;

    public LlvmMca(String executable) {
        this.executable = executable;
    }

    /** The llvm-mca on PATH (llvm-mca, or llvm-mca-14 and later), or null. */
    public static LlvmMca find() {
        for (String name : new String[]{"llvm-mca", "llvm-mca-18", "llvm-mca-17", "llvm-mca-16", "llvm-mca-15", "llvm-mca-14"}) {
            try {
                Process p = new ProcessBuilder(name, "--version").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) return new LlvmMca(name);
            } catch (IOException | InterruptedException e) {
                // not this one
            }
        }
        return null;
    }

    public String executable() { return executable; }

    /**
     * Cycles per iteration of each named block for {@code -mcpu=cpu}, in one llvm-mca run.
     * A block whose region llvm-mca did not report is absent from the result.
     */
    public Map<String, Double> cyclesPerIteration(Map<String, List<Instruction>> blocks, String cpu, int iterations)
            throws IOException, InterruptedException {
        StringBuilder src = new StringBuilder(".intel_syntax noprefix\n");
        int n = 0;
        for (var e : blocks.entrySet()) {
            String label = ".Lblock" + n++;
            src.append("# LLVM-MCA-BEGIN ").append(e.getKey()).append('\n').append(label).append(":\n");
            for (Instruction i : e.getValue()) src.append(AsmWriter.write(i.form(), relabel(i.operands(), label))).append('\n');
            src.append("# LLVM-MCA-END\n");
        }
        Path file = Files.createTempFile("uopsim-mca", ".s");
        try {
            Files.writeString(file, src.toString());
            Process p = new ProcessBuilder(executable, "-mtriple=x86_64-unknown-unknown", "-mcpu=" + cpu,
                    "-iterations=" + iterations, "-summary-view", "-resource-pressure=false", "-instruction-info=false",
                    file.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IOException("llvm-mca failed for -mcpu=" + cpu + ": " + out.lines().limit(3).toList());
            }
            return parse(out, new ArrayList<>(blocks.keySet()));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Branch targets pointing at the block start become the block's label; others stay numeric. */
    private static List<Operand> relabel(List<Operand> operands, String label) {
        List<Operand> out = new ArrayList<>();
        for (Operand o : operands) out.add(o instanceof BranchTarget b && b.offset() == 0 ? new BranchTarget(label, 0) : o);
        return out;
    }

    static Map<String, Double> parse(String output, List<String> names) {
        Map<String, Double> result = new LinkedHashMap<>();
        String region = names.size() == 1 ? names.getFirst() : null;
        long iterations = 0;
        for (String line : output.lines().toList()) {
            Matcher r = REGION.matcher(line.strip());
            if (r.matches()) {
                region = r.group(1) != null ? r.group(1).strip() : region;
                continue;
            }
            Matcher it = ITERATIONS.matcher(line.strip());
            if (it.find()) iterations = Long.parseLong(it.group(1));
            Matcher t = TOTAL.matcher(line.strip());
            if (t.find() && region != null && iterations > 0) result.put(region, Double.parseDouble(t.group(1)) / iterations);
        }
        return result;
    }
}
