package dev.uopsim.isa;

import dev.uopsim.common.InputException;
import dev.uopsim.common.Suggestions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Finds the form of a parsed instruction the way GNU as chooses an encoding: among the forms whose
 * mnemonic, prefixes and operand kinds fit, a {@code {load}}/{@code {store}} pseudo-prefix picks
 * an encoding twin, a constant form ({@code SHL (R64, 1)}) beats a general immediate, and otherwise
 * the shortest encoding wins ({@code add eax, 5} is {@code ADD (R32, I8)}, not {@code (EAX, I32)}).
 * With machine code at hand ({@link #matchBytes}) the opcode decides instead.
 */
public final class FormMatcher {
    private final FormTable table;
    /** {@link #candidatesByName} per mnemonic and prefixes (errors are not kept: they name the instruction). */
    private final java.util.Map<String, List<InstructionForm>> candidates = new java.util.concurrent.ConcurrentHashMap<>();

    public FormMatcher(FormTable table) {
        this.table = table;
    }

    public FormTable table() { return table; }

    /**
     * An instruction as a parser read it, before its form is known.
     *
     * @param prefixes      prefix words in lower case ({@code lock}, {@code rep}, {@code data16}...)
     * @param pseudoPrefix  {@code {load}}, {@code {store}} when given, else null
     * @param mnemonic      the mnemonic as written (lower case, AT&T suffix already removed)
     * @param operandColumns 1-based column of each operand, for messages
     */
    public record Parsed(List<String> prefixes, String pseudoPrefix, String mnemonic, List<Operand> operands,
                         EncodingHints hints, SourceLocation location, int mnemonicColumn, List<Integer> operandColumns,
                         String text) {}

    /** The form found and the operands completed with what the form implies (memory widths). */
    public record Match(InstructionForm form, List<Operand> operands, int length) {}

    /** Finds the form for assembly text; throws {@link InputException} saying why none fits. */
    public Match match(Parsed p) {
        List<InstructionForm> candidates = candidatesByName(p);
        List<Match> fitting = new ArrayList<>();
        for (InstructionForm f : candidates) {
            Match m = fit(f, p);
            if (m != null) fitting.add(m);
        }
        if (fitting.isEmpty()) fitting = withImplicitTail(p, candidates);
        if (fitting.isEmpty()) fitting = ignoringMemoryWidth(p, candidates);
        if (fitting.isEmpty()) throw noForm(p, candidates);
        fitting = preferPseudoPrefix(fitting, p.pseudoPrefix());
        checkAmbiguousMemory(fitting, p);
        return fitting.stream().min(Comparator
                .comparingInt((Match m) -> constantRank(m.form()))
                .thenComparingInt(Match::length)
                .thenComparingInt(m -> m.form().id())).orElseThrow();
    }

    /**
     * Finds the form of decoded machine code: the text narrows the candidates, the opcode bytes
     * decide between encodings the text cannot tell apart (imm8 or imm32, 01 or 03).
     */
    public Match matchBytes(Parsed p, byte[] code) {
        List<InstructionForm> candidates = candidatesByName(p);
        OpcodeInfo info = OpcodeInfo.scan(code);
        List<Match> fitting = new ArrayList<>();
        for (InstructionForm f : candidates) {
            // The opcode first: it rules out most forms of a mnemonic at once (fitting has no side effects).
            if (!info.matches(f.encoding())) continue;
            Match m = fit(f, p);
            if (m != null) fitting.add(new Match(m.form(), m.operands(), code.length));
        }
        if (fitting.isEmpty()) {
            for (Match m : withImplicitTail(p, candidates)) {
                if (info.matches(m.form().encoding())) fitting.add(new Match(m.form(), m.operands(), code.length));
            }
        }
        if (fitting.isEmpty()) {
            for (Match m : ignoringMemoryWidth(p, candidates)) {
                if (info.matches(m.form().encoding())) fitting.add(new Match(m.form(), m.operands(), code.length));
            }
        }
        if (fitting.isEmpty()) {
            // The text alone may still be unambiguous (an encoding the table writes differently).
            List<Match> byText = new ArrayList<>();
            for (InstructionForm f : candidates) {
                Match m = fit(f, p);
                if (m != null) byText.add(new Match(m.form(), m.operands(), code.length));
            }
            if (byText.size() == 1 || (!byText.isEmpty() && byText.stream().map(m -> m.form().mnemonic()).distinct().count() == 1
                    && byText.stream().map(m -> m.form().encoding().opcode()).distinct().count() == 1)) {
                return byText.getFirst();
            }
            throw noForm(p, candidates);
        }
        return fitting.stream().min(Comparator
                .comparingInt((Match m) -> info.w() == m.form().encoding().rexW() ? 0 : 1)
                .thenComparingInt((Match m) -> constantRank(m.form()))
                .thenComparingInt(m -> m.form().id())).orElseThrow();
    }

    /**
     * Matches again with a last operand that names an implicit register dropped: assemblers and
     * objdump write {@code blendvps xmm1, xmm2, xmm0} for a form whose XMM0 is implicit. Only tried
     * when nothing fits as written, so {@code imul rax, rax} stays the two-operand IMUL.
     */
    private List<Match> withImplicitTail(Parsed p, List<InstructionForm> candidates) {
        List<Match> out = new ArrayList<>();
        for (InstructionForm f : candidates) {
            Match m = fit(f, p, true);
            if (m != null) out.add(m);
        }
        return out;
    }

    /**
     * Matches again with the memory operand's written size ignored, and keeps the result only when
     * one form remains: objdump prints {@code clflush BYTE PTR [rsi]} for uops.info's
     * {@code CLFLUSH (M512)}, whose size is a cache line, not an operand.
     */
    private List<Match> ignoringMemoryWidth(Parsed p, List<InstructionForm> candidates) {
        if (p.operands().stream().noneMatch(o -> o instanceof MemoryOperand m && m.width() != 0)) return List.of();
        List<Operand> unsized = p.operands().stream()
                .map(o -> o instanceof MemoryOperand m ? (Operand) m.withWidth(0) : o).toList();
        Parsed q = new Parsed(p.prefixes(), p.pseudoPrefix(), p.mnemonic(), unsized, p.hints(), p.location(),
                p.mnemonicColumn(), p.operandColumns(), p.text());
        List<Match> out = new ArrayList<>();
        for (InstructionForm f : candidates) {
            Match m = fit(f, q);
            if (m != null) out.add(m);
        }
        return out.stream().map(m -> m.form().name()).distinct().count() == 1 ? out : List.of();
    }

    private List<InstructionForm> candidatesByName(Parsed p) {
        String mnemonic = table.canonicalMnemonic(p.mnemonic());
        // The same mnemonic and prefixes give the same forms: a decoded batch asks thousands of times.
        String key = mnemonic + ' ' + p.prefixes();
        List<InstructionForm> known = candidates.get(key);
        if (known != null) return known;
        List<InstructionForm> found = findCandidates(p, mnemonic);
        candidates.put(key, found);
        return found;
    }

    private List<InstructionForm> findCandidates(Parsed p, String mnemonic) {
        List<InstructionForm> all = table.byAsmMnemonic(mnemonic);
        if (all.isEmpty()) {
            Set<String> known = new HashSet<>(table.asmMnemonics());
            throw new InputException(p.location().source(), p.location().line(), p.mnemonicColumn(),
                    "unknown mnemonic '" + p.mnemonic() + "'", hintOrNull(Suggestions.didYouMean(p.mnemonic(), known)));
        }
        boolean lock = p.prefixes().contains("lock");
        String rep = p.prefixes().stream().filter(s -> s.startsWith("rep")).findFirst().orElse(null);
        List<InstructionForm> out = new ArrayList<>();
        boolean anyRepForm = all.stream().anyMatch(f -> f.has(FormProperty.REP));
        for (InstructionForm f : all) {
            if (lock != f.asmPrefixes().contains("lock")) continue;
            boolean formRep = f.has(FormProperty.REP);
            if (rep != null && anyRepForm) {
                if (!formRep || !repMatches(rep, f.asmPrefixes())) continue;
            } else if (formRep) {
                continue;
            }
            out.add(f);
        }
        if (out.isEmpty() && lock) {
            throw new InputException(p.location().source(), p.location().line(), p.mnemonicColumn(),
                    "'" + p.mnemonic() + "' cannot take a lock prefix",
                    "only read-modify-write forms with a memory destination can be locked");
        }
        return List.copyOf(out);
    }

    private static boolean repMatches(String written, List<String> formPrefixes) {
        boolean ne = written.equals("repne") || written.equals("repnz");
        return formPrefixes.contains(ne ? "repne" : "rep");
    }

    private static String hintOrNull(String h) {
        return h;
    }

    /** The match of form {@code f}, or null when an operand does not fit. */
    private Match fit(InstructionForm f, Parsed p) {
        return fit(f, p, false);
    }

    /** With {@code implicitTail}, a last operand that names one of the form's implicit registers is dropped. */
    private Match fit(InstructionForm f, Parsed p, boolean implicitTail) {
        List<OperandSpec> specs = f.operands();
        List<Operand> ops = p.operands();
        if (implicitTail) {
            if (ops.size() != specs.size() + 1 || !writesImplicitOperand(f, ops.getLast())) return null;
            ops = ops.subList(0, specs.size());
        }
        if (specs.size() != ops.size()) return null;
        int operationWidth = operationWidth(specs, ops);
        List<Operand> completed = new ArrayList<>(ops.size());
        for (int i = 0; i < specs.size(); i++) {
            Operand o = fitOperand(specs.get(i), ops.get(i), operationWidth, p);
            if (o == null) return null;
            completed.add(o);
        }
        int length = InstructionLength.of(f, completed, p.hints());
        if (length < 0) return null;
        return new Match(f, completed, length);
    }

    /**
     * True when {@code last} is a register the form uses implicitly: assemblers and objdump may
     * write it as an extra last operand ({@code blendvps xmm1, xmm2, xmm0}, {@code sha256rnds2}).
     */
    private static boolean writesImplicitOperand(InstructionForm f, Operand last) {
        if (!(last instanceof RegisterOperand r)) return false;
        for (OperandSpec s : f.implicitOperands()) if (s.register() == r.register()) return true;
        return false;
    }

    /** The width of the operation, for sign-extended immediates: the first register or memory kind. */
    private static int operationWidth(List<OperandSpec> specs, List<Operand> ops) {
        for (OperandSpec s : specs) {
            if (s.kind().isRegister() || s.kind().category() == OperandKind.Category.MEMORY) return s.kind().width();
        }
        return 64;
    }

    private static Operand fitOperand(OperandSpec spec, Operand op, int operationWidth, Parsed p) {
        OperandKind k = spec.kind();
        switch (k.category()) {
            case REGISTER -> {
                if (!(op instanceof RegisterOperand r)) return null;
                Register reg = r.register();
                if (k.fixed() != null) return reg == k.fixed() ? op : null;
                if (reg.registerClass() != k.registerClass()) return null;
                if (k.registerClass() == RegisterClass.GPR) {
                    if (reg.width() != k.width()) return null;
                    if (k.width() == 8 && reg.isHigh8() != k.high8()) return null;
                    return op;
                }
                if (k.registerClass() == RegisterClass.VECTOR) return reg.width() == k.width() ? op : null;
                return op;
            }
            case MEMORY -> {
                if (!(op instanceof MemoryOperand m) || m.vsib()) return null;
                if (m.base() == null && m.index() == null && p.mnemonic().equals("movabs")) return null;
                if (m.width() != 0 && m.width() != k.width()) return null;
                return m.withWidth(k.width());
            }
            case VSIB -> {
                if (!(op instanceof MemoryOperand m) || !m.vsib()) return null;
                if (m.index().width() != k.width()) return null;
                return op;
            }
            case MOFFS -> {
                if (!(op instanceof MemoryOperand m) || m.base() != null || m.index() != null) return null;
                if (!p.mnemonic().equals("movabs")) return null;
                if (m.width() != 0 && m.width() != k.width()) return null;
                return m.withWidth(k.width());
            }
            case AGEN -> {
                if (!(op instanceof MemoryOperand m) || m.vsib()) return null;
                return m.shape(p.hints().disp32()).equals(spec.agenShape()) ? m.withWidth(0) : null;
            }
            case CONSTANT -> {
                return op instanceof ImmediateOperand i && i.known() && i.value() == k.constant() ? op : null;
            }
            case IMMEDIATE -> {
                if (!(op instanceof ImmediateOperand i)) return null;
                boolean fits = spec.slot() == Slot.SIGN_EXTENDED
                        ? fitsSignExtended(i, k.width(), operationWidth)
                        : i.fitsEither(k.width());
                return fits ? op : null;
            }
            case RELATIVE -> {
                return op instanceof BranchTarget || (op instanceof ImmediateOperand i && i.known()) ? op : null;
            }
        }
        return null;
    }


    /** An immediate sign-extended from {@code bits} to the operation width reproduces the value. */
    static boolean fitsSignExtended(ImmediateOperand i, int bits, int operationWidth) {
        if (!i.known()) return bits >= 32;
        long v = i.value();
        if (operationWidth < 64) {
            long limit = 1L << operationWidth;
            if (v >= limit || v < -(limit >> 1)) return false;
            v = (v << (64 - operationWidth)) >> (64 - operationWidth);   // as the operation sees it
        }
        return new ImmediateOperand(v).fitsSigned(bits);
    }

    private static List<Match> preferPseudoPrefix(List<Match> fitting, String pseudo) {
        List<Match> chosen = fitting.stream()
                .filter(m -> pseudo != null && pseudo.equals(m.form().encoding().pseudoPrefix())).toList();
        if (!chosen.isEmpty()) return chosen;
        List<Match> plain = fitting.stream().filter(m -> !isDirectionPrefix(m.form().encoding().pseudoPrefix())).toList();
        if (plain.isEmpty()) return fitting;
        if (pseudo == null) {
            // Unasked, GNU as turns a VEX register move into its store twin when that moves an
            // extended source register from ModRM.rm to ModRM.reg and so fits the two-byte VEX
            // prefix: "vmovaps xmm1, xmm8" is encoded 0F 29.
            int shortest = plain.stream().mapToInt(Match::length).min().orElseThrow();
            List<Match> shorter = fitting.stream()
                    .filter(m -> "{store}".equals(m.form().encoding().pseudoPrefix())
                            && m.form().encoding().scheme() == Encoding.Scheme.VEX && m.length() < shortest)
                    .toList();
            if (!shorter.isEmpty()) return shorter;
        }
        return plain;
    }

    private static boolean isDirectionPrefix(String p) {
        return "{load}".equals(p) || "{store}".equals(p);
    }

    private static int constantRank(InstructionForm f) {
        for (OperandSpec s : f.operands()) if (s.kind().category() == OperandKind.Category.CONSTANT) return 0;
        return 1;
    }

    private void checkAmbiguousMemory(List<Match> fitting, Parsed p) {
        for (int i = 0; i < p.operands().size(); i++) {
            if (!(p.operands().get(i) instanceof MemoryOperand m) || m.width() != 0) continue;
            int index = i;
            Set<Integer> widths = fitting.stream()
                    .map(x -> x.form().operands().get(index).kind())
                    .filter(k -> k.category() == OperandKind.Category.MEMORY)
                    .map(OperandKind::width).collect(Collectors.toCollection(LinkedHashSet::new));
            if (widths.size() > 1) {
                int col = p.operandColumns().size() > i ? p.operandColumns().get(i) : 0;
                String choices = widths.stream().map(w -> MemoryOperand.sizeName(w) + " PTR").collect(Collectors.joining(", "));
                throw new InputException(p.location().source(), p.location().line(), col,
                        "the size of memory operand '" + m.text() + "' is ambiguous for " + p.mnemonic(),
                        "say it, e.g. " + choices + " (AT&T: a b/w/l/q suffix)");
            }
        }
    }

    private InputException noForm(Parsed p, List<InstructionForm> candidates) {
        String kinds = p.operands().stream().map(FormMatcher::describe).collect(Collectors.joining(", "));
        String forms = candidates.stream().filter(f -> f.operands().size() == p.operands().size())
                .map(f -> "(" + String.join(", ", f.kindNames()) + ")").distinct().limit(8).collect(Collectors.joining(" "));
        if (forms.isEmpty()) {
            forms = candidates.stream().map(f -> "(" + String.join(", ", f.kindNames()) + ")").distinct().limit(8)
                    .collect(Collectors.joining(" "));
        }
        String name = p.mnemonic().toUpperCase(Locale.ROOT);
        return new InputException(p.location().source(), p.location().line(), p.mnemonicColumn(),
                "no form of " + name + " takes (" + kinds + ")",
                forms.isEmpty() ? null : name + " takes " + forms);
    }

    /** An operand described in kind terms, for messages: R64, M?, I8... */
    static String describe(Operand o) {
        return switch (o) {
            case RegisterOperand r -> r.register().name();
            case MemoryOperand m -> m.width() == 0 ? "memory" : "M" + m.width();
            case ImmediateOperand i -> "immediate " + i.text();
            case BranchTarget b -> "label " + b.text();
        };
    }
}
