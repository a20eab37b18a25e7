package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A CMOVcc or SETcc whose flags come from a logical operation is a cycle slower from each input where
 * the model says so. Measured on the development host: `test ecx, ecx; cmovz r8, rax` 2.0 cycles a pair
 * (the r8 chain), with `cmp ecx, edx` before the CMOV 1.0, with a CMP between TEST and CMOV 1.0;
 * `test rax, rax; cmovz rax, rdx` 3.0 (the chain through the flags), with CMP 2.0.
 */
class LogicFlagsTest {
    private static CoreSpec slowAfterLogic() {
        CoreSpec c = TestCores.skylakeLike(false);
        CoreSpec.RenameFeatures r = c.rename();
        CoreSpec.RenameFeatures f = new CoreSpec.RenameFeatures(r.moveEliminationGpr(), r.moveEliminationVector(), r.zeroIdioms(),
                r.onesIdioms(), r.carryIdioms(), r.partialRegisterMerge(), r.moveFusion(), r.serializing(), r.foldedImmediates(),
                new CoreSpec.LogicFlags(List.of("TEST", "AND", "OR", "XOR"), List.of("CMOV", "SET"), 1, true), r.sseZeroIdioms());
        return new CoreSpec(c.name(), c.portNames(), c.frontEnd(), c.renameWidth(), c.robSize(), c.retireWidth(), c.schedulers(),
                c.portPolicy(), c.loadStore(), f, c.bypass());
    }

    private static double cycles(CoreSpec core, String... lines) {
        return TestCores.cyclesPerIteration(core, new SimulationInput("test", TestCores.code(lines), false, true, java.util.Map.of(), true));
    }

    @Test
    void theConsumersChainSlowsAfterALogicalOperationOnly() {
        CoreSpec core = slowAfterLogic();
        assertEquals(1.0, cycles(TestCores.skylakeLike(false), "test ecx, ecx", "cmovz r8, rax"), 0.05, "no rule");
        assertEquals(2.0, cycles(core, "test ecx, ecx", "cmovz r8, rax"), 0.05, "after TEST");
        assertEquals(2.0, cycles(core, "and ecx, edx", "nop", "cmovz r8, rax"), 0.05, "after AND, a NOP between");
        assertEquals(1.0, cycles(core, "cmp ecx, edx", "cmovz r8, rax"), 0.05, "after CMP");
        assertEquals(1.0, cycles(core, "test ecx, ecx", "cmp ecx, edx", "cmovz r8, rax"), 0.05, "the nearest flag writer decides");
        assertEquals(1.0, cycles(core, "test ecx, ecx", "adc r8, rax"), 0.05, "ADC is not listed");
        // the flags path is slower too
        assertEquals(3.0, cycles(core, "test rax, rax", "cmovz rax, rdx"), 0.05, "through the flags after TEST");
        assertEquals(2.0, cycles(core, "cmp rax, rdx", "cmovz rax, rdx"), 0.05, "through the flags after CMP");
    }
}
