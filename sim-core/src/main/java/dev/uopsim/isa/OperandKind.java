package dev.uopsim.isa;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kind of an operand in uops.info notation: {@code R64}, {@code R8h}, {@code M128},
 * {@code I8}, {@code XMM}, {@code VSIB_YMM}, {@code Rel32}, the constants {@code 0} and {@code 1},
 * and fixed registers ({@code AL}, {@code CL}, {@code RAX}, ...). {@code AGEN} is this project's
 * name for LEA's address operand, whose shape uops.info puts into the instruction name instead.
 */
public record OperandKind(String name, Category category, RegisterClass registerClass, int width,
                          Register fixed, boolean high8, long constant, int broadcastCount) {

    public enum Category {
        /** A register of a class and width, e.g. R64, XMM, R8h; or one fixed register, e.g. CL. */
        REGISTER,
        /** A memory operand of a width (bits). */
        MEMORY,
        /** A vector-indexed memory operand (gathers); {@link #registerClass} of the index is VECTOR. */
        VSIB,
        /** An immediate of a width (bits). */
        IMMEDIATE,
        /** An immediate with one value: {@code 0} and {@code 1} in uops.info names. */
        CONSTANT,
        /** A branch displacement of a width (bits). */
        RELATIVE,
        /** A 64-bit absolute address (MOV AL, moffs). */
        MOFFS,
        /** An address that is computed but not accessed (LEA). */
        AGEN
    }

    private static final Pattern MEMORY = Pattern.compile("M(\\d+)(?:_1to(\\d+))?");
    private static final Map<String, OperandKind> CACHE = new ConcurrentHashMap<>();

    /** The kind spelt {@code name} in uops.info notation; throws IllegalArgumentException if unknown. */
    public static OperandKind parse(String name) {
        OperandKind k = CACHE.get(name);
        if (k == null) {
            k = doParse(name);
            CACHE.put(name, k);
        }
        return k;
    }

    private static OperandKind doParse(String n) {
        switch (n) {
            case "R8l": return reg(n, RegisterClass.GPR, 8, false);
            case "R8h": return reg(n, RegisterClass.GPR, 8, true);
            case "R16": return reg(n, RegisterClass.GPR, 16, false);
            case "R32": return reg(n, RegisterClass.GPR, 32, false);
            case "R64", "R": return reg(n, RegisterClass.GPR, 64, false);
            case "XMM": return reg(n, RegisterClass.VECTOR, 128, false);
            case "YMM": return reg(n, RegisterClass.VECTOR, 256, false);
            case "ZMM": return reg(n, RegisterClass.VECTOR, 512, false);
            case "MM": return reg(n, RegisterClass.MMX, 64, false);
            case "K": return reg(n, RegisterClass.MASK, 64, false);
            case "BND": return reg(n, RegisterClass.BOUND, 128, false);
            case "CR": return reg(n, RegisterClass.CONTROL, 64, false);
            case "DR": return reg(n, RegisterClass.DEBUG, 64, false);
            case "SEG": return reg(n, RegisterClass.SEGMENT, 16, false);
            case "ST": return reg(n, RegisterClass.X87, 80, false);
            case "0", "1": return new OperandKind(n, Category.CONSTANT, null, 8, null, false, Long.parseLong(n), 0);
            case "Rel8": return new OperandKind(n, Category.RELATIVE, null, 8, null, false, 0, 0);
            case "Rel32": return new OperandKind(n, Category.RELATIVE, null, 32, null, false, 0, 0);
            case "VSIB_XMM": return new OperandKind(n, Category.VSIB, RegisterClass.VECTOR, 128, null, false, 0, 0);
            case "VSIB_YMM": return new OperandKind(n, Category.VSIB, RegisterClass.VECTOR, 256, null, false, 0, 0);
            case "VSIB_ZMM": return new OperandKind(n, Category.VSIB, RegisterClass.VECTOR, 512, null, false, 0, 0);
            case "AGEN": return new OperandKind(n, Category.AGEN, null, 64, null, false, 0, 0);
            default: break;
        }
        if (n.matches("I(8|16|32|64)")) {
            return new OperandKind(n, Category.IMMEDIATE, null, Integer.parseInt(n.substring(1)), null, false, 0, 0);
        }
        if (n.matches("Moffs(8|16|32|64)")) {
            return new OperandKind(n, Category.MOFFS, null, Integer.parseInt(n.substring(5)), null, false, 0, 0);
        }
        Matcher m = MEMORY.matcher(n);
        if (m.matches()) {
            int width = Integer.parseInt(m.group(1));
            int count = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
            return new OperandKind(n, Category.MEMORY, null, width, null, false, 0, count);
        }
        Register fixed = Register.byName(n);
        if (fixed != null && n.equals(n.toUpperCase())) {
            return new OperandKind(n, Category.REGISTER, fixed.registerClass(), fixed.width(), fixed, fixed.isHigh8(), 0, 0);
        }
        throw new IllegalArgumentException("unknown operand kind '" + n + "'");
    }

    private static OperandKind reg(String name, RegisterClass c, int width, boolean high8) {
        return new OperandKind(name, Category.REGISTER, c, width, null, high8, 0, 0);
    }

    public boolean isRegister() { return category == Category.REGISTER; }

    public boolean isMemory() {
        return category == Category.MEMORY || category == Category.VSIB || category == Category.MOFFS;
    }

    public boolean isImmediate() {
        return category == Category.IMMEDIATE || category == Category.CONSTANT;
    }

    /** A register kind that admits exactly one register (AL, CL, RAX...). */
    public boolean isFixedRegister() { return fixed != null; }

    @Override
    public String toString() { return name; }
}
