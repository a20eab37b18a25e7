package dev.uopsim.sim;

import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.ImmediateOperand;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.OperandKind;
import dev.uopsim.isa.OperandSpec;
import dev.uopsim.isa.RegisterOperand;
import java.util.List;

/**
 * Which register moves a core folds into the ALU operation right after them: MOV r1, r2 then
 * ADD r1, imm32 runs as one slot and one µop computing r1 = r2 + imm32 (the move is gone).
 */
final class MoveFusion {
    private MoveFusion() {}

    /**
     * {@code absorbed[i]} is true when instruction i is a move the next instruction absorbs. A move
     * before an operation that itself fuses with a branch stays apart: which of the two pairs the
     * core would form is not known.
     */
    static boolean[] absorbed(List<Instruction> code, CoreSpec core) {
        boolean[] out = new boolean[code.size()];
        CoreSpec.MoveFusionRule rule = core.rename().moveFusion();
        if (!rule.any()) return out;
        for (int i = 0; i + 1 < code.size(); i++) {
            if (!absorbs(rule, code.get(i), code.get(i + 1))) continue;
            if (i + 2 < code.size() && MacroFusion.fuses(code.get(i + 1), code.get(i + 2), core.frontEnd().macroFusion())) continue;
            out[i] = true;
            i++;               // the operation cannot also absorb what follows it
        }
        return out;
    }

    static boolean absorbs(CoreSpec.MoveFusionRule rule, Instruction move, Instruction next) {
        if (!move.form().has(FormProperty.MOVE_ELIMINATION) || move.operands().size() != 2) return false;
        if (!(move.operands().get(0) instanceof RegisterOperand to) || !(move.operands().get(1) instanceof RegisterOperand from)) return false;
        if (!to.register().isGpr() || !from.register().isGpr() || to.register().width() != from.register().width()) return false;
        if (to.register().width() < 32 || to.register().root() == from.register().root()) return false;
        if (!rule.operations().contains(next.form().asmMnemonic()) || next.operands().size() != 2) return false;
        if (!(next.operands().get(0) instanceof RegisterOperand target) || target.register() != to.register()) return false;
        if (!(next.operands().get(1) instanceof ImmediateOperand)) return false;
        for (OperandSpec spec : next.form().operands()) {
            if (spec.kind().category() == OperandKind.Category.IMMEDIATE) return spec.kind().width() == rule.immediateBits();
        }
        return false;
    }
}
