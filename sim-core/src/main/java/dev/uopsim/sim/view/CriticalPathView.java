package dev.uopsim.sim.view;

import dev.uopsim.sim.Bounds;
import dev.uopsim.sim.DependencyGraph;
import dev.uopsim.sim.SimulationResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The critical path of one iteration and the loop-carried dependency chains, as OSACA reports them,
 * from the kernel's {@link DependencyGraph}; with the analytical port bound and dependency bound
 * ({@link Bounds}) and the simulated figure beside them. An analysis: it does not listen to the run.
 */
public final class CriticalPathView implements View {
    /** Chains listed in text; JSON has all. */
    private static final int TEXT_CHAINS = 12;

    private final ViewContext context;
    private DependencyGraph.Path path;
    private List<DependencyGraph.Chain> chains;
    private Bounds bounds;
    private SimulationResult result;

    public static final class Factory implements ViewFactory {
        @Override
        public String name() { return "critical-path"; }

        @Override
        public String description() {
            return "critical path of one iteration, loop-carried dependency chains, port bound";
        }

        @Override
        public View create(ViewContext context) { return new CriticalPathView(context); }
    }

    CriticalPathView(ViewContext context) {
        this.context = context;
    }

    @Override
    public void finish(SimulationResult r) {
        this.result = r;
        DependencyGraph g = DependencyGraph.of(context.core(), context.timings(), context.input());
        path = g.criticalPath();
        chains = g.loopCarried();
        bounds = Bounds.of(context.core(), context.timings(), context.input());
    }

    public DependencyGraph.Path criticalPath() {
        return path;
    }

    public List<DependencyGraph.Chain> chains() {
        return chains;
    }

    @Override
    public String text() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Critical path of one iteration: %s cycles%n", Reports.fixed(path.cycles())));
        appendSteps(sb, path.steps(), false);
        sb.append('\n');
        if (chains.isEmpty()) {
            sb.append("Loop-carried dependencies: none (iterations are independent)\n");
        } else {
            sb.append("Loop-carried dependency chains (cycles per iteration each forces), longest first:\n");
            for (int c = 0; c < Math.min(TEXT_CHAINS, chains.size()); c++) {
                DependencyGraph.Chain ch = chains.get(c);
                StringBuilder ids = new StringBuilder();
                for (DependencyGraph.Step s : ch.steps()) ids.append(ids.isEmpty() ? "" : " -> ").append('#').append(s.instruction());
                String one = ch.steps().size() == 1 ? " " + ch.steps().getFirst().text() + " (via " + ch.steps().getFirst().via() + ")" : "";
                sb.append(String.format(Locale.ROOT, "  %7s  %s%s -> next iteration%s%n", Reports.fixed(ch.cyclesPerIteration()), ids, one,
                        ch.throughMemory() ? "  (through memory: store forwarding)" : ""));
                if (c == 0 && ch.steps().size() > 1) appendSteps(sb, ch.steps(), true);
            }
            if (chains.size() > TEXT_CHAINS) sb.append("  (").append(chains.size() - TEXT_CHAINS).append(" more in --json)\n");
        }
        sb.append('\n');
        sb.append(String.format(Locale.ROOT, "Bounds (cycles per iteration): ports %s on %s; dependencies %s; front end %s; simulated %s%n",
                Reports.fixed(bounds.ports()), String.join(" ", Reports.ports(context.core().portNames(), bounds.bottleneckPortMask())),
                Reports.fixed(bounds.dependencies()), Reports.fixed(bounds.frontEnd()), Reports.fixed(result.cyclesPerIteration())));
        return sb.toString();
    }

    private static void appendSteps(StringBuilder sb, List<DependencyGraph.Step> steps, boolean chain) {
        int width = 12;
        for (DependencyGraph.Step s : steps) width = Math.max(width, s.text().length());
        for (DependencyGraph.Step s : steps) {
            sb.append(chain ? "             " : "  ").append(Reports.pad("#" + s.instruction(), 5)).append(Reports.pad(s.text(), width + 2))
                    .append(Reports.padLeft("+" + Reports.fixed(s.cycles()), 7))
                    .append(s.via().isEmpty() ? "" : "  via " + s.via()).append('\n');
        }
    }

    @Override
    public void json(Map<String, Object> doc) {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> cp = new LinkedHashMap<>();
        cp.put("cycles", Reports.round(path.cycles()));
        cp.put("steps", steps(path.steps()));
        m.put("critical_path", cp);
        List<Map<String, Object>> lcd = new ArrayList<>();
        for (DependencyGraph.Chain ch : chains) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("cycles_per_iteration", Reports.round(ch.cyclesPerIteration()));
            c.put("through_memory", ch.throughMemory());
            c.put("instructions", ch.instructions());
            c.put("steps", steps(ch.steps()));
            lcd.add(c);
        }
        m.put("loop_carried", lcd);
        Map<String, Object> pb = new LinkedHashMap<>();
        pb.put("cycles_per_iteration", bounds.ports());
        pb.put("ports", Reports.ports(context.core().portNames(), bounds.bottleneckPortMask()));
        m.put("port_bound", pb);
        m.put("dependency_bound", bounds.dependencies());
        m.put("front_end_bound", bounds.frontEnd());
        m.put("simulated", result.cyclesPerIteration());
        doc.put("critical_path", m);
    }

    private static List<Map<String, Object>> steps(List<DependencyGraph.Step> steps) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (DependencyGraph.Step s : steps) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("index", s.instruction());
            x.put("instruction", s.text());
            x.put("via", s.via());
            x.put("cycles", Reports.round(s.cycles()));
            out.add(x);
        }
        return out;
    }
}
