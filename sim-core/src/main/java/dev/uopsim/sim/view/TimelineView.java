package dev.uopsim.sim.view;

import dev.uopsim.sim.EngineListener;
import dev.uopsim.sim.FormTiming;
import dev.uopsim.sim.SimulationResult;
import dev.uopsim.sim.Stall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The first iterations instruction by instruction: the cycle each was delivered to the µop queue,
 * renamed, each µop dispatched (and to which port), completed and retired; the producers it waited
 * for; and every stall on it with its cause, as ranges of consecutive cycles. Events are kept in
 * arrays allocated before the run; stall ranges beyond their capacity are counted, not kept.
 */
public final class TimelineView implements View {
    private static final Stall[] CAUSES = Stall.values();
    private static final int WAITS = 8;
    /** Widest chart drawn, in cycles. */
    private static final int CHART_CYCLES = 160;

    private final ViewContext context;
    private final int n;
    private final int iterations;
    private final int tracked;
    private final int[] offset;
    private final int uopsPerIteration;
    private final long[] delivered;
    private final long[] renamed;
    private final long[] completed;
    private final long[] retired;
    private final long[] dispatchCycle;
    private final byte[] dispatchPort;
    private final long[] waitProducer;
    private final long[] waitReady;
    private final int[] waitCount;
    private final int[] rangeId;
    private final byte[] rangeCause;
    private final int[] rangeDetail;
    private final long[] rangeFrom;
    private final long[] rangeTo;
    private final int[] lastRange;
    private int ranges;
    private long dropped;
    private final Listener listener = new Listener();

    public static final class Factory implements ViewFactory {
        @Override
        public String name() { return "timeline"; }

        @Override
        public String description() {
            return "per instruction of the first iterations: cycle of each stage, µop ports, stalls and the producers waited for";
        }

        @Override
        public View create(ViewContext context) { return new TimelineView(context); }
    }

    TimelineView(ViewContext context) {
        this.context = context;
        this.n = context.instructions();
        this.iterations = Math.min(context.timelineIterations(), context.maxIterations());
        this.tracked = n * iterations;
        this.offset = new int[n + 1];
        for (int i = 0; i < n; i++) {
            FormTiming t = context.timings().timing(context.input().instructions().get(i).form());
            offset[i + 1] = offset[i] + (t == null ? 0 : t.uops().size());
        }
        this.uopsPerIteration = offset[n];
        delivered = filled(tracked);
        renamed = filled(tracked);
        completed = filled(tracked);
        retired = filled(tracked);
        dispatchCycle = filled(iterations * uopsPerIteration);
        dispatchPort = new byte[iterations * uopsPerIteration];
        waitProducer = new long[tracked * WAITS];
        waitReady = new long[tracked * WAITS];
        waitCount = new int[tracked];
        int capacity = tracked * 32 + 256;
        rangeId = new int[capacity];
        rangeCause = new byte[capacity];
        rangeDetail = new int[capacity];
        rangeFrom = new long[capacity];
        rangeTo = new long[capacity];
        lastRange = new int[tracked * CAUSES.length];
        Arrays.fill(lastRange, -1);
    }

    private static long[] filled(int size) {
        long[] a = new long[size];
        Arrays.fill(a, -1);
        return a;
    }

    @Override
    public EngineListener listener() {
        return listener;
    }

    /** The engine's events for the tracked instructions, into the arrays. */
    private final class Listener implements EngineListener {
        @Override
        public void delivered(long id, int index, int iteration, long cycle) {
            if (id < tracked) delivered[(int) id] = cycle;
        }

        @Override
        public void renamed(long id, int index, int iteration, long cycle) {
            if (id < tracked) renamed[(int) id] = cycle;
        }

        @Override
        public void dispatched(long id, int index, int uop, int port, long cycle) {
            if (id >= tracked) return;
            int at = (int) (id / n) * uopsPerIteration + offset[index] + uop;
            dispatchCycle[at] = cycle;
            dispatchPort[at] = (byte) port;
        }

        @Override
        public void completed(long id, int index, long cycle) {
            if (id < tracked) completed[(int) id] = cycle;
        }

        @Override
        public void retired(long id, int index, int iteration, long cycle) {
            if (id < tracked) retired[(int) id] = cycle;
        }

        @Override
        public void stalled(long cycle, Stall cause, long id, int index, int detail) {
            if (id < 0 || id >= tracked) return;
            int key = (int) id * CAUSES.length + cause.ordinal();
            int r = lastRange[key];
            if (r >= 0 && rangeDetail[r] != detail) {
                // Two µops of one instruction may wait on different things in the same cycles.
                r = -1;
                for (int k = ranges - 1; k >= Math.max(0, ranges - 8); k--) {
                    if (rangeId[k] == id && rangeCause[k] == cause.ordinal() && rangeDetail[k] == detail) {
                        r = k;
                        break;
                    }
                }
            }
            if (r >= 0 && rangeTo[r] >= cycle - 1) {
                if (cycle > rangeTo[r]) rangeTo[r] = cycle;
                lastRange[key] = r;
                return;
            }
            if (ranges == rangeId.length) {
                dropped++;
                return;
            }
            rangeId[ranges] = (int) id;
            rangeCause[ranges] = (byte) cause.ordinal();
            rangeDetail[ranges] = detail;
            rangeFrom[ranges] = cycle;
            rangeTo[ranges] = cycle;
            lastRange[key] = ranges++;
        }

        @Override
        public void waitedFor(long consumerId, int consumerIndex, long producerId, int producerIndex, long readyCycle) {
            if (consumerId >= tracked) return;
            int c = (int) consumerId;
            for (int k = 0; k < waitCount[c]; k++) {
                if (waitProducer[c * WAITS + k] == producerId) {
                    if (readyCycle > waitReady[c * WAITS + k]) waitReady[c * WAITS + k] = readyCycle;
                    return;
                }
            }
            if (waitCount[c] == WAITS) return;
            waitProducer[c * WAITS + waitCount[c]] = producerId;
            waitReady[c * WAITS + waitCount[c]] = readyCycle;
            waitCount[c]++;
        }
    }

    // ---- the report ----------------------------------------------------------------------

    /** One instruction of one iteration as the timeline saw it. */
    public record Entry(int iteration, int index, String instruction, long delivered, long renamed, List<Dispatch> uops,
                        long completed, long retired, List<Wait> waits, List<StallRange> stalls) {}

    /** A µop's dispatch: its number within the instruction, port name and cycle (-1 / null: never dispatched). */
    public record Dispatch(int uop, String port, long cycle) {}

    /** A producer the instruction waited for, until the cycle its value was ready. */
    public record Wait(int iteration, int index, long ready) {}

    /** Consecutive cycles an instruction stalled for one cause; {@code detail} as the engine gave it. */
    public record StallRange(Stall cause, long from, long to, int detail) {
        public long cycles() {
            return to - from + 1;
        }
    }

    private List<Entry> entries;

    @Override
    public void finish(SimulationResult result) {
        List<String> ports = context.core().portNames();
        List<List<StallRange>> stalls = new ArrayList<>();
        for (int id = 0; id < tracked; id++) stalls.add(new ArrayList<>());
        for (int r = 0; r < ranges; r++) {
            stalls.get(rangeId[r]).add(new StallRange(CAUSES[rangeCause[r]], rangeFrom[r], rangeTo[r], rangeDetail[r]));
        }
        List<Entry> out = new ArrayList<>();
        for (int id = 0; id < tracked; id++) {
            int it = id / n;
            int index = id % n;
            List<Dispatch> uops = new ArrayList<>();
            for (int u = 0; u < offset[index + 1] - offset[index]; u++) {
                int at = it * uopsPerIteration + offset[index] + u;
                uops.add(new Dispatch(u, dispatchCycle[at] < 0 ? null : ports.get(dispatchPort[at]), dispatchCycle[at]));
            }
            List<Wait> waits = new ArrayList<>();
            for (int k = 0; k < waitCount[id]; k++) {
                long p = waitProducer[id * WAITS + k];
                waits.add(new Wait((int) (p / n), (int) (p % n), waitReady[id * WAITS + k]));
            }
            stalls.get(id).sort(java.util.Comparator.comparingLong(StallRange::from));
            out.add(new Entry(it, index, context.input().instructions().get(index).intelText(), delivered[id], renamed[id], uops,
                    completed[id], retired[id], waits, List.copyOf(stalls.get(id))));
        }
        entries = List.copyOf(out);
    }

    public List<Entry> entries() {
        return entries;
    }

    /** Stall events the timeline had no room for. */
    public long dropped() {
        return dropped;
    }

    private String detail(StallRange s) {
        List<String> ports = context.core().portNames();
        if (s.detail() < 0) return "";
        return switch (s.cause()) {
            case ROB_FULL -> "retirement waits for #" + s.detail() + " " + instruction(s.detail());
            case PORT_BUSY -> "all of " + String.join(" ", Reports.ports(ports, s.detail())) + " taken";
            case MEMORY_ORDER -> "waits for store #" + s.detail() + " " + instruction(s.detail());
            case SERIALIZED -> "waits for #" + s.detail() + " " + instruction(s.detail());
            default -> "";
        };
    }

    /** A load waiting for a store it reads: the value came by store forwarding (or after the store's commit). */
    private boolean forwarded(Wait w, Entry e) {
        var producer = context.input().instructions().get(w.index()).form();
        var consumer = context.input().instructions().get(e.index()).form();
        return producer.writesMemory() && consumer.readsMemory();
    }

    private String instruction(int index) {
        return context.input().instructions().get(index).intelText();
    }

    private static String cycle(long c) {
        return c < 0 ? "-" : Long.toString(c);
    }

    @Override
    public String text() {
        StringBuilder sb = new StringBuilder();
        sb.append("Timeline: the first ").append(iterations).append(iterations == 1 ? " iteration" : " iterations")
                .append(" (cycle numbers; µops as PORT@cycle)\n");
        int textWidth = 12;
        for (Entry e : entries) textWidth = Math.max(textWidth, e.instruction().length());
        textWidth = Math.min(textWidth, 40);
        int dispatchWidth = 10;
        for (Entry e : entries) dispatchWidth = Math.max(dispatchWidth, dispatches(e).length());
        sb.append(Reports.pad("[it,#]", 8)).append(Reports.pad("instruction", textWidth + 2)).append("deliver  rename  ")
                .append(Reports.pad("dispatched", dispatchWidth + 2)).append("complete  retire\n");
        for (Entry e : entries) {
            sb.append(Reports.pad("[" + e.iteration() + "," + e.index() + "]", 8))
                    .append(Reports.pad(clip(e.instruction(), textWidth), textWidth + 2))
                    .append(Reports.padLeft(cycle(e.delivered()), 7)).append(Reports.padLeft(cycle(e.renamed()), 8)).append("  ")
                    .append(Reports.pad(dispatches(e), dispatchWidth + 2))
                    .append(Reports.padLeft(cycle(e.completed()), 8)).append(Reports.padLeft(cycle(e.retired()), 8)).append('\n');
            for (Wait w : e.waits()) {
                sb.append("          waited for [").append(w.iteration()).append(',').append(w.index()).append("] ")
                        .append(instruction(w.index())).append(" until ").append(w.ready())
                        .append(forwarded(w, e) ? " (its store, forwarded)" : "").append('\n');
            }
            for (StallRange s : e.stalls()) {
                String d = detail(s);
                sb.append("          stalled: ").append(Reports.describe(s.cause())).append(d.isEmpty() ? "" : ", " + d)
                        .append(s.from() == s.to() ? ", cycle " + s.from() : ", cycles " + s.from() + "-" + s.to()).append('\n');
            }
        }
        if (dropped > 0) sb.append("(").append(dropped).append(" more stall events not kept)\n");
        sb.append('\n').append(chart(textWidth));
        return sb.toString();
    }

    private static String clip(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "…";
    }

    private static String dispatches(Entry e) {
        if (!e.uops().isEmpty() && e.uops().stream().allMatch(d -> d.port() == null) && e.completed() >= 0 && e.completed() == e.renamed()) {
            return "(none: fused/eliminated)";
        }
        StringBuilder sb = new StringBuilder();
        for (Dispatch d : e.uops()) {
            if (!sb.isEmpty()) sb.append(' ');
            sb.append(d.port() == null ? "-" : d.port() + "@" + d.cycle());
        }
        return sb.isEmpty() ? "(none)" : sb.toString();
    }

    /**
     * A chart in llvm-mca's manner, one column per cycle: d in the µop queue, R renamed, = waiting
     * in the scheduler, e executing, E completed, - waiting to retire, C retired.
     */
    private String chart(int textWidth) {
        long first = Long.MAX_VALUE;
        long last = -1;
        for (Entry e : entries) {
            if (e.delivered() >= 0) first = Math.min(first, e.delivered());
            last = Math.max(last, Math.max(e.retired(), e.completed()));
        }
        if (last < 0 || first == Long.MAX_VALUE) return "";
        if (last - first + 1 > CHART_CYCLES) {
            return "(chart left out: " + (last - first + 1) + " cycles wide; ask for fewer --timeline-iterations)\n";
        }
        int width = (int) (last - first + 1);
        StringBuilder sb = new StringBuilder();
        sb.append("Chart: d in the µop queue, R renamed, = waiting, e executing, E results ready, - waiting to retire, C retired\n");
        StringBuilder tens = new StringBuilder();
        StringBuilder ones = new StringBuilder();
        for (long c = first; c <= last; c++) {
            tens.append(c % 10 == 0 ? Character.forDigit((int) (c / 10 % 10), 10) : ' ');
            ones.append((char) ('0' + c % 10));
        }
        String indent = " ".repeat(8);
        sb.append(indent).append('[').append(tens).append("]\n");
        sb.append(indent).append('[').append(ones).append("]\n");
        for (Entry e : entries) {
            char[] row = new char[width];
            Arrays.fill(row, ' ');
            long lastDispatch = -1;
            for (Dispatch d : e.uops()) lastDispatch = Math.max(lastDispatch, d.cycle());
            for (long c = first; c <= last; c++) {
                char ch = ' ';
                if (e.delivered() >= 0 && c >= e.delivered()) ch = 'd';
                if (e.renamed() >= 0 && c >= e.renamed()) ch = c == e.renamed() ? 'R' : '=';
                // Executing: any µop's dispatch cycle, and from the last dispatch until the results are ready.
                if (lastDispatch >= 0 && c >= lastDispatch) ch = 'e';
                for (Dispatch d : e.uops()) if (d.cycle() == c) ch = 'e';
                if (e.completed() >= 0 && c >= e.completed()) ch = c == e.completed() ? 'E' : '-';
                if (e.retired() >= 0 && c >= e.retired()) ch = c == e.retired() ? 'C' : ' ';
                row[(int) (c - first)] = ch;
            }
            sb.append(Reports.pad("[" + e.iteration() + "," + e.index() + "]", 8)).append('[').append(row).append("]  ")
                    .append(clip(e.instruction(), textWidth)).append('\n');
        }
        return sb.toString();
    }

    @Override
    public void json(Map<String, Object> doc) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("iterations", iterations);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Entry e : entries) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("iteration", e.iteration());
            r.put("index", e.index());
            r.put("instruction", e.instruction());
            r.put("delivered", nullable(e.delivered()));
            r.put("renamed", nullable(e.renamed()));
            List<Map<String, Object>> uops = new ArrayList<>();
            for (Dispatch d : e.uops()) {
                Map<String, Object> u = new LinkedHashMap<>();
                u.put("uop", d.uop());
                u.put("port", d.port());
                u.put("dispatched", nullable(d.cycle()));
                uops.add(u);
            }
            r.put("uops", uops);
            r.put("completed", nullable(e.completed()));
            r.put("retired", nullable(e.retired()));
            List<Map<String, Object>> waits = new ArrayList<>();
            for (Wait w : e.waits()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("iteration", w.iteration());
                x.put("index", w.index());
                x.put("instruction", instruction(w.index()));
                x.put("ready", w.ready());
                waits.add(x);
            }
            r.put("waited_for", waits);
            List<Map<String, Object>> stalls = new ArrayList<>();
            for (StallRange s : e.stalls()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("cause", Reports.key(s.cause()));
                x.put("from", s.from());
                x.put("to", s.to());
                x.put("cycles", s.cycles());
                switch (s.cause()) {
                    case ROB_FULL -> x.put("rob_head", s.detail() < 0 ? null : s.detail());
                    case PORT_BUSY -> x.put("ports", Reports.ports(context.core().portNames(), s.detail()));
                    case MEMORY_ORDER -> x.put("store", s.detail() < 0 ? null : s.detail());
                    case SERIALIZED -> x.put("serializing", s.detail() < 0 ? null : s.detail());
                    default -> { }
                }
                x.put("detail", detail(s));
                stalls.add(x);
            }
            r.put("stalls", stalls);
            rows.add(r);
        }
        m.put("instructions", rows);
        m.put("dropped_stall_events", dropped);
        doc.put("timeline", m);
    }

    private static Long nullable(long c) {
        return c < 0 ? null : c;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "timeline of %d iterations", iterations);
    }
}
