package dev.uopsim.characterize.infer;

import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.OperandSpec;
import dev.uopsim.isa.RegisterClass;
import dev.uopsim.model.Unit;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A form that names only vector, MMX or x87 registers (and perhaps memory), no general register and no
 * flag, runs no µop on a port that holds integer units only: the mirror of {@link IntegerOnlyForms}.
 * Blocking on a Zen 4 guest gave microcoded vector forms µops on the integer ALUs (VHSUBPS ymm four,
 * VPHSUBSW ymm, m256 six; uops.info's Zen 4 table: FP pipes only) because a flow is renamed in cycles of
 * its own and the ALU blockers queued behind it lose those cycles (experiments/zen4-microcode-dispatch);
 * with the engine modelling that, the invented µops made such mixes pay twice (VHSUBPS ymm with five
 * one-µop forms: 2.00 cycles measured, 2.36 simulated in h79s). On cores whose ports hold integer and
 * vector units alike (Intel's) no port is integer-only and nothing is dropped.
 */
public final class VectorOnlyForms {
    private VectorOnlyForms() {}

    private static final Set<Unit> INTEGER = EnumSet.of(Unit.ALU, Unit.SHIFT, Unit.BRANCH, Unit.MUL, Unit.DIV, Unit.LEA);

    /** A form whose registers are vector, MMX or x87 ones, at least one of them, and that touches no flag. */
    public static boolean vectorOnly(InstructionForm f) {
        if (f.flagsRead() != 0 || f.flagsModified() != 0) return false;
        boolean vector = false;
        for (OperandSpec o : f.allOperands()) {
            if (o.kind() == null || !o.kind().isRegister()) continue;
            RegisterClass c = o.kind().registerClass();
            if (c == RegisterClass.VECTOR || c == RegisterClass.MMX || c == RegisterClass.X87) vector = true;
            else if (c != null && c != RegisterClass.IP && c != RegisterClass.SEGMENT) return false;
        }
        return vector;
    }

    /**
     * A port of the integer side: it holds an integer unit and no vector one. (Not "integer units only": h81
     * gave ALU2 a load unit from one misplaced class member, and VPHADDW xmm kept four µops on the ALUs.)
     */
    public static boolean integerSide(List<Unit> units) {
        if (units == null || units.stream().noneMatch(INTEGER::contains)) return false;
        return units.stream().noneMatch(Unit.VECTOR::contains);
    }

    /**
     * The groups of a vector-only form without those on integer-side ports; others' groups as they are.
     * Where every compute µop of the form is on such ports nothing is dropped: the port is evidently not
     * the integer unit's alone.
     */
    public static List<PortUsage.Group> withoutIntegerPorts(InstructionForm f, List<PortUsage.Group> groups, Map<Integer, List<Unit>> units) {
        return withoutIntegerPorts(f, groups, units, 0);
    }

    /** The same, with the ports the classes place on the integer side ({@link SidePorts#classSides}) counted as such. */
    public static List<PortUsage.Group> withoutIntegerPorts(InstructionForm f, List<PortUsage.Group> groups, Map<Integer, List<Unit>> units,
                                                            int integerSidePorts) {
        return vectorOnly(f) ? SidePorts.without(groups, units, VectorOnlyForms::integerSide, integerSidePorts) : groups;
    }
}
