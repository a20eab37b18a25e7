package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.bench.OperandNode;
import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.InstructionForm;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Checks that inference never saw: random mixes of 3-5 forms (each instance independent, so the
 * ports decide) and short dependency chains across 2-4 forms (the latencies decide). The choice is
 * seeded and depends on the inferred forms; a replay rebuilds the checks a journal measured from
 * their names ({@link #fromNames}), so a change to inference does not lose them.
 */
public final class HeldApart {
    /** The journal phase of these benchmarks. */
    public static final String PHASE = "heldout";
    public static final int MIXES = 600;
    public static final int CHAINS = 200;
    private static final long SEED = 0x7e1d_a9a7L;

    private HeldApart() {}

    /** Forms a check may use: ports inferred and settled, no memory written, no value-dependent timing. */
    static List<InstructionForm> eligible(List<InstructionForm> forms, HostInference.Result result) {
        List<InstructionForm> out = new ArrayList<>();
        for (InstructionForm f : forms) {
            HostInference.InferredForm inf = result.forms().get(f.name());
            if (inf == null || inf.groups().isEmpty()) continue;
            if (!"class".equals(inf.portsFrom()) && !"blocking".equals(inf.portsFrom())) continue;
            if (inf.notes().stream().anyMatch(n -> n.startsWith("not settled"))) continue;
            if (f.writesMemory() || f.has(FormProperty.VALUE_DEPENDENT) || f.has(FormProperty.ZERO_UPPER)) continue;
            // MMX code beside SSE/AVX measures the x87/MMX state switches, not the forms.
            if (f.name().matches(".*[(, ]MM[,)].*")) continue;
            // Cache-line flushes measure the memory hierarchy, which the engine does not model.
            if (f.mnemonic().startsWith("CLFLUSH")) continue;
            // A mix shares one fill among its forms: LDMXCSR of another form's data faults (reserved bits).
            if (dev.uopsim.characterize.bench.Values.needsItsOwnFill(f)) continue;
            out.add(f);
        }
        out.sort(java.util.Comparator.comparingInt(InstructionForm::id));
        return out;
    }

    /** The held-apart benchmarks: mixes first, then chains (those the generator cannot build are skipped). */
    public static List<Benchmark> benchmarks(Generator generator, List<InstructionForm> forms, HostInference.Result result) {
        List<InstructionForm> pool = eligible(forms, result);
        List<Benchmark> out = new ArrayList<>();
        if (pool.size() < 5) return out;
        Random rnd = new Random(SEED);
        for (int i = 0, tries = 0; i < MIXES && tries < MIXES * 4; tries++) {
            int k = 3 + rnd.nextInt(3);
            List<Generator.Part> parts = new ArrayList<>();
            List<String> seen = new ArrayList<>();
            StringBuilder name = new StringBuilder("heldout-mix-" + i);
            int guard = 0;
            while (parts.size() < k) {
                InstructionForm f = pool.get(rnd.nextInt(pool.size()));
                if (seen.contains(f.name()) || parts.stream().anyMatch(x -> !compatible(x.form(), f))) {
                    if (++guard > 200) break;
                    continue;
                }
                seen.add(f.name());
                int n = 1 + rnd.nextInt(2);
                parts.add(new Generator.Part(f, n));
                name.append('-').append(Generator.slug(f)).append("-x").append(n);
            }
            if (parts.size() < k) continue;
            Benchmark b = mix(generator, name.toString(), parts);
            if (b == null) continue;
            out.add(b);
            i++;
        }
        Map<OperandNode.Type, List<Generator.Link>> links = Map.of(OperandNode.Type.GPR, new ArrayList<>(), OperandNode.Type.VEC, new ArrayList<>());
        for (InstructionForm f : pool) {
            Generator.Link l = link(f);
            if (l != null) links.get(OperandNode.of(f).get(l.output()).type()).add(l);
        }
        for (int i = 0, tries = 0; i < CHAINS && tries < CHAINS * 4; tries++) {
            List<Generator.Link> from = links.get(rnd.nextBoolean() ? OperandNode.Type.GPR : OperandNode.Type.VEC);
            if (from.size() < 2) continue;
            int k = 2 + rnd.nextInt(3);
            List<Generator.Link> chain = new ArrayList<>();
            StringBuilder name = new StringBuilder("heldout-chain-" + i);
            for (int j = 0, guard = 0; j < k && guard < 200; guard++) {
                Generator.Link l = from.get(rnd.nextInt(from.size()));
                if (chain.stream().anyMatch(x -> !compatible(x.form(), l.form()))) continue;
                j++;
                chain.add(l);
                name.append('-').append(Generator.slug(l.form()));
            }
            if (chain.size() < 2) continue;
            Benchmark b = generator.chain(name.toString(), chain);
            if (b == null) continue;
            out.add(b);
            i++;
        }
        return out;
    }

    /**
     * The checks named {@code names} (as {@link #benchmarks} names them: the forms by slug, with their
     * counts for a mix), rebuilt from the forms they name; a name whose forms are not among {@code forms}
     * is left out. The code hash the journal keeps tells whether the rebuilt code is the one measured.
     */
    public static List<Benchmark> fromNames(Generator generator, List<InstructionForm> forms, java.util.Collection<String> names) {
        Map<String, InstructionForm> bySlug = new java.util.HashMap<>();
        for (InstructionForm f : forms) bySlug.put(Generator.slug(f), f);
        List<Benchmark> out = new ArrayList<>();
        for (String name : names) {
            String[] t = name.split("-");
            if (t.length < 4 || !t[0].equals(PHASE)) continue;
            Benchmark b = null;
            if (t[1].equals("mix")) {
                List<Generator.Part> parts = new ArrayList<>();
                for (int k = 3; k + 1 < t.length && t[k + 1].matches("x\\d+"); k += 2) {
                    InstructionForm f = bySlug.get(t[k]);
                    if (f == null) break;
                    parts.add(new Generator.Part(f, Integer.parseInt(t[k + 1].substring(1))));
                }
                if (2 * parts.size() == t.length - 3) {
                    b = mix(generator, name, parts);
                }
            } else if (t[1].equals("chain")) {
                List<Generator.Link> chain = new ArrayList<>();
                for (int k = 3; k < t.length; k++) {
                    InstructionForm f = bySlug.get(t[k]);
                    Generator.Link l = f == null ? null : link(f);
                    if (l == null) break;
                    chain.add(l);
                }
                if (chain.size() == t.length - 3) b = generator.chain(name, chain);
            }
            if (b != null) out.add(b);
        }
        return out;
    }

    /** A mix check's code: the one layout both the run and a replay's rebuild use (the journal's hash must match). */
    private static Benchmark mix(Generator generator, String name, List<Generator.Part> parts) {
        return generator.mix(name, parts, Generator.Layout.INTERLEAVED, 0, true, true, 1, Benchmark.Kind.THROUGHPUT);
    }

    /**
     * Legacy SSE beside 256-bit VEX code pays for dirty upper halves (a chain of PXOR and VPSHUFHW
     * measured 400 cycles a trip here): such forms are not mixed.
     */
    static boolean compatible(InstructionForm a, InstructionForm b) {
        return !(legacyVector(a) && wide(b) || wide(a) && legacyVector(b));
    }

    private static boolean legacyVector(InstructionForm f) {
        return f.encoding().scheme() == dev.uopsim.isa.Encoding.Scheme.LEGACY && f.name().contains("XMM");
    }

    private static boolean wide(InstructionForm f) {
        return f.encoding().scheme() != dev.uopsim.isa.Encoding.Scheme.LEGACY && (f.name().contains("YMM") || f.name().contains("M256"));
    }

    /** A register a form reads and writes (or reads in one operand and writes in another of its file), not fixed. */
    static Generator.Link link(InstructionForm f) {
        List<OperandNode> nodes = OperandNode.of(f);
        for (OperandNode n : nodes) {
            if (n.register() && n.fixed() == null && n.readWrite() && n.type() != OperandNode.Type.MMX) {
                return new Generator.Link(f, n.index(), n.index());
            }
        }
        OperandNode out = null, in = null;
        for (OperandNode n : nodes) {
            if (n.register() && n.fixed() == null && n.writes() && n.type() != OperandNode.Type.MMX && out == null) out = n;
        }
        if (out == null) return null;
        for (OperandNode n : nodes) {
            if (n != out && n.register() && n.fixed() == null && n.reads() && n.type() == out.type()) {
                in = n;
                break;
            }
        }
        return in == null ? null : new Generator.Link(f, in.index(), out.index());
    }
}
