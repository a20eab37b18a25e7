package dev.uopsim.isa;

import java.util.Locale;

/** Facts about a form that timing models and analyses key on. Spelt in lower case in the table. */
public enum FormProperty {
    /** A register-to-register move a core may perform at rename (move elimination candidate). */
    MOVE_ELIMINATION("moveelim"),
    /** Changes control flow. */
    BRANCH("branch"),
    /** A conditional branch. */
    CONDITIONAL("cond"),
    CALL("call"),
    RETURN("ret"),
    /** Target comes from a register or memory. */
    INDIRECT("indirect"),
    /** Waits for older instructions to complete (CPUID, LFENCE-like behaviour). */
    SERIALIZING("serializing"),
    /** Orders memory accesses (MFENCE, SFENCE, LFENCE, locked instructions). */
    FENCE("fence"),
    /** Does nothing architecturally (NOP forms, PAUSE excluded). */
    NOP("nop"),
    /** Carries a LOCK prefix. */
    LOCKED("lock"),
    /** Carries a REP/REPE/REPNE prefix: runs a microcode loop whose trip count is RCX. */
    REP("rep"),
    /** A string instruction (MOVS, STOS, ...): implicit RSI/RDI addressing. */
    STRING("string"),
    /** A software prefetch: a load whose data no instruction waits for. */
    PREFETCH("prefetch"),
    /** A non-temporal store. */
    NON_TEMPORAL("nt"),
    /** Latency depends on operand values (dividers, square roots): measure with both kinds of input. */
    VALUE_DEPENDENT("valuedep"),
    /** Privileged or system: faults in user mode or touches system state. */
    SYSTEM("system"),
    /** Zeroes the upper halves of all vector registers (VZEROUPPER) or all of them (VZEROALL). */
    ZERO_UPPER("zeroupper"),
    /** Reads or writes the whole x87/SSE state or other large state (FXSAVE, XSAVE...). */
    STATE("state");

    private final String spelling;

    FormProperty(String spelling) {
        this.spelling = spelling;
    }

    public String spelling() { return spelling; }

    public static FormProperty parse(String s) {
        String t = s.toLowerCase(Locale.ROOT);
        for (FormProperty p : values()) if (p.spelling.equals(t)) return p;
        throw new IllegalArgumentException("unknown property '" + s + "'");
    }
}
