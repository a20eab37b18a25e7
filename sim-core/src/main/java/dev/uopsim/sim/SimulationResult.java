package dev.uopsim.sim;

/**
 * The outcome of a simulation.
 *
 * @param cyclesPerIteration cycles per iteration in the steady state (or over the last window when it never settled)
 * @param settled            true when two consecutive windows of iterations agreed
 * @param iterations         iterations simulated
 * @param cycles             cycles simulated
 * @param instructionsPerIteration instructions in one iteration
 * @param uopsPerIteration   execution µops in one iteration
 * @param window             iterations the steady-state figure averages over
 */
public record SimulationResult(String name, String core, double cyclesPerIteration, boolean settled, int iterations,
                               long cycles, int instructionsPerIteration, int uopsPerIteration, int window) {

    public double ipc() {
        return instructionsPerIteration / cyclesPerIteration;
    }

    public double uopsPerCycle() {
        return uopsPerIteration / cyclesPerIteration;
    }
}
