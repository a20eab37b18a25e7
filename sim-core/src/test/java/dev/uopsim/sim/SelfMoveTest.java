package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A register move the renamer eliminates (the table gives it no µop) is not eliminated from a register
 * to itself: it zero-extends, one ALU µop and a cycle. Measured on the development host: `cmp ecx, edx;
 * setnz al; movzx eax, al` 2.00 cycles a copy (the chain through AL and EAX), `movzx eax, cl` 0.51.
 */
class SelfMoveTest {
    /** The fixture's rules, but the moves the renamer eliminates have no µop (as the Skylake table has them). */
    private static final TimingTable ELIMINATED = form -> {
        if (form.name().equals("MOVZX (R32, R8l)") || form.name().startsWith("MOV_89 ")) {
            return new FormTiming(1, List.of(), LatencyTable.uniform(0));
        }
        return TestCores.RULES.timing(form);
    };

    private static double cycles(String... lines) {
        return TestCores.cyclesPerIteration(TestCores.skylakeLike(), ELIMINATED, TestCores.unrolled(lines));
    }

    @Test
    void aMoveOfARegisterIntoItselfTakesAnAluMicroOpAndACycle() {
        assertEquals(2.0, cycles("add eax, 0x1", "movzx eax, al"), 0.05, "add, then the zero extension");
        assertEquals(2.0, cycles("add eax, 0x1", "mov eax, eax"), 0.05);
        assertEquals(1.0, cycles("add eax, 0x1", "movzx ecx, al"), 0.05, "into another register: eliminated");
        var code = StaticInstruction.of(TestCores.skylakeLike(), ELIMINATED, TestCores.unrolled("movzx eax, al", "movzx ecx, al"));
        assertEquals(1, code.get(0).uops.length);
        assertEquals(TestCores.RULES.timing(dev.uopsim.isa.FormTable.shipped().byName("MOV (R32, I32)").orElseThrow()).uops().getFirst().portMask(),
                code.get(0).uops[0].portMask(), "on the ports of MOV r32, imm32");
        assertEquals(0, code.get(1).uops.length);
    }
}
