package dev.uopsim.isa;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a form is encoded, parsed from the SDM-like notation of the form table:
 * {@code REX.W 83 /0 ib}, {@code 66 0F 58 /r}, {@code VEX.256.66.0F38.W0 18 /r}, {@code B8+r id},
 * {@code NP 0F AE F0} (a fixed ModRM byte), {@code 03 /r {load}} (the assembler needs the
 * pseudo-prefix to pick this encoding over its twin). As in the SDM, opcode bytes are upper-case
 * hex and immediate/displacement codes lower case ({@code cb} is a displacement, {@code CB} a byte).
 *
 * @param prefixes      legacy prefix bytes the form requires (mandatory 66/F2/F3, operand-size 66,
 *                      LOCK F0, REP F3/F2), in order
 * @param rexW          REX.W (legacy) or W1 (VEX/EVEX)
 * @param vexL          vector length of VEX/EVEX: 128, 256, 512, or 0 when ignored
 * @param map           0 one-byte opcodes, 1 {@code 0F}, 2 {@code 0F 38}, 3 {@code 0F 3A}
 * @param modrmDigit    0-7 for {@code /digit}, {@link #MODRM_REG} for {@code /r}, {@link #NO_MODRM}
 * @param fixedModrm    a ModRM byte that is part of the opcode ({@code 0F 01 D0}), or -1
 * @param immediateBytes bytes of immediate (ENTER's {@code iw ib} is 3); {@code /is4} counts 1
 * @param relativeBytes bytes of branch displacement
 * @param pseudoPrefix  {@code {load}}, {@code {store}}, {@code {vex}} or {@code {vex3}} when GNU as needs it,
 *                      else null ({@code {vex}}: a mnemonic GNU as encodes with EVEX unless told)
 */
public record Encoding(String text, Scheme scheme, List<Integer> prefixes, boolean rexW, int vexL,
                       int map, int opcode, boolean registerInOpcode, int modrmDigit, int fixedModrm,
                       int immediateBytes, int relativeBytes, boolean is4, String pseudoPrefix) {

    public enum Scheme { LEGACY, VEX, EVEX }

    public static final int MODRM_REG = -1;
    public static final int NO_MODRM = -2;

    public boolean hasModrm() {
        return modrmDigit != NO_MODRM || fixedModrm >= 0;
    }

    public boolean hasPrefix(int b) {
        return prefixes.contains(b);
    }

    /** The opcode bytes after the prefixes as the SDM writes them, e.g. {@code 0F 38 F6}. */
    public String opcodeText() {
        String m = switch (map) {
            case 1 -> "0F ";
            case 2 -> "0F 38 ";
            case 3 -> "0F 3A ";
            default -> "";
        };
        return m + String.format("%02X", opcode);
    }

    /** Parses the notation; throws IllegalArgumentException naming the bad token. */
    public static Encoding parse(String text) {
        String[] tokens = text.trim().split("\\s+");
        List<Integer> prefixes = new ArrayList<>();
        Scheme scheme = Scheme.LEGACY;
        boolean rexW = false;
        int vexL = 0;
        int map = 0;
        int opcode = -1;
        boolean plusR = false;
        int digit = NO_MODRM;
        int fixedModrm = -1;
        int imm = 0;
        int rel = 0;
        boolean is4 = false;
        String pseudo = null;
        for (int i = 0; i < tokens.length; i++) {
            String t = tokens[i];
            String u = t.toUpperCase(Locale.ROOT);
            if (t.startsWith("{")) {
                if (!t.matches("\\{(load|store|vex|vex3|vex2|disp8|disp32|evex|rex\\.w)}")) throw bad(text, t);
                pseudo = t;
            } else if (u.equals("NP") || u.equals("REX") || u.equals("NFX")) {
                // "no prefix" and "REX" (needed for SPL..DIL) follow from the operands.
            } else if (u.equals("REX.W")) {
                rexW = true;
            } else if (u.startsWith("VEX.") || u.startsWith("EVEX.")) {
                scheme = u.startsWith("VEX.") ? Scheme.VEX : Scheme.EVEX;
                for (String part : u.substring(u.indexOf('.') + 1).split("\\.")) {
                    switch (part) {
                        case "128", "L0", "LZ" -> vexL = 128;
                        case "256", "L1" -> vexL = 256;
                        case "512" -> vexL = 512;
                        case "LIG", "NDS", "NDD", "DDS", "WIG", "W0" -> { }
                        case "W1" -> rexW = true;
                        case "66" -> prefixes.add(0x66);
                        case "F2" -> prefixes.add(0xF2);
                        case "F3" -> prefixes.add(0xF3);
                        case "0F" -> map = 1;
                        case "0F38" -> map = 2;
                        case "0F3A" -> map = 3;
                        default -> throw bad(text, t);
                    }
                }
            } else if (t.matches("ib|iw|id|io|cb|cw|cd")) {
                switch (t) {
                    case "ib" -> imm += 1;
                    case "iw" -> imm += 2;
                    case "id" -> imm += 4;
                    case "io" -> imm += 8;
                    case "cb" -> rel = 1;
                    case "cw" -> rel = 2;
                    default -> rel = 4;
                }
            } else if (t.matches("[0-9A-F]{2}(\\+r[bwdo]?)?")) {
                int b = Integer.parseInt(u.substring(0, 2), 16);
                if (opcode < 0 && map == 0 && !u.contains("+") && isPrefixByte(b) && i + 1 < tokens.length) {
                    prefixes.add(b);
                } else if (opcode < 0 && map == 0 && b == 0x0F && scheme == Scheme.LEGACY) {
                    map = 1;
                } else if (opcode < 0 && map == 1 && scheme == Scheme.LEGACY && (b == 0x38 || b == 0x3A) && i + 1 < tokens.length
                        && tokens[i + 1].matches("[0-9A-Fa-f]{2}.*")) {
                    map = b == 0x38 ? 2 : 3;
                } else if (opcode < 0) {
                    opcode = b;
                    plusR = u.contains("+");
                } else if (fixedModrm < 0 && digit == NO_MODRM) {
                    fixedModrm = b;
                } else {
                    throw bad(text, t);
                }
            } else if (u.equals("/R")) {
                digit = MODRM_REG;
            } else if (u.matches("/[0-7]")) {
                digit = u.charAt(1) - '0';
            } else if (u.equals("/IS4")) {
                is4 = true;
                imm += 1;
            } else {
                throw bad(text, t);
            }
        }
        if (opcode < 0) throw new IllegalArgumentException("encoding '" + text + "' has no opcode byte");
        return new Encoding(text.trim(), scheme, List.copyOf(prefixes), rexW, vexL, map, opcode, plusR, digit,
                fixedModrm, imm, rel, is4, pseudo);
    }

    private static boolean isPrefixByte(int b) {
        return b == 0x66 || b == 0xF2 || b == 0xF3 || b == 0xF0;
    }

    private static IllegalArgumentException bad(String text, String token) {
        return new IllegalArgumentException("encoding '" + text + "': cannot read '" + token + "'");
    }

    @Override
    public String toString() { return text; }
}
