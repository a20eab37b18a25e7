package dev.uopsim.sim.view;

import dev.uopsim.sim.EngineListener;
import dev.uopsim.sim.SimulationResult;
import java.util.Map;

/**
 * One report on a simulation: an {@link EngineListener} that observes the run, or an analysis that
 * needs only the kernel and the result, or both. Created by its {@link ViewFactory} for one run;
 * {@link #finish} is called once after the run, then {@link #text} and {@link #json} read it.
 */
public interface View {
    /** What the view listens to while the engine runs ({@link EngineListener#NONE}: nothing). */
    default EngineListener listener() {
        return EngineListener.NONE;
    }

    /** The run is over: compute the report. */
    void finish(SimulationResult result);

    /** The report for a terminal, ending with a newline. */
    String text();

    /** Adds the report to a JSON document (under the view's key; the summary adds top-level keys). */
    void json(Map<String, Object> document);
}
