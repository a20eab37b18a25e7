package dev.uopsim.isa;

/**
 * The groups in which the simulator renames the status flags.
 *
 * <p>Three groups: {@code CF}, {@code OF}, and {@code SZAP} (SF, ZF, AF, PF). Intel cores since
 * Sandy Bridge rename CF apart from the other flags (INC/DEC, which keep CF, need no merge µop,
 * and CMC/CLC/STC are cheap), and ADX's ADCX (CF only) and ADOX (OF only) were introduced so two
 * carry chains can run in parallel, which needs OF renamed apart from CF as well. SF, ZF, AF and PF
 * are always written together by the instructions that write any of them, except BT/BTx and a
 * few rotates, whose partial writes are visible as a merge of this group. A model that renames
 * all flags as one unit (or per flag) can be expressed on top of these groups.
 */
public enum FlagGroup {
    CF(Flag.CF.bit()),
    OF(Flag.OF.bit()),
    SZAP(Flag.SF.bit() | Flag.ZF.bit() | Flag.AF.bit() | Flag.PF.bit());

    private final int mask;

    FlagGroup(int mask) {
        this.mask = mask;
    }

    /** The flags of this group as a {@link Flag} mask. */
    public int mask() { return mask; }

    /** Bit set of the groups touched by a flag mask (bit = ordinal). */
    public static int groupsTouched(int flagMask) {
        int groups = 0;
        for (FlagGroup g : values()) if ((flagMask & g.mask) != 0) groups |= 1 << g.ordinal();
        return groups;
    }

    /** Groups only partly covered by a written mask: their other flags must be merged in. */
    public static int groupsPartlyWritten(int writtenMask) {
        int groups = 0;
        for (FlagGroup g : values()) {
            int covered = writtenMask & g.mask;
            if (covered != 0 && covered != g.mask) groups |= 1 << g.ordinal();
        }
        return groups;
    }
}
