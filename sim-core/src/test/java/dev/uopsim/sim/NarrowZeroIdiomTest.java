package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * XOR of an 8- or 16-bit register with itself is no zero idiom where partial writes merge into the
 * full register: the result keeps the upper bits, so it waits for the register's last writer.
 * Measured on the development host (uopsim measure, unrolled): twelve XOR AL, AL 1.0 cycle each,
 * XOR AX, AX and XOR R8B, R8B the same, twelve XOR EAX, EAX 0.17 (eliminated, six a cycle).
 */
class NarrowZeroIdiomTest {
    private static double perInstruction(String line) {
        String[] lines = new String[12];
        java.util.Arrays.fill(lines, line);
        return TestCores.cyclesPerIteration(TestCores.skylakeLike(false),
                new SimulationInput("test", TestCores.code(lines), false, true, java.util.Map.of(), true)) / 12;
    }

    @Test
    void aNarrowXorWithItselfWaitsForTheRegister() {
        // given the fixture's 4-wide renamer, an eliminated idiom costs a quarter cycle
        assertEquals(0.25, perInstruction("xor eax, eax"), 0.02, "32-bit: eliminated");
        assertEquals(1.0, perInstruction("xor al, al"), 0.02, "8-bit: merged, a 1-cycle chain");
        assertEquals(1.0, perInstruction("xor ax, ax"), 0.02, "16-bit: merged");
    }
}
