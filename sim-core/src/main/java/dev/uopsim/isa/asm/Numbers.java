package dev.uopsim.isa.asm;

/** Integer literals as assemblers and objdump write them. */
final class Numbers {
    private Numbers() {}

    /** The value of {@code 0x1f}, {@code -8}, {@code 1Fh}, {@code 0b101}, or null when it is not a number. */
    static Long parse(String text) {
        String t = text.strip().replace("_", "");
        if (t.isEmpty()) return null;
        boolean negative = false;
        if (t.startsWith("-") || t.startsWith("+")) {
            negative = t.startsWith("-");
            t = t.substring(1).strip();
        }
        try {
            long v;
            String lower = t.toLowerCase();
            if (lower.startsWith("0x")) v = Long.parseUnsignedLong(t.substring(2), 16);
            else if (lower.startsWith("0b")) v = Long.parseUnsignedLong(t.substring(2), 2);
            else if (lower.endsWith("h") && isDigit(lower.charAt(0)) && allIn(lower, 1, lower.length() - 1, "0123456789abcdef")) {
                v = Long.parseUnsignedLong(t.substring(0, t.length() - 1), 16);
            } else if (!lower.isEmpty() && allIn(lower, 0, lower.length(), "0123456789")) v = Long.parseUnsignedLong(t);
            else return null;
            return negative ? -v : v;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Whether every character of {@code s} from {@code from} to {@code to} is one of {@code chars}
     *  (what String.matches did, without compiling a pattern per number). */
    private static boolean allIn(String s, int from, int to, String chars) {
        for (int i = from; i < to; i++) if (chars.indexOf(s.charAt(i)) < 0) return false;
        return true;
    }

    /** Evaluates a small constant expression of literals joined by + - * (no symbols), or null. */
    static Long evaluate(String text) {
        String t = text.strip();
        if (t.isEmpty()) return null;
        Long direct = parse(t);
        if (direct != null) return direct;
        long total = 0;
        int sign = 1;
        int i = 0;
        StringBuilder term = new StringBuilder();
        for (; i <= t.length(); i++) {
            char c = i < t.length() ? t.charAt(i) : '\0';
            if ((c == '+' || c == '-' || c == '\0') && !term.toString().isBlank()) {
                Long v = product(term.toString());
                if (v == null) return null;
                total += sign * v;
                term.setLength(0);
                sign = c == '-' ? -1 : 1;
            } else if ((c == '+' || c == '-') && term.toString().isBlank()) {
                sign = c == '-' ? -sign : sign;
            } else if (c != '\0') {
                term.append(c);
            }
        }
        return total;
    }

    private static Long product(String term) {
        long v = 1;
        for (String f : term.split("\\*")) {
            Long x = parse(f);
            if (x == null) return null;
            v *= x;
        }
        return v;
    }
}
