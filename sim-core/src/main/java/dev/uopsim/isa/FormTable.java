package dev.uopsim.isa;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * All instruction forms the instruction model knows, read from the form table resources
 * ({@code dev/uopsim/isa/forms/*.forms}, listed in {@code INDEX}), with the lookups the parsers need.
 */
public final class FormTable {
    private static final String DIRECTORY = "/dev/uopsim/isa/forms/";
    private static volatile FormTable shipped;

    private final List<InstructionForm> forms;
    private final Map<String, InstructionForm> byName;
    private final Map<String, List<InstructionForm>> byAsmMnemonic = new HashMap<>();
    private final Map<String, String> synonyms;
    private final Map<String, AttAlias> attAliases;
    private final Map<String, PseudoOp> pseudoOps;
    private final List<String> comparePredicates;
    private final java.util.Set<String> stringMnemonics;
    private final Map<String, String> unsupported;

    /** An AT&T mnemonic that names an Intel one, with the memory operand width it implies. */
    public record AttAlias(String mnemonic, int memoryWidth) {}

    /** A mnemonic that stands for another with a fixed immediate (objdump's {@code pclmullqhqdq}). */
    public record PseudoOp(String mnemonic, long immediate) {}

    FormTable(List<InstructionForm> forms, Map<String, InstructionForm> byName, Map<String, String> synonyms,
              Map<String, AttAlias> attAliases, Map<String, PseudoOp> pseudoOps, List<String> comparePredicates,
              java.util.Set<String> stringMnemonics, Map<String, String> unsupported) {
        this.forms = List.copyOf(forms);
        this.byName = Map.copyOf(byName);
        this.synonyms = Map.copyOf(synonyms);
        this.attAliases = Map.copyOf(attAliases);
        this.pseudoOps = Map.copyOf(pseudoOps);
        this.comparePredicates = List.copyOf(comparePredicates);
        this.stringMnemonics = java.util.Set.copyOf(stringMnemonics);
        this.unsupported = Collections.unmodifiableMap(unsupported);
        for (InstructionForm f : forms) {
            byAsmMnemonic.computeIfAbsent(f.asmMnemonic(), k -> new ArrayList<>()).add(f);
        }
    }

    /** The table shipped with uopsim (loaded once). */
    public static FormTable shipped() {
        FormTable t = shipped;
        if (t == null) {
            synchronized (FormTable.class) {
                t = shipped;
                if (t == null) shipped = t = load();
            }
        }
        return t;
    }

    private static FormTable load() {
        FormTableReader reader = new FormTableReader();
        for (String file : lines("INDEX")) {
            reader.read(file, lines(file));
        }
        return reader.build();
    }

    private static List<String> lines(String file) {
        String path = DIRECTORY + file.strip();
        try (InputStream in = FormTable.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException("form table resource " + path + " is missing");
            List<String> out = new ArrayList<>();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    if (file.equals("INDEX") && (l.isBlank() || l.startsWith("#"))) continue;
                    out.add(l);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a table from text (tests, experiments); {@code file} names it in errors. */
    public static FormTable parse(String file, List<String> lines) {
        FormTableReader reader = new FormTableReader();
        reader.read(file, lines);
        return reader.build();
    }

    public List<InstructionForm> forms() { return forms; }

    public int size() { return forms.size(); }

    public InstructionForm form(int id) { return forms.get(id); }

    /** The form with this name or uops.info name. */
    public Optional<InstructionForm> byName(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Every name (forms and the uops.info names they record). */
    public java.util.Set<String> names() { return byName.keySet(); }

    /** Forms an assembler writes with this mnemonic (lower case, synonyms resolved). */
    public List<InstructionForm> byAsmMnemonic(String mnemonic) {
        return byAsmMnemonic.getOrDefault(canonicalMnemonic(mnemonic), List.of());
    }

    /** True when some form is written with this mnemonic (after synonyms). */
    public boolean knowsMnemonic(String mnemonic) {
        return byAsmMnemonic.containsKey(canonicalMnemonic(mnemonic));
    }

    public java.util.Set<String> asmMnemonics() {
        return byAsmMnemonic.keySet();
    }

    public String canonicalMnemonic(String mnemonic) {
        String m = mnemonic.toLowerCase(Locale.ROOT);
        return synonyms.getOrDefault(m, m);
    }

    public Optional<AttAlias> attAlias(String mnemonic) {
        return Optional.ofNullable(attAliases.get(mnemonic.toLowerCase(Locale.ROOT)));
    }

    public Optional<PseudoOp> pseudoOp(String mnemonic) {
        return Optional.ofNullable(pseudoOps.get(mnemonic.toLowerCase(Locale.ROOT)));
    }

    /** Comparison predicates in immediate order: {@code cmpltps} is CMPPS with immediate 1. */
    public List<String> comparePredicates() { return comparePredicates; }

    /**
     * String instructions objdump prints with operands ({@code rep movs BYTE PTR es:[rdi],...}):
     * the operand width names the form ({@code movsb}) and the operands are implicit.
     */
    public boolean isStringMnemonic(String mnemonic) {
        return stringMnemonics.contains(mnemonic.toLowerCase(Locale.ROOT));
    }

    /** uops.info rows deliberately not modelled, with the reason. */
    public Map<String, String> unsupported() { return unsupported; }
}
