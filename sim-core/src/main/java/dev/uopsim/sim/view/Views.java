package dev.uopsim.sim.view;

import dev.uopsim.sim.EngineListener;
import dev.uopsim.sim.SimulationResult;
import dev.uopsim.sim.Simulator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/** The registered views, by short name, and a simulation run with some of them attached. */
public final class Views {
    private static final Map<String, ViewFactory> FACTORIES = load();

    private Views() {}

    private static Map<String, ViewFactory> load() {
        Map<String, ViewFactory> m = new LinkedHashMap<>();
        for (ViewFactory f : ServiceLoader.load(ViewFactory.class, Views.class.getClassLoader())) m.putIfAbsent(f.name(), f);
        return m;
    }

    /** Every registered view, in registration order. */
    public static List<ViewFactory> all() {
        return List.copyOf(FACTORIES.values());
    }

    public static List<String> names() {
        return List.copyOf(FACTORIES.keySet());
    }

    public static Optional<ViewFactory> find(String name) {
        return Optional.ofNullable(FACTORIES.get(name));
    }

    /** A finished run: its result and its views, finished, in the order asked for. */
    public record Run(SimulationResult result, List<View> views) {}

    /** Creates the views, runs the simulation with their listeners attached, and finishes them. */
    public static Run run(ViewContext context, List<ViewFactory> factories) {
        List<View> views = new ArrayList<>();
        List<EngineListener> listeners = new ArrayList<>(context.options().listeners());
        for (ViewFactory f : factories) {
            View v = f.create(context);
            views.add(v);
            if (v.listener() != EngineListener.NONE) listeners.add(v.listener());
        }
        SimulationResult r = Simulator.run(context.core(), context.timings(), context.input(), context.options().withListeners(listeners));
        for (View v : views) v.finish(r);
        return new Run(r, List.copyOf(views));
    }
}
