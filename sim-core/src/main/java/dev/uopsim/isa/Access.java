package dev.uopsim.isa;

/** How an instruction uses an operand. */
public enum Access {
    /** Read only. */
    READ("r"),
    /** Written without being read. */
    WRITE("w"),
    /** Read and written (ADD's destination). */
    READ_WRITE("rw"),
    /** Written only under a condition (CMPXCHG's accumulator); the old value is an input. */
    COND_WRITE("cw"),
    /** Read, then written under a condition (MASKMOVDQU memory, CMOV on some views). */
    COND_READ_WRITE("crw"),
    /** Neither read nor written: only its address is computed (LEA, NOP r/m, PREFETCH of no data). */
    NONE("-");

    private final String code;

    Access(String code) {
        this.code = code;
    }

    /** The spelling in the form table. */
    public String code() { return code; }

    public boolean reads() {
        return this == READ || this == READ_WRITE || this == COND_READ_WRITE || this == COND_WRITE;
    }

    public boolean writes() {
        return this == WRITE || this == READ_WRITE || this == COND_WRITE || this == COND_READ_WRITE;
    }

    public boolean conditional() {
        return this == COND_WRITE || this == COND_READ_WRITE;
    }

    public static Access parse(String code) {
        for (Access a : values()) if (a.code.equals(code)) return a;
        throw new IllegalArgumentException("unknown access '" + code + "' (use r, w, rw, cw, crw or -)");
    }
}
