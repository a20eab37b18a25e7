package dev.uopsim.isa;

import java.util.ArrayList;
import java.util.List;

/**
 * Flags an instruction can read or write, as bits of an int mask. Letters are the ones the form
 * table uses: {@code C P A Z S O} for the status flags, {@code D} for the direction flag.
 */
public enum Flag {
    CF('C'), PF('P'), AF('A'), ZF('Z'), SF('S'), OF('O'), DF('D');

    private final char letter;

    Flag(char letter) {
        this.letter = letter;
    }

    public char letter() { return letter; }

    public int bit() { return 1 << ordinal(); }

    public static final int STATUS = CF.bit() | PF.bit() | AF.bit() | ZF.bit() | SF.bit() | OF.bit();

    /** The flag of a letter, or null. */
    public static Flag ofLetter(char c) {
        for (Flag f : values()) if (f.letter == c) return f;
        return null;
    }

    /** The mask of letters such as {@code CPAZSO}; throws on an unknown letter. */
    public static int parseMask(String letters) {
        int mask = 0;
        for (char c : letters.toCharArray()) {
            Flag f = ofLetter(c);
            if (f == null) throw new IllegalArgumentException("unknown flag letter '" + c + "' (use C P A Z S O D)");
            mask |= f.bit();
        }
        return mask;
    }

    /** The letters of a mask in canonical order. */
    public static String letters(int mask) {
        StringBuilder sb = new StringBuilder();
        for (Flag f : values()) if ((mask & f.bit()) != 0) sb.append(f.letter);
        return sb.toString();
    }

    public static List<Flag> of(int mask) {
        List<Flag> list = new ArrayList<>();
        for (Flag f : values()) if ((mask & f.bit()) != 0) list.add(f);
        return list;
    }
}
