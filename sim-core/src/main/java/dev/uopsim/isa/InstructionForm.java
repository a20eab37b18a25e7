package dev.uopsim.isa;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * One instruction form, the join key between instructions, machine models and measurements:
 * {@code ADD (R64, I8)} in uops.info notation, with what it reads and writes.
 *
 * <p>Forms are immutable and interned by {@link FormTable}; {@link #id()} is dense.
 *
 * @param name           the form's name, e.g. {@code ADD_01 (R64, R64)}
 * @param mnemonic       the name's mnemonic part, e.g. {@code ADD_01}
 * @param uopsInfoNames  the uops.info rows this form stands for (the name, or encoding twins
 *                       with identical behaviour that share this form)
 * @param extension      ISA extension as uops.info's family column spells it (BASE, SSE2, AVX2...)
 * @param operands       explicit operands in Intel order (destination first)
 * @param implicitOperands registers and memory the instruction uses without naming them
 * @param flagsRead      {@link Flag} mask read
 * @param flagsWritten   {@link Flag} mask written with a defined value
 * @param flagsUndefined {@link Flag} mask left undefined (the hardware writes them: a new value)
 * @param asmMnemonic    the mnemonic an assembler takes, without prefixes ({@code add})
 * @param asmPrefixes    prefixes written before the mnemonic ({@code lock}, {@code rep})
 * @param stackDelta     change of RSP, in bytes, for stack instructions (PUSH: -8)
 * @param origin         where the table defines it, {@code base.forms:120}
 */
public record InstructionForm(int id, String name, String mnemonic, List<String> uopsInfoNames, String extension,
                              List<OperandSpec> operands, List<OperandSpec> implicitOperands,
                              int flagsRead, int flagsWritten, int flagsUndefined,
                              Set<FormProperty> properties, Idiom idiom, Encoding encoding,
                              String asmMnemonic, List<String> asmPrefixes, int stackDelta, String origin) {

    public InstructionForm {
        properties = properties.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(properties));
    }

    public boolean has(FormProperty p) {
        return properties.contains(p);
    }

    public boolean readsMemory() {
        return anyMemory(true);
    }

    public boolean writesMemory() {
        return anyMemory(false);
    }

    private boolean anyMemory(boolean read) {
        for (OperandSpec o : operands) {
            if (o.kind().isMemory() && (read ? o.access().reads() : o.access().writes())) return true;
        }
        for (OperandSpec o : implicitOperands) {
            if (o.memory() != null && (read ? o.access().reads() : o.access().writes())) return true;
        }
        return false;
    }

    /** The explicit operands, then the implicit ones. */
    public List<OperandSpec> allOperands() {
        List<OperandSpec> all = new java.util.ArrayList<>(operands);
        all.addAll(implicitOperands);
        return all;
    }

    /** Flags written with a value, defined or not. */
    public int flagsModified() {
        return flagsWritten | flagsUndefined;
    }

    /** The operand kinds as in the name, e.g. {@code [R64, I8]}. */
    public List<String> kindNames() {
        return operands.stream().filter(o -> o.kind().category() != OperandKind.Category.AGEN)
                .map(o -> o.kind().name()).toList();
    }

    @Override
    public String toString() { return name; }
}
