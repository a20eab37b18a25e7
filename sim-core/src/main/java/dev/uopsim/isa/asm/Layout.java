package dev.uopsim.isa.asm;

import dev.uopsim.common.InputException;
import dev.uopsim.isa.BranchTarget;
import dev.uopsim.isa.FormMatcher;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.InstructionLength;
import dev.uopsim.isa.Operand;
import dev.uopsim.isa.OperandKind;
import dev.uopsim.isa.OperandSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns parsed statements into placed instructions: finds each form, gives each instruction its
 * offset, and resolves branch labels, widening an 8-bit branch displacement to 32 bits where the
 * target is out of reach (as an assembler relaxes branches).
 */
public final class Layout {
    private Layout() {}

    public static List<Instruction> place(AssemblyParser parser, AssemblyParser.Listing listing) {
        List<AssemblyParser.Statement> statements = listing.statements();
        List<FormMatcher.Match> matches = new ArrayList<>();
        for (AssemblyParser.Statement s : statements) matches.add(parser.resolve(s.parsed(), listing.syntax()));
        Map<String, Integer> labels = AssemblyParser.labels(statements);
        for (String end : listing.endLabels()) labels.put(end, statements.size());
        FormTable table = parser.matcher().table();
        long[] addresses = new long[statements.size() + 1];
        for (int round = 0; round < 16; round++) {
            long a = 0;
            for (int i = 0; i < matches.size(); i++) {
                addresses[i] = a;
                a += matches.get(i).length();
            }
            addresses[matches.size()] = a;
            boolean changed = false;
            for (int i = 0; i < matches.size(); i++) {
                FormMatcher.Match m = matches.get(i);
                int rel = relativeOperand(m.form());
                if (rel < 0 || m.form().operands().get(rel).kind().width() != 8) continue;
                Operand target = m.operands().get(rel);
                boolean fits;
                if (target instanceof BranchTarget b && b.label() != null && !labels.containsKey(b.label()) && hereDisplacement(b.label()) != null) {
                    fits = fitsByte(addresses[i] + hereDisplacement(b.label()) - (addresses[i] + m.length()));
                } else if (target instanceof BranchTarget b && b.label() != null) {
                    Integer index = labels.get(b.label());
                    fits = index != null && fitsByte(addresses[index] - (addresses[i] + m.length()));
                } else {
                    long offset = target instanceof BranchTarget b ? b.offset() : 0;
                    fits = fitsByte(offset - (addresses[i] + m.length()));
                }
                if (!fits) {
                    InstructionForm wide = widerSibling(table, m.form(), rel);
                    if (wide == null) {
                        var p = statements.get(i).parsed();
                        throw new InputException(p.location().source(), p.location().line(), p.mnemonicColumn(),
                                "the target of '" + p.text() + "' is out of reach of an 8-bit displacement", null);
                    }
                    int len = InstructionLength.of(wide, m.operands(), statements.get(i).parsed().hints());
                    matches.set(i, new FormMatcher.Match(wide, m.operands(), len));
                    changed = true;
                }
            }
            if (!changed) break;
        }
        List<Instruction> out = new ArrayList<>();
        for (int i = 0; i < matches.size(); i++) {
            FormMatcher.Match m = matches.get(i);
            var p = statements.get(i).parsed();
            List<Operand> ops = new ArrayList<>(m.operands());
            int rel = relativeOperand(m.form());
            if (rel >= 0 && ops.get(rel) instanceof BranchTarget b && b.label() != null) {
                Integer index = labels.get(b.label());
                Long here = index == null ? hereDisplacement(b.label()) : null;
                ops.set(rel, new BranchTarget(b.label(), index != null ? addresses[index] : here != null ? addresses[i] + here : -1));
            }
            out.add(new Instruction(m.form(), List.copyOf(ops), m.length(), addresses[i], null, p.hints(), p.location(), p.text()));
        }
        return out;
    }

    /** The displacement of a target written with GNU as's location counter ('.', '.+4', '.-0x10') from its instruction, or null. */
    static Long hereDisplacement(String target) {
        var m = OperandParser.HERE.matcher(target.strip());
        if (!m.matches()) return null;
        if (m.group(1) == null) return 0L;
        Long v = Numbers.evaluate(m.group(2));
        return v == null ? null : m.group(1).equals("-") ? -v : v;
    }

    private static boolean fitsByte(long displacement) {
        return displacement >= -128 && displacement <= 127;
    }

    static int relativeOperand(InstructionForm form) {
        List<OperandSpec> ops = form.operands();
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i).kind().category() == OperandKind.Category.RELATIVE) return i;
        }
        return -1;
    }

    /** The same instruction with a 32-bit displacement ({@code JZ (Rel32)} for {@code JZ (Rel8)}). */
    static InstructionForm widerSibling(FormTable table, InstructionForm form, int rel) {
        for (InstructionForm f : table.byAsmMnemonic(form.asmMnemonic())) {
            if (f.operands().size() != form.operands().size() || !f.asmPrefixes().equals(form.asmPrefixes())) continue;
            boolean same = true;
            for (int i = 0; i < f.operands().size() && same; i++) {
                OperandKind a = f.operands().get(i).kind();
                OperandKind b = form.operands().get(i).kind();
                same = i == rel ? a.category() == OperandKind.Category.RELATIVE && a.width() == 32 : a.equals(b);
            }
            if (same) return f;
        }
        return null;
    }
}
