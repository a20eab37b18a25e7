package dev.uopsim.isa;

/**
 * A memory operand: {@code segment:[base + index*scale + displacement]} of {@code width} bits
 * (0 when the text did not say and no other operand tells). {@code symbol} is a link-time name in
 * the displacement (its value is unknown, so the displacement is encoded in 32 bits).
 */
public record MemoryOperand(Register segment, Register base, Register index, int scale, long displacement,
                            String symbol, int width) implements Operand {

    public MemoryOperand withWidth(int bits) {
        return new MemoryOperand(segment, base, index, scale, displacement, symbol, bits);
    }

    public boolean ripRelative() {
        return base == Register.RIP;
    }

    /** True when the index is a vector register (a gather's VSIB operand). */
    public boolean vsib() {
        return index != null && index.isVector();
    }

    /**
     * The address shape in uops.info's LEA naming: B (base), I (index, scale 1), IS (scaled index),
     * D8/D32 (displacement size as encoded), R (RIP-relative). A base of RBP or R13 without a
     * displacement is encoded with an 8-bit zero displacement, so its shape has D8.
     */
    public String shape(boolean forceDisp32) {
        StringBuilder sb = new StringBuilder();
        if (ripRelative()) return "R_D32";
        if (base != null) sb.append("B");
        if (index != null) sb.append(sb.isEmpty() ? "" : "_").append(scale > 1 ? "IS" : "I");
        String disp = displacementSize(forceDisp32) == 0 ? "" : displacementSize(forceDisp32) == 1 ? "D8" : "D32";
        if (!disp.isEmpty()) sb.append(sb.isEmpty() ? "" : "_").append(disp);
        return sb.toString();
    }

    /** Bytes of displacement the encoding needs: 0, 1 or 4. */
    public int displacementSize(boolean forceDisp32) {
        if (base == null || ripRelative() || symbol != null || forceDisp32) return 4;
        if (displacement == 0 && (base.number() & 7) != 5) return 0;
        return displacement >= -128 && displacement <= 127 ? 1 : 4;
    }

    @Override
    public String text() {
        StringBuilder sb = new StringBuilder();
        if (width > 0) sb.append(sizeName(width)).append(" PTR ");
        if (segment != null) sb.append(segment.name()).append(':');
        sb.append('[');
        boolean any = false;
        if (base != null) {
            sb.append(base.name());
            any = true;
        }
        if (index != null) {
            sb.append(any ? "+" : "").append(index.name()).append('*').append(scale);
            any = true;
        }
        if (symbol != null) {
            sb.append(any ? "+" : "").append(symbol);
            any = true;
        }
        if (displacement != 0 || !any) {
            sb.append(displacement < 0 ? "-" : any ? "+" : "").append("0x").append(Long.toHexString(Math.abs(displacement)));
        }
        return sb.append(']').toString();
    }

    /** The Intel-syntax size keyword for a width in bits. */
    public static String sizeName(int bits) {
        return switch (bits) {
            case 8 -> "BYTE";
            case 16 -> "WORD";
            case 32 -> "DWORD";
            case 64 -> "QWORD";
            case 80 -> "TBYTE";
            case 128 -> "XMMWORD";
            case 256 -> "YMMWORD";
            case 512 -> "ZMMWORD";
            default -> "M" + bits;
        };
    }

    /** The width of an Intel-syntax size keyword, or -1. */
    public static int widthOf(String keyword) {
        return switch (keyword.toUpperCase()) {
            case "BYTE" -> 8;
            case "WORD" -> 16;
            case "DWORD" -> 32;
            case "QWORD", "MMWORD" -> 64;
            case "FWORD" -> 48;
            case "TBYTE", "TWORD" -> 80;
            case "OWORD", "XMMWORD" -> 128;
            case "YMMWORD" -> 256;
            case "ZMMWORD" -> 512;
            default -> -1;
        };
    }
}
