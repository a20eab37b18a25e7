package dev.uopsim.sim;

import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.ImmediateOperand;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.MemoryOperand;
import dev.uopsim.isa.Operand;
import java.util.List;

/** Which adjacent instruction pairs a core fuses into one slot (CMP + JCC and the like). */
final class MacroFusion {
    private MacroFusion() {}

    /** {@code second[i]} is true when instruction i is the branch of a fused pair. */
    static boolean[] secondOfPair(List<StaticInstruction> code, List<CoreSpec.FusionRule> rules) {
        boolean[] second = new boolean[code.size()];
        for (int i = 0; i + 1 < code.size(); i++) {
            if (second[i]) continue;
            if (fuses(code.get(i), code.get(i + 1), rules)) second[i + 1] = true;
        }
        return second;
    }

    static boolean fuses(StaticInstruction first, StaticInstruction branch, List<CoreSpec.FusionRule> rules) {
        // Most instructions are no branch: known without asking the form's properties.
        return branch.branch && fuses(first.instruction, branch.instruction, rules);
    }

    static boolean fuses(Instruction first, Instruction branch, List<CoreSpec.FusionRule> rules) {
        var bf = branch.form();
        if (!bf.has(FormProperty.BRANCH) || !bf.has(FormProperty.CONDITIONAL)) return false;
        String firstName = first.form().asmMnemonic();
        String branchName = bf.asmMnemonic();
        boolean memory = false, immediate = false;
        for (Operand o : first.operands()) {
            memory |= o instanceof MemoryOperand m && m.width() != 0;
            immediate |= o instanceof ImmediateOperand;
        }
        for (CoreSpec.FusionRule r : rules) {
            if (!r.first().contains(firstName) || !(r.second().contains(branchName) || r.second().contains("*"))) continue;
            if (memory && !r.memory()) continue;
            if (memory && immediate && !r.memoryImmediate()) continue;
            return true;
        }
        return false;
    }
}
