package dev.uopsim.characterize.bench;

import dev.uopsim.characterize.runner.MachineState;
import java.util.List;

/**
 * One microbenchmark: a unit of code repeated {@code copies} times (variant A) and twice that
 * (variant B) in a loop, with the state it starts from. What one copy measures:
 * {@code perCopy} instances of the form (throughput) or one step of a dependency chain (latency).
 *
 * <p>Result per instance: {@code (cycles per copy - sum of subtracted reference latencies
 * - unknownChain) / perCopy}. {@code unknownChain} counts chain instructions whose latency cannot
 * be measured apart (a move between register files, a CMOV reading flags); each takes at least one
 * cycle, so subtracting one each makes the result an upper bound.
 *
 * @param name         {@code <form>-<what>} as in STYLE.md: {@code add_01_r64_r64-latency-op1-op0}
 * @param key          throughput: the sequence ({@code x4}); latency: the pair ({@code op1->op0});
 *                     reference: its id
 * @param variant      empty for the main measurement, else what differs ({@code same-register},
 *                     {@code low-values}, {@code via-int-shuffle}, {@code via-fp-shuffle})
 * @param units        one copy's lines; copy {@code c} uses {@code units.get(c % units.size())}
 *                     (memory addresses rotate so that copies do not chain through memory)
 * @param perIteration lines run once per loop iteration before the copies (stack pointer reset)
 * @param cleanUpper   run VZEROUPPER after loading the state (legacy SSE code must not see dirty
 *                     upper halves, or each instruction merges them)
 */
public record Benchmark(String name, String form, Kind kind, String key, String variant, List<List<String>> units,
                        int perCopy, int copies, List<String> subtract, int unknownChain, boolean upper,
                        MachineState init, long fill, List<String> perIteration, boolean cleanUpper, String chain) {

    public enum Kind { THROUGHPUT, LATENCY, REFERENCE }

    public Benchmark {
        units = units.stream().map(List::copyOf).toList();
        subtract = List.copyOf(subtract);
        perIteration = List.copyOf(perIteration);
    }

    /** Instructions in one copy. */
    public int unitSize() {
        return units.getFirst().size();
    }

    /** Lines of {@code n} copies. */
    public List<String> body(int n) {
        List<String> out = new java.util.ArrayList<>();
        for (int c = 0; c < n; c++) out.addAll(units.get(c % units.size()));
        return out;
    }
}
