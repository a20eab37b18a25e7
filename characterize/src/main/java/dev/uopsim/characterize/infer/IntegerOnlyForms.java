package dev.uopsim.characterize.infer;

import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.OperandSpec;
import dev.uopsim.isa.RegisterClass;
import dev.uopsim.model.Unit;
import java.util.List;
import java.util.Map;

/**
 * A form that names only general-purpose registers and flags runs no µop on a port that holds vector
 * units only: uops.info's Zen 4 table, whose AMD figures count the FP pipes, lists no FP-pipe µop for
 * any of its 1,648 rows without a vector, MMX or x87 register, while blocking on a Zen 4 guest gave RCL
 * r32, imm8 four µops on an FP-to-integer pipe and three on the FP pipes: a microcoded flow holds the
 * front end, and the blocking instructions queued behind it lose time on whatever ports they use. On
 * cores whose ports hold integer and vector units alike (Intel's) no port is vector-only and nothing
 * is dropped.
 */
public final class IntegerOnlyForms {
    private IntegerOnlyForms() {}

    /** A form whose registers are general-purpose ones or flags, at least one of them. */
    public static boolean integerOnly(InstructionForm f) {
        boolean gpr = f.flagsRead() != 0 || f.flagsModified() != 0;
        for (OperandSpec o : f.allOperands()) {
            if (o.kind() == null || !o.kind().isRegister()) continue;
            RegisterClass c = o.kind().registerClass();
            if (c == RegisterClass.GPR) gpr = true;
            else if (c != null && c != RegisterClass.IP && c != RegisterClass.SEGMENT) return false;
        }
        return gpr;
    }

    /** A port whose units are all vector or floating-point ones (and it has some). */
    public static boolean vectorOnly(List<Unit> units) {
        return units != null && !units.isEmpty() && Unit.VECTOR.containsAll(units);
    }

    /**
     * The groups of an integer-only form without those on vector-only ports; others' groups as they are. Where
     * every µop of the form is on such ports, the port is evidently not the vector unit's alone (h74 found
     * CMOVNB r32, r32 on a port whose classes were FP-to-integer moves) and nothing is dropped.
     */
    public static List<PortUsage.Group> withoutVectorPorts(InstructionForm f, List<PortUsage.Group> groups, Map<Integer, List<Unit>> units) {
        return withoutVectorPorts(f, groups, units, 0);
    }

    /** The same, with the ports the classes place on the vector side ({@link SidePorts#classSides}) counted as vector-only. */
    public static List<PortUsage.Group> withoutVectorPorts(InstructionForm f, List<PortUsage.Group> groups, Map<Integer, List<Unit>> units,
                                                           int vectorSidePorts) {
        return integerOnly(f) ? SidePorts.without(groups, units, IntegerOnlyForms::vectorOnly, vectorSidePorts) : groups;
    }
}
