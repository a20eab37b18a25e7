package dev.uopsim.isa.decode;

import dev.uopsim.common.InputException;

/** Hex strings of machine code, as BHive writes blocks ({@code 4801d8}); spaces are allowed. */
public final class Hex {
    private Hex() {}

    /**
     * The bytes of a hex string; errors name {@code source}, {@code line} and the column of the
     * offending character.
     */
    public static byte[] parse(String text, String source, int line, int column0) {
        // Digits are read straight into bytes: a BHive file has a block a line, and decoding reads thousands.
        byte[] out = new byte[(text.length() + 1) / 2];
        int digits = 0;
        int firstColumn = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) continue;
            int d = Character.digit(c, 16);
            if (d < 0) {
                throw new InputException(source, line, column0 + i + 1, "'" + c + "' is not a hex digit",
                        "machine code is given as hex bytes, e.g. 4801d8");
            }
            if (firstColumn < 0) firstColumn = column0 + i + 1;
            if ((digits & 1) == 0) out[digits >> 1] = (byte) (d << 4);
            else out[digits >> 1] |= (byte) d;
            digits++;
        }
        if (digits == 0) {
            throw new InputException(source, line, Math.max(column0, 0) + 1, "no machine code: the hex string is empty", null);
        }
        if (digits % 2 != 0) {
            throw new InputException(source, line, firstColumn,
                    "odd number of hex digits (" + digits + "): a byte is two digits",
                    "check for a missing or extra digit");
        }
        return digits / 2 == out.length ? out : java.util.Arrays.copyOf(out, digits / 2);
    }

    public static String format(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) sb.append(String.format("%02x", b & 0xFF));
        return sb.toString();
    }

    public static String spaced(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) sb.append(sb.isEmpty() ? "" : " ").append(String.format("%02x", b & 0xFF));
        return sb.toString();
    }
}
