package dev.uopsim.characterize.runner;

import dev.uopsim.isa.Register;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The register state a benchmark starts from (or was dumped after it): the sixteen general-purpose
 * registers in encoding order, RFLAGS, MXCSR and sixteen 256-bit vector registers. Mutable while
 * built; {@link #bytes()} is the wire form harness.c loads into the control page.
 */
public final class MachineState {
    public static final int SIZE = 16 * 8 + 8 + 8 + 16 * 32;
    /** MXCSR default with all exceptions masked, plus flush-to-zero and denormals-are-zero. */
    public static final int MXCSR_FTZ_DAZ = 0x1f80 | 0x8000 | 0x40;
    /** RFLAGS bit 1 is always set; IF is set in user mode. */
    public static final long FLAGS_BASE = 0x202L;

    private final long[] gpr = new long[16];
    private long flags = FLAGS_BASE;
    private int mxcsr = MXCSR_FTZ_DAZ;
    private final long[] vec = new long[16 * 4];

    public MachineState() {}

    public MachineState copy() {
        MachineState s = new MachineState();
        System.arraycopy(gpr, 0, s.gpr, 0, 16);
        System.arraycopy(vec, 0, s.vec, 0, vec.length);
        s.flags = flags;
        s.mxcsr = mxcsr;
        return s;
    }

    /** Sets a 64-bit general-purpose register by its encoding number (0 rax ... 15 r15). */
    public MachineState gpr(int number, long value) {
        gpr[number] = value;
        return this;
    }

    public MachineState gpr(Register r, long value) {
        return gpr(r.root().number(), value);
    }

    public long gpr(int number) {
        return gpr[number];
    }

    public MachineState allGprs(long value) {
        Arrays.fill(gpr, value);
        return this;
    }

    /** Sets the status flags (CF PF AF ZF SF OF as in RFLAGS) keeping the fixed bits. */
    public MachineState flags(long value) {
        flags = (value & 0x8d5L) | FLAGS_BASE;
        return this;
    }

    public long flags() {
        return flags;
    }

    public MachineState mxcsr(int value) {
        mxcsr = value;
        return this;
    }

    public int mxcsr() {
        return mxcsr;
    }

    /** Sets 64-bit lane {@code lane} (0-3) of vector register {@code number}. */
    public MachineState vec(int number, int lane, long value) {
        vec[number * 4 + lane] = value;
        return this;
    }

    public long vec(int number, int lane) {
        return vec[number * 4 + lane];
    }

    /** Fills every lane of every vector register with {@code value}. */
    public MachineState allVectors(long value) {
        Arrays.fill(vec, value);
        return this;
    }

    public byte[] bytes() {
        ByteBuffer b = ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN);
        for (long g : gpr) b.putLong(g);
        b.putLong(flags);
        b.putLong(mxcsr & 0xffffffffL);
        for (long v : vec) b.putLong(v);
        return b.array();
    }

    /** Reads the dump area of the control page (DUMP_GPR .. DUMP_VEC + 512). */
    public static MachineState fromDump(byte[] dump) {
        ByteBuffer b = ByteBuffer.wrap(dump).order(ByteOrder.LITTLE_ENDIAN);
        MachineState s = new MachineState();
        for (int i = 0; i < 16; i++) s.gpr[i] = b.getLong(i * 8);
        s.flags = b.getLong(ControlPage.DUMP_FLAGS - ControlPage.DUMP_GPR);
        s.mxcsr = (int) b.getLong(ControlPage.DUMP_MXCSR - ControlPage.DUMP_GPR);
        for (int i = 0; i < 64; i++) s.vec[i] = b.getLong(ControlPage.DUMP_VEC - ControlPage.DUMP_GPR + i * 8);
        return s;
    }
}
