package dev.uopsim.characterize.bench;

import dev.uopsim.isa.Register;

/** Register names by number and width, as the generators need them. */
final class Registers {
    private static final String[] R64 = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi"};
    private static final String[] R32 = {"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi"};
    private static final String[] R16 = {"ax", "cx", "dx", "bx", "sp", "bp", "si", "di"};
    private static final String[] R8 = {"al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil"};
    private static final String[] R8H = {"ah", "ch", "dh", "bh"};

    private Registers() {}

    /** The part of a GPR root of this width ({@code high8}: AH..BH). */
    static Register gpr(Register root, int width, boolean high8) {
        int n = root.root().number();
        String name;
        if (high8) {
            name = R8H[n];
        } else if (n < 8) {
            name = switch (width) {
                case 64 -> R64[n];
                case 32 -> R32[n];
                case 16 -> R16[n];
                default -> R8[n];
            };
        } else {
            name = switch (width) {
                case 64 -> "r" + n;
                case 32 -> "r" + n + "d";
                case 16 -> "r" + n + "w";
                default -> "r" + n + "b";
            };
        }
        return Register.byName(name);
    }

    static Register root(int number) {
        return Register.byName(number < 8 ? R64[number] : "r" + number);
    }

    /** XMM/YMM register {@code number} of {@code width} bits (128 or 256). */
    static Register vec(int number, int width) {
        return Register.byName((width >= 256 ? "ymm" : "xmm") + number);
    }

    static Register mmx(int number) {
        return Register.byName("mm" + number);
    }

    static String name(Register root, int width) {
        return gpr(root, width, false).name();
    }
}
