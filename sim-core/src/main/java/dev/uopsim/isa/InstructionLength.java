package dev.uopsim.isa;

import java.util.List;

/**
 * The size in bytes of an instruction encoded as its form says, computed from the encoding and the
 * actual operands (REX for r8-r15 and SPL..DIL, two- or three-byte VEX, SIB and displacement from
 * the address). The front end needs it for assembly text, where no machine code exists yet.
 */
public final class InstructionLength {
    private InstructionLength() {}

    /** Returns the length, or -1 when the operands cannot be encoded this way (AH with a REX prefix). */
    public static int of(InstructionForm form, List<Operand> operands, EncodingHints hints) {
        Encoding e = form.encoding();
        List<OperandSpec> specs = form.operands();
        // VEX and EVEX carry the mandatory 66/F2/F3 in their pp field, not as bytes.
        int n = (e.scheme() == Encoding.Scheme.LEGACY ? e.prefixes().size() : 0) + hints.extraPrefixBytes();
        boolean extendedRegOrRm = false;   // needs REX.R / REX.B (or VEX.R / VEX.B)
        boolean extendedBase = false;      // REX.B / VEX.B from a memory base or rm register
        boolean extendedIndex = false;     // REX.X / VEX.X
        boolean byteNeedsRex = false;
        boolean high8 = false;
        boolean evexOnlyRegister = false;
        MemoryOperand memory = null;
        for (int i = 0; i < specs.size() && i < operands.size(); i++) {
            Slot slot = specs.get(i).slot();
            Operand op = operands.get(i);
            if (op instanceof RegisterOperand r) {
                Register reg = r.register();
                if (reg.isHigh8()) high8 = true;
                if (reg.needsRexForByte()) byteNeedsRex = true;
                if (reg.needsEvex()) evexOnlyRegister = true;
                if (reg.isExtended() && (slot == Slot.REG || slot == Slot.OPCODE)) extendedRegOrRm = true;
                if (reg.isExtended() && slot == Slot.RM) extendedBase = true;
            } else if (op instanceof MemoryOperand m && (slot == Slot.RM)) {
                memory = m;
                if (m.base() != null && m.base().isExtended() && m.base() != Register.RIP) extendedBase = true;
                if (m.index() != null && m.index().isExtended()) extendedIndex = true;
                if (m.segment() != null) n++;
                if ((m.base() != null && m.base().width() == 32) || (m.index() != null && m.index().isGpr() && m.index().width() == 32)) n++;
            } else if (op instanceof MemoryOperand m && specs.get(i).kind().category() == OperandKind.Category.MOFFS) {
                if (m.segment() != null) n++;
            }
        }
        switch (e.scheme()) {
            case LEGACY -> {
                boolean rex = e.rexW() || extendedRegOrRm || extendedBase || extendedIndex || byteNeedsRex;
                if (rex && high8) return -1;
                if (rex) n++;
                n += e.map() == 0 ? 1 : e.map() == 1 ? 2 : 3;
            }
            case VEX -> {
                if (evexOnlyRegister) return -1;
                boolean threeBytes = e.map() != 1 || e.rexW() || extendedBase || extendedIndex || hints.vex3();
                n += (threeBytes ? 3 : 2) + 1;
            }
            case EVEX -> n += 4 + 1;
        }
        if (e.fixedModrm() >= 0) {
            n += 1;
        } else if (e.modrmDigit() != Encoding.NO_MODRM) {
            n += 1;
            if (memory != null) n += addressBytes(memory, hints);
        }
        return n + e.immediateBytes() + e.relativeBytes();
    }

    /** SIB and displacement bytes for a memory operand in ModRM.rm. */
    static int addressBytes(MemoryOperand m, EncodingHints hints) {
        if (m.ripRelative()) return 4;
        if (m.base() == null) return 1 + 4;     // SIB with no base, disp32 (absolute or index only)
        boolean sib = m.index() != null || (m.base().number() & 7) == 4;
        int disp = m.displacementSize(hints.disp32());
        if (hints.disp8() && disp == 0) disp = 1;
        return (sib ? 1 : 0) + disp;
    }
}
