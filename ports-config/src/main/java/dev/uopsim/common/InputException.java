package dev.uopsim.common;

import java.util.Optional;

/**
 * Bad input from the user: a file, a line, an option value. The command line prints it as one
 * message ({@code file:line:column: what went wrong}, then a hint) and exits with code 2 — never a
 * stack trace. Every module throws this for input it cannot accept.
 */
public class InputException extends RuntimeException {
    private final String source;
    private final int line;
    private final int column;
    private final String hint;

    public InputException(String source, int line, int column, String message, String hint) {
        super(message);
        this.source = source;
        this.line = line;
        this.column = column;
        this.hint = hint;
    }

    public InputException(String source, String message, String hint) {
        this(source, 0, 0, message, hint);
    }

    public InputException(String message) {
        this(null, 0, 0, message, null);
    }

    /** The file, block or option the error is about; null when there is none. */
    public String source() { return source; }

    /** 1-based line, or 0 when not known. */
    public int line() { return line; }

    /** 1-based column, or 0 when not known. */
    public int column() { return column; }

    /** What to do about it, when there is something to suggest. */
    public Optional<String> hint() { return Optional.ofNullable(hint); }

    /** The location prefix as compilers print it: {@code file:line:column}. */
    public String location() {
        if (source == null) return "";
        StringBuilder sb = new StringBuilder(source);
        if (line > 0) sb.append(':').append(line);
        if (line > 0 && column > 0) sb.append(':').append(column);
        return sb.toString();
    }

    /** The whole message as the command line prints it. */
    public String render() {
        String where = location();
        StringBuilder sb = new StringBuilder();
        if (!where.isEmpty()) sb.append(where).append(": ");
        sb.append("error: ").append(getMessage());
        hint().ifPresent(h -> sb.append(System.lineSeparator()).append("  hint: ").append(h));
        return sb.toString();
    }
}
