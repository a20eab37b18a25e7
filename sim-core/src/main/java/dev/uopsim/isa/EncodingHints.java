package dev.uopsim.isa;

/**
 * What the text asked of the encoding beyond the form: GNU as pseudo-prefixes ({@code {disp32}},
 * {@code {vex3}}), and prefix bytes that change nothing but the length ({@code data16 cs nop}).
 */
public record EncodingHints(boolean disp8, boolean disp32, boolean vex3, int extraPrefixBytes) {
    public static final EncodingHints NONE = new EncodingHints(false, false, false, 0);
}
