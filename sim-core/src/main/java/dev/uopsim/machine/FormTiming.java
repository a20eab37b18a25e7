package dev.uopsim.machine;

import dev.uopsim.isa.InstructionForm;
import dev.uopsim.model.Unit;
import java.util.List;

/**
 * A form's static timing on one model, computed once at binding: slots, µops with their port
 * bitmasks (bit = the port's index in the model), occupancy of non-pipelined units, and the
 * latency from each input to each output. Immutable; the engine indexes its arrays directly.
 *
 * @param row          the model's row name (a uops.info name; may be an encoding twin of the form's name)
 * @param uopPorts     one entry per µop (repeats expanded): bitmask of the ports it may use
 * @param uopUnit      the non-pipelined unit a µop occupies, or null
 * @param uopOccupancy cycles it occupies that unit (1 = pipelined)
 * @param inputs       what the form reads, in latency-column order
 * @param outputs      what it writes, in latency-row order
 * @param latency      [output][input] cycles, -1 = the output does not depend on that input
 * @param upperBound   [output][input] true when the latency is only an upper bound
 * @param throughput   measured reciprocal throughput, or NaN
 */
public record FormTiming(InstructionForm form, String row, int slots, int[] uopPorts, Unit[] uopUnit, int[] uopOccupancy,
                         List<OperandRef> inputs, List<OperandRef> outputs, int[][] latency, boolean[][] upperBound,
                         double throughput) {

    public int uops() { return uopPorts.length; }

    /** Latency from an input to an output, or -1. */
    public int latency(OperandRef in, OperandRef out) {
        int i = inputs.indexOf(in);
        int o = outputs.indexOf(out);
        return i < 0 || o < 0 ? -1 : latency[o][i];
    }

    /** Largest latency to any output: the form's latency as a single number. */
    public int maxLatency() {
        int max = -1;
        for (int[] row : latency) for (int v : row) max = Math.max(max, v);
        return max;
    }
}
