package dev.uopsim.characterize.host;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What CPUID says about this processor: vendor, family/model/stepping, brand string, the ISA
 * extensions it reports and the operating system enables (AVX needs XCR0), the hypervisor it runs
 * under, and a best guess of the microarchitecture with the evidence for it. A hypervisor may
 * report a model number that is not the real one (CPU templates); {@link #uarchGuess()} says when
 * the extensions contradict the model number.
 *
 * @param extensions the form table's extension names this CPU can run (BASE, SSE2, AVX2, BMI2...)
 *                   plus a few more (AVX512F, AMX_TILE...) that no form uses yet
 */
public record CpuInfo(String vendor, int family, int model, int stepping, String brand, String hypervisor,
                      boolean invariantTsc, Set<String> extensions, String uarchGuess, String uarchEvidence) {

    public boolean has(String extension) {
        return extensions.contains(extension);
    }

    public boolean avx() {
        return extensions.contains("AVX");
    }

    /** A short line for reports: {@code GenuineIntel 6/167 stepping 1 "Intel(R) Xeon(R) Processor" (KVM)}. */
    public String summary() {
        return vendor + " family " + family + " model " + model + " stepping " + stepping + " \"" + brand + "\""
                + (hypervisor != null ? " under " + hypervisor : "");
    }

    /** The identity a journal must match to be resumed on this machine. */
    public Map<String, Object> identity() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("vendor", vendor);
        m.put("family", family);
        m.put("model", model);
        m.put("stepping", stepping);
        m.put("brand", brand);
        return m;
    }

    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>(identity());
        m.put("hypervisor", hypervisor);
        m.put("invariant_tsc", invariantTsc);
        m.put("uarch_guess", uarchGuess);
        m.put("uarch_evidence", uarchEvidence);
        m.put("extensions", List.copyOf(extensions));
        return m;
    }

    /** Reads this machine's CPUID. */
    public static CpuInfo detect() {
        Cpuid.Regs l0 = Cpuid.query(0, 0);
        String vendor = ascii(l0.ebx(), l0.edx(), l0.ecx());
        int maxLeaf = l0.eax();
        Cpuid.Regs l1 = Cpuid.query(1, 0);
        int baseFamily = l1.eax() >>> 8 & 0xf;
        int family = baseFamily == 0xf ? baseFamily + (l1.eax() >>> 20 & 0xff) : baseFamily;
        int model = l1.eax() >>> 4 & 0xf;
        if (baseFamily == 6 || baseFamily == 0xf) model |= (l1.eax() >>> 16 & 0xf) << 4;
        int stepping = l1.eax() & 0xf;
        Cpuid.Regs l7 = maxLeaf >= 7 ? Cpuid.query(7, 0) : new Cpuid.Regs(0, 0, 0, 0);
        Cpuid.Regs l71 = maxLeaf >= 7 && l7.eax() >= 1 ? Cpuid.query(7, 1) : new Cpuid.Regs(0, 0, 0, 0);
        int maxExt = Cpuid.query(0x80000000, 0).eax();
        Cpuid.Regs e1 = maxExt >= 0x80000001 ? Cpuid.query(0x80000001, 0) : new Cpuid.Regs(0, 0, 0, 0);
        Cpuid.Regs e7 = maxExt >= 0x80000007 ? Cpuid.query(0x80000007, 0) : new Cpuid.Regs(0, 0, 0, 0);
        String brand = "";
        if (maxExt >= 0x80000004) {
            StringBuilder sb = new StringBuilder();
            for (int leaf = 0x80000002; leaf <= 0x80000004; leaf++) {
                Cpuid.Regs r = Cpuid.query(leaf, 0);
                sb.append(ascii(r.eax(), r.ebx(), r.ecx(), r.edx()));
            }
            brand = sb.toString().replace("\0", "").strip();
        }
        String hypervisor = null;
        if (l1.bit('c', 31)) {
            Cpuid.Regs h = Cpuid.query(0x40000000, 0);
            hypervisor = ascii(h.ebx(), h.ecx(), h.edx()).replace("\0", "").strip();
            if (hypervisor.isEmpty()) hypervisor = "unknown hypervisor";
        }
        boolean osxsave = l1.bit('c', 27);
        long xcr0 = osxsave ? Cpuid.xgetbv(0) : 0;
        boolean avxState = (xcr0 & 0x6) == 0x6;
        boolean avx512State = avxState && (xcr0 & 0xe0) == 0xe0;

        Set<String> ext = new TreeSet<>();
        ext.add("BASE");
        ext.add("LONGMODE");
        if (l1.bit('d', 23)) ext.add("MMX");
        if (l1.bit('d', 25)) ext.add("SSE");
        if (l1.bit('d', 26)) ext.add("SSE2");
        if (l1.bit('c', 0)) ext.add("SSE3");
        if (l1.bit('c', 9)) ext.add("SSSE3");
        if (l1.bit('c', 19) && l1.bit('c', 20)) ext.add("SSE4");
        if (l1.bit('c', 1)) ext.add("PCLMULQDQ");
        if (l1.bit('c', 22)) ext.add("MOVBE");
        if (l1.bit('c', 23)) ext.add("POPCNT");
        if (l1.bit('c', 25)) ext.add("AES");
        if (l1.bit('c', 30)) ext.add("RDRAND");
        if (l1.bit('d', 19)) ext.add("CLFSH");
        ext.add("PAUSE");
        if (avxState && l1.bit('c', 28)) {
            ext.add("AVX");
            if (l1.bit('c', 12)) ext.add("FMA");
            if (l1.bit('c', 29)) ext.add("F16C");
            if (l1.bit('c', 25)) ext.add("AVXAES");
            if (l7.bit('b', 5)) {
                ext.add("AVX2");
                ext.add("AVX2GATHER");
            }
            if (l7.bit('c', 9)) ext.add("VAES");
            if (l7.bit('c', 10)) ext.add("VPCLMULQDQ");
            if (l71.bit('a', 4)) ext.add("AVX_VNNI");
        }
        if (l7.bit('b', 3)) ext.add("BMI1");
        if (l7.bit('b', 8)) ext.add("BMI2");
        if (l7.bit('b', 18)) ext.add("RDSEED");
        if (l7.bit('b', 19)) ext.add("ADOX_ADCX");
        if (l7.bit('b', 23)) ext.add("CLFLUSHOPT");
        if (l7.bit('b', 29)) ext.add("SHA");
        if (avx512State && l7.bit('b', 16)) ext.add("AVX512F");
        if (avx512State && l7.bit('b', 30)) ext.add("AVX512BW");
        if (avx512State && l7.bit('d', 23)) ext.add("AVX512_FP16");
        if (l7.bit('d', 24)) ext.add("AMX_TILE");
        if (e1.bit('c', 5)) ext.add("LZCNT");
        if (e1.bit('c', 8)) ext.add("3DNOW_PREFETCH");
        if (e1.bit('d', 27)) ext.add("RDTSCP");
        boolean invariantTsc = e7.bit('d', 8);
        String[] guess = guessUarch(vendor, family, model, ext);
        return new CpuInfo(vendor, family, model, stepping, brand, hypervisor, invariantTsc,
                Collections.unmodifiableSet(ext), guess[0], guess[1]);
    }

    /** {name, evidence}: from the model number, corrected where the extensions say otherwise. */
    static String[] guessUarch(String vendor, int family, int model, Set<String> ext) {
        String byModel = null;
        if (vendor.equals("GenuineIntel") && family == 6) {
            byModel = switch (model) {
                case 0x2a, 0x2d -> "sandybridge";
                case 0x3a, 0x3e -> "ivybridge";
                case 0x3c, 0x3f, 0x45, 0x46 -> "haswell";
                case 0x3d, 0x47, 0x4f, 0x56 -> "broadwell";
                case 0x4e, 0x5e, 0x8e, 0x9e, 0xa5, 0xa6 -> "skylake";
                case 0x55 -> "skylakex";
                case 0x6a, 0x6c, 0x7d, 0x7e -> "icelake";
                case 0x8c, 0x8d -> "tigerlake";
                case 0xa7, 0xa8 -> "rocketlake";
                case 0x97, 0x9a, 0xb7, 0xba, 0xbf -> "alderlakep";
                case 0x8f, 0xcf -> "sapphirerapids";
                case 0xad, 0xae -> "graniterapids";
                default -> null;
            };
        } else if (vendor.equals("AuthenticAMD")) {
            byModel = switch (family) {
                case 0x17 -> model >= 0x30 ? "zen2" : "zen";
                case 0x19 -> (model >= 0x10 && model <= 0x1f) || (model >= 0x60 && model <= 0x7f) || model >= 0xa0 ? "zen4" : "zen3";
                case 0x1a -> "zen5";
                default -> null;
            };
        }
        String modelText = String.format("family %d model %d (0x%x)", family, model, model);
        // Extensions no core of that model has reveal a hypervisor's CPU template.
        if (ext.contains("AMX_TILE") && ext.contains("AVX512_FP16") && vendor.equals("GenuineIntel")
                && !"sapphirerapids".equals(byModel) && !"graniterapids".equals(byModel)) {
            return new String[]{"sapphirerapids",
                    modelText + " names " + (byModel == null ? "no known core" : byModel)
                            + ", but AMX and AVX512-FP16 exist only from Sapphire Rapids (Golden Cove cores) on:"
                            + " the model number is masked (e.g. a hypervisor CPU template); the core is Sapphire Rapids or newer"};
        }
        if (byModel == null) return new String[]{"unknown", modelText + " is not in uopsim's list"};
        return new String[]{byModel, modelText};
    }

    private static String ascii(int... words) {
        ByteBuffer b = ByteBuffer.allocate(4 * words.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int w : words) b.putInt(w);
        return new String(b.array(), StandardCharsets.US_ASCII);
    }

    /** For tests: a CPU described by hand. */
    /** The CPU a journal's header describes ({@link #toJson} plus the stepping and brand of {@link #identity}). */
    @SuppressWarnings("unchecked")
    public static CpuInfo fromJson(Map<String, Object> m) {
        Set<String> ext = new TreeSet<>();
        if (m.get("extensions") instanceof List<?> l) for (Object o : l) ext.add(String.valueOf(o));
        return new CpuInfo((String) m.get("vendor"), ((Number) m.get("family")).intValue(), ((Number) m.get("model")).intValue(),
                m.get("stepping") instanceof Number n ? n.intValue() : 0, (String) m.getOrDefault("brand", ""), (String) m.get("hypervisor"),
                Boolean.TRUE.equals(m.get("invariant_tsc")), ext, (String) m.get("uarch_guess"), (String) m.get("uarch_evidence"));
    }

    public static CpuInfo of(String vendor, int family, int model, Set<String> extensions) {
        String[] g = guessUarch(vendor, family, model, extensions);
        return new CpuInfo(vendor, family, model, 0, "test cpu", null, true, new TreeSet<>(extensions), g[0], g[1]);
    }
}
