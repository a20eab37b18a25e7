package dev.uopsim.characterize.infer;

import java.util.Locale;

/**
 * The one-slot instruction the slot probes put after every instance of a form. A long NOP takes a slot
 * of its own and no execution port on the cores this was first written on. Some cores fuse a NOP into
 * the instruction beside it, and there a NOP filler hides the form's own slot: on the AMD family 19h
 * model 11h guest twelve {@code mov r, rdx} with a long NOP after each ran in 2.1 cycles where twelve
 * pairs of separate slots take 4.0, and SHL (R64, 1) probed as 0.13 slots, which left every integer form
 * out of the port classes. {@code clc} (it writes the carry flag only, reads nothing and needs no
 * port there: twelve ADDs with a CLC after each ran in 4.0 cycles, ALU-bound they would take 6) is then
 * the filler, after a probe of the same shape shows it keeps its slot.
 *
 * <p>The probe: twelve eliminated register moves ({@code mov r, rdx}), each followed by the filler, a
 * pair per unit. Kept apart they take 2/W cycles a pair; fused, about 1/W.
 */
public final class SlotFiller {
    /** The default filler: one slot, no execution port, eight bytes (the µop cache holds few per window). */
    public static final String LONG_NOP = "nop DWORD PTR [rax+rax*1+0x12345678]";
    /** The filler where NOPs fuse. */
    public static final String CLEAR_CARRY = "clc";
    /** Register moves in the probe, each followed by a filler. */
    public static final int PAIRS = 12;
    /** A pair faster than this share of 2/W cycles took fewer than two slots. */
    static final double FUSED_BELOW = 0.8;

    private static final String[] DESTINATIONS = {"r8", "r9", "r10", "r11", "r12", "r13", "r15", "rbx", "rsi", "rdi", "rbp", "rcx"};

    private SlotFiller() {}

    /** The probe's unit: {@link #PAIRS} register moves, each followed by {@code filler}. */
    public static java.util.List<String> probeUnit(String filler) {
        java.util.List<String> unit = new java.util.ArrayList<>();
        for (int i = 0; i < PAIRS; i++) {
            unit.add("mov " + DESTINATIONS[i] + ", rdx");
            unit.add(filler);
        }
        return unit;
    }

    /** Whether a probe reading (cycles a pair) is one the decision can stand on: clearly fused or clearly two slots. */
    public static boolean settles(double cyclesPerPair, double width) {
        if (!(cyclesPerPair > 0)) return false;
        double apart = 2 / width;
        return fuses(cyclesPerPair, width) || Math.abs(cyclesPerPair - apart) <= 0.1 * apart;
    }

    /** Whether the filler shared a slot with the move before it. */
    public static boolean fuses(double cyclesPerPair, double width) {
        return cyclesPerPair > 0 && cyclesPerPair < FUSED_BELOW * 2 / width;
    }

    /** The filler chosen and why. */
    public record Choice(String filler, String note) {
        public static Choice longNop(String why) { return new Choice(LONG_NOP, why); }
    }

    /**
     * @param nopPair cycles a pair with the long NOP (NaN: not measured, as in journals from before the probe)
     * @param clcPair cycles a pair with CLC (NaN: not measured)
     */
    public static Choice choose(double nopPair, double clcPair, double width) {
        if (!(nopPair > 0)) return Choice.longNop("the long NOP (the filler probe was not measured)");
        String nop = String.format(Locale.ROOT, "a register move and a long NOP %.3f cycles a pair (two slots: %.3f)", nopPair, 2 / width);
        if (!fuses(nopPair, width)) return Choice.longNop("the long NOP: " + nop);
        if (clcPair > 0 && !fuses(clcPair, width)) {
            return new Choice(CLEAR_CARRY, String.format(Locale.ROOT, "CLC, since NOPs fuse: %s; with CLC %.3f", nop, clcPair));
        }
        return Choice.longNop("the long NOP, though NOPs fuse (" + nop + ") and CLC " + (clcPair > 0
                ? String.format(Locale.ROOT, "too (%.3f a pair)", clcPair) : "was not measured") + ": slot counts of forms a NOP fuses with read low");
    }
}
