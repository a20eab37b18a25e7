package dev.uopsim.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jgrapht.Graph;
import org.jgrapht.graph.DirectedAcyclicGraph;

/**
 * The kernel's dataflow on a core as a graph over two consecutive iterations, with the latencies
 * the engine uses: a vertex is a value an instruction reads or writes; an edge is the latency of an
 * instruction from an input to an output, a register or flag group passed from its producer, a
 * load's address to its data (load-to-use), or a store's data to a younger load that reads it
 * (store forwarding, or memory renaming), found by symbolic address as the engine finds it.
 *
 * <p>From it, as OSACA reports them: the critical path of one iteration (the longest path within
 * it), and the loop-carried dependency chains (a value's path from one iteration to the same value
 * in the next), each with the cycles per iteration it forces. Idioms, eliminated moves and the stack
 * engine break or shorten chains as in the engine. Memory dependencies are taken from the steady
 * state (iterations well after the first, whose addresses may differ). Chains that span two
 * iterations or more (a value carried through a store read two iterations later) are not found;
 * {@link Bounds#dependencies()} covers them.
 */
public final class DependencyGraph {
    /**
     * A value an instruction of iteration {@code iteration} (0 or 1) reads ({@code output} false) or
     * writes; {@code operand} is its position among the instruction's inputs or outputs.
     */
    public record Node(int iteration, int instruction, boolean output, int operand, String name) {}

    /** What an edge stands for. */
    public enum Kind {
        /** Inside an instruction: from an input to an output, the model's latency for the pair. */
        LATENCY,
        /** A register or flag group passed from its producer to a consumer. */
        REGISTER,
        /** A load's address registers to its data: the load-to-use latency. */
        LOAD,
        /** A store's data to a younger load reading the same bytes: store forwarding (or memory renaming). */
        MEMORY
    }

    /** An edge; each is its own object (JGraphT keys edges by identity). */
    public static final class Dependency {
        private final Kind kind;
        private final double cycles;

        Dependency(Kind kind, double cycles) {
            this.kind = kind;
            this.cycles = cycles;
        }

        public Kind kind() { return kind; }

        public double cycles() { return cycles; }

        @Override
        public String toString() {
            return kind + " " + cycles;
        }
    }

    /**
     * One instruction on a path: how the value entered it ({@code via}: a register, "[mem] from #k",
     * "address"), and the cycles the path spends from the previous instruction to its output.
     */
    public record Step(int instruction, String text, String via, double cycles) {}

    /** A path within one iteration. */
    public record Path(double cycles, List<Step> steps) {}

    /**
     * A loop-carried dependency chain: the instructions a value goes through from one iteration to the
     * next, and the cycles per iteration it forces; {@code throughMemory} when a store forwards to a load on it.
     */
    public record Chain(double cyclesPerIteration, boolean throughMemory, List<Step> steps) {
        public List<Integer> instructions() {
            return steps.stream().map(Step::instruction).toList();
        }
    }

    private final List<StaticInstruction> code;
    private final Graph<Node, Dependency> graph;
    private final List<Node> order;
    private final Map<Node, Integer> position = new HashMap<>();

    private DependencyGraph(List<StaticInstruction> code, Graph<Node, Dependency> graph, List<Node> order) {
        this.code = code;
        this.graph = graph;
        this.order = order;
        for (int i = 0; i < order.size(); i++) position.put(order.get(i), i);
    }

    /** The graph of the kernel on the core; throws {@link Engine.MissingTimingException} when the model lacks a form. */
    public static DependencyGraph of(CoreSpec core, TimingTable timings, SimulationInput input) {
        List<StaticInstruction> code = StaticInstruction.of(core, timings, input);
        DirectedAcyclicGraph<Node, Dependency> g = new DirectedAcyclicGraph<>(null, null, true);
        new Builder(core, code, input, g).build();
        List<Node> order = new ArrayList<>();
        g.iterator().forEachRemaining(order::add);
        return new DependencyGraph(code, g, order);
    }

    /** The graph itself (vertices of iterations 0 and 1; edge weights are the latencies). */
    public Graph<Node, Dependency> graph() {
        return graph;
    }

    /** The longest path within one iteration (iteration 0; values from before it are ready at the start). */
    public Path criticalPath() {
        double best = 0;
        List<Dependency> bestPath = List.of();
        Node bestStart = null;
        // Longest path ending at each vertex of iteration 0, in topological order.
        Map<Node, Double> dist = new HashMap<>();
        Map<Node, Dependency> via = new HashMap<>();
        for (Node n : order) {
            if (n.iteration() != 0) continue;
            double d = 0;
            Dependency from = null;
            for (Dependency e : graph.incomingEdgesOf(n)) {
                Node u = graph.getEdgeSource(e);
                if (u.iteration() != 0) continue;
                double c = dist.get(u) + e.cycles();
                if (from == null || c > d + 1e-9) {
                    d = c;
                    from = e;
                }
            }
            dist.put(n, d);
            if (from != null) via.put(n, from);
            if (d > best + 1e-9) {
                best = d;
                List<Dependency> path = new ArrayList<>();
                Node at = n;
                while (via.containsKey(at)) {
                    Dependency e = via.get(at);
                    path.add(e);
                    at = graph.getEdgeSource(e);
                }
                java.util.Collections.reverse(path);
                bestPath = path;
                bestStart = at;
            }
        }
        if (bestStart == null) return new Path(0, List.of());
        return new Path(best, steps(bestStart, bestPath, false));
    }

    /** The loop-carried dependency chains, longest first, each once. */
    public List<Chain> loopCarried() {
        // Every chain crosses into iteration 1 once, into an input of iteration 1 fed from iteration 0.
        Set<Node> heads = new TreeSet<>(Comparator.comparingInt(Node::instruction).thenComparing(Node::output)
                .thenComparingInt(Node::operand));
        for (Dependency e : graph.edgeSet()) {
            Node u = graph.getEdgeSource(e);
            Node v = graph.getEdgeTarget(e);
            if (u.iteration() == 0 && v.iteration() == 1) heads.add(v);
        }
        List<Chain> chains = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        double[] dist = new double[order.size()];
        Dependency[] via = new Dependency[order.size()];
        for (Node head : heads) {
            Node start = new Node(0, head.instruction(), head.output(), head.operand(), head.name());
            Integer from = position.get(start);
            Integer to = position.get(head);
            if (from == null || to == null) continue;
            Arrays.fill(dist, Double.NEGATIVE_INFINITY);
            Arrays.fill(via, null);
            dist[from] = 0;
            for (int i = from; i < to; i++) {
                if (dist[i] == Double.NEGATIVE_INFINITY) continue;
                for (Dependency e : graph.outgoingEdgesOf(order.get(i))) {
                    int j = position.get(graph.getEdgeTarget(e));
                    double c = dist[i] + e.cycles();
                    if (c > dist[j] + 1e-9 || dist[j] == Double.NEGATIVE_INFINITY) {
                        dist[j] = c;
                        via[j] = e;
                    }
                }
            }
            if (dist[to] == Double.NEGATIVE_INFINITY) continue;
            List<Dependency> path = new ArrayList<>();
            TreeSet<String> key = new TreeSet<>();
            for (int at = to; at != from; ) {
                Dependency e = via[at];
                path.add(e);
                Node u = graph.getEdgeSource(e);
                key.add(u.instruction() + (u.output() ? "o" : "i") + u.operand());
                at = position.get(u);
            }
            java.util.Collections.reverse(path);
            if (!seen.add(key.toString())) continue;
            boolean memory = path.stream().anyMatch(e -> e.kind() == Kind.MEMORY);
            chains.add(new Chain(dist[to], memory, steps(start, path, true)));
        }
        chains.sort(Comparator.comparingDouble(Chain::cyclesPerIteration).reversed()
                .thenComparing(c -> c.steps().getFirst().instruction()));
        return chains;
    }

    /**
     * Groups a path's edges by the instruction they lead into. For a chain ({@code wrap}), the last
     * edge re-enters the first instruction in the next iteration: its cycles belong to the first step.
     */
    private List<Step> steps(Node start, List<Dependency> path, boolean wrap) {
        List<Step> steps = new ArrayList<>();
        int current = start.instruction();
        int currentIteration = start.iteration();
        String via = start.output() ? "" : start.name();
        double cycles = 0;
        for (int k = 0; k < path.size(); k++) {
            Dependency e = path.get(k);
            Node u = graph.getEdgeSource(e);
            Node v = graph.getEdgeTarget(e);
            boolean last = wrap && k == path.size() - 1;
            if (last) {
                String entered = label(e, u, v);
                double first = steps.isEmpty() ? cycles : steps.getFirst().cycles();
                if (steps.isEmpty()) {
                    steps.add(new Step(current, text(current), entered, cycles + e.cycles()));
                } else {
                    steps.add(new Step(current, text(current), via, cycles));
                    Step s0 = steps.getFirst();
                    steps.set(0, new Step(s0.instruction(), s0.text(), entered, first + e.cycles()));
                }
                return steps;
            }
            if (v.instruction() != current || v.iteration() != currentIteration) {
                steps.add(new Step(current, text(current), via, cycles));
                current = v.instruction();
                currentIteration = v.iteration();
                via = label(e, u, v);
                cycles = 0;
            }
            cycles += e.cycles();
        }
        steps.add(new Step(current, text(current), via, cycles));
        return steps;
    }

    /**
     * A renamed register as the instruction names it (ymm0 where it writes ymm0, eax for eax), so a path
     * reads like the code; a register only implied (flags, a stack pointer), or named twice by its parts, by its
     * rename name.
     */
    private static String registerName(StaticInstruction s, int reg) {
        String named = null;
        for (var o : s.instruction.operands()) {
            if (!(o instanceof dev.uopsim.isa.RegisterOperand r) || RenameRegisters.of(r.register()) != reg) continue;
            // Two parts of one register (mov al, ah): which one is meant is not known here.
            if (named != null && !named.equals(r.register().name())) return RenameRegisters.name(reg);
            named = r.register().name();
        }
        return named != null ? named : RenameRegisters.name(reg);
    }

    private static String label(Dependency e, Node u, Node v) {
        return switch (e.kind()) {
            case MEMORY -> "[mem] from #" + u.instruction();
            case LOAD -> "address";
            default -> v.name();
        };
    }

    private String text(int index) {
        return code.get(index).instruction.intelText();
    }

    /**
     * Builds the two-iteration graph by renaming, as the engine's rename stage does, without timing.
     * Memory dependencies are those between iterations {@value #STEADY} and the next: addresses that
     * drift from one iteration to the next (a pointer bumped each time) make the first iterations
     * unlike the rest.
     */
    private static final class Builder {
        private static final int STEADY = 8;

        private final CoreSpec core;
        private final List<StaticInstruction> code;
        private final DirectedAcyclicGraph<Node, Dependency> g;
        private final AddressTrace trace;
        /** The vertex that last wrote each rename register (null: the value from before the kernel). */
        private final Node[] writer = new Node[RenameRegisters.COUNT];
        /** The bypass domain of each register's writer (-1: none). */
        private final int[] writerDomain = filled(RenameRegisters.COUNT, -1);
        /** Each store's memory output vertex, per iteration. */
        private final Node[][] storeOut;

        Builder(CoreSpec core, List<StaticInstruction> code, SimulationInput input, DirectedAcyclicGraph<Node, Dependency> g) {
            this.core = core;
            this.code = code;
            this.g = g;
            this.trace = new AddressTrace(code, input, STEADY + 2);
            this.storeOut = new Node[2][code.size()];
            int most = core.loadStore().renamingLearnedLoads();
            this.learns = most > 0 && input.loop() && learnedLoads() <= most;
        }

        /** Whether the renamer learns the pairs whose address expressions differ here (as Engine.learnable decides). */
        private final boolean learns;

        /** The loop's loads that read exactly what an older store wrote through another address expression. */
        private int learnedLoads() {
            int n = 0;
            for (StaticInstruction s : code) {
                if (!s.isLoad()) continue;
                Writer w = youngestWriter(1, s, false);
                if (w != null && w.exact() && !Engine.renamable(core, code.get(w.store()), s)
                        && Engine.renamableValues(core, code.get(w.store()), s)) n++;
            }
            return n;
        }

        /**
         * A store a load reads: its iteration and static index, whether it holds exactly the bytes the load
         * reads at the same address (renaming may pass it on) and whether it covers them only in part.
         */
        private record Writer(int iteration, int store, boolean exact, boolean partial) {}

        /**
         * The youngest store older than load {@code s} of iteration {@code it} (this one or the one before)
         * that overlaps it, or null. With {@code built}, only stores already in the graph.
         */
        private Writer youngestWriter(int it, StaticInstruction s, boolean built) {
            // The instruction's first load access (the first access when it has none, as a store's own bytes).
            int loadAccess = Math.max(0, s.loadAccess);
            int loadSize = s.accesses.length == 0 ? 0 : s.accesses[loadAccess].size();
            for (int i = it; i >= 0; i--) {
                for (int st = i == it ? s.index - 1 : code.size() - 1; st >= 0; st--) {
                    StaticInstruction store = code.get(st);
                    if (!store.isStore() || built && storeOut[i][st] == null) continue;
                    for (int k = 0; k < store.accesses.length; k++) {
                        if (!store.accesses[k].store()) continue;
                        var rel = trace.relate(STEADY + i, st, k, store.accesses[k].size(), STEADY + it, s.index, loadAccess, loadSize);
                        if (rel != SymbolicValue.Overlap.CONTAINS && rel != SymbolicValue.Overlap.PARTIAL) continue;
                        boolean exact = rel == SymbolicValue.Overlap.CONTAINS && store.accesses[k].size() == loadSize
                                && trace.sameAddress(STEADY + i, st, k, STEADY + it, s.index, loadAccess);
                        return new Writer(i, st, exact, rel == SymbolicValue.Overlap.PARTIAL);
                    }
                }
            }
            return null;
        }

        private static int[] filled(int n, int value) {
            int[] a = new int[n];
            Arrays.fill(a, value);
            return a;
        }

        void build() {
            for (int it = 0; it < 2; it++) {
                for (StaticInstruction s : code) add(it, s);
            }
        }

        private void add(int it, StaticInstruction s) {
            Node[] in = new Node[s.inRegs.length];
            for (int k = 0; k < in.length; k++) {
                int reg = s.inRegs[k];
                in[k] = vertex(new Node(it, s.index, false, k, reg == StaticInstruction.MEMORY ? "[mem]" : registerName(s, reg)));
                if (reg >= 0 && writer[reg] != null) edge(writer[reg], in[k], Kind.REGISTER, (int) Math.round(core.bypass().delay(writerDomain[reg], s.domain)));
            }
            Node[] out = new Node[s.outRegs.length];
            for (int o = 0; o < out.length; o++) {
                int reg = s.outRegs[o];
                out[o] = vertex(new Node(it, s.index, true, o, reg == StaticInstruction.MEMORY ? "[mem]" : registerName(s, reg)));
            }
            if (s.isLoad()) loadEdges(it, s, in);
            boolean stackEngine = s.instruction.form().stackDelta() != 0;
            boolean eliminated = s.eliminableMove && s.moveSource >= 0;
            for (int o = 0; o < out.length; o++) {
                // The stack engine updates RSP at decode: no latency from anything.
                if (stackEngine && s.outRegs[o] == RenameRegisters.GPR + 4) continue;
                for (int k = 0; k < in.length; k++) {
                    if (eliminated) {
                        if (k == s.moveSource) edge(in[k], out[o], Kind.LATENCY, 0);
                        continue;
                    }
                    boolean compute = s.inUse[k] == StaticInstruction.COMPUTE;
                    boolean storeData = s.computeUops == 0 && s.inUse[k] == StaticInstruction.STORE_DATA;
                    if (storeData && s.outRegs[o] == StaticInstruction.MEMORY) {
                        edge(in[k], out[o], Kind.LATENCY, 0);          // the store-data µop goes when the data is there
                    } else if (compute) {
                        edge(in[k], out[o], Kind.LATENCY, s.latency[k][o]);
                    }
                }
            }
            for (int o = 0; o < out.length; o++) {
                int reg = s.outRegs[o];
                if (reg >= 0) {
                    writer[reg] = out[o];
                    writerDomain[reg] = eliminated && s.inRegs[s.moveSource] >= 0 ? writerDomain[s.inRegs[s.moveSource]] : s.domain;
                }
                else if (reg == StaticInstruction.MEMORY) storeOut[it][s.index] = out[o];
            }
            if (s.isStore() && storeOut[it][s.index] == null) {
                // A store without a memory output operand (an implicit one): its data inputs stand for it.
                for (int k = 0; k < in.length; k++) {
                    if (s.inUse[k] == StaticInstruction.STORE_DATA) storeOut[it][s.index] = in[k];
                }
            }
        }

        /** A load's data: its address plus the load-to-use latency, or the youngest older store that wrote it. */
        private void loadEdges(int it, StaticInstruction s, Node[] in) {
            int memory = -1;
            for (int k = 0; k < in.length; k++) if (s.inRegs[k] == StaticInstruction.MEMORY) memory = k;
            if (memory < 0) return;
            boolean renamed = false;
            Writer w = youngestWriter(it, s, true);
            if (w != null) {
                StaticInstruction store = code.get(w.store());
                CoreSpec.LoadStore ls = core.loadStore();
                renamed = w.exact() && ls.memoryRenaming()
                        && (Engine.renamable(core, store, s) || learns && Engine.renamableValues(core, store, s));
                double cycles = renamed ? ls.renamingLatency() : w.partial() ? ls.forwardFailPenalty() : ls.forwardLatency();
                edge(storeOut[w.iteration()][w.store()], in[memory], Kind.MEMORY, cycles);
            }
            if (renamed) return;                 // the load's consumers take the stored register directly
            int load = Engine.loadToUse(core, s);
            boolean addressed = false;
            for (int k = 0; k < in.length; k++) {
                if (s.inUse[k] != StaticInstruction.ADDRESS) continue;
                edge(in[k], in[memory], Kind.LOAD, load);
                addressed = true;
            }
            if (!addressed) {
                // An absolute or RIP-relative address: the data still takes a load latency, from the start.
                Node issue = vertex(new Node(it, s.index, false, -1, "address"));
                edge(issue, in[memory], Kind.LOAD, load);
            }
        }

        private Node vertex(Node n) {
            g.addVertex(n);
            return n;
        }

        private void edge(Node from, Node to, Kind kind, double cycles) {
            Dependency e = new Dependency(kind, cycles);
            g.addEdge(from, to, e);
            g.setEdgeWeight(e, cycles);
        }
    }
}
