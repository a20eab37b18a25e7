package dev.uopsim.characterize.infer;

import dev.uopsim.isa.Encoding;
import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.OperandKind;
import dev.uopsim.isa.OperandSpec;
import dev.uopsim.isa.RegisterClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Port classes: forms of one µop (one front-end slot, no memory beyond a plain load or store, no
 * implicit operands) whose throughput says they may use k ports, grouped by interference — two forms
 * are in one class when k instances of each together take as long as both alone one after the other
 * (they compete for the same k ports), not less (they do not, or only in part).
 */
public final class PortClasses {
    /** A throughput within this fraction of 1/k counts as k ports. */
    public static final double PORT_TOLERANCE = 0.06;

    private PortClasses() {}

    /**
     * What kind of code a form is, for which forms may share a loop without transition penalties
     * (legacy SSE after 256-bit VEX code), and its role: the loads and stores among them, by the
     * register they read or write.
     */
    public enum Family {
        GPR, MMX, SSE, VEX128, VEX256, LOAD, STORE, SSE_LOAD, SSE_STORE, VEX256_LOAD, VEX256_STORE;

        public boolean load() { return this == LOAD || this == SSE_LOAD || this == VEX256_LOAD; }

        public boolean store() { return this == STORE || this == SSE_STORE || this == VEX256_STORE; }

        boolean sse() { return this == SSE || this == SSE_LOAD || this == SSE_STORE; }

        boolean vex256() { return this == VEX256 || this == VEX256_LOAD || this == VEX256_STORE; }

        /** A computation on vector or MMX registers (its µop on the vector ports). */
        public boolean vector() { return this == MMX || this == SSE || this == VEX128 || this == VEX256; }
    }

    /** A class: its port count, its members, the representative that tests new candidates. */
    public record Klass(int id, int ports, List<String> members, String representative) {
        public Klass {
            members = new ArrayList<>(members);
        }
    }

    /** Ports a throughput of {@code t} cycles stands for (1/k within the tolerance), or -1. */
    public static int portCount(double t, double width) {
        if (!(t > 0) || t < 1 / (width - 0.5)) return -1;         // faster than the front end: executed at rename
        int k = (int) Math.round(1 / t);
        if (k < 1 || k >= width) return -1;
        return Math.abs(t * k - 1) <= PORT_TOLERANCE ? k : -1;
    }

    /** The family of a candidate, or null when it is not a one-µop candidate by its operands. */
    public static Family family(InstructionForm f) {
        if (f.has(FormProperty.VALUE_DEPENDENT) || f.has(FormProperty.BRANCH) || f.has(FormProperty.ZERO_UPPER)
                || f.has(FormProperty.LOCKED) || f.has(FormProperty.PREFETCH) || f.has(FormProperty.NOP) || f.has(FormProperty.MOVE_ELIMINATION)) {
            return null;
        }
        if (!f.implicitOperands().isEmpty() || f.flagsRead() != 0) return null;
        // Writing some status flags and keeping others merges the old flags in: a chain through the flags
        // (BT writes CF only, INC keeps CF) sets the pace, not a port.
        int written = f.flagsModified() & dev.uopsim.isa.Flag.STATUS;
        if (written != 0 && written != dev.uopsim.isa.Flag.STATUS) return null;
        // A 16-bit immediate behind an operand-size prefix stalls the predecoder (length-changing prefix):
        // the front end, not a port, sets such a form's pace.
        if (f.encoding().scheme() == Encoding.Scheme.LEGACY && f.encoding().hasPrefix(0x66) && f.encoding().immediateBytes() == 2) return null;
        boolean memRead = false, memWrite = false, vec256 = false, vec = false, mmx = false;
        int registersWritten = 0;
        for (OperandSpec s : f.operands()) {
            OperandKind k = s.kind();
            switch (k.category()) {
                case MEMORY -> {
                    if (s.access().reads()) memRead = true;
                    if (s.access().writes()) memWrite = true;
                }
                case REGISTER -> {
                    if (k.fixed() != null || s.register() != null || k.high8()) return null;
                    if (k.registerClass() == RegisterClass.VECTOR) {
                        vec = true;
                        if (k.width() >= 256) vec256 = true;
                        if (k.width() > 256) return null;
                    } else if (k.registerClass() == RegisterClass.MMX) {
                        mmx = true;
                    } else if (k.registerClass() != RegisterClass.GPR) {
                        return null;
                    }
                    if (s.access().writes()) registersWritten++;
                }
                case IMMEDIATE, CONSTANT -> { }
                default -> {
                    return null;
                }
            }
        }
        String m = f.asmMnemonic().toLowerCase(Locale.ROOT);
        // Plain moves only: MOVBE swaps bytes, MOVHPS and friends merge, MOVNT* bypass the cache.
        String base = m.startsWith("v") ? m.substring(1) : m;
        boolean plainMove = base.startsWith("mov") && f.operands().size() == 2 && !base.startsWith("movbe") && !base.startsWith("movh")
                && !base.startsWith("movl") && !base.startsWith("movnt") && !f.has(FormProperty.NON_TEMPORAL);
        if (memRead && memWrite) return null;
        boolean legacyVector = vec && f.encoding().scheme() == Encoding.Scheme.LEGACY;
        if (memRead) {
            if (!plainMove || registersWritten != 1) return null;
            return legacyVector ? Family.SSE_LOAD : vec256 ? Family.VEX256_LOAD : Family.LOAD;
        }
        if (memWrite) {
            if (!plainMove || registersWritten != 0) return null;
            return legacyVector ? Family.SSE_STORE : vec256 ? Family.VEX256_STORE : Family.STORE;
        }
        if (mmx) return Family.MMX;
        if (!vec) return Family.GPR;
        if (legacyVector) return Family.SSE;
        return vec256 ? Family.VEX256 : Family.VEX128;
    }

    /** A 16-bit immediate behind an operand-size prefix: the predecoder stalls on it (length-changing prefix). */
    public static boolean lengthChangingPrefix(InstructionForm f) {
        return f.encoding().scheme() == Encoding.Scheme.LEGACY && f.encoding().hasPrefix(0x66) && f.encoding().immediateBytes() == 2;
    }

    /**
     * Whether two forms may share a loop: legacy SSE code after 256-bit VEX code pays for the dirty
     * upper halves on Intel cores, and MMX code leaves the x87 state to other code.
     */
    public static boolean compatible(Family a, Family b) {
        return !(a.sse() && b.vex256() || a.vex256() && b.sse());
    }

    /**
     * The same-class decision for a pair mix of k instances of each: the same k ports make the mix take
     * k(tc + tr) cycles; any other ports at most the largest of each alone, the union's bound with one
     * more port, the front end ({@code slots} per unit), and {@code breakers}: the cycles the unit's
     * dependency breakers take where they run on ports. Same when the measurement is nearer the first
     * (geometrically).
     */
    public static boolean same(double mix, double tc, double tr, int k, double slots, double width, double breakers) {
        double same = k * (tc + tr);
        double other = Math.max(Math.max(Math.max(k * tc, k * tr), Math.max(2.0 * k / (k + 1), slots / width)), breakers);
        if (same <= other) return false;
        return mix > Math.sqrt(same * other);
    }

    /** Whether a form has an explicit register it reads and writes (mixes break it with a zero idiom). */
    public static boolean readWrite(InstructionForm f) {
        for (OperandSpec s : f.operands()) {
            if (s.kind().category() != OperandKind.Category.REGISTER) continue;
            if (s.access().reads() && s.access().writes()) return true;
            if (s.access().writes() && s.kind().registerClass() == RegisterClass.GPR && s.kind().width() < 32) return true;
        }
        return false;
    }
}
