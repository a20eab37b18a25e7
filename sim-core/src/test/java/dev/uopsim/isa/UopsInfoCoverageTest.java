package dev.uopsim.isa;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.testing.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every row of the uops.info tables in the extensions the instruction model covers maps to a form
 * with semantics, or to an entry the table declares unsupported with its reason; at most 1% of
 * the rows may be unsupported.
 */
class UopsInfoCoverageTest {
    /**
     * uops.info's family names for: the base ISA, BMI, ADX, SSE to SSE4.2, AVX, AVX2, FMA, AES, PCLMULQDQ, SHA, F16C,
     * and the VEX-encoded VAES, VPCLMULQDQ and AVX-VNNI.
     */
    static final Set<String> FAMILIES = Set.of("BASE", "LONGMODE", "ADOX_ADCX", "BMI1", "BMI2", "LZCNT", "MOVBE",
            "SSE", "SSE2", "SSE3", "SSSE3", "SSE4", "AVX", "AVX2", "AVX2GATHER", "FMA", "AES", "AVXAES", "PCLMULQDQ",
            "SHA", "F16C", "PAUSE", "RDTSCP", "RDRAND", "RDSEED", "CLFSH", "CLFLUSHOPT", "3DNOW_PREFETCH",
            "VAES", "VPCLMULQDQ", "AVX_VNNI");
    private static final Pattern ROW = Pattern.compile("^\"([^\"]*)\",\"([^\"]*)\"");

    @Test
    void everyRowOfTheCoveredExtensionsHasAForm() throws IOException {
        Path dir = SharedData.require("uops-info-csv");
        FormTable table = FormTable.shipped();
        Map<String, String> rows = new TreeMap<>();   // name -> family, over all microarchitectures
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".csv")).toList()) {
                for (String line : Files.readAllLines(f)) {
                    Matcher m = ROW.matcher(line);
                    if (m.find() && FAMILIES.contains(m.group(2))) rows.put(m.group(1), m.group(2));
                }
            }
        }
        String only = System.getProperty("uopsim.coverage.families");
        Map<String, int[]> perFamily = new TreeMap<>();
        List<String> missing = new ArrayList<>();
        int unsupported = 0;
        for (var e : rows.entrySet()) {
            int[] c = perFamily.computeIfAbsent(e.getValue(), k -> new int[3]);
            c[0]++;
            if (table.byName(e.getKey()).isPresent()) {
                c[1]++;
            } else if (table.unsupported().containsKey(e.getKey())) {
                c[2]++;
                unsupported++;
            } else if (only == null || Set.of(only.split(",")).contains(e.getValue())) {
                missing.add(e.getValue() + ": " + e.getKey());
            }
        }
        StringBuilder report = new StringBuilder();
        perFamily.forEach((fam, c) -> report.append(String.format("%-14s %5d rows, %5d with a form, %3d unsupported%n", fam, c[0], c[1], c[2])));
        System.out.println(report);
        assertTrue(missing.isEmpty(), missing.size() + " rows have no form:\n" + String.join("\n", missing.subList(0, Math.min(400, missing.size())))
                + "\n" + report);
        assertTrue(unsupported <= rows.size() / 100, unsupported + " of " + rows.size() + " rows are unsupported (at most 1% may be)");
    }

    @Test
    void everyFormHasAValidExtensionAndAReadableName() {
        for (InstructionForm f : FormTable.shipped().forms()) {
            assertTrue(f.name().matches("[A-Z][A-Z0-9_]*( \\(.*\\))?"), f.name());
            assertTrue(!f.extension().isBlank(), f.name() + " has no extension");
        }
    }
}
