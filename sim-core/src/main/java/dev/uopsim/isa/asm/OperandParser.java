package dev.uopsim.isa.asm;

import dev.uopsim.common.InputException;
import dev.uopsim.isa.BranchTarget;
import dev.uopsim.isa.ImmediateOperand;
import dev.uopsim.isa.MemoryOperand;
import dev.uopsim.isa.Operand;
import dev.uopsim.isa.Register;
import dev.uopsim.isa.RegisterClass;
import dev.uopsim.isa.RegisterOperand;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads one operand in Intel or AT&T syntax. Errors name the operand's column. */
final class OperandParser {
    private static final Pattern SIZE = Pattern.compile(
            "(?i)(BYTE|WORD|DWORD|QWORD|TBYTE|TWORD|XMMWORD|YMMWORD|ZMMWORD|OWORD|MMWORD|FWORD)\\s+PTR\\s+(.*)");
    private static final Pattern SEGMENT = Pattern.compile("(?i)%?(cs|ds|es|ss|fs|gs)\\s*:\\s*(.*)");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_.$@][\\w.$@]*");
    private static final Pattern LOCAL_LABEL_REF = Pattern.compile("\\d+[bf]");
    /** GNU as's location counter in a branch target: '.', '.+4', '.-0x10' (resolved by {@link Layout}). */
    static final Pattern HERE = Pattern.compile("\\.(?:\\s*([+-])\\s*(\\S+))?");
    private static final Pattern ATT_MEMORY = Pattern.compile("([^(]*)\\((.*)\\)");

    private final String source;
    private final int line;

    OperandParser(String source, int line) {
        this.source = source;
        this.line = line;
    }

    private InputException error(int column, String message, String hint) {
        return new InputException(source, line, column, message, hint);
    }

    // ---- Intel ----------------------------------------------------------------------------------

    Operand intel(String text, int column, boolean branch) {
        String t = stripObjdumpSymbol(text.strip());
        int width = 0;
        // The patterns only for text that can match them: most operands are registers or numbers.
        Matcher size = hasSpace(t) ? SIZE.matcher(t) : null;
        if (size != null && size.matches()) {
            width = MemoryOperand.widthOf(size.group(1));
            t = size.group(2).strip();
        }
        if (t.regionMatches(true, 0, "OFFSET ", 0, 7)) {
            return new ImmediateOperand(0, t.substring(7).strip());
        }
        if (t.regionMatches(true, 0, "SHORT ", 0, 6) || t.regionMatches(true, 0, "NEAR ", 0, 5)) {
            t = t.substring(t.indexOf(' ') + 1).strip();
        }
        Register segment = null;
        Matcher seg = t.indexOf(':') >= 0 ? SEGMENT.matcher(t) : null;
        if (seg != null && seg.matches()) {
            segment = Register.byName(seg.group(1));
            t = seg.group(2).strip();
        }
        int bracket = t.indexOf('[');
        if (bracket >= 0) {
            if (!t.endsWith("]")) throw error(column, "malformed memory operand '" + text.strip() + "'", "close it with ']'");
            String outside = t.substring(0, bracket).strip();
            return intelAddress(t.substring(bracket + 1, t.length() - 1), outside, segment, width, column, text);
        }
        if (segment != null || width != 0) {
            // objdump's absolute address "ds:0x1234", or "DWORD PTR sym"
            Long v = Numbers.evaluate(t);
            if (v != null) return new MemoryOperand(segment, null, null, 1, v, null, width);
            if (IDENTIFIER.matcher(t).matches()) return new MemoryOperand(segment, Register.RIP, null, 1, 0, t, width);
            throw error(column, "malformed memory operand '" + text.strip() + "'", "write it as SIZE PTR [base+index*scale+disp]");
        }
        Register r = Register.byName(t);
        if (r != null) return new RegisterOperand(r);
        return immediateOrLabel(t, column, branch, text);
    }

    /** Whether {@code t} holds a regular expression's {@code \s} ({@link #SIZE} needs one). */
    private static boolean hasSpace(String t) {
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r') return true;
        }
        return false;
    }

    private Operand intelAddress(String inside, String outside, Register segment, int width, int column, String text) {
        Register base = null;
        Register index = null;
        int scale = 1;
        long disp = 0;
        String symbol = null;
        if (!outside.isEmpty()) {
            Long v = Numbers.evaluate(outside);
            if (v != null) disp += v;
            else if (IDENTIFIER.matcher(outside).matches()) symbol = outside;
            else throw error(column, "cannot read displacement '" + outside + "'", null);
        }
        for (String[] term : terms(inside)) {
            String sign = term[0];
            String body = term[1];
            if (body.isEmpty()) throw error(column, "malformed memory operand '" + text.strip() + "'", null);
            if (body.contains("*")) {
                String[] f = body.split("\\*");
                if (f.length != 2) throw error(column, "cannot read '" + body + "' in '" + text.strip() + "'", null);
                Register a = Register.byName(f[0].strip());
                Register b = Register.byName(f[1].strip());
                Register reg = a != null ? a : b;
                Long s = Numbers.parse(a != null ? f[1] : f[0]);
                if (reg != null && s != null) {
                    if (index != null) throw error(column, "two index registers in '" + text.strip() + "'", null);
                    if (s != 1 && s != 2 && s != 4 && s != 8) {
                        throw error(column, "scale " + s + " in '" + text.strip() + "'", "the scale is 1, 2, 4 or 8");
                    }
                    index = reg;
                    scale = s.intValue();
                    continue;
                }
                Long v = Numbers.evaluate(body);
                if (v == null) throw error(column, "cannot read '" + body + "' in '" + text.strip() + "'", null);
                disp += sign.equals("-") ? -v : v;
                continue;
            }
            Register reg = Register.byName(body);
            if (reg != null) {
                if (sign.equals("-")) throw error(column, "a register cannot be subtracted in '" + text.strip() + "'", null);
                if (reg.isVector()) {
                    index = reg;
                } else if (base == null && reg.registerClass() != RegisterClass.VECTOR) {
                    base = reg;
                } else if (index == null) {
                    index = reg;
                } else {
                    throw error(column, "too many registers in '" + text.strip() + "'", "an address has a base and an index");
                }
                continue;
            }
            Long v = Numbers.parse(body);
            if (v != null) {
                disp += sign.equals("-") ? -v : v;
            } else if (IDENTIFIER.matcher(body).matches()) {
                if (symbol != null) throw error(column, "two symbols in '" + text.strip() + "'", null);
                symbol = body;
            } else {
                throw error(column, "cannot read '" + body + "' in memory operand '" + text.strip() + "'",
                        "write [base + index*scale + displacement]");
            }
        }
        if (index != null && index.isGpr() && (index.number() == 4 && index.width() == 64) && index == Register.RSP) {
            throw error(column, "rsp cannot be an index register", "swap base and index, or use another register");
        }
        return new MemoryOperand(segment, base, index, scale, disp, symbol, width);
    }

    /** Splits "rax+rcx*4-8" into signed terms. */
    private static List<String[]> terms(String inside) {
        List<String[]> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        String sign = "+";
        for (char c : inside.toCharArray()) {
            if ((c == '+' || c == '-') && !cur.toString().isBlank()) {
                out.add(new String[]{sign, cur.toString().strip()});
                cur.setLength(0);
                sign = String.valueOf(c);
            } else if ((c == '+' || c == '-')) {
                sign = c == '-' ? (sign.equals("-") ? "+" : "-") : sign;
            } else {
                cur.append(c);
            }
        }
        if (!cur.toString().isBlank() || out.isEmpty()) out.add(new String[]{sign, cur.toString().strip()});
        return out;
    }

    private Operand immediateOrLabel(String t, int column, boolean branch, String text) {
        Long v = Numbers.evaluate(t);
        if (v != null) return branch ? new BranchTarget(null, v) : new ImmediateOperand(v);
        if (branch && HERE.matcher(t).matches() && Layout.hereDisplacement(t) != null) return new BranchTarget(t.replace(" ", ""), -1);
        if (IDENTIFIER.matcher(t).matches() || LOCAL_LABEL_REF.matcher(t).matches()) {
            return branch ? new BranchTarget(t, -1) : new ImmediateOperand(0, t);
        }
        throw error(column, "cannot read operand '" + text.strip() + "'",
                "expected a register, a number, a label or SIZE PTR [address]");
    }

    /** objdump appends "<symbol+0x10>" to branch targets. */
    private static String stripObjdumpSymbol(String t) {
        int lt = t.indexOf(" <");
        return lt > 0 && t.endsWith(">") ? t.substring(0, lt).strip() : t;
    }

    // ---- AT&T -----------------------------------------------------------------------------------

    Operand att(String text, int column, boolean branch) {
        String t = stripObjdumpSymbol(text.strip());
        if (t.startsWith("*")) {
            t = t.substring(1).strip();
            branch = false; // an indirect target is a register or memory operand
        }
        if (t.startsWith("$")) {
            String v = t.substring(1).strip();
            Long n = Numbers.evaluate(v);
            if (n != null) return new ImmediateOperand(n);
            if (IDENTIFIER.matcher(v).matches()) return new ImmediateOperand(0, v);
            throw error(column, "cannot read immediate '" + t + "'", "write $NUMBER or $symbol");
        }
        Register segment = null;
        Matcher seg = SEGMENT.matcher(t);
        if (seg.matches() && t.startsWith("%")) {
            segment = Register.byName(seg.group(1));
            t = seg.group(2).strip();
        }
        if (t.startsWith("%") && segment == null) {
            Register r = Register.byName(t);
            if (r == null) throw error(column, "unknown register '" + t + "'", null);
            return new RegisterOperand(r);
        }
        Matcher mem = ATT_MEMORY.matcher(t);
        if (mem.matches()) {
            String disp = mem.group(1).strip();
            String[] parts = mem.group(2).split(",", -1);
            Register base = parts[0].isBlank() ? null : attRegister(parts[0], column, text);
            Register index = parts.length > 1 && !parts[1].isBlank() ? attRegister(parts[1], column, text) : null;
            int scale = 1;
            if (parts.length > 2 && !parts[2].isBlank()) {
                Long s = Numbers.parse(parts[2]);
                if (s == null || (s != 1 && s != 2 && s != 4 && s != 8)) {
                    throw error(column, "scale '" + parts[2].strip() + "' in '" + text.strip() + "'", "the scale is 1, 2, 4 or 8");
                }
                scale = s.intValue();
            }
            if (parts.length > 3) throw error(column, "malformed memory operand '" + text.strip() + "'", "write disp(base,index,scale)");
            long d = 0;
            String symbol = null;
            if (!disp.isEmpty()) {
                Long v = Numbers.evaluate(disp);
                if (v != null) d = v;
                else if (IDENTIFIER.matcher(disp).matches()) symbol = disp;
                else throw error(column, "cannot read displacement '" + disp + "'", null);
            }
            return new MemoryOperand(segment, base, index, scale, d, symbol, 0);
        }
        if (t.contains("(") || t.contains(")")) {
            throw error(column, "malformed memory operand '" + text.strip() + "'", "write disp(base,index,scale)");
        }
        Long v = Numbers.evaluate(t);
        if (branch && segment == null) {
            if (v != null) return new BranchTarget(null, v);
            if (IDENTIFIER.matcher(t).matches() || LOCAL_LABEL_REF.matcher(t).matches()) return new BranchTarget(t, -1);
        }
        if (v != null) return new MemoryOperand(segment, null, null, 1, v, null, 0);
        if (IDENTIFIER.matcher(t).matches()) return new MemoryOperand(segment, Register.RIP, null, 1, 0, t, 0);
        throw error(column, "cannot read operand '" + text.strip() + "'",
                "expected %register, $immediate, disp(base,index,scale) or a label");
    }

    private Register attRegister(String text, int column, String whole) {
        String t = text.strip();
        Register r = t.startsWith("%") ? Register.byName(t) : null;
        if (r == null) throw error(column, "'" + t + "' is not a register in '" + whole.strip() + "'", "AT&T registers start with %");
        return r;
    }
}
