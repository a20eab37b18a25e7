package dev.uopsim.characterize.runner;

/**
 * The fixed addresses the worker (harness.c) maps and the layout of its control page, which the
 * generated code addresses with absolute 32-bit displacements. Mirrors the {@code #define}s at the
 * top of harness.c: change both together.
 */
public final class ControlPage {
    private ControlPage() {}

    public static final long CTRL = 0x7ff00000L;
    public static final long SLOT_BASE = 0x60000000L;
    public static final long SLOT_STRIDE = 0x00400000L;
    public static final long SLOT_SIZE = 0x00200000L;
    /** The region every characterize benchmark's memory operands point into. */
    public static final long DATA = 0x50000000L;
    public static final long DATA_SIZE = 0x00100000L;

    public static final int SAVED_RSP = 0x000;
    public static final int RETURN = 0x008;
    public static final int T0 = 0x010;
    public static final int T1 = 0x018;
    public static final int T2 = 0x020;
    public static final int COUNTER = 0x028;
    public static final int INIT_GPR = 0x040;
    public static final int INIT_FLAGS = 0x0c0;
    public static final int INIT_MXCSR = 0x0c8;
    public static final int INIT_VEC = 0x100;
    public static final int DUMP_GPR = 0x300;
    public static final int DUMP_FLAGS = 0x380;
    public static final int DUMP_MXCSR = 0x388;
    public static final int DUMP_VEC = 0x400;
    public static final int DUMP_SIZE = 0x300;
    /** Top of the small stack the generated prologue and epilogue use (flags, never the benchmark). */
    public static final int STACK_TOP = 0x1000;

    /** Intel-syntax text of a quadword at a control-page offset: {@code QWORD PTR [0x7ff00028]}. */
    public static String qword(int offset) {
        return "QWORD PTR [0x" + Long.toHexString(CTRL + offset) + "]";
    }

    public static String dword(int offset) {
        return "DWORD PTR [0x" + Long.toHexString(CTRL + offset) + "]";
    }

    public static String ymmword(int offset) {
        return "YMMWORD PTR [0x" + Long.toHexString(CTRL + offset) + "]";
    }

    public static String xmmword(int offset) {
        return "XMMWORD PTR [0x" + Long.toHexString(CTRL + offset) + "]";
    }

    public static String address(int offset) {
        return "0x" + Long.toHexString(CTRL + offset);
    }
}
