package dev.uopsim.characterize.runner;

import java.util.List;

/**
 * What the worker runs: variants A (N) and B (2N, optional), how many samples, the loop count or
 * how to find one (double it until variant A takes {@code targetTicks}), and the memory the code may use.
 *
 * @param dumpState   return the register state after one run of variant A (write-set check)
 * @param fixedLoops  use {@code loops} as given, without scaling
 * @param maxPages    pages the worker may map on demand when the code touches unmapped memory
 * @param fill        the 64-bit pattern written over the data region and every page mapped on demand
 * @param dataBytes   bytes of the fixed data region ({@link ControlPage#DATA}) filled before the job
 */
public record Job(String name, List<Variant> variants, int samples, long loops, long targetTicks, long maxLoops,
                  int timeoutMillis, int maxPages, long fill, int dataBytes, boolean dumpState, boolean fixedLoops) {

    public Job {
        if (variants.isEmpty() || variants.size() > 2) throw new IllegalArgumentException("a job has one or two variants");
        variants = List.copyOf(variants);
    }
}
