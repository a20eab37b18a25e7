package dev.uopsim.isa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An x86-64 register as an instruction names it, with its place inside the architectural register
 * it belongs to: EAX is bits 0-31 of RAX, AH bits 8-15, XMM3 bits 0-127 of ZMM3. Dependences are
 * tracked on the {@link #root() root} register; {@link #offset()} and {@link #width()} tell whether
 * a write covers all of it.
 *
 * <p>Registers are interned: compare with {@code ==}; {@link #id()} is a dense index for arrays.
 */
public final class Register {
    private static final List<Register> ALL = new ArrayList<>();
    private static final Map<String, Register> BY_NAME = new HashMap<>();

    private final int id;
    private final String name;
    private final RegisterClass registerClass;
    private final int number;
    private final int offset;
    private final int width;
    private Register root;

    private Register(String name, RegisterClass registerClass, int number, int offset, int width) {
        this.id = ALL.size();
        this.name = name;
        this.registerClass = registerClass;
        this.number = number;
        this.offset = offset;
        this.width = width;
        ALL.add(this);
        BY_NAME.put(name, this);
    }

    private static Register define(String name, RegisterClass c, int number, int offset, int width, Register root) {
        Register r = new Register(name, c, number, offset, width);
        r.root = root == null ? r : root;
        return r;
    }

    private static final String[] GPR64 = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi"};
    private static final String[] GPR32 = {"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi"};
    private static final String[] GPR16 = {"ax", "cx", "dx", "bx", "sp", "bp", "si", "di"};
    private static final String[] GPR8 = {"al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil"};
    private static final String[] GPR8H = {"ah", "ch", "dh", "bh"};
    private static final String[] SEGMENTS = {"es", "cs", "ss", "ds", "fs", "gs"};

    static {
        for (int n = 0; n < 16; n++) {
            Register r64 = define(n < 8 ? GPR64[n] : "r" + n, RegisterClass.GPR, n, 0, 64, null);
            define(n < 8 ? GPR32[n] : "r" + n + "d", RegisterClass.GPR, n, 0, 32, r64);
            define(n < 8 ? GPR16[n] : "r" + n + "w", RegisterClass.GPR, n, 0, 16, r64);
            define(n < 8 ? GPR8[n] : "r" + n + "b", RegisterClass.GPR, n, 0, 8, r64);
        }
        for (int n = 0; n < 4; n++) {
            define(GPR8H[n], RegisterClass.GPR, n + 4, 8, 8, BY_NAME.get(GPR64[n]));
        }
        for (int n = 0; n < 32; n++) {
            Register zmm = define("zmm" + n, RegisterClass.VECTOR, n, 0, 512, null);
            define("ymm" + n, RegisterClass.VECTOR, n, 0, 256, zmm);
            define("xmm" + n, RegisterClass.VECTOR, n, 0, 128, zmm);
        }
        for (int n = 0; n < 8; n++) define("k" + n, RegisterClass.MASK, n, 0, 64, null);
        for (int n = 0; n < 8; n++) define("mm" + n, RegisterClass.MMX, n, 0, 64, null);
        for (int n = 0; n < 8; n++) define("st" + n, RegisterClass.X87, n, 0, 80, null);
        for (int n = 0; n < SEGMENTS.length; n++) define(SEGMENTS[n], RegisterClass.SEGMENT, n, 0, 16, null);
        Register rip = define("rip", RegisterClass.IP, 0, 0, 64, null);
        define("eip", RegisterClass.IP, 0, 0, 32, rip);
        for (int n = 0; n < 16; n++) define("cr" + n, RegisterClass.CONTROL, n, 0, 64, null);
        for (int n = 0; n < 8; n++) define("dr" + n, RegisterClass.DEBUG, n, 0, 64, null);
        for (int n = 0; n < 4; n++) define("bnd" + n, RegisterClass.BOUND, n, 0, 128, null);
    }

    // The ones the instruction model names in code (implicit operands, stack, string ops).
    public static final Register RAX = byName("rax"), RCX = byName("rcx"), RDX = byName("rdx"),
            RBX = byName("rbx"), RSP = byName("rsp"), RBP = byName("rbp"), RSI = byName("rsi"),
            RDI = byName("rdi"), R12 = byName("r12"), R13 = byName("r13"), RIP = byName("rip");

    /** The register spelt {@code name} (any case, {@code %} and AT&T {@code st(1)} accepted), or null. */
    public static Register byName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.startsWith("%")) n = n.substring(1);
        if (n.startsWith("st(") && n.endsWith(")")) n = "st" + n.substring(3, n.length() - 1);
        if (n.equals("st")) n = "st0";
        return BY_NAME.get(n);
    }

    /** Every register, in id order. */
    public static List<Register> all() {
        return Collections.unmodifiableList(ALL);
    }

    public static int count() {
        return ALL.size();
    }

    public int id() { return id; }

    public String name() { return name; }

    public RegisterClass registerClass() { return registerClass; }

    /** The number encoded in ModRM/REX/VEX (0-31); AH..BH encode as 4..7 without REX. */
    public int number() { return number; }

    /** First bit of this register inside its root. */
    public int offset() { return offset; }

    /** Width in bits. */
    public int width() { return width; }

    /** The full architectural register this one is part of (RAX for AH, ZMM5 for XMM5). */
    public Register root() { return root; }

    public boolean isRoot() { return root == this; }

    public boolean isGpr() { return registerClass == RegisterClass.GPR; }

    public boolean isVector() { return registerClass == RegisterClass.VECTOR; }

    /** AH, CH, DH, BH: cannot be encoded together with a REX prefix. */
    public boolean isHigh8() { return registerClass == RegisterClass.GPR && offset == 8; }

    /** SPL, BPL, SIL, DIL: need a REX prefix to be told apart from AH..BH. */
    public boolean needsRexForByte() {
        return registerClass == RegisterClass.GPR && width == 8 && offset == 0 && number >= 4 && number < 8;
    }

    /** Needs an extension bit (REX.R/X/B or VEX): GPR r8-r15, xmm8-xmm15. */
    public boolean isExtended() {
        return (registerClass == RegisterClass.GPR || registerClass == RegisterClass.VECTOR
                || registerClass == RegisterClass.CONTROL) && (number & 8) != 0;
    }

    /** Needs EVEX to encode (xmm16-31). */
    public boolean needsEvex() {
        return registerClass == RegisterClass.VECTOR && number >= 16;
    }

    /** True when the two registers share bits of the same root register. */
    public boolean overlaps(Register other) {
        return root == other.root && offset < other.offset + other.width && other.offset < offset + width;
    }

    @Override
    public String toString() { return name; }
}
