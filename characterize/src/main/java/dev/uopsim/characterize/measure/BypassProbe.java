package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.bench.OperandNode;
import dev.uopsim.characterize.infer.BypassDomains;
import dev.uopsim.characterize.infer.FormFigures;
import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Bypass domains of the vector forms on this machine. Each form F is timed alone in a chain through
 * one register (F -> F) and in a chain with each reference form R (F -> R -> F); the time of the
 * pair less both self-chains is the round trip between their domains (see {@link BypassDomains}).
 * Forms with the same round trips share a domain; one form of each domain is then chained with one
 * of every other domain the references do not stand for, which gives the round trips between all
 * domains; last, one form of each of three domains is chained each way round, which tells the two
 * directions of a round trip apart, and the delays are fitted to all of these. Every benchmark goes
 * through the journal (phase {@value #PHASE}).
 */
public final class BypassProbe {
    public static final String PHASE = "bypass";
    /** A domain that no reference stands for needs this many forms. */
    static final int MINIMUM_MEMBERS = 3;

    private final Generator generator;
    private final JournalMeasurer measurer;
    private final Consumer<String> log;

    public BypassProbe(Generator generator, JournalMeasurer measurer, Consumer<String> log) {
        this.generator = generator;
        this.measurer = measurer;
        this.log = log;
    }

    /**
     * What was found.
     *
     * @param classes   the forms' domains (and why others have none)
     * @param delays    [from][to] extra cycles (averages), over {@code classes.domains()}
     * @param evidence  domain pair "A<->B" -> the benchmark that gave its round trip
     * @param references the reference forms, in the order of {@code roundTrips}' entries
     * @param roundTrips form -> its measured round trip through each reference (cycles, NaN when not measured)
     */
    public record Result(BypassDomains.Classes classes, double[][] delays, Map<String, String> evidence, List<String> references,
                         Map<String, double[]> roundTrips) {
        public static final Result NONE = new Result(new BypassDomains.Classes(Map.of(), Map.of(), List.of(), Map.of(), Map.of()),
                new double[0][0], Map.of(), List.of(), Map.of());
    }

    /**
     * Reference forms and the domain each names: the integer-vector ALU, the floating-point adder and
     * multiplier, and the shuffle unit (VEX forms on 128 bits, which mix with both legacy SSE and 256-bit code);
     * forms on doubles meet the {@link #doubleTwins} of the floating-point ones.
     */
    static Map<String, String> references(boolean avx) {
        Map<String, String> r = new LinkedHashMap<>();
        r.put(avx ? "VPADDD (XMM, XMM, XMM)" : "PADDD (XMM, XMM)", "vec-int");
        r.put(avx ? "VADDPS (XMM, XMM, XMM)" : "ADDPS (XMM, XMM)", "fp-add");
        r.put(avx ? "VMULPS (XMM, XMM, XMM)" : "MULPS (XMM, XMM)", "fp-mul");
        r.put(avx ? "VPSHUFD (XMM, XMM, I8)" : "PSHUFD (XMM, XMM, I8)", "shuffle");
        return r;
    }

    /**
     * Double-precision twins of the floating-point references, taken to be of the same domain: a
     * single-precision add of a double's bit pattern takes a denormal assist (some 80 cycles here).
     */
    static Map<String, String> doubleTwins(boolean avx) {
        Map<String, String> t = new LinkedHashMap<>();
        t.put(avx ? "VADDPS (XMM, XMM, XMM)" : "ADDPS (XMM, XMM)", avx ? "VADDPD (XMM, XMM, XMM)" : "ADDPD (XMM, XMM)");
        t.put(avx ? "VMULPS (XMM, XMM, XMM)" : "MULPS (XMM, XMM)", avx ? "VMULPD (XMM, XMM, XMM)" : "MULPD (XMM, XMM)");
        return t;
    }

    /** A form on doubles (its mnemonic ends in PD or SD): it meets the double-precision twins of the references. */
    static boolean onDoubles(InstructionForm f) {
        String m = f.asmMnemonic().toLowerCase(Locale.ROOT);
        return m.endsWith("pd") || m.endsWith("sd");
    }

    /** Vector forms a chain can carry a register through (reads and writes one vector register, writes no memory). */
    static List<InstructionForm> eligible(List<InstructionForm> forms) {
        List<InstructionForm> out = new ArrayList<>();
        for (InstructionForm f : forms) {
            if (f.writesMemory() || f.has(FormProperty.ZERO_UPPER) || f.has(FormProperty.MOVE_ELIMINATION)) continue;
            Generator.Link l = HeldApart.link(f);
            if (l == null || OperandNode.of(f).get(l.output()).type() != OperandNode.Type.VEC) continue;
            out.add(f);
        }
        return out;
    }

    public Result run(List<InstructionForm> forms) throws IOException {
        return run(forms, Map.of());
    }

    /**
     * @param figures part 1's figures by form: a reference whose self-chain does not settle takes the
     *                same chain's settled latency from there
     */
    public Result run(List<InstructionForm> forms, Map<String, FormFigures> figures) throws IOException {
        Map<String, String> refs = references(generator.cpu().avx());
        Map<String, Generator.Link> refLinks = new LinkedHashMap<>();
        for (String r : refs.keySet()) {
            InstructionForm f = FormTable.shipped().byName(r).orElse(null);
            Generator.Link l = f == null ? null : HeldApart.link(f);
            if (l == null) {
                log.accept("bypass: reference " + r + " cannot be chained; no bypass domains");
                return Result.NONE;
            }
            refLinks.put(r, l);
        }
        Map<String, Generator.Link> twinLinks = new LinkedHashMap<>();
        for (var t : doubleTwins(generator.cpu().avx()).entrySet()) {
            InstructionForm f = FormTable.shipped().byName(t.getValue()).orElse(null);
            Generator.Link l = f == null ? null : HeldApart.link(f);
            if (l != null) twinLinks.put(t.getKey(), l);
        }
        List<InstructionForm> candidates = new ArrayList<>();
        for (String r : refs.keySet()) candidates.add(refLinks.get(r).form());
        for (Generator.Link t : twinLinks.values()) candidates.add(t.form());
        for (InstructionForm f : eligible(forms)) if (!candidates.contains(f)) candidates.add(f);

        // Stage 1: every candidate alone and with each reference.
        Map<String, Benchmark> self = new LinkedHashMap<>();
        Map<String, Benchmark[]> through = new LinkedHashMap<>();
        Map<String, String[]> usedRefs = new LinkedHashMap<>();     // form -> the reference (or twin) each pair went through
        List<Benchmark> all = new ArrayList<>();
        for (InstructionForm f : candidates) {
            Generator.Link l = HeldApart.link(f);
            Benchmark alone = generator.chain(Generator.slug(f) + "-bypass-self", List.of(l));
            if (alone == null) continue;
            Benchmark[] pairs = new Benchmark[refs.size()];
            String[] used = new String[refs.size()];
            int k = 0;
            for (var ref : refLinks.entrySet()) {
                Generator.Link r = onDoubles(f) && twinLinks.containsKey(ref.getKey()) ? twinLinks.get(ref.getKey()) : ref.getValue();
                used[k] = r.form().name();
                pairs[k++] = r.form() == f ? null : generator.chain(Generator.slug(f) + "-bypass-" + Generator.slug(r.form()), List.of(l, r));
            }
            self.put(f.name(), alone);
            through.put(f.name(), pairs);
            usedRefs.put(f.name(), used);
            all.add(alone);
            for (Benchmark b : pairs) if (b != null) all.add(b);
        }
        Readings stage1 = measure(all);
        Map<String, Double> cycles = stage1.cycles();
        // Each reference's self-chain (and a twin's) is subtracted from every round trip through it, so one
        // read on a shared core spoils them all: h60.jsonl read VMULPS at 4.75 cycles a trip and VMULPD at
        // 4.73 (3.99 in quiet runs), unsettled in both readings, and the multiplier and shuffle domains
        // lost their forms (807 forms without a domain, 58 in h58). Part 1 measured the same chain as the
        // form's latency; where that settled and this did not, part 1's figure stands.
        List<String> subtracted = new ArrayList<>(refs.keySet());
        subtracted.addAll(twinLinks.values().stream().map(t -> t.form().name()).toList());
        for (String r : subtracted) {
            Benchmark alone = self.get(r);
            if (alone == null || !stage1.unsettled().contains(alone.name())) continue;
            Double part1 = settledLatency(figures.get(r), HeldApart.link(form(r)));
            if (part1 == null) continue;
            log.accept(String.format(Locale.ROOT, "bypass: %s's chain read %.2f cycles, not settled: its latency from part 1, %.2f, stands",
                    r, cycles.get(alone.name()), part1));
            cycles.put(alone.name(), part1);
        }
        Map<String, double[]> excess = new LinkedHashMap<>();
        List<String> refNames = new ArrayList<>(refs.keySet());
        for (var e : through.entrySet()) {
            double alone = cycles.get(self.get(e.getKey()).name());
            double[] x = new double[refs.size()];
            for (int r = 0; r < x.length; r++) {
                Benchmark b = e.getValue()[r];
                String used = usedRefs.get(e.getKey())[r];
                Benchmark refAlone = self.get(used);
                if (b == null) x[r] = e.getKey().equals(used) ? 0 : Double.NaN;
                else x[r] = refAlone == null ? Double.NaN : cycles.get(b.name()) - alone - cycles.get(refAlone.name());
            }
            excess.put(e.getKey(), x);
        }
        BypassDomains.Classes classes = BypassDomains.classify(refs, excess, MINIMUM_MEMBERS);
        for (InstructionForm f : candidates) {
            if (!self.containsKey(f.name())) classes.unsettled().putIfAbsent(f.name(), "no chain through one register can be built");
        }

        // Stage 2: round trips between domains no reference stands for, through their representatives:
        // VEX forms where a domain has one (legacy SSE beside 256-bit VEX pays for dirty upper halves).
        for (String d : classes.domains()) {
            if (refs.containsKey(classes.representative().get(d))) continue;
            for (var e : classes.domainOf().entrySet()) {
                if (e.getValue().equals(d) && form(e.getKey()).encoding().scheme() != dev.uopsim.isa.Encoding.Scheme.LEGACY) {
                    classes.representative().put(d, e.getKey());
                    break;
                }
            }
        }
        List<String> domains = classes.domains();
        int n = domains.size();
        double[][] roundTrip = new double[n][n];
        Map<String, String> evidence = new LinkedHashMap<>();
        List<Benchmark> pairs = new ArrayList<>();
        List<int[]> pairIndex = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                String ri = classes.representative().get(domains.get(i)), rj = classes.representative().get(domains.get(j));
                int refJ = refNames.indexOf(rj), refI = refNames.indexOf(ri);
                if (refJ >= 0 || refI >= 0) {
                    // one of them is a reference: the other's round trips to it are its domain's signature
                    double v = refJ >= 0 ? classes.roundTrips().get(domains.get(i))[refJ] : classes.roundTrips().get(domains.get(j))[refI];
                    roundTrip[i][j] = roundTrip[j][i] = v;
                    evidence.put(domains.get(i) + "<->" + domains.get(j), Generator.slug(form(refJ >= 0 ? ri : rj)) + "-bypass-"
                            + Generator.slug(form(refJ >= 0 ? rj : ri)));
                    continue;
                }
                if (!HeldApart.compatible(form(ri), form(rj))) {
                    log.accept("bypass: " + domains.get(i) + " and " + domains.get(j) + " have no forms that mix (legacy SSE beside 256-bit VEX); no delay between them");
                    continue;
                }
                Benchmark b = generator.chain(Generator.slug(form(ri)) + "-bypass-" + Generator.slug(form(rj)),
                        List.of(HeldApart.link(form(ri)), HeldApart.link(form(rj))));
                if (b == null) continue;
                pairs.add(b);
                pairIndex.add(new int[]{i, j});
            }
        }
        Map<String, Double> pairCycles = measure(pairs).cycles();
        for (int k = 0; k < pairs.size(); k++) {
            int i = pairIndex.get(k)[0], j = pairIndex.get(k)[1];
            String ri = classes.representative().get(domains.get(i)), rj = classes.representative().get(domains.get(j));
            double x = pairCycles.get(pairs.get(k).name()) - cycles.get(self.get(ri).name()) - cycles.get(self.get(rj).name());
            // A pair not measured, or out of range, leaves the two unconnected (0): say so rather than guess.
            boolean usable = Double.isFinite(x) && x > -0.2 && x <= 4.5;
            double v = usable ? Math.max(0, x) : 0;
            if (!usable) log.accept(String.format(Locale.ROOT, "bypass: round trip %s <-> %s is %.2f cycles, taken as 0", domains.get(i), domains.get(j), x));
            roundTrip[i][j] = roundTrip[j][i] = v;
            evidence.put(domains.get(i) + "<->" + domains.get(j), pairs.get(k).name());
        }
        List<BypassDomains.Triangle> triangles = triangles(classes, self, cycles);
        double[][] delays = BypassDomains.delays(roundTrip, triangles);
        if (!triangles.isEmpty()) {
            evidence.put("loops of three", triangles.size() + " chains through three domains' forms, both ways round (<a>-bypass-<b>-<c>)");
            log.accept(String.format(Locale.ROOT, "bypass: delays fit %d round trips and %d loops of three within %.2f cycles (root mean square)",
                    n * (n - 1) / 2, triangles.size(), BypassDomains.misfit(delays, roundTrip, triangles)));
        }
        for (String d : domains) log.accept("bypass: domain " + d + ": " + classes.members(d) + " forms, e.g. " + classes.representative().get(d));
        log.accept("bypass: " + classes.domainOf().size() + " forms in " + n + " domains, " + classes.unsettled().size() + " without one");
        return new Result(classes, delays, evidence, refNames, excess);
    }

    /**
     * Stage 3: a chain through the forms of three domains, each way round, less the three
     * self-chains: the sums around loops of three, which tell the two directions of a round trip apart.
     */
    private List<BypassDomains.Triangle> triangles(BypassDomains.Classes classes, Map<String, Benchmark> self, Map<String, Double> cycles)
            throws IOException {
        List<String> domains = classes.domains();
        int n = domains.size();
        List<Benchmark> loops = new ArrayList<>();
        List<int[]> index = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                for (int k = j + 1; k < n; k++) {
                    for (int[] t : new int[][]{{i, j, k}, {i, k, j}}) {
                        List<InstructionForm> fs = new ArrayList<>();
                        for (int x : t) fs.add(form(classes.representative().get(domains.get(x))));
                        if (!HeldApart.compatible(fs.get(0), fs.get(1)) || !HeldApart.compatible(fs.get(1), fs.get(2))
                                || !HeldApart.compatible(fs.get(0), fs.get(2))) continue;
                        Benchmark b = generator.chain(Generator.slug(fs.get(0)) + "-bypass-" + Generator.slug(fs.get(1)) + "-" + Generator.slug(fs.get(2)),
                                List.of(HeldApart.link(fs.get(0)), HeldApart.link(fs.get(1)), HeldApart.link(fs.get(2))));
                        if (b == null) continue;
                        loops.add(b);
                        index.add(t);
                    }
                }
            }
        }
        Map<String, Double> measured = measure(loops).cycles();
        List<BypassDomains.Triangle> out = new ArrayList<>();
        for (int q = 0; q < loops.size(); q++) {
            int[] t = index.get(q);
            double x = measured.get(loops.get(q).name());
            for (int d : t) x -= cycles.get(self.get(classes.representative().get(domains.get(d))).name());
            if (Double.isFinite(x) && x > -0.3 && x <= 3 * BypassDomains.MAX_ROUND_TRIP) out.add(new BypassDomains.Triangle(t[0], t[1], t[2], Math.max(0, x)));
        }
        return out;
    }

    private static InstructionForm form(String name) {
        return FormTable.shipped().byName(name).orElseThrow();
    }

    /**
     * Cycles per trip of each benchmark (NaN when it failed), measured or read from the journal. What did
     * not settle is measured once more: a reference's self-chain is subtracted from every form's round
     * trip through it, and one unsettled reading (VMULPD's, 4.29 cycles for 3.99, in a busy run) left
     * every form on doubles out of the multiplier's domain.
     */
    private Readings measure(List<Benchmark> bs) throws IOException {
        List<Measurement> ms = UnsettledRetakes.usable(UnsettledRetakes.measure(measurer, PHASE, bs, "bypass", log), "bypass chains").readings();
        Map<String, Double> cycles = new LinkedHashMap<>();
        java.util.Set<String> unsettled = new java.util.HashSet<>();
        for (int i = 0; i < bs.size(); i++) {
            cycles.put(bs.get(i).name(), JournalMeasurer.cycles(bs.get(i), ms.get(i)));
            if (ms.get(i).ok() && !ms.get(i).settled()) unsettled.add(bs.get(i).name());
        }
        return new Readings(cycles, unsettled);
    }

    /** Cycles per trip by benchmark name (NaN when it failed), and the names whose reading did not settle. */
    private record Readings(Map<String, Double> cycles, java.util.Set<String> unsettled) {}

    /** Part 1's settled exact latency of a chain link (input operand to output operand), or null. */
    static Double settledLatency(FormFigures figures, Generator.Link link) {
        if (figures == null || link == null) return null;
        FormFigures.Latency lat = figures.latency().get("op" + link.input() + "->op" + link.output());
        return lat != null && lat.stable() && !lat.upper() && Double.isFinite(lat.cycles()) ? lat.cycles() : null;
    }
}
