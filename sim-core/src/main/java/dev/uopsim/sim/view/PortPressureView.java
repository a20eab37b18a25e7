package dev.uopsim.sim.view;

import dev.uopsim.sim.Bounds;
import dev.uopsim.sim.EngineListener;
import dev.uopsim.sim.SimulationResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Port pressure as llvm-mca's resource-pressure view shows it: µops dispatched to each port per
 * iteration, over the steady-state window, in total and per instruction; with each port's share of
 * the window's cycles and the analytical port bound beside them.
 */
public final class PortPressureView implements View {
    private final ViewContext context;
    private final WindowCounters counters;
    private SimulationResult result;
    private double[] total;
    private double[][] perInstruction;
    private Bounds bounds;

    public static final class Factory implements ViewFactory {
        @Override
        public String name() { return "ports"; }

        @Override
        public String description() { return "µops per iteration on each port, in total and per instruction (steady state)"; }

        @Override
        public View create(ViewContext context) { return new PortPressureView(context); }
    }

    PortPressureView(ViewContext context) {
        this.context = context;
        this.counters = new WindowCounters(context);
    }

    @Override
    public EngineListener listener() {
        return counters;
    }

    @Override
    public void finish(SimulationResult r) {
        this.result = r;
        counters.finish(r);
        int n = context.instructions();
        perInstruction = new double[n][];
        for (int i = 0; i < n; i++) perInstruction[i] = counters.perIteration(i);
        total = counters.perIteration();
        bounds = Bounds.of(context.core(), context.timings(), context.input());
    }

    /** µops per iteration on each port (bit order). */
    public double[] perPort() {
        return total.clone();
    }

    /** µops per iteration of instruction {@code index} on each port. */
    public double[] perInstruction(int index) {
        return perInstruction[index].clone();
    }

    /** Share of the window's cycles each port dispatched a µop. */
    public double[] utilisation() {
        double cycles = (double) counters.windowCycles() / Math.max(1, counters.windowIterations());
        double[] u = new double[total.length];
        for (int p = 0; p < u.length; p++) u[p] = cycles == 0 ? 0 : total[p] / cycles;
        return u;
    }

    @Override
    public String text() {
        List<String> names = context.core().portNames();
        int[] width = new int[names.size()];
        for (int p = 0; p < width.length; p++) width[p] = Math.max(6, names.get(p).length() + 2);
        StringBuilder sb = new StringBuilder();
        sb.append("Port pressure: µops per iteration on each port, over the steady-state window (")
                .append(counters.windowIterations()).append(" iterations, ").append(counters.windowCycles()).append(" cycles)\n");
        StringBuilder head = new StringBuilder("  ");
        for (int p = 0; p < width.length; p++) head.append(Reports.pad("[" + names.get(p) + "]", width[p]));
        sb.append(head.toString().stripTrailing()).append('\n');
        sb.append("  ").append(row(total, width)).append("µops per iteration\n");
        double[] u = utilisation();
        StringBuilder busy = new StringBuilder("  ");
        for (int p = 0; p < width.length; p++) busy.append(Reports.pad(Math.round(100 * u[p]) + "%", width[p]));
        sb.append(busy).append("of the cycles busy\n\n");
        sb.append("Per instruction:\n").append(head).append("instruction\n");
        for (int i = 0; i < perInstruction.length; i++) {
            String note = counters.uops(i) > 0 && sum(perInstruction[i]) == 0 ? "   (no µop dispatched: fused or eliminated)" : "";
            sb.append("  ").append(row(perInstruction[i], width))
                    .append(context.input().instructions().get(i).intelText()).append(note).append('\n');
        }
        sb.append('\n').append(String.format(java.util.Locale.ROOT,
                "Port bound %.2f cycles per iteration on %s; simulated %.2f%n", bounds.ports(),
                String.join(" ", Reports.ports(names, bounds.bottleneckPortMask())), result.cyclesPerIteration()));
        return sb.toString();
    }

    private static String row(double[] v, int[] width) {
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < v.length; p++) sb.append(Reports.pad(v[p] < 0.005 ? "-" : Reports.fixed(v[p]), width[p]));
        return sb.toString();
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) s += x;
        return s;
    }

    @Override
    public void json(Map<String, Object> doc) {
        List<String> names = context.core().portNames();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("window_iterations", counters.windowIterations());
        m.put("window_cycles", counters.windowCycles());
        m.put("ports", names);
        m.put("uops_per_iteration", byPort(names, total));
        m.put("utilisation", byPort(names, utilisation()));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < perInstruction.length; i++) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("index", i);
            r.put("instruction", context.input().instructions().get(i).intelText());
            r.put("uops", counters.uops(i));
            r.put("uops_per_iteration", byPort(names, perInstruction[i]));
            rows.add(r);
        }
        m.put("instructions", rows);
        Map<String, Object> bound = new LinkedHashMap<>();
        bound.put("cycles_per_iteration", bounds.ports());
        bound.put("ports", Reports.ports(names, bounds.bottleneckPortMask()));
        m.put("port_bound", bound);
        doc.put("ports", m);
    }

    private static Map<String, Double> byPort(List<String> names, double[] v) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int p = 0; p < v.length; p++) m.put(names.get(p), Reports.round(v[p]));
        return m;
    }
}
