package dev.uopsim.characterize.runner;

/**
 * One of a job's two code variants (N and 2N): its machine code, the state it starts from, and how
 * its iteration count is set. With a memory counter the worker writes {@code loops * mult} to the
 * control page's counter, which the generated loop decrements; with a register counter it sets that
 * register to {@code base + step * loops * mult} (a kernel's own loop bound).
 */
public record Variant(byte[] code, MachineState state, boolean registerCounter, int counterRegister, long mult,
                      long base, long step) {

    public static Variant memoryCounter(byte[] code, MachineState state, long mult) {
        return new Variant(code, state, false, 0, mult, 0, 0);
    }

    public static Variant registerCounter(byte[] code, MachineState state, int register, long mult, long base, long step) {
        return new Variant(code, state, true, register, mult, base, step);
    }
}
