package dev.uopsim.sim;

import dev.uopsim.isa.FlagGroup;
import dev.uopsim.isa.Register;
import dev.uopsim.isa.RegisterClass;

/**
 * The architectural state the rename stage tracks, as dense indices: the 16 GPRs, 32 vector
 * registers, 8 mask, 8 MMX and 8 x87 registers (each by its root), and the flag groups.
 * Segment, control and debug registers and RIP are not renamed (always ready).
 */
public final class RenameRegisters {
    public static final int GPR = 0;
    public static final int VECTOR = 16;
    public static final int MASK = 48;
    public static final int MMX = 56;
    public static final int X87 = 64;
    public static final int FLAGS = 72;
    public static final int COUNT = FLAGS + FlagGroup.values().length;
    public static final int UNTRACKED = -1;

    private RenameRegisters() {}

    /** The index of the register's root, or {@link #UNTRACKED}. */
    public static int of(Register r) {
        Register root = r.root();
        return switch (root.registerClass()) {
            case GPR -> GPR + root.number();
            case VECTOR -> VECTOR + root.number();
            case MASK -> MASK + root.number();
            case MMX -> MMX + root.number();
            case X87 -> X87 + root.number();
            default -> UNTRACKED;
        };
    }

    public static int of(FlagGroup g) {
        return FLAGS + g.ordinal();
    }

    public static boolean isGpr(int index) {
        return index >= GPR && index < VECTOR;
    }

    /** A general register or a flag group: what the integer side's results write. */
    public static boolean isIntegerSide(int index) {
        return isGpr(index) || index >= FLAGS;
    }

    public static boolean isVector(int index) {
        return index >= VECTOR && index < MASK;
    }

    /** A name for reports. */
    public static String name(int index) {
        if (index >= FLAGS) return FlagGroup.values()[index - FLAGS].name();
        RegisterClass c = index >= X87 ? RegisterClass.X87 : index >= MMX ? RegisterClass.MMX : index >= MASK
                ? RegisterClass.MASK : index >= VECTOR ? RegisterClass.VECTOR : RegisterClass.GPR;
        for (Register r : Register.all()) {
            if (r.isRoot() && r.registerClass() == c && of(r) == index) return r.name();
        }
        return "r" + index;
    }
}
