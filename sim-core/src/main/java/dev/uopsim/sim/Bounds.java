package dev.uopsim.sim;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Analytical lower bounds on cycles per iteration, computed without running the pipeline:
 * <ul>
 *   <li>ports: the µops of one iteration spread over the ports they may use as evenly as possible —
 *       exactly the maximum, over every set S of ports, of the µops that can only use ports in S
 *       divided by |S| (Hall's condition for a fractional assignment; the linear program of the
 *       uops.info paper has this optimum); a non-pipelined unit (a divider) counts its busy cycles
 *       the same way;</li>
 *   <li>dependencies: the loop-carried dependency chains, from a run of the dataflow with
 *       latencies only (registers, flags, and stores that loads read, by symbolic address);</li>
 *   <li>front end: slots per rename width, and for code running from the decoders, fetch windows
 *       and decoders; for unrolled code from the µop cache, its µops per cycle.</li>
 * </ul>
 * Their maximum is the analytical prediction shown beside the engine. {@code bottleneckPortMask}
 * names the port set that sets the port bound, and {@code bottleneckUnit} the non-pipelined unit
 * whose busy cycles set it (-1 when µop counts do).
 */
public record Bounds(double ports, double dependencies, double frontEnd, int bottleneckPortMask, int bottleneckUnit) {

    public double max() {
        return Math.max(ports, Math.max(dependencies, frontEnd));
    }

    /** What the largest bound is about. */
    public String limiter() {
        double m = max();
        if (m == ports) return "ports";
        if (m == dependencies) return "dependencies";
        return "front end";
    }

    private static final int DEPENDENCY_ITERATIONS = 64;

    public static Bounds of(CoreSpec core, TimingTable timings, SimulationInput input) {
        List<StaticInstruction> code = StaticInstruction.of(core, timings, input);
        boolean[] second = MacroFusion.secondOfPair(code, core.frontEnd().macroFusion());
        double[] port = portBound(core, code, second);
        return new Bounds(port[0], dependencyBound(core, code, input), frontEndBound(core, code, second, input), (int) port[1], (int) port[2]);
    }

    /**
     * {bound, mask of the port set that attains it, unit or -1}: the µops per port, and for µops that hold a
     * non-pipelined unit (a divider) the unit's busy cycles per port, whichever is larger.
     */
    static double[] portBound(CoreSpec core, List<StaticInstruction> code, boolean[] second) {
        int ports = core.portNames().size();
        int all = (1 << ports) - 1;
        double[] uops = new double[1 << ports];
        Map<Integer, double[]> unitBusy = new TreeMap<>();
        for (int i = 0; i < code.size(); i++) {
            StaticInstruction s = code.get(i);
            if (second[i] || s.zeroIdiom || (s.eliminableMove && s.moveSource >= 0)) continue;
            for (UopSpec u : s.uops) {
                uops[u.portMask() & all]++;
                if (u.unit() >= 0 && u.occupancy() > 1) {
                    unitBusy.computeIfAbsent(u.unit(), k -> new double[1 << ports])[u.portMask() & all] += u.occupancy();
                }
            }
        }
        double[] spread = PortSpread.bound(uops);
        double[] best = {spread[0], spread[1], -1};
        for (var busy : unitBusy.entrySet()) {
            double[] unit = PortSpread.bound(busy.getValue());
            if (unit[0] > best[0] + 1e-12) best = new double[]{unit[0], unit[1], busy.getKey()};
        }
        return best;
    }

    /** Growth per iteration of the ready times when only latencies count. */
    static double dependencyBound(CoreSpec core, List<StaticInstruction> code, SimulationInput input) {
        double[] ready = new double[RenameRegisters.COUNT];
        // the bypass domain of each register's producer (a value crossing domains arrives later)
        int[] domain = new int[RenameRegisters.COUNT];
        Arrays.fill(domain, -1);
        AddressTrace trace = new AddressTrace(code, input, DEPENDENCY_ITERATIONS);
        // the time each recent store's data is ready, per (iteration, instruction)
        double[][] storeData = new double[DEPENDENCY_ITERATIONS][code.size()];
        double[] end = new double[DEPENDENCY_ITERATIONS];
        int load = core.loadStore().loadToUse();
        double forward = core.loadStore().forwardLatency();
        for (int it = 0; it < DEPENDENCY_ITERATIONS; it++) {
            double iterationEnd = 0;
            for (StaticInstruction s : code) {
                double[] inReady = new double[s.inRegs.length];
                for (int i = 0; i < s.inRegs.length; i++) {
                    int r = s.inRegs[i];
                    inReady[i] = r >= 0 ? ready[r] + core.bypass().delay(domain[r], s.domain) : 0;
                }
                double memValue;
                if (s.isLoad()) {
                    double address = 0;
                    for (int i = 0; i < s.inRegs.length; i++) if (s.inUse[i] == StaticInstruction.ADDRESS) address = Math.max(address, inReady[i]);
                    memValue = address + load;
                    double fromStore = forwarded(code, s, it, trace, storeData);
                    if (fromStore >= 0) {
                        memValue = core.loadStore().memoryRenaming() ? fromStore : Math.max(memValue, fromStore + forward);
                    }
                    for (int i = 0; i < s.inRegs.length; i++) if (s.inRegs[i] == StaticInstruction.MEMORY) inReady[i] = memValue;
                }
                double[] out = new double[s.outRegs.length];
                for (int o = 0; o < s.outRegs.length; o++) {
                    double r = 0;
                    for (int i = 0; i < s.inRegs.length; i++) {
                        if (s.inUse[i] == StaticInstruction.COMPUTE || (s.computeUops == 0 && s.inUse[i] == StaticInstruction.STORE_DATA)) {
                            r = Math.max(r, inReady[i] + s.latency[i][o]);
                        }
                    }
                    out[o] = r;
                }
                boolean moved = s.eliminableMove && s.moveSource >= 0;
                if (moved) Arrays.fill(out, inReady[s.moveSource]);
                int outDomain = moved && s.inRegs[s.moveSource] >= 0 ? domain[s.inRegs[s.moveSource]] : s.domain;
                for (int o = 0; o < s.outRegs.length; o++) {
                    int reg = s.outRegs[o];
                    if (reg >= 0) domain[reg] = outDomain;
                    if (reg >= 0) ready[reg] = out[o];
                    else if (reg == StaticInstruction.MEMORY) storeData[it][s.index] = out[o];
                    iterationEnd = Math.max(iterationEnd, out[o]);
                }
                if (s.isStore() && s.computeUops == 0) {
                    double data = 0;
                    for (int i = 0; i < s.inRegs.length; i++) if (s.inUse[i] == StaticInstruction.STORE_DATA) data = Math.max(data, inReady[i]);
                    storeData[it][s.index] = data;
                }
            }
            end[it] = iterationEnd;
        }
        int half = DEPENDENCY_ITERATIONS / 2;
        double maxEnd = 0;
        for (int it = 0; it < half; it++) maxEnd = Math.max(maxEnd, end[it]);
        double maxEnd2 = 0;
        for (int it = 0; it < DEPENDENCY_ITERATIONS; it++) maxEnd2 = Math.max(maxEnd2, end[it]);
        return (maxEnd2 - maxEnd) / (DEPENDENCY_ITERATIONS - half);
    }

    /** The data-ready time of the youngest older store the load reads from, or -1. */
    private static double forwarded(List<StaticInstruction> code, StaticInstruction load, int it, AddressTrace trace, double[][] storeData) {
        int loadAccess = 0;
        for (int k = 0; k < load.accesses.length; k++) if (load.accesses[k].load()) loadAccess = k;
        int loadSize = load.accesses[loadAccess].size();
        for (int i = it; i >= Math.max(0, it - 2); i--) {
            int from = i == it ? load.index - 1 : code.size() - 1;
            for (int s = from; s >= 0; s--) {
                StaticInstruction st = code.get(s);
                if (!st.isStore()) continue;
                for (int k = 0; k < st.accesses.length; k++) {
                    if (!st.accesses[k].store()) continue;
                    var rel = trace.relate(i, s, k, st.accesses[k].size(), it, load.index, loadAccess, loadSize);
                    if (rel == SymbolicValue.Overlap.CONTAINS || rel == SymbolicValue.Overlap.PARTIAL) return storeData[i][s];
                }
            }
        }
        return -1;
    }

    /**
     * The part of the front-end bound that rename sets: the slots of one iteration (a macro-fused
     * pair takes one) per rename width. When {@link #frontEnd()} is larger, fetch, the decoders or the
     * µop cache set it.
     */
    public static double renameBound(CoreSpec core, TimingTable timings, SimulationInput input) {
        List<StaticInstruction> code = StaticInstruction.of(core, timings, input);
        boolean[] second = MacroFusion.secondOfPair(code, core.frontEnd().macroFusion());
        int slots = 0;
        for (int n : StaticInstruction.slotsTaken(code, second)) slots += n;
        return (double) slots / core.renameWidth();
    }

    static double frontEndBound(CoreSpec core, List<StaticInstruction> code, boolean[] second, SimulationInput input) {
        int slots = 0;
        for (int n : StaticInstruction.slotsTaken(code, second)) slots += n;
        double bound = (double) slots / core.renameWidth();
        CoreSpec.FrontEnd fe = core.frontEnd();
        if (!input.loop() && input.unrolledFromUopCache() && fe.uopCacheUops() > 0) {
            bound = Math.max(bound, (double) slots / fe.uopCacheUops());
        } else if (!input.loop()) {
            bound = Math.max(bound, (double) input.bytes() / fe.fetchBytes());
            int instructions = 0;
            int complex = 0;
            for (int i = 0; i < code.size(); i++) {
                if (second[i]) continue;
                instructions++;
                if (code.get(i).slots > fe.simpleDecoderUops()) complex++;
            }
            bound = Math.max(bound, Math.max((double) instructions / fe.decoders(), complex));
            bound = Math.max(bound, (double) code.size() / fe.predecodeWidth());
        }
        return bound;
    }
}
