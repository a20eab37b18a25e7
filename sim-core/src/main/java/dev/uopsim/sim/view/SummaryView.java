package dev.uopsim.sim.view;

import dev.uopsim.sim.SimulationResult;
import java.util.Locale;
import java.util.Map;

/** Cycles per iteration in the steady state, IPC and µops per cycle. */
public final class SummaryView implements View {
    private SimulationResult result;

    public static final class Factory implements ViewFactory {
        @Override
        public String name() { return "summary"; }

        @Override
        public String description() { return "cycles per iteration, IPC, µops per cycle"; }

        @Override
        public View create(ViewContext context) { return new SummaryView(); }
    }

    @Override
    public void finish(SimulationResult r) {
        this.result = r;
    }

    @Override
    public String text() {
        SimulationResult r = result;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "  cycles per iteration  %.2f%s%n", r.cyclesPerIteration(),
                r.settled() ? "" : "  (never settled: last window)"));
        sb.append(String.format(Locale.ROOT, "  IPC                   %.2f%n", r.ipc()));
        sb.append(String.format(Locale.ROOT, "  µops per cycle        %.2f%n", r.uopsPerCycle()));
        sb.append(String.format(Locale.ROOT, "  iterations simulated  %d (%d cycles; steady state over the last %d)%n", r.iterations(),
                r.cycles(), r.window()));
        return sb.toString();
    }

    @Override
    public void json(Map<String, Object> doc) {
        doc.put("cycles_per_iteration", result.cyclesPerIteration());
        doc.put("settled", result.settled());
        doc.put("iterations", result.iterations());
        doc.put("window", result.window());
        doc.put("ipc", result.ipc());
        doc.put("uops_per_cycle", result.uopsPerCycle());
    }
}
