package dev.uopsim.characterize.infer;

import dev.uopsim.model.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Dropping a form's µop groups that lie wholly on the other side of the core (IntegerOnlyForms, VectorOnlyForms). */
final class SidePorts {
    private SidePorts() {}

    /**
     * {@code groups} without those whose every port is on the other side ({@code otherSide} of its units);
     * the groups as they are where nothing is dropped or no compute group (one on no memory port) would be
     * left: then the ports are evidently not the other side's alone.
     */
    static List<PortUsage.Group> without(List<PortUsage.Group> groups, Map<Integer, List<Unit>> units, Predicate<List<Unit>> otherSide) {
        List<PortUsage.Group> kept = new ArrayList<>();
        boolean keptCompute = false;
        for (PortUsage.Group g : groups) {
            boolean allOther = g.mask() != 0, memory = false;
            for (int p = 0; p < 32; p++) {
                if ((g.mask() & (1 << p)) == 0) continue;
                List<Unit> u = units.get(p);
                if (!otherSide.test(u)) allOther = false;
                if (u != null && (u.contains(Unit.LOAD) || u.contains(Unit.STORE_ADDRESS) || u.contains(Unit.STORE_DATA))) memory = true;
            }
            if (allOther) continue;
            kept.add(g);
            if (!memory) keptCompute = true;
        }
        return kept.size() == groups.size() || !keptCompute ? groups : kept;
    }
}
