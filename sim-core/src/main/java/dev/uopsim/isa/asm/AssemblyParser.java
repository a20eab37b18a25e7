package dev.uopsim.isa.asm;

import dev.uopsim.common.InputException;
import dev.uopsim.isa.BranchTarget;
import dev.uopsim.isa.EncodingHints;
import dev.uopsim.isa.FormMatcher;
import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.ImmediateOperand;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.MemoryOperand;
import dev.uopsim.isa.Operand;
import dev.uopsim.isa.SourceLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads x86-64 assembly text: Intel syntax (GNU as {@code .intel_syntax noprefix}, objdump
 * {@code -M intel}) or AT&T, detected from the text ({@code %} registers, {@code $} immediates, a
 * {@code .att_syntax} directive) unless chosen. Comments ({@code #}, {@code ;}, {@code //}), labels
 * and assembler directives are understood; {@code # LLVM-MCA-BEGIN}/{@code END}, {@code # OSACA-BEGIN}
 * /{@code END} and the IACA byte markers select the region to analyse. Lines starting with
 * {@code # uopsim:} are handed back as kernel directives.
 */
public final class AssemblyParser {
    private static final Set<String> PREFIX_WORDS = Set.of("lock", "rep", "repe", "repz", "repne", "repnz", "data16",
            "data32", "addr32", "addr16", "cs", "ds", "es", "ss", "fs", "gs", "rex", "rex.w", "rex64", "bnd", "notrack",
            "xacquire", "xrelease");
    private static final Set<String> LENGTH_ONLY_PREFIXES = Set.of("data16", "data32", "addr32", "addr16", "cs", "ds",
            "es", "ss", "fs", "gs", "rex", "rex.w", "rex64", "bnd", "notrack", "xacquire", "xrelease");
    // Compiled once: the parser runs on every instruction objdump prints (thousands per batch).
    private static final Pattern REGION_BEGIN = Pattern.compile("(#|//|;)\\s*(LLVM-MCA|OSACA)-BEGIN.*");
    private static final Pattern REGION_END = Pattern.compile("(#|//|;)\\s*(LLVM-MCA|OSACA)-END.*");
    private static final Pattern DIRECTIVE = Pattern.compile("#\\s*uopsim:.*");
    private static final Pattern ATT_REGISTER = Pattern.compile(".*%[a-z].*");
    private static final Pattern ATT_IMMEDIATE = Pattern.compile(".*\\$-?[0-9a-z_].*");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern LABEL = Pattern.compile("^([A-Za-z_.$@][\\w.$@]*|\\d+):");
    private static final Pattern COMPARE_PSEUDO = Pattern.compile("(v?)cmp([a-z_]+?)(ss|sd|ps|pd)");
    private static final Pattern IACA_MOV = Pattern.compile("(?i)mov[l]?\\s+(\\$?(111|222)\\s*,\\s*%?ebx|%?ebx\\s*,\\s*\\$?(111|222))");
    private static final Pattern IACA_BYTES = Pattern.compile("(?i)\\.byte\\s+(0x64|100)\\s*,\\s*(0x67|103)\\s*,\\s*(0x90|144)");

    private final FormTable table;
    private final FormMatcher matcher;

    public AssemblyParser(FormTable table) {
        this.table = table;
        this.matcher = new FormMatcher(table);
    }

    public FormMatcher matcher() { return matcher; }

    /** A comment line starting with {@code # uopsim:}, for the kernel reader. */
    public record Directive(String text, int line) {}

    /** An instruction the parser read, with the labels that point at it. */
    public record Statement(FormMatcher.Parsed parsed, List<String> labels) {}

    /** What a file holds: the statements of the selected region, kernel directives, the syntax seen. */
    public record Listing(List<Statement> statements, List<Directive> directives, Syntax syntax, boolean regionMarked,
                          List<String> endLabels) {}

    /** Reads a whole file. */
    public Listing parse(String source, List<String> lines, Syntax requested) {
        Syntax syntax = requested == Syntax.AUTO ? detect(lines) : requested;
        List<Statement> all = new ArrayList<>();
        List<Directive> directives = new ArrayList<>();
        List<String> pendingLabels = new ArrayList<>();
        int regionStart = -1;
        int regionEnd = -1;
        boolean marked = false;
        String pendingIaca = null;   // "begin"/"end" after "mov ebx, 111/222", waiting for its .byte line
        for (int n = 0; n < lines.size(); n++) {
            String raw = lines.get(n);
            int lineNo = n + 1;
            String trimmed = raw.strip();
            String upper = trimmed.toUpperCase(Locale.ROOT);
            if (REGION_BEGIN.matcher(upper).matches()) {
                if (!marked) regionStart = all.size();
                marked = true;
                continue;
            }
            if (REGION_END.matcher(upper).matches()) {
                if (regionEnd < 0 && regionStart >= 0) regionEnd = all.size();
                continue;
            }
            if (DIRECTIVE.matcher(trimmed).matches()) {
                directives.add(new Directive(trimmed.substring(trimmed.indexOf(':') + 1).strip(), lineNo));
                continue;
            }
            String code = stripComment(raw);
            int offset = raw.indexOf(code.isEmpty() ? " " : code);
            if (code.isBlank()) continue;
            Matcher label;
            while ((label = LABEL.matcher(code)).find()) {
                pendingLabels.add(label.group(1));
                int cut = label.end();
                offset += cut;
                String rest = code.substring(cut);
                offset += rest.length() - rest.stripLeading().length();
                code = rest.strip();
            }
            if (code.isEmpty()) continue;
            if (code.startsWith(".")) {
                String lower = code.toLowerCase(Locale.ROOT);
                if (lower.startsWith(".intel_syntax")) syntax = Syntax.INTEL;
                else if (lower.startsWith(".att_syntax")) syntax = Syntax.ATT;
                else if (IACA_BYTES.matcher(code).matches() && pendingIaca != null) {
                    if (pendingIaca.equals("begin")) {
                        if (!marked) regionStart = all.size();
                        marked = true;
                    } else if (regionEnd < 0 && regionStart >= 0) {
                        regionEnd = all.size();
                    }
                    pendingIaca = null;
                } else if (lower.startsWith(".byte") || lower.startsWith(".word") || lower.startsWith(".long")
                        || lower.startsWith(".quad") || lower.startsWith(".inst")) {
                    throw new InputException(source, lineNo, offset + 1,
                            "raw bytes ('" + code.split("\\s+")[0] + "') cannot be analysed as instructions",
                            "write the instructions, or give the machine code as hex with --hex");
                }
                continue;
            }
            if (IACA_MOV.matcher(code).matches()) {
                pendingIaca = code.contains("111") ? "begin" : "end";
                continue;
            }
            if (pendingIaca != null) {
                throw new InputException(source, lineNo, offset + 1, "an IACA marker 'mov ebx, 111/222' must be followed by '.byte 0x64, 0x67, 0x90'", null);
            }
            FormMatcher.Parsed parsed = read(code, new SourceLocation(source, lineNo, offset + 1), offset, syntax);
            all.add(new Statement(parsed, List.copyOf(pendingLabels)));
            pendingLabels.clear();
        }
        List<Statement> region = all;
        if (marked) {
            int end = regionEnd < 0 ? all.size() : regionEnd;
            region = all.subList(Math.max(regionStart, 0), end);
        }
        return new Listing(List.copyOf(region), directives, syntax, marked, List.copyOf(pendingLabels));
    }

    /** The syntax a text is written in: AT&T when registers carry % or a directive says so. */
    public static Syntax detect(List<String> lines) {
        for (String l : lines) {
            String c = stripComment(l).strip().toLowerCase(Locale.ROOT);
            if (c.startsWith(".intel_syntax")) return Syntax.INTEL;
            if (c.startsWith(".att_syntax")) return Syntax.ATT;
            if (c.isEmpty() || c.startsWith(".")) continue;
            if (ATT_REGISTER.matcher(c).matches() || ATT_IMMEDIATE.matcher(c).matches()) return Syntax.ATT;
        }
        return Syntax.INTEL;
    }

    /** Removes a comment: {@code #}, {@code //} or {@code ;} to the end of the line. */
    static String stripComment(String line) {
        int cut = line.length();
        for (String marker : new String[]{"#", "//", ";"}) {
            int i = line.indexOf(marker);
            if (i >= 0 && i < cut) cut = i;
        }
        return line.substring(0, cut).strip();
    }

    /**
     * Reads one instruction's text (no label, no comment). {@code column0} is the column of the text
     * within its line, for messages.
     */
    public FormMatcher.Parsed read(String code, SourceLocation where, int column0, Syntax syntax) {
        List<String> prefixes = new ArrayList<>();
        String pseudo = null;
        boolean disp8 = false, disp32 = false, vex3 = false;
        int extra = 0;
        String rest = code.strip();
        int col = column0 + (code.length() - code.stripLeading().length());
        while (true) {
            String[] split = firstWord(rest);
            String w = split[0].toLowerCase(Locale.ROOT);
            if (w.startsWith("{") && w.endsWith("}")) {
                switch (w) {
                    case "{load}", "{store}" -> pseudo = w;
                    case "{disp8}" -> disp8 = true;
                    case "{disp32}" -> disp32 = true;
                    case "{vex3}" -> vex3 = true;
                    case "{vex}", "{vex2}", "{nooptimize}" -> { }
                    default -> throw new InputException(where.source(), where.line(), col + 1,
                            "unknown pseudo-prefix " + split[0], "known: {load} {store} {disp8} {disp32} {vex3}");
                }
            } else if (PREFIX_WORDS.contains(w) && split.length > 1) {
                prefixes.add(w);
                if (LENGTH_ONLY_PREFIXES.contains(w)) extra++;
            } else {
                break;
            }
            int skip = rest.length() - split[1].length();
            col += skip;
            rest = split[1];
        }
        String[] split = firstWord(rest);
        String mnemonic = split[0].toLowerCase(Locale.ROOT);
        int mnemonicColumn = col + 1;
        String operandText = split.length > 1 ? split[1] : "";
        int operandsColumn = col + (split.length > 1 ? rest.indexOf(operandText, split[0].length()) : rest.length());
        List<String> operandTexts = new ArrayList<>();
        List<Integer> columns = new ArrayList<>();
        splitOperands(operandText, operandsColumn, operandTexts, columns, where);
        EncodingHints hints = new EncodingHints(disp8, disp32, vex3, extra);
        OperandParser op = new OperandParser(where.source(), where.line());
        if (syntax == Syntax.ATT) {
            return readAtt(prefixes, pseudo, mnemonic, mnemonicColumn, operandTexts, columns, hints, where, code, op);
        }
        boolean branch = isBranchMnemonic(mnemonic);
        List<Operand> operands = new ArrayList<>();
        for (int i = 0; i < operandTexts.size(); i++) operands.add(op.intel(operandTexts.get(i), columns.get(i), branch));
        if (table.isStringMnemonic(mnemonic) && !operands.isEmpty()) {
            // objdump's "movs BYTE PTR es:[rdi],BYTE PTR ds:[rsi]" is movsb; the operands are implicit.
            int width = operands.stream().filter(o -> o instanceof MemoryOperand).mapToInt(o -> ((MemoryOperand) o).width())
                    .findFirst().orElse(0);
            mnemonic = mnemonic + switch (width) {
                case 8 -> "b";
                case 16 -> "w";
                case 32 -> "d";
                case 64 -> "q";
                default -> "";
            };
            operands.clear();
            columns.clear();
        }
        return pseudoOps(new FormMatcher.Parsed(prefixes, pseudo, mnemonic, operands, hints, where, mnemonicColumn,
                columns, code.strip()));
    }

    /** {@code SPACES.split(s, 2)} without the pattern (it ran several times per instruction). */
    private static String[] firstWord(String s) {
        int i = 0;
        while (i < s.length() && !isSpace(s.charAt(i))) i++;
        if (i == s.length()) return new String[]{s};
        int j = i;
        while (j < s.length() && isSpace(s.charAt(j))) j++;
        return new String[]{s.substring(0, i), s.substring(j)};
    }

    /** A regular expression's {@code \s}. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    private FormMatcher.Parsed readAtt(List<String> prefixes, String pseudo, String word, int mnemonicColumn,
                                       List<String> texts, List<Integer> columns, EncodingHints hints,
                                       SourceLocation where, String code, OperandParser op) {
        boolean branch = isBranchMnemonic(word) || isBranchMnemonic(stem(word));
        List<Operand> operands = new ArrayList<>();
        List<Integer> cols = new ArrayList<>();
        for (int i = texts.size() - 1; i >= 0; i--) {
            operands.add(op.att(texts.get(i), columns.get(i), branch));
            cols.add(columns.get(i));
        }
        return new FormMatcher.Parsed(prefixes, pseudo, word, operands, hints, where, mnemonicColumn, cols, code.strip());
    }

    /**
     * The AT&T readings of a mnemonic to try, in order: an alias ({@code movzbl}), the word itself,
     * the word without its size suffix ({@code addl} = add with 32-bit memory).
     */
    public List<FormMatcher.Parsed> attReadings(FormMatcher.Parsed p) {
        List<FormMatcher.Parsed> out = new ArrayList<>();
        String w = p.mnemonic();
        table.attAlias(w).ifPresent(a -> out.add(withMnemonic(p, a.mnemonic(), a.memoryWidth())));
        if (table.knowsMnemonic(w) || table.pseudoOp(w).isPresent() || COMPARE_PSEUDO.matcher(w).matches()) {
            out.add(withMnemonic(p, w, 0));
        }
        String s = stem(w);
        if (!s.equals(w) && (table.knowsMnemonic(s) || table.attAlias(s).isPresent())) {
            int width = switch (w.charAt(w.length() - 1)) {
                case 'b' -> 8;
                case 'w' -> 16;
                case 'l' -> 32;
                default -> 64;
            };
            String m = table.attAlias(s).map(FormTable.AttAlias::mnemonic).orElse(s);
            out.add(withMnemonic(p, m, width));
        }
        if (out.isEmpty()) out.add(p);
        List<FormMatcher.Parsed> resolved = new ArrayList<>();
        for (FormMatcher.Parsed x : out) resolved.add(pseudoOps(x));
        return resolved;
    }

    private static String stem(String w) {
        return w.length() > 2 && "bwlq".indexOf(w.charAt(w.length() - 1)) >= 0 ? w.substring(0, w.length() - 1) : w;
    }

    private static FormMatcher.Parsed withMnemonic(FormMatcher.Parsed p, String mnemonic, int memoryWidth) {
        List<Operand> ops = p.operands();
        if (memoryWidth != 0) {
            List<Operand> sized = new ArrayList<>();
            for (Operand o : ops) sized.add(o instanceof MemoryOperand m && m.width() == 0 ? m.withWidth(memoryWidth) : o);
            ops = sized;
        }
        return new FormMatcher.Parsed(p.prefixes(), p.pseudoPrefix(), mnemonic, ops, p.hints(), p.location(),
                p.mnemonicColumn(), p.operandColumns(), p.text());
    }

    /** {@code cmpltps} is CMPPS with immediate 1; objdump's {@code pclmulhqlqdq} is PCLMULQDQ with 0x01. */
    private FormMatcher.Parsed pseudoOps(FormMatcher.Parsed p) {
        String m = p.mnemonic();
        if (table.knowsMnemonic(m)) return p;
        var pseudo = table.pseudoOp(m);
        if (pseudo.isPresent()) {
            return appendImmediate(p, pseudo.get().mnemonic(), pseudo.get().immediate());
        }
        Matcher c = COMPARE_PSEUDO.matcher(m);
        if (c.matches()) {
            int index = table.comparePredicates().indexOf(c.group(2));
            boolean vex = !c.group(1).isEmpty();
            if (index >= 0 && (vex || index < 8)) return appendImmediate(p, c.group(1) + "cmp" + c.group(3), index);
        }
        return p;
    }

    private static FormMatcher.Parsed appendImmediate(FormMatcher.Parsed p, String mnemonic, long value) {
        List<Operand> ops = new ArrayList<>(p.operands());
        ops.add(new ImmediateOperand(value));
        List<Integer> cols = new ArrayList<>(p.operandColumns());
        cols.add(p.mnemonicColumn());
        return new FormMatcher.Parsed(p.prefixes(), p.pseudoPrefix(), mnemonic, ops, p.hints(), p.location(),
                p.mnemonicColumn(), cols, p.text());
    }

    /** Finds the form of a parsed instruction (trying the AT&T readings in turn). */
    public FormMatcher.Match resolve(FormMatcher.Parsed p, Syntax syntax) {
        if (syntax != Syntax.ATT) return matcher.match(p);
        InputException first = null;
        for (FormMatcher.Parsed reading : attReadings(p)) {
            try {
                return matcher.match(reading);
            } catch (InputException e) {
                if (first == null || !e.getMessage().startsWith("unknown mnemonic")) first = e;
            }
        }
        throw first;
    }

    private boolean isBranchMnemonic(String mnemonic) {
        // Asked for every instruction read; a decoded batch has a few hundred mnemonics.
        return branchMnemonics.computeIfAbsent(mnemonic, this::hasRelativeBranchForm);
    }

    /** {@link #isBranchMnemonic} per mnemonic. */
    private final java.util.Map<String, Boolean> branchMnemonics = new java.util.concurrent.ConcurrentHashMap<>();

    private boolean hasRelativeBranchForm(String mnemonic) {
        for (InstructionForm f : table.byAsmMnemonic(mnemonic)) {
            if (f.has(FormProperty.BRANCH) && f.operands().stream().anyMatch(o -> o.kind().category()
                    == dev.uopsim.isa.OperandKind.Category.RELATIVE)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Splits an operand list at top-level commas, recording each operand's column. An unclosed or
     * stray bracket is an error here: left alone it would swallow the rest of the operand list.
     */
    private static void splitOperands(String text, int column0, List<String> out, List<Integer> columns,
                                      SourceLocation where) {
        if (text.isBlank()) return;
        int depth = 0;
        int start = 0;
        int opened = -1;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ',';
            if (c == '[' || c == '(') {
                if (depth++ == 0) opened = i;
            } else if (c == ']' || c == ')') {
                if (--depth < 0) throw new InputException(where.source(), where.line(), column0 + i + 1,
                        "'" + c + "' closes nothing in operand '" + text.substring(start, i + 1).strip() + "'",
                        "remove it or add the opening bracket");
            } else if (c == ',' && depth == 0) {
                String part = text.substring(start, i);
                int lead = part.length() - part.stripLeading().length();
                out.add(part.strip());
                columns.add(column0 + start + lead + 1);
                start = i + 1;
            } else if (i == text.length()) {
                throw new InputException(where.source(), where.line(), column0 + opened + 1,
                        "unclosed '" + text.charAt(opened) + "' in operand '" + text.substring(start).strip() + "'",
                        "close it with '" + (text.charAt(opened) == '[' ? ']' : ')') + "'");
            }
        }
    }

    /** Labels mapped to the index of the statement they precede. */
    public static Map<String, Integer> labels(List<Statement> statements) {
        Map<String, Integer> map = new LinkedHashMap<>();
        for (int i = 0; i < statements.size(); i++) {
            for (String l : statements.get(i).labels()) map.put(l, i);
        }
        return map;
    }

    /** True for operands that name a branch target (labels are resolved by the layout). */
    static boolean isTarget(Operand o) {
        return o instanceof BranchTarget;
    }
}
