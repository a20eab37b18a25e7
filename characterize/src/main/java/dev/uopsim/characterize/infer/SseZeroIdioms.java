package dev.uopsim.characterize.infer;

import dev.uopsim.characterize.bench.Benchmark;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether this core eliminates zero idioms in legacy SSE encoding. {@code PXOR xmm, xmm} keeps the
 * upper bits of the YMM register, so a core may run it on a vector port where the VEX form takes
 * none: a Zen 4 guest ran twelve PXORs on distinct registers in 3.0 cycles (four a cycle, its four
 * FP pipes) and twelve VPXORs in 2.0 (the rename width). The generator breaks the chains of legacy
 * SSE forms with such PXORs, so the class pairs need the answer too (a pair of MULPS and VPSHUFB with
 * two PXORs read 1.65 cycles: no shared port, but six µops on four pipes).
 */
public final class SseZeroIdioms {
    private SseZeroIdioms() {}

    /** Idioms in one copy of the probe, each on its own register. */
    static final int PER_COPY = 12;

    /** A probe within this fraction of the front end's pace (1 / width a slot) counts as eliminated. */
    static final double ELIMINATED_SLACK = 0.1;

    /** The probe: twelve {@code pxor xmmN, xmmN}, N = 2..13, upper halves clean. */
    public static Benchmark benchmark(String name) {
        List<String> unit = new ArrayList<>();
        for (int i = 0; i < PER_COPY; i++) unit.add(String.format(Locale.ROOT, "pxor xmm%d, xmm%d", i + 2, i + 2));
        return new Benchmark(name, "PXOR (XMM, XMM)", Benchmark.Kind.THROUGHPUT, "zero-idiom-sse", "", List.of(unit), PER_COPY, 4, List.of(), 0,
                false, new dev.uopsim.characterize.runner.MachineState(), 0, List.of(), true, "none: each idiom writes its own register");
    }

    /**
     * The probe's answer.
     *
     * @param cycles     cycles per idiom measured (NaN: not measured)
     * @param eliminated the idioms ran at the front end's pace
     * @param ports      the ports they ran on when executed (1 / cycles), else 0
     */
    public record Verdict(double cycles, boolean eliminated, int ports) {
        /** Settled: eliminated, or a whole number of ports. */
        public boolean settled() { return eliminated || ports > 0; }

        /** The model's spelling of the handling, or null when not settled. */
        public String handling() {
            return eliminated ? "eliminated" : ports > 0 ? "dependency-breaking" : null;
        }

        /** Cycles each executed idiom takes of its ports, or 0 when they take none (or it is not known). */
        public double executedCycles() {
            return !eliminated && ports > 0 ? 1.0 / ports : 0;
        }

        public static final Verdict UNKNOWN = new Verdict(Double.NaN, false, 0);
    }

    public static Verdict decide(double cycles, double width) {
        if (!(cycles > 0)) return Verdict.UNKNOWN;
        if (cycles <= (1 + ELIMINATED_SLACK) / width) return new Verdict(cycles, true, 0);
        // Executed: on k ports when 1/k cycles, as the port classes read a throughput.
        return new Verdict(cycles, false, Math.max(0, PortClasses.portCount(cycles, width)));
    }

    private static final Pattern LEGACY_ZERO = Pattern.compile("^\\s*pxor (xmm\\d+), \\1\\s*$");

    /** The legacy SSE zero idioms among a unit's lines (the generator's breakers of legacy SSE forms). */
    public static int countIn(List<String> unit) {
        int n = 0;
        for (String line : unit) if (LEGACY_ZERO.matcher(line).matches()) n++;
        return n;
    }
}
