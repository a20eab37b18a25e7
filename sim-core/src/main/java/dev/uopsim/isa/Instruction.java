package dev.uopsim.isa;

import java.util.ArrayList;
import java.util.List;

/**
 * A decoded instruction: its form, its operands, its size and where it came from. The accessors
 * say what it reads and writes, combining the form's semantics with the actual registers (an
 * idiom only applies when the registers are the same; a memory operand reads its base and index).
 *
 * @param address offset of the instruction from the start of its block, in bytes
 * @param bytes   the machine code when it is known (decoded from hex), else null
 */
public record Instruction(InstructionForm form, List<Operand> operands, int length, long address, byte[] bytes,
                          EncodingHints hints, SourceLocation location, String text) {

    /** How an instruction uses a register. */
    public enum Role { VALUE, ADDRESS }

    public record RegisterUse(Register register, Access access, Role role, int operand) {}

    /** How a register write covers the architectural register it belongs to. */
    public enum WriteCoverage {
        /** The whole root register gets a new value (EAX writes zero-extend into RAX; VEX zeroes above). */
        FULL,
        /** Only part of the root is written; the rest keeps its old value, which is an input (AL, AX, legacy SSE). */
        PARTIAL
    }

    /**
     * Whether writing {@code r} replaces its whole root register: a 32- or 64-bit GPR write does
     * (x86-64 zero-extends 32-bit results), an 8- or 16-bit one merges; a VEX or EVEX vector write
     * zeroes the bits above it, a legacy SSE write of an XMM register keeps the upper YMM/ZMM bits.
     */
    public WriteCoverage coverage(Register r) {
        if (r.isRoot()) return WriteCoverage.FULL;
        if (r.isGpr()) return r.width() >= 32 ? WriteCoverage.FULL : WriteCoverage.PARTIAL;
        if (r.isVector()) return form.encoding().scheme() == Encoding.Scheme.LEGACY ? WriteCoverage.PARTIAL : WriteCoverage.FULL;
        return WriteCoverage.FULL;
    }

    /**
     * A memory access: an explicit operand (then {@code operand} is its index) or an implicit one
     * (index -1, {@code implicitMemory} set).
     */
    public record MemoryAccess(MemoryOperand explicit, ImplicitMemory implicitMemory, Access access, int width, int operand) {}

    public Instruction withAddress(long newAddress) {
        return new Instruction(form, operands, length, newAddress, bytes, hints, location, text);
    }

    public Instruction withOperands(List<Operand> newOperands) {
        return new Instruction(form, newOperands, length, address, bytes, hints, location, text);
    }

    /** Every register read or written, explicit, implicit, and as part of an address. */
    public List<RegisterUse> registerUses() {
        List<RegisterUse> uses = new ArrayList<>();
        boolean idiom = idiomApplies();
        List<OperandSpec> specs = form.operands();
        for (int i = 0; i < specs.size() && i < operands.size(); i++) {
            OperandSpec spec = specs.get(i);
            Operand op = operands.get(i);
            if (op instanceof RegisterOperand r) {
                Access a = spec.access();
                // An idiom's sources carry no dependence: what is left is the write.
                if (idiom && a.reads()) a = a.writes() ? Access.WRITE : null;
                if (a != null) uses.add(new RegisterUse(r.register(), a, Role.VALUE, i));
            } else if (op instanceof MemoryOperand m) {
                if (m.base() != null && m.base() != Register.RIP) uses.add(new RegisterUse(m.base(), Access.READ, Role.ADDRESS, i));
                if (m.index() != null) uses.add(new RegisterUse(m.index(), Access.READ, Role.ADDRESS, i));
            }
        }
        for (OperandSpec spec : form.implicitOperands()) {
            if (spec.register() != null) {
                uses.add(new RegisterUse(spec.register(), spec.access(), Role.VALUE, -1));
            } else if (spec.memory() != null) {
                uses.add(new RegisterUse(spec.memory().base(), Access.READ, Role.ADDRESS, -1));
            }
        }
        return uses;
    }

    /** Every memory location read or written. */
    public List<MemoryAccess> memoryAccesses() {
        List<MemoryAccess> list = new ArrayList<>();
        List<OperandSpec> specs = form.operands();
        for (int i = 0; i < specs.size() && i < operands.size(); i++) {
            OperandSpec spec = specs.get(i);
            if (operands.get(i) instanceof MemoryOperand m && spec.kind().isMemory() && spec.access() != Access.NONE) {
                list.add(new MemoryAccess(m, null, spec.access(), spec.kind().width(), i));
            }
        }
        for (OperandSpec spec : form.implicitOperands()) {
            if (spec.memory() != null) list.add(new MemoryAccess(null, spec.memory(), spec.access(), spec.memory().width(), -1));
        }
        return list;
    }

    /**
     * True when the form has an idiom and all its register source operands are one register
     * (at least two of them): {@code xor eax, eax}, {@code vpxor xmm0, xmm1, xmm1}.
     */
    public boolean idiomApplies() {
        if (form.idiom() == Idiom.NONE) return false;
        Register same = null;
        int sources = 0;
        List<OperandSpec> specs = form.operands();
        for (int i = 0; i < specs.size() && i < operands.size(); i++) {
            if (!specs.get(i).access().reads()) continue;
            if (!(operands.get(i) instanceof RegisterOperand r)) {
                if (operands.get(i) instanceof MemoryOperand) return false;
                continue;
            }
            if (same == null) same = r.register();
            else if (same != r.register()) return false;
            sources++;
        }
        return sources >= 2;
    }

    /** Flags read; an idiom such as {@code sbb eax, eax} still reads CF. */
    public int flagsRead() { return form.flagsRead(); }

    /** Flags given a new value (defined or undefined). */
    public int flagsWritten() { return form.flagsModified(); }

    /** Intel-syntax text rebuilt from the form and operands. */
    public String intelText() {
        StringBuilder sb = new StringBuilder();
        for (String p : form.asmPrefixes()) sb.append(p).append(' ');
        sb.append(form.asmMnemonic());
        for (int i = 0; i < operands.size(); i++) {
            sb.append(i == 0 ? " " : ", ").append(operands.get(i).text());
        }
        return sb.toString();
    }

    @Override
    public String toString() { return intelText() + "  ; " + form.name(); }
}
