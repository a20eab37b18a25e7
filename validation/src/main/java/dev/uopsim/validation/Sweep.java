package dev.uopsim.validation;

import dev.uopsim.cli.UsageException;
import dev.uopsim.common.InputException;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.model.WhatIf;
import dev.uopsim.sim.Bounds;
import dev.uopsim.sim.CoreSpec;
import dev.uopsim.sim.EngineListener;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.SimulationInput;
import dev.uopsim.sim.SimulationResult;
import dev.uopsim.sim.Simulator;
import dev.uopsim.sim.Stall;
import dev.uopsim.sim.TimingTable;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A what-if sweep: a kernel simulated on every point of the cross product of some model parameters'
 * values, each point being the model with {@code --set KEY=VALUE} for each swept key (after any
 * other what-if changes given). Every point's model is loaded before any is simulated, so a bad key
 * or value fails at once, with the loader's message and its nearest valid key.
 */
public final class Sweep {
    private Sweep() {}

    /** One swept parameter: a model key ({@code rob.size}) and its values in order. */
    public record Axis(String key, List<String> values) {
        /**
         * Parses {@code KEY=V1,V2,...}; values that themselves hold commas (a list such as
         * {@code ports.P0.units=ALU,DIV}) are separated by {@code ;} instead.
         */
        public static Axis parse(String spec) {
            int eq = spec.indexOf('=');
            if (eq <= 0 || eq == spec.length() - 1) {
                throw new UsageException("--sweep " + spec + ": expected KEY=V1,V2,...", "e.g. --sweep rob.size=64,128,224");
            }
            String key = spec.substring(0, eq).strip();
            String rest = spec.substring(eq + 1);
            List<String> values = new ArrayList<>();
            for (String v : rest.split(rest.contains(";") ? ";" : ",")) {
                if (v.isBlank()) throw new UsageException("--sweep " + spec + ": an empty value", "write KEY=V1,V2 without empty entries");
                values.add(v.strip());
            }
            return new Axis(key, List.copyOf(values));
        }
    }

    /**
     * One point: the swept settings, the simulated figures, the analytical bounds, the stalls counted
     * over the run, and a one-word verdict on what limits it.
     */
    public record Point(Map<String, String> settings, SimulationResult result, Bounds bounds, Map<Stall, Long> stalls,
                        String bottleneck) {}

    /** The settings of every point of the cross product, the first axis varying slowest. */
    public static List<Map<String, String>> points(List<Axis> axes) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (Axis a : axes) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> p : out) {
                for (String v : a.values()) {
                    Map<String, String> m = new LinkedHashMap<>(p);
                    m.put(a.key(), v);
                    next.add(m);
                }
            }
            out = next;
        }
        return out;
    }

    /**
     * Simulates {@code input} on every point. {@code base}: what-if changes applied before the swept
     * ones; {@code options}: the simulator's (the run stops at the steady state).
     */
    public static List<Point> run(SimulationInput input, String uarch, List<WhatIf> base, List<Axis> axes, Simulator.Options options) {
        List<Map<String, String>> settings = points(axes);
        // Load every point's model first: a bad key or value stops the sweep before anything runs.
        List<BoundModel> models = new ArrayList<>();
        for (Map<String, String> s : settings) {
            List<WhatIf> changes = new ArrayList<>(base);
            s.forEach((k, v) -> changes.add(new WhatIf.Set(k + "=" + v)));
            try {
                models.add(ModelBinder.bind(ModelLoader.load(uarch, changes)));
            } catch (InputException e) {
                throw sweptBlame(e, s);
            }
        }
        List<Point> out = new ArrayList<>();
        for (int i = 0; i < settings.size(); i++) {
            CoreSpec core = ModelCore.core(models.get(i));
            TimingTable timings = ModelCore.timings(models.get(i));
            StallCounter stalls = new StallCounter();
            SimulationResult r = Simulator.run(core, timings, input, options.withListeners(List.of(stalls)));
            Bounds b = Bounds.of(core, timings, input);
            out.add(new Point(settings.get(i), r, b, stalls.counts(), verdict(r, b, stalls.counts())));
        }
        return out;
    }

    /** The loader names the failing change as {@code --set KEY=VALUE}: when it is a swept one, say --sweep. */
    private static InputException sweptBlame(InputException e, Map<String, String> point) {
        String source = e.source();
        if (source == null || !source.startsWith("--set ")) return e;
        String assignment = source.substring("--set ".length());
        for (var p : point.entrySet()) {
            if (assignment.equals(p.getKey() + "=" + p.getValue())) {
                return new InputException("--sweep " + p.getKey() + " (value " + p.getValue() + ")", e.getMessage(), e.hint().orElse(null));
            }
        }
        return e;
    }

    /**
     * What limits a point: the analytical bound that the simulation meets (ports, dependencies, front
     * end) when it runs within 5% of it; otherwise the stall the engine recorded most often among
     * those that hold rename back or make a ready µop wait.
     */
    static String verdict(SimulationResult r, Bounds b, Map<Stall, Long> stalls) {
        if (r.cyclesPerIteration() <= b.max() * 1.05) return b.limiter();
        Stall top = null;
        for (Stall s : List.of(Stall.ROB_FULL, Stall.SCHEDULER_FULL, Stall.LOAD_BUFFER_FULL, Stall.STORE_BUFFER_FULL,
                Stall.MEMORY_ORDER, Stall.SERIALIZED, Stall.PORT_BUSY, Stall.TRANSFER_BUBBLE, Stall.LENGTH_CHANGING_PREFIX, Stall.FRONT_END)) {
            if (stalls.getOrDefault(s, 0L) > 0 && (top == null || stalls.get(s) > stalls.get(top))) top = s;
        }
        return top == null ? b.limiter() : switch (top) {
            case ROB_FULL -> "reorder buffer";
            case SCHEDULER_FULL -> "scheduler";
            case LOAD_BUFFER_FULL -> "load buffer";
            case STORE_BUFFER_FULL -> "store buffer";
            case MEMORY_ORDER -> "memory order";
            case SERIALIZED -> "serializing instruction";
            case PORT_BUSY -> "ports";
            case TRANSFER_BUBBLE -> "vector-to-integer transfers";
            case LENGTH_CHANGING_PREFIX -> "predecode";
            case FRONT_END -> "front end";
        };
    }

    /** Counts the engine's stall events by cause. */
    static final class StallCounter implements EngineListener {
        private final long[] counts = new long[Stall.values().length];

        @Override
        public void stalled(long cycle, Stall cause, long id, int index, int detail) {
            counts[cause.ordinal()]++;
        }

        Map<Stall, Long> counts() {
            Map<Stall, Long> m = new EnumMap<>(Stall.class);
            for (Stall s : Stall.values()) if (counts[s.ordinal()] > 0) m.put(s, counts[s.ordinal()]);
            return m;
        }
    }
}
