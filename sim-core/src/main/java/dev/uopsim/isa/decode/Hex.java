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
        StringBuilder digits = new StringBuilder();
        int firstColumn = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) continue;
            if (Character.digit(c, 16) < 0) {
                throw new InputException(source, line, column0 + i + 1, "'" + c + "' is not a hex digit",
                        "machine code is given as hex bytes, e.g. 4801d8");
            }
            if (firstColumn < 0) firstColumn = column0 + i + 1;
            digits.append(c);
        }
        if (digits.isEmpty()) {
            throw new InputException(source, line, Math.max(column0, 0) + 1, "no machine code: the hex string is empty", null);
        }
        if (digits.length() % 2 != 0) {
            throw new InputException(source, line, firstColumn,
                    "odd number of hex digits (" + digits.length() + "): a byte is two digits",
                    "check for a missing or extra digit");
        }
        byte[] out = new byte[digits.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
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
