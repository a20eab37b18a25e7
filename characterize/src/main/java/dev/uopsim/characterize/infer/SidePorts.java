package dev.uopsim.characterize.infer;

import dev.uopsim.model.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Dropping a form's µop groups that lie wholly on the other side of the core (IntegerOnlyForms, VectorOnlyForms). */
public final class SidePorts {
    private SidePorts() {}

    /**
     * The ports the one-µop classes place on one side only: {integer, vector}, a bit per port. A port is on
     * the integer side when a class whose members are mostly integer-only forms is on it and no class of
     * mostly vector-only forms, and the other way round. The units alone do not tell a Zen 4 guest's FP
     * pipes from its ALUs once blocking has put integer forms' µops there (h81: FP0-FP3 took the ALU unit
     * from RCL's flows, whose four FP µops then stayed); the classes, from pairs of one-µop forms, do. On a
     * core whose ALU ports take vector work too (Intel's) those ports hold classes of both and are neither.
     */
    public static int[] classSides(List<PortClasses.Klass> classes, int[] masks) {
        int integer = 0, vector = 0;
        var table = dev.uopsim.isa.FormTable.shipped();
        for (int i = 0; i < classes.size() && i < masks.length; i++) {
            int ints = 0, vecs = 0;
            for (String m : classes.get(i).members()) {
                var f = table.byName(m).orElse(null);
                if (f == null) continue;
                if (IntegerOnlyForms.integerOnly(f)) ints++;
                else if (VectorOnlyForms.vectorOnly(f)) vecs++;
            }
            if (ints > vecs) integer |= masks[i];
            else if (vecs > ints) vector |= masks[i];
        }
        return new int[]{integer & ~vector, vector & ~integer};
    }

    /**
     * {@code groups} without those whose every port is on the other side: {@code otherSide} of its units,
     * or its bit in {@code otherSidePorts} (the classes place it there: see {@link #classSides}). The groups
     * as they are where nothing is dropped or no compute group (one on no memory port) would be left: then
     * the ports are evidently not the other side's alone.
     */
    static List<PortUsage.Group> without(List<PortUsage.Group> groups, Map<Integer, List<Unit>> units, Predicate<List<Unit>> otherSide,
                                         int otherSidePorts) {
        List<PortUsage.Group> kept = new ArrayList<>();
        boolean keptCompute = false;
        for (PortUsage.Group g : groups) {
            boolean allOther = g.mask() != 0, memory = false;
            for (int p = 0; p < 32; p++) {
                if ((g.mask() & (1 << p)) == 0) continue;
                List<Unit> u = units.get(p);
                if (!otherSide.test(u) && (otherSidePorts & (1 << p)) == 0) allOther = false;
                if (u != null && (u.contains(Unit.LOAD) || u.contains(Unit.STORE_ADDRESS) || u.contains(Unit.STORE_DATA))) memory = true;
            }
            if (allOther) continue;
            kept.add(g);
            if (!memory) keptCompute = true;
        }
        return kept.size() == groups.size() || !keptCompute ? groups : kept;
    }
}
