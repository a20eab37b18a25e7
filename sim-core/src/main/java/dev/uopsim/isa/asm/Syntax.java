package dev.uopsim.isa.asm;

import dev.uopsim.cli.UsageException;
import java.util.Locale;

/** Assembly syntax of a kernel file. */
public enum Syntax {
    INTEL, ATT, AUTO;

    public static Syntax parse(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "intel" -> INTEL;
            case "att", "at&t", "gas" -> ATT;
            case "auto" -> AUTO;
            default -> throw new UsageException("unknown syntax '" + s + "'", "use --syntax intel or --syntax att");
        };
    }
}
