package dev.uopsim.isa;

import dev.uopsim.common.Suggestions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the form table: text files of one form per line, with templates and width placeholders so
 * that a family such as "ADD, OR, ADC, SBB, AND, SUB, XOR, CMP in all their widths" is written
 * once. The grammar is documented at the top of {@code forms/base.forms}; in short:
 *
 * <pre>
 * NAME (KINDS) | ENCODING | ACCESS:SLOT per explicit operand | key=value attributes
 * </pre>
 *
 * Placeholders expand one line into several forms: {@code v} (operand size 16/32/64: Rv, Mv, Av,
 * Iz, Iv, rAX...), {@code y} (32/64: Ry, My, yDX, Wy), {@code x} (vector length 128/256: Vx, Mx,
 * Vh, Mh, Mq, Me, VSIBx, VEX.L); {@code A/B} in a kind is an alternative (cross product).
 * Nothing here knows an instruction: semantics are all in the files.
 */
final class FormTableReader {
    private static final Set<String> ATTRIBUTES = Set.of("rf", "wf", "uf", "imp", "rsp", "idiom", "props", "alias",
            "asm", "ext", "ext256", "v", "y", "x", "agen");
    private static final Pattern NAME = Pattern.compile("([A-Z][A-Z0-9_]*)(?:\\s*\\((.*)\\))?");
    private static final Pattern TEMPLATE_PARAM = Pattern.compile("\\{([A-Z][A-Za-z0-9]*)}");
    private static final Pattern IMPLICIT_MEMORY = Pattern.compile("M(\\d+)\\[([A-Z0-9]+)(?:([+-])(\\d+))?]");

    /** One line of input with where it came from. */
    record Line(String origin, String text) {}

    private final Map<String, List<Line>> templates = new HashMap<>();
    private final Map<String, List<String>> templateParams = new HashMap<>();
    private final List<InstructionForm> forms = new ArrayList<>();
    private final Map<String, InstructionForm> byName = new LinkedHashMap<>();
    private final Map<String, String> synonyms = new HashMap<>();
    private final Map<String, FormTable.AttAlias> attAliases = new HashMap<>();
    private final Map<String, FormTable.PseudoOp> pseudoOps = new HashMap<>();
    private final Map<String, String> unsupported = new LinkedHashMap<>();
    private final List<String> comparePredicates = new ArrayList<>();
    private final java.util.Set<String> stringMnemonics = new java.util.HashSet<>();
    private String extension = "BASE";

    /** Reads one file's lines. */
    void read(String file, List<String> lines) {
        extension = "BASE";
        for (int i = 0; i < lines.size(); i++) {
            String origin = file + ":" + (i + 1);
            String text = stripComment(lines.get(i));
            if (text.isBlank()) continue;
            if (text.startsWith("@template")) {
                i = readTemplate(file, lines, i);
                continue;
            }
            handle(new Line(origin, text));
        }
    }

    FormTable build() {
        return new FormTable(forms, byName, synonyms, attAliases, pseudoOps, comparePredicates, stringMnemonics, unsupported);
    }

    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return (hash >= 0 ? line.substring(0, hash) : line).strip();
    }

    private int readTemplate(String file, List<String> lines, int start) {
        String[] header = stripComment(lines.get(start)).split("\\s+");
        if (header.length < 2) throw error(file + ":" + (start + 1), "@template needs a name");
        String name = header[1];
        List<String> params = List.of(header).subList(2, header.length);
        List<Line> body = new ArrayList<>();
        int i = start + 1;
        for (; i < lines.size(); i++) {
            String text = stripComment(lines.get(i));
            if (text.equals("@end")) break;
            if (!text.isBlank()) body.add(new Line(file + ":" + (i + 1), text));
        }
        if (i == lines.size()) throw error(file + ":" + (start + 1), "@template " + name + " has no @end");
        templates.put(name, body);
        templateParams.put(name, params);
        return i;
    }

    private void handle(Line line) {
        String t = line.text();
        if (t.startsWith("@")) {
            directive(line);
        } else {
            formLine(line);
        }
    }

    private void directive(Line line) {
        String t = line.text();
        String word = t.split("\\s+", 2)[0];
        String rest = t.substring(word.length()).strip();
        switch (word) {
            case "@ext" -> extension = rest;
            case "@use" -> use(line, rest);
            case "@synonym" -> {
                String[] p = rest.split("\\s*=\\s*");
                if (p.length != 2) throw error(line.origin(), "@synonym WORD = MNEMONIC");
                synonyms.put(p[0].toLowerCase(Locale.ROOT), p[1].toLowerCase(Locale.ROOT));
            }
            case "@att" -> {
                Matcher m = Pattern.compile("(\\S+)\\s*=\\s*(\\S+)(?:\\s+mem=(\\d+))?").matcher(rest);
                if (!m.matches()) throw error(line.origin(), "@att WORD = MNEMONIC [mem=BITS]");
                int mem = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
                attAliases.put(m.group(1), new FormTable.AttAlias(m.group(2), mem));
            }
            case "@pseudo" -> {
                Matcher m = Pattern.compile("(\\S+)\\s*=\\s*(\\S+)\\s+(0x[0-9a-fA-F]+|\\d+)").matcher(rest);
                if (!m.matches()) throw error(line.origin(), "@pseudo WORD = MNEMONIC IMMEDIATE");
                pseudoOps.put(m.group(1), new FormTable.PseudoOp(m.group(2), Long.decode(m.group(3))));
            }
            case "@predicates" -> {
                if (!comparePredicates.isEmpty()) throw error(line.origin(), "@predicates is given twice; one list, in immediate order");
                comparePredicates.addAll(List.of(rest.split("\\s+")));
            }
            case "@strings" -> stringMnemonics.addAll(List.of(rest.toLowerCase(Locale.ROOT).split("\\s+")));
            case "@unsupported" -> {
                int colon = rest.lastIndexOf(':');
                if (colon < 0) throw error(line.origin(), "@unsupported NAME (KINDS) : reason");
                unsupported.put(rest.substring(0, colon).strip(), rest.substring(colon + 1).strip());
            }
            default -> throw error(line.origin(), "unknown directive " + word
                    + " (known: @ext @template @end @use @synonym @att @pseudo @predicates @strings @unsupported)");
        }
    }

    private void use(Line line, String rest) {
        String extra = "";
        int bar = rest.indexOf('|');
        if (bar >= 0) {
            extra = rest.substring(bar + 1).strip();
            rest = rest.substring(0, bar).strip();
        }
        String[] words = rest.split("\\s+");
        List<Line> body = templates.get(words[0]);
        if (body == null) {
            throw error(line.origin(), "unknown template '" + words[0] + "'"
                    + hint(Suggestions.didYouMean(words[0], templates.keySet())));
        }
        List<String> params = templateParams.get(words[0]);
        if (words.length - 1 != params.size()) {
            throw error(line.origin(), "template " + words[0] + " takes " + params.size() + " arguments " + params
                    + ", got " + (words.length - 1));
        }
        Map<String, String> values = new HashMap<>();
        for (int p = 0; p < params.size(); p++) values.put(params.get(p), words[p + 1].equals("-") ? "" : words[p + 1]);
        for (Line b : body) {
            Matcher m = TEMPLATE_PARAM.matcher(b.text());
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                String v = values.get(m.group(1));
                if (v == null) throw error(b.origin(), "template " + words[0] + " has no parameter {" + m.group(1) + "}");
                m.appendReplacement(sb, Matcher.quoteReplacement(v));
            }
            m.appendTail(sb);
            String text = sb.toString().strip();
            if (text.isEmpty()) continue;
            if (!extra.isEmpty() && !text.startsWith("@")) {
                text = text.split("\\|").length >= 4 ? text + " " + extra : text + " | " + extra;
            }
            handle(new Line(line.origin() + " (" + b.origin() + ")", text));
        }
    }

    // ---- form lines -------------------------------------------------------------------------

    private void formLine(Line line) {
        String[] cols = line.text().split("\\|", -1);
        if (cols.length < 3 || cols.length > 4) {
            throw error(line.origin(), "a form line has 3 or 4 columns separated by '|': NAME (KINDS) | ENCODING | OPERANDS [| ATTRIBUTES]");
        }
        Map<String, String> attrs = attributes(line, cols.length == 4 ? cols[3].strip() : "");
        Matcher nm = NAME.matcher(cols[0].strip());
        if (!nm.matches()) throw error(line.origin(), "cannot read the form name '" + cols[0].strip() + "'");
        String mnemonic = nm.group(1);
        List<String> kinds = nm.group(2) == null || nm.group(2).isBlank() ? List.of() : List.of(nm.group(2).split("\\s*,\\s*"));
        String enc = cols[1].strip();
        String ops = cols[2].strip();
        String imp = attrs.getOrDefault("imp", "");
        String all = String.join(" ", kinds) + " " + enc + " " + imp + " " + attrs.getOrDefault("alias", "");
        List<Integer> vs = widths(line, attrs, "v", usesV(all) ? "16,32,64" : null);
        List<Integer> ys = widths(line, attrs, "y", usesY(all) ? "32,64" : null);
        List<Integer> xs = widths(line, attrs, "x", usesX(all) ? "128,256" : null);
        for (int v : vs) {
            for (int y : ys) {
                for (int x : xs) {
                    List<String> k = kinds.stream().map(s -> substitute(s, v, y, x)).toList();
                    String e = substituteEncoding(enc, v, y, x);
                    Map<String, String> a = new HashMap<>(attrs);
                    a.replaceAll((key, val) -> substitute(val, v, y, x));
                    if (x == 256 && attrs.containsKey("ext256")) a.put("ext", attrs.get("ext256"));
                    for (List<String> combo : alternatives(k)) {
                        define(line, mnemonic, combo, e, ops, a);
                    }
                }
            }
        }
    }

    private Map<String, String> attributes(Line line, String text) {
        Map<String, String> attrs = new HashMap<>();
        if (text.isEmpty()) return attrs;
        for (String tok : text.split("\\s+")) {
            int eq = tok.indexOf('=');
            if (eq <= 0) throw error(line.origin(), "attribute '" + tok + "' is not key=value");
            String key = tok.substring(0, eq);
            if (!ATTRIBUTES.contains(key)) {
                throw error(line.origin(), "unknown attribute '" + key + "'" + hint(Suggestions.didYouMean(key, ATTRIBUTES)));
            }
            String value = tok.substring(eq + 1);
            attrs.merge(key, value, (old, add) -> old + "," + add);
        }
        return attrs;
    }

    private static boolean usesV(String s) {
        return s.matches(".*\\b(Rv|Mv|Av|Iz|Iv|iz|iv|Moffsv)\\b.*") || s.matches(".*\\br(AX|CX|DX|BX|SI|DI|BP|SP)\\b.*")
                || s.contains("Mv[");
    }

    private static boolean usesY(String s) {
        return s.matches(".*\\b(Ry|My|Wy|yAX|yDX|yCX)\\b.*") || s.contains(".Wy") || s.contains("My[");
    }

    private static boolean usesX(String s) {
        return s.matches(".*\\b(Vx|Mx|Vh|Mh|Mq|Me|VSIBx)\\b.*") || s.contains("VEX.L.") || s.contains("EVEX.L.");
    }

    private List<Integer> widths(Line line, Map<String, String> attrs, String family, String defaults) {
        String list = attrs.containsKey(family) ? attrs.get(family) : defaults;
        if (list == null) return List.of(0);
        List<Integer> out = new ArrayList<>();
        for (String w : list.split(",")) {
            try {
                out.add(Integer.parseInt(w));
            } catch (NumberFormatException ex) {
                throw error(line.origin(), family + "= takes widths such as 16,32,64, not '" + w + "'");
            }
        }
        return out;
    }

    private static String substitute(String s, int v, int y, int x) {
        if (v != 0) {
            String z = v == 16 ? "16" : "32";
            s = s.replaceAll("\\bRv\\b", "R" + v).replaceAll("\\bMv\\b", "M" + v).replaceAll("\\bIz\\b", "I" + z)
                    .replaceAll("\\bIv\\b", "I" + v).replace("Mv[", "M" + v + "[").replaceAll("\\bMoffsv\\b", "Moffs" + v)
                    .replaceAll("\\bAv\\b", v == 16 ? "AX" : v == 32 ? "EAX" : "RAX");
            Matcher m = Pattern.compile("\\br(AX|CX|DX|BX|SI|DI|BP|SP)\\b").matcher(s);
            StringBuilder sb = new StringBuilder();
            while (m.find()) m.appendReplacement(sb, sizedGpr(m.group(1), v));
            m.appendTail(sb);
            s = sb.toString();
        }
        if (y != 0) {
            s = s.replaceAll("\\bRy\\b", "R" + y).replaceAll("\\bMy\\b", "M" + y).replace("My[", "M" + y + "[");
            Matcher m = Pattern.compile("\\by(AX|CX|DX)\\b").matcher(s);
            StringBuilder sb = new StringBuilder();
            while (m.find()) m.appendReplacement(sb, sizedGpr(m.group(1), y));
            m.appendTail(sb);
            s = sb.toString();
        }
        if (x != 0) {
            s = s.replaceAll("\\bVx\\b", x == 128 ? "XMM" : "YMM").replaceAll("\\bMx\\b", "M" + x)
                    .replaceAll("\\bVh\\b", "XMM").replaceAll("\\bMh\\b", "M" + x / 2)
                    .replaceAll("\\bMq\\b", "M" + x / 4).replaceAll("\\bMe\\b", "M" + x / 8)
                    .replaceAll("\\bVSIBx\\b", x == 128 ? "VSIB_XMM" : "VSIB_YMM");
        }
        return s;
    }

    private static String sizedGpr(String two, int width) {
        return switch (width) {
            case 16 -> two;
            case 32 -> "E" + two;
            default -> "R" + two;
        };
    }

    private static String substituteEncoding(String enc, int v, int y, int x) {
        String e = enc;
        if (v != 0) {
            e = e.replaceAll("\\biz\\b", v == 16 ? "iw" : "id").replaceAll("\\biv\\b", v == 16 ? "iw" : v == 32 ? "id" : "io");
            if (!e.startsWith("VEX") && !e.startsWith("EVEX")) {
                if (v == 16) e = "66 " + e;
                if (v == 64) e = "REX.W " + e;
            }
        }
        if (y != 0) {
            e = e.replace(".Wy", y == 64 ? ".W1" : ".W0");
            if (y == 64 && !e.startsWith("VEX") && !e.startsWith("EVEX")) e = "REX.W " + e;
        }
        if (x != 0) {
            e = e.replace("VEX.L.", "VEX." + x + ".");
        }
        return e;
    }

    private static List<List<String>> alternatives(List<String> kinds) {
        List<List<String>> out = new ArrayList<>();
        out.add(new ArrayList<>());
        for (String k : kinds) {
            List<List<String>> next = new ArrayList<>();
            for (List<String> prefix : out) {
                for (String alt : k.split("/")) {
                    List<String> l = new ArrayList<>(prefix);
                    l.add(alt.strip());
                    next.add(l);
                }
            }
            out = next;
        }
        return out;
    }

    private void define(Line line, String mnemonic, List<String> kindNames, String enc, String ops, Map<String, String> attrs) {
        String name = kindNames.isEmpty() ? mnemonic : mnemonic + " (" + String.join(", ", kindNames) + ")";
        String where = line.origin() + ": " + name;
        List<OperandKind> kinds = new ArrayList<>();
        for (String k : kindNames) {
            try {
                kinds.add(OperandKind.parse(k));
            } catch (IllegalArgumentException ex) {
                throw error(where, ex.getMessage());
            }
        }
        Encoding encoding;
        try {
            encoding = Encoding.parse(enc);
        } catch (IllegalArgumentException ex) {
            throw error(where, ex.getMessage());
        }
        String[] opTokens = ops.isEmpty() || ops.equals("none") ? new String[0] : ops.split("\\s+");
        String agen = attrs.get("agen");
        int expected = kinds.size() + (agen != null ? 1 : 0);
        if (opTokens.length != expected) {
            throw error(where, "the operand column has " + opTokens.length + " entries, the form has " + expected
                    + " explicit operands (write ACCESS:SLOT for each, e.g. 'rw:m r:r')");
        }
        List<OperandSpec> operands = new ArrayList<>();
        for (int i = 0; i < opTokens.length; i++) {
            String[] p = opTokens[i].split(":");
            if (p.length != 2 || p[1].length() != 1) throw error(where, "operand '" + opTokens[i] + "' is not ACCESS:SLOT");
            Access access;
            Slot slot;
            try {
                access = Access.parse(p[0]);
                slot = Slot.ofLetter(p[1].charAt(0));
            } catch (IllegalArgumentException ex) {
                throw error(where, ex.getMessage());
            }
            if (i < kinds.size()) {
                operands.add(OperandSpec.explicit(kinds.get(i), access, slot));
            } else {
                operands.add(new OperandSpec(OperandKind.parse("AGEN"), access, slot, false, null, null, agen));
            }
        }
        List<OperandSpec> implicit = implicitOperands(where, attrs.getOrDefault("imp", ""));
        int rf = flags(where, attrs.get("rf"));
        int wf = flags(where, attrs.get("wf"));
        int uf = flags(where, attrs.get("uf"));
        Set<FormProperty> props = EnumSet.noneOf(FormProperty.class);
        if (attrs.containsKey("props")) {
            for (String p : attrs.get("props").split(",")) {
                try {
                    props.add(FormProperty.parse(p));
                } catch (IllegalArgumentException ex) {
                    throw error(where, ex.getMessage());
                }
            }
        }
        Idiom idiom;
        try {
            idiom = attrs.containsKey("idiom") ? Idiom.parse(attrs.get("idiom")) : Idiom.NONE;
        } catch (IllegalArgumentException ex) {
            throw error(where, ex.getMessage());
        }
        List<String> prefixes = new ArrayList<>();
        List<String> suffixes = List.of(mnemonic.split("_"));
        if (suffixes.contains("LOCK")) {
            prefixes.add("lock");
            props.add(FormProperty.LOCKED);
        }
        if (suffixes.contains("REPE")) {
            prefixes.add("rep");
            props.add(FormProperty.REP);
        }
        if (suffixes.contains("REPNE")) {
            prefixes.add("repne");
            props.add(FormProperty.REP);
        }
        String asm = attrs.getOrDefault("asm", suffixes.get(0).toLowerCase(Locale.ROOT));
        List<String> names = new ArrayList<>();
        names.add(name);
        if (attrs.containsKey("alias")) {
            for (String a : attrs.get("alias").split(",(?![^(]*\\))")) {
                if (a.contains("(")) {
                    // A full uops.info name whose kinds differ from the form's: LSL(R64,R32).
                    int open = a.indexOf('(');
                    names.add(a.substring(0, open) + " (" + a.substring(open + 1, a.length() - 1).replace(",", ", ") + ")");
                } else {
                    names.add(kindNames.isEmpty() ? a : a + " (" + String.join(", ", kindNames) + ")");
                }
            }
            names.remove(name);
        }
        int rsp = 0;
        if (attrs.containsKey("rsp")) {
            try {
                rsp = Integer.parseInt(attrs.get("rsp"));
            } catch (NumberFormatException ex) {
                throw error(where, "rsp= takes a number of bytes, e.g. -8");
            }
        }
        String ext = attrs.getOrDefault("ext", extension);
        InstructionForm form = new InstructionForm(forms.size(), name, mnemonic, List.copyOf(names), ext,
                List.copyOf(operands), List.copyOf(implicit), rf, wf, uf, props, idiom, encoding, asm,
                List.copyOf(prefixes), rsp, line.origin());
        for (String n : names) {
            InstructionForm old = byName.put(n, form);
            if (old != null) throw error(where, "the name '" + n + "' is defined twice (first at " + old.origin() + ")");
        }
        if (!names.contains(name)) {
            InstructionForm old = byName.put(name, form);
            if (old != null) throw error(where, "the name '" + name + "' is defined twice (first at " + old.origin() + ")");
        }
        forms.add(form);
    }

    private static List<OperandSpec> implicitOperands(String where, String text) {
        List<OperandSpec> list = new ArrayList<>();
        if (text.isBlank()) return list;
        for (String entry : text.split(",")) {
            String[] p = entry.split(":", 2);
            if (p.length != 2) throw error(where, "implicit operand '" + entry + "' is not ACCESS:OPERAND");
            Access access;
            try {
                access = Access.parse(p[0]);
            } catch (IllegalArgumentException ex) {
                throw error(where, ex.getMessage());
            }
            Matcher m = IMPLICIT_MEMORY.matcher(p[1]);
            if (m.matches()) {
                Register base = Register.byName(m.group(2));
                if (base == null) throw error(where, "unknown register '" + m.group(2) + "' in " + entry);
                long disp = m.group(4) == null ? 0 : Long.parseLong(m.group(4)) * ("-".equals(m.group(3)) ? -1 : 1);
                list.add(OperandSpec.implicitMemory(new ImplicitMemory(base, disp, Integer.parseInt(m.group(1))), access));
            } else {
                Register r = Register.byName(p[1]);
                if (r == null) throw error(where, "unknown implicit operand '" + p[1] + "' (a register or M64[RSP-8])");
                list.add(OperandSpec.implicitRegister(r, access));
            }
        }
        return list;
    }

    private static int flags(String where, String letters) {
        if (letters == null || letters.equals("-")) return 0;
        try {
            return Flag.parseMask(letters);
        } catch (IllegalArgumentException ex) {
            throw error(where, ex.getMessage());
        }
    }

    private static String hint(String h) {
        return h == null ? "" : " (" + h + ")";
    }

    private static FormTableException error(String where, String message) {
        return new FormTableException(where + ": " + message);
    }

    /** The shipped form table is malformed: a defect of the data, reported with file and line. */
    static final class FormTableException extends IllegalStateException {
        FormTableException(String message) {
            super(message);
        }
    }
}
