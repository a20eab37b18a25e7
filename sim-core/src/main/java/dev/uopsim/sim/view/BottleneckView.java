package dev.uopsim.sim.view;

import dev.uopsim.sim.Bounds;
import dev.uopsim.sim.DependencyGraph;
import dev.uopsim.sim.EngineListener;
import dev.uopsim.sim.SimulationResult;
import dev.uopsim.sim.Stall;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What limits the kernel, with the evidence: the analytical bounds (ports — which set —, the
 * loop-carried dependency chains, the front end and rename width) against the simulated cycles per
 * iteration, the stall events by cause and the port utilisation over the steady-state window.
 *
 * <p>The verdict: when a bound comes within {@value #EXPLAINS} of the simulated figure, that bound's
 * resource, and every other bound within {@value #TIE} of it, limits the kernel (a chain through store
 * forwarding is memory ordering). Otherwise no resource is saturated on paper and the stalls decide:
 * a buffer that stops rename in a good share of the cycles, the front end, loads held for older
 * stores, µops finding their ports taken.
 */
public final class BottleneckView implements View {
    /** A bound at least this share of the simulated figure explains it. */
    static final double EXPLAINS = 0.9;
    /** A bound above this share of the simulated figure is not followed by the engine (a model or engine issue). */
    static final double ABOVE = 1.03;
    /** Bounds within this share of the largest are co-limiters. */
    static final double TIE = 0.97;
    /** A rename stall in at least this share of the cycles is a limiter when no bound explains the figure. */
    static final double STALL_SHARE = 0.2;
    /** A port busy in at least this share of the cycles is a limiter when nothing else is. */
    static final double HOT_PORT = 0.8;

    /** What limits: the categories of the verdict. */
    public enum Kind {
        FRONT_END("front-end"), PORTS("ports"), DEPENDENCY_CHAIN("dependency-chain"), MEMORY_ORDERING("memory-ordering"),
        BUFFER("buffer"), UNEXPLAINED("unexplained");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    /**
     * One limiter: its kind, the cycles per iteration it accounts for, what exactly (a port set, a
     * chain, a buffer), and whether an analytical bound gives it ({@code bound}) or the stalls do.
     */
    public record Limiter(Kind kind, double cyclesPerIteration, String detail, boolean bound) {}

    private final ViewContext context;
    private final WindowCounters counters;
    private SimulationResult result;
    private Bounds bounds;
    private double rename;
    private DependencyGraph.Chain chain;
    private List<Limiter> limiters;
    private final List<String> evidence = new ArrayList<>();
    private double[] utilisation;
    private double setUtilisation;

    public static final class Factory implements ViewFactory {
        @Override
        public String name() { return "bottleneck"; }

        @Override
        public String description() { return "what limits the kernel (front end, ports, a dependency chain, memory ordering, a buffer) and why"; }

        @Override
        public View create(ViewContext context) { return new BottleneckView(context); }
    }

    BottleneckView(ViewContext context) {
        this.context = context;
        this.counters = new WindowCounters(context);
    }

    @Override
    public EngineListener listener() {
        return counters;
    }

    public List<Limiter> limiters() {
        return limiters;
    }

    /** The main limiter's kind. */
    public Kind verdict() {
        return limiters.getFirst().kind();
    }

    @Override
    public void finish(SimulationResult r) {
        this.result = r;
        counters.finish(r);
        bounds = Bounds.of(context.core(), context.timings(), context.input());
        rename = Bounds.renameBound(context.core(), context.timings(), context.input());
        List<DependencyGraph.Chain> chains = DependencyGraph.of(context.core(), context.timings(), context.input()).loopCarried();
        chain = chains.isEmpty() ? null : chains.getFirst();
        List<String> ports = context.core().portNames();

        double[] perPort = counters.perIteration();
        double cyclesPerIteration = (double) counters.windowCycles() / Math.max(1, counters.windowIterations());
        utilisation = new double[perPort.length];
        double onSet = 0;
        for (int p = 0; p < perPort.length; p++) {
            utilisation[p] = cyclesPerIteration == 0 ? 0 : perPort[p] / cyclesPerIteration;
            if ((bounds.bottleneckPortMask() & (1 << p)) != 0) onSet += perPort[p];
        }
        int setSize = Math.max(1, Integer.bitCount(bounds.bottleneckPortMask()));
        setUtilisation = cyclesPerIteration == 0 ? 0 : onSet / (setSize * cyclesPerIteration);
        String portSet = String.join(" ", Reports.ports(ports, bounds.bottleneckPortMask()));

        // The bounds as candidates.
        List<Limiter> candidates = new ArrayList<>();
        candidates.add(new Limiter(Kind.PORTS, bounds.ports(), portDetail(portSet), true));
        double dependency = chain == null ? 0 : chain.cyclesPerIteration();
        double cpi = r.cyclesPerIteration();
        // Bounds also sees chains that span several iterations; it wins when it explains the figure better.
        boolean longer = bounds.dependencies() > dependency * 1.05 + 0.01
                && Math.abs(bounds.dependencies() - cpi) < Math.abs(dependency - cpi);
        if (longer) {
            candidates.add(new Limiter(Kind.DEPENDENCY_CHAIN, bounds.dependencies(), "a chain carried over more than one iteration", true));
        } else if (chain != null) {
            candidates.add(new Limiter(chain.throughMemory() ? Kind.MEMORY_ORDERING : Kind.DEPENDENCY_CHAIN, dependency, chainText(chain), true));
        }
        boolean renameSets = bounds.frontEnd() <= rename + 1e-9;
        candidates.add(new Limiter(Kind.FRONT_END, bounds.frontEnd(), renameSets
                ? "rename width " + context.core().renameWidth() + " per cycle"
                : "fetch and decode (legacy decoders)", true));
        candidates.sort(Comparator.comparingDouble(Limiter::cyclesPerIteration).reversed());
        Limiter top;
        limiters = new ArrayList<>();
        // A lower bound above the simulated figure is one the engine does not follow: evidence, not a verdict.
        List<Limiter> above = candidates.stream().filter(l -> l.cyclesPerIteration() > ABOVE * cpi).toList();
        candidates.removeAll(above);
        top = candidates.isEmpty() ? null : candidates.getFirst();
        if (top != null && top.cyclesPerIteration() >= EXPLAINS * cpi) {
            for (Limiter l : candidates) if (l.cyclesPerIteration() >= TIE * top.cyclesPerIteration() && l.cyclesPerIteration() > 0) limiters.add(l);
        } else {
            Limiter fromStalls = fromStalls(cpi);
            limiters.add(fromStalls != null ? fromStalls
                    : new Limiter(Kind.UNEXPLAINED, cpi, "no bound reaches the simulated figure and no stall dominates", false));
        }
        limiters = List.copyOf(limiters);

        evidence.add(String.format(Locale.ROOT, "simulated %.2f cycles per iteration (steady state over %d iterations, %d cycles)%s",
                cpi, counters.windowIterations(), counters.windowCycles(), r.settled() ? "" : "; never settled"));
        for (Limiter l : above) {
            evidence.add(String.format(Locale.ROOT, "the %s bound %.2f (%s) is above the simulated figure: the engine does not follow it"
                    + " (a model or engine issue worth a look in the timeline)", l.kind().key(), l.cyclesPerIteration(), l.detail()));
        }
        evidence.add(chain == null ? "no loop-carried dependency chain"
                : String.format(Locale.ROOT, "longest loop-carried chain %.2f cycles per iteration: %s%s", chain.cyclesPerIteration(),
                chainText(chain), chain.throughMemory() ? " (through store-to-load forwarding)" : ""));
        evidence.add(String.format(Locale.ROOT, "dependency bound %.2f (Bounds, latencies only, every iteration distance)", bounds.dependencies()));
        evidence.add(String.format(Locale.ROOT, "port bound %.2f on %s; those ports busy %.0f%% of the cycles", bounds.ports(),
                portDetail(portSet), 100 * setUtilisation));
        evidence.add(String.format(Locale.ROOT, "front-end bound %.2f (rename alone %.2f: %d per cycle)", bounds.frontEnd(), rename,
                context.core().renameWidth()));
        StringBuilder stalls = new StringBuilder("stalls per iteration:");
        boolean any = false;
        for (Stall s : Stall.values()) {
            long c = counters.stalls(s);
            if (c == 0) continue;
            any = true;
            stalls.append(String.format(Locale.ROOT, " %s %.2f %s;", Reports.describe(s), (double) c / Math.max(1, counters.windowIterations()),
                    Reports.perCycle(s) ? "cycles" : "µop-cycles"));
        }
        evidence.add(any ? stalls.substring(0, stalls.length() - 1) : "no stall events in the window");
        evidence.add(String.format(Locale.ROOT, "rename under-fed by the front end (less than its width, queue empty) in %.0f%% of the cycles",
                100.0 * counters.starved() / Math.max(1, counters.windowCycles())));
    }

    /** The port bound's detail: its port set, and the unit when a non-pipelined one sets it. */
    private String portDetail(String portSet) {
        int unit = bounds.bottleneckUnit();
        if (unit < 0) return portSet;
        int occupancy = 0;
        for (var inst : context.input().instructions()) {
            var t = context.timings().timing(inst.form());
            if (t == null) continue;
            for (var u : t.uops()) if (u.unit() == unit) occupancy = Math.max(occupancy, u.occupancy());
        }
        var units = dev.uopsim.model.Unit.values();
        String name = unit < units.length ? units[unit].name() : "unit " + unit;
        return portSet + " " + name + " unit: not pipelined, busy up to " + occupancy + " cycles per µop";
    }

    /** The limiter the stalls point at when no bound explains the figure, or null. */
    private Limiter fromStalls(double cpi) {
        long cycles = Math.max(1, counters.windowCycles());
        int iterations = Math.max(1, counters.windowIterations());
        // Rename-stage causes count cycles; the front end's include the cycles it under-fed rename.
        Stall worst = null;
        for (Stall s : Stall.values()) {
            if (!Reports.perCycle(s) || s == Stall.FRONT_END || s == Stall.LENGTH_CHANGING_PREFIX) continue;
            if (worst == null || counters.stalls(s) > counters.stalls(worst)) worst = s;
        }
        long frontEnd = counters.stalls(Stall.FRONT_END) + counters.stalls(Stall.LENGTH_CHANGING_PREFIX) + counters.starved();
        if (worst != null && counters.stalls(worst) >= frontEnd && (double) counters.stalls(worst) / cycles >= STALL_SHARE) {
            return new Limiter(Kind.BUFFER, cpi, String.format(Locale.ROOT, "%s in %.0f%% of the cycles", Reports.describe(worst),
                    100.0 * counters.stalls(worst) / cycles), false);
        }
        if ((double) frontEnd / cycles >= STALL_SHARE) {
            return new Limiter(Kind.FRONT_END, cpi, String.format(Locale.ROOT,
                    "rename got nothing or less than its width from the front end in %.0f%% of the cycles", 100.0 * frontEnd / cycles), false);
        }
        double memory = (double) counters.stalls(Stall.MEMORY_ORDER) / iterations;
        double port = (double) counters.stalls(Stall.PORT_BUSY) / iterations;
        if (memory >= 1 && memory >= port) {
            return new Limiter(Kind.MEMORY_ORDERING, cpi, String.format(Locale.ROOT, "loads held for older stores, %.1f µop-cycles per iteration", memory), false);
        }
        double bubble = (double) counters.stalls(Stall.TRANSFER_BUBBLE) / iterations;
        if (bubble >= 1 && bubble >= port) {
            return new Limiter(Kind.PORTS, cpi, String.format(Locale.ROOT,
                    "single-cycle ALU µops held while values moved in from the vector unit landed, %.1f µop-cycles per iteration", bubble), false);
        }
        if (port >= 1) {
            return new Limiter(Kind.PORTS, cpi, String.format(Locale.ROOT, "ready µops found their ports taken, %.1f µop-cycles per iteration", port), false);
        }
        int hot = 0;
        for (int p = 1; p < utilisation.length; p++) if (utilisation[p] > utilisation[hot]) hot = p;
        if (utilisation.length > 0 && utilisation[hot] >= HOT_PORT) {
            return new Limiter(Kind.PORTS, cpi, String.format(Locale.ROOT, "%s busy %.0f%% of the cycles (µops bound to it at allocation)",
                    context.core().portNames().get(hot), 100 * utilisation[hot]), false);
        }
        return null;
    }

    private static String chainText(DependencyGraph.Chain c) {
        StringBuilder sb = new StringBuilder();
        for (DependencyGraph.Step s : c.steps()) sb.append(sb.isEmpty() ? "" : " -> ").append('#').append(s.instruction());
        return sb.toString();
    }

    private String verdictText() {
        StringBuilder sb = new StringBuilder();
        for (Limiter l : limiters) {
            if (!sb.isEmpty()) sb.append("; and ");
            sb.append(switch (l.kind()) {
                case PORTS -> "ports " + l.detail();
                case DEPENDENCY_CHAIN -> "a dependency chain " + l.detail();
                case MEMORY_ORDERING -> l.bound() ? "memory ordering: a loop-carried chain through store-to-load forwarding " + l.detail()
                        : "memory ordering: " + l.detail();
                case FRONT_END -> "the front end: " + l.detail();
                case BUFFER -> "a full buffer: " + l.detail();
                case UNEXPLAINED -> "nothing clear: " + l.detail();
            });
            if (l.bound()) sb.append(String.format(Locale.ROOT, " (%.2f cycles per iteration)", l.cyclesPerIteration()));
        }
        return sb.toString();
    }

    @Override
    public String text() {
        StringBuilder sb = new StringBuilder();
        sb.append("Bottleneck: ").append(verdictText()).append('\n');
        for (String e : evidence) sb.append("  - ").append(e).append('\n');
        List<String> ports = context.core().portNames();
        StringBuilder u = new StringBuilder("  - port utilisation:");
        for (int p = 0; p < ports.size(); p++) u.append(' ').append(ports.get(p)).append(' ').append(Math.round(100 * utilisation[p])).append('%');
        sb.append(u).append('\n');
        return sb.toString();
    }

    @Override
    public void json(Map<String, Object> doc) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verdict", verdict().key());
        m.put("summary", verdictText());
        List<Map<String, Object>> ls = new ArrayList<>();
        for (Limiter l : limiters) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("kind", l.kind().key());
            x.put("cycles_per_iteration", Reports.round(l.cyclesPerIteration()));
            x.put("detail", l.detail());
            x.put("from", l.bound() ? "bound" : "stalls");
            ls.add(x);
        }
        m.put("limiters", ls);
        m.put("cycles_per_iteration", result.cyclesPerIteration());
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("ports", bounds.ports());
        b.put("port_set", Reports.ports(context.core().portNames(), bounds.bottleneckPortMask()));
        b.put("port_set_utilisation", Reports.round(setUtilisation));
        b.put("loop_carried_chain", chain == null ? 0.0 : Reports.round(chain.cyclesPerIteration()));
        b.put("chain_through_memory", chain != null && chain.throughMemory());
        b.put("dependencies", bounds.dependencies());
        b.put("front_end", bounds.frontEnd());
        b.put("rename", rename);
        m.put("bounds", b);
        Map<String, Object> stalls = new LinkedHashMap<>();
        for (Stall s : Stall.values()) {
            stalls.put(Reports.key(s), Reports.round((double) counters.stalls(s) / Math.max(1, counters.windowIterations())));
        }
        m.put("stalls_per_iteration", stalls);
        Map<String, Object> util = new LinkedHashMap<>();
        List<String> ports = context.core().portNames();
        for (int p = 0; p < ports.size(); p++) util.put(ports.get(p), Reports.round(utilisation[p]));
        m.put("port_utilisation", util);
        m.put("window_iterations", counters.windowIterations());
        m.put("window_cycles", counters.windowCycles());
        m.put("evidence", evidence);
        doc.put("bottleneck", m);
    }
}
