package dev.uopsim.isa;

import java.util.ArrayList;
import java.util.List;

/**
 * The opcode of a piece of machine code, read past its prefixes: enough to tell which of the forms
 * that print alike was encoded ({@code 83 /0 ib} or {@code 81 /0 id}, {@code 01 /r} or {@code 03 /r}).
 */
record OpcodeInfo(List<Integer> legacyPrefixes, Encoding.Scheme scheme, boolean w, int vexL, int vexPp,
                  int map, int opcode, int modrm) {

    static OpcodeInfo scan(byte[] code) {
        List<Integer> prefixes = new ArrayList<>();
        int i = 0;
        while (i < code.length && isLegacyPrefix(code[i] & 0xFF)) prefixes.add(code[i++] & 0xFF);
        boolean w = false;
        Encoding.Scheme scheme = Encoding.Scheme.LEGACY;
        int vexL = 0;
        int pp = 0;
        int map = 0;
        if (i < code.length && (code[i] & 0xF0) == 0x40) {
            w = (code[i] & 0x08) != 0;
            i++;
        }
        int b = i < code.length ? code[i] & 0xFF : -1;
        if (b == 0xC5 && i + 1 < code.length) {
            scheme = Encoding.Scheme.VEX;
            int p = code[i + 1] & 0xFF;
            vexL = (p & 0x04) != 0 ? 256 : 128;
            pp = p & 0x03;
            map = 1;
            i += 2;
        } else if (b == 0xC4 && i + 2 < code.length) {
            scheme = Encoding.Scheme.VEX;
            map = code[i + 1] & 0x1F;
            int p = code[i + 2] & 0xFF;
            w = (p & 0x80) != 0;
            vexL = (p & 0x04) != 0 ? 256 : 128;
            pp = p & 0x03;
            i += 3;
        } else if (b == 0x62 && i + 3 < code.length) {
            scheme = Encoding.Scheme.EVEX;
            map = code[i + 1] & 0x07;
            int p1 = code[i + 2] & 0xFF;
            w = (p1 & 0x80) != 0;
            pp = p1 & 0x03;
            int ll = (code[i + 3] >> 5) & 0x03;
            vexL = ll == 0 ? 128 : ll == 1 ? 256 : 512;
            i += 4;
        } else if (b == 0x0F) {
            i++;
            map = 1;
            if (i < code.length && ((code[i] & 0xFF) == 0x38 || (code[i] & 0xFF) == 0x3A)) {
                map = (code[i] & 0xFF) == 0x38 ? 2 : 3;
                i++;
            }
        }
        int opcode = i < code.length ? code[i] & 0xFF : -1;
        int modrm = i + 1 < code.length ? code[i + 1] & 0xFF : -1;
        return new OpcodeInfo(List.copyOf(prefixes), scheme, w, vexL, pp, map, opcode, modrm);
    }

    private static boolean isLegacyPrefix(int b) {
        return switch (b) {
            case 0xF0, 0xF2, 0xF3, 0x2E, 0x36, 0x3E, 0x26, 0x64, 0x65, 0x66, 0x67 -> true;
            default -> false;
        };
    }

    /** True when the bytes are an encoding of {@code e}. */
    boolean matches(Encoding e) {
        if (e.scheme() != scheme || e.map() != map) return false;
        if (e.registerInOpcode() ? (opcode & 0xF8) != e.opcode() : opcode != e.opcode()) return false;
        if (e.fixedModrm() >= 0 && modrm != e.fixedModrm()) return false;
        if (e.modrmDigit() >= 0 && ((modrm >> 3) & 7) != e.modrmDigit()) return false;
        if (e.rexW() && !w) return false;
        if (scheme != Encoding.Scheme.LEGACY) {
            if (e.vexL() != 0 && e.vexL() != vexL) return false;
            int wantPp = e.hasPrefix(0x66) ? 1 : e.hasPrefix(0xF3) ? 2 : e.hasPrefix(0xF2) ? 3 : 0;
            return wantPp == vexPp;
        }
        for (int p : e.prefixes()) if (!legacyPrefixes.contains(p)) return false;
        return true;
    }
}
