package dev.uopsim.isa;

/** Where an instruction came from: a file and line, or a block of a batch. */
public record SourceLocation(String source, int line, int column) {
    public static final SourceLocation UNKNOWN = new SourceLocation("<unknown>", 0, 0);

    @Override
    public String toString() {
        return line > 0 ? source + ":" + line + (column > 0 ? ":" + column : "") : source;
    }
}
