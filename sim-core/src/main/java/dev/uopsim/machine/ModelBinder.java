package dev.uopsim.machine;

import dev.uopsim.common.Suggestions;
import dev.uopsim.isa.Access;
import dev.uopsim.isa.FlagGroup;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.OperandKind;
import dev.uopsim.isa.OperandSpec;
import dev.uopsim.model.InstructionTable.Form;
import dev.uopsim.model.InstructionTable.Uop;
import dev.uopsim.model.JsonPath;
import dev.uopsim.model.Latency;
import dev.uopsim.model.LatencyKey;
import dev.uopsim.model.LoadedModel;
import dev.uopsim.model.ModelException;
import dev.uopsim.model.Unit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Joins a loaded machine model to the instruction model: finds each row's form, turns port names
 * into bitmasks and expands the latency keys into a matrix over the form's real inputs and outputs.
 *
 * <p>Form names are checked here, since ports-config knows no instruction semantics. A row whose
 * name is malformed, or names a mnemonic the instruction model knows with an operand list it does
 * not, is an error when the row was written by hand (the file and JSON path are named); rows
 * imported from uops.info may name forms the instruction model does not cover (yet: AVX-512, or
 * tables still being filled) and are reported as unbound instead. A row whose mnemonic the
 * instruction model does not know at all is unbound too, with a "did you mean" when one is near.
 */
public final class ModelBinder {
    private static final Pattern NAME = Pattern.compile("([A-Z][A-Z0-9_]*)(?: \\((.+)\\))?");

    private ModelBinder() {}

    public static BoundModel bind(LoadedModel loaded) {
        return bind(loaded, FormTable.shipped());
    }

    public static BoundModel bind(LoadedModel loaded, FormTable table) {
        List<String> ports = loaded.model().portNames();
        Map<String, List<InstructionForm>> byMnemonic = new LinkedHashMap<>();
        for (InstructionForm f : table.forms()) {
            byMnemonic.computeIfAbsent(f.mnemonic(), k -> new ArrayList<>()).add(f);
            for (String n : f.uopsInfoNames()) {
                byMnemonic.computeIfAbsent(mnemonic(n), k -> new ArrayList<>()).add(f);
            }
        }
        FormTiming[] timings = new FormTiming[table.size()];
        Map<String, String> unbound = new TreeMap<>();
        Map<String, String> unsupported = new TreeMap<>();
        Map<String, String> twins = new TreeMap<>();
        Map<Integer, String> rowOfForm = new LinkedHashMap<>();
        for (String row : loaded.model().instructions().names()) {
            LoadedModel.RowOrigin origin = loaded.origin(row);
            JsonPath path = LoadedModel.rowPath(row);
            InstructionForm form = table.byName(row).orElse(null);
            if (form == null) {
                if (table.unsupported().containsKey(row)) {
                    unsupported.put(row, table.unsupported().get(row));
                    continue;
                }
                // Suggestions cost an edit-distance search; only hand-written rows (errors) get one.
                String why = whyUnbound(row, byMnemonic, !origin.imported());
                if (!origin.imported() && !why.startsWith("unknown mnemonic")) {
                    throw new ModelException(origin.file(), path, "no instruction form '" + row + "': " + why,
                            "form names are uops.info's: MNEMONIC (KIND, ...), e.g. ADD (R64, M64); run 'uopsim models show "
                                    + loaded.model().name() + " --unbound' to see what the instruction model knows");
                }
                unbound.put(row, why);
                continue;
            }
            String first = rowOfForm.putIfAbsent(form.id(), row);
            if (first != null) {
                twins.put(row, first);
                continue;
            }
            timings[form.id()] = timing(form, row, loaded.model().instructions().forms().get(row), ports, origin, path);
        }
        return new BoundModel(loaded, table, timings, ports, unbound, unsupported, twins);
    }

    static String mnemonic(String name) {
        int sp = name.indexOf(' ');
        return sp < 0 ? name : name.substring(0, sp);
    }

    private static String whyUnbound(String row, Map<String, List<InstructionForm>> byMnemonic, boolean suggest) {
        Matcher m = NAME.matcher(row);
        if (!m.matches()) return "malformed name (expected MNEMONIC or MNEMONIC (KIND, KIND...))";
        if (m.group(2) != null) {
            for (String kind : m.group(2).split(", ")) {
                try {
                    OperandKind.parse(kind);
                } catch (IllegalArgumentException e) {
                    return "unknown operand kind '" + kind + "'";
                }
            }
        }
        List<InstructionForm> same = byMnemonic.get(m.group(1));
        if (same == null) {
            String near = suggest ? Suggestions.didYouMean(m.group(1), byMnemonic.keySet()) : null;
            return "unknown mnemonic " + m.group(1) + " (the instruction model has no form of it yet)" + (near != null ? "; " + near : "");
        }
        List<String> names = new ArrayList<>();
        for (InstructionForm f : same) {
            names.add(f.name());
            names.addAll(f.uopsInfoNames());
        }
        String near = suggest ? Suggestions.didYouMean(row, names) : null;
        return "the instruction model knows " + m.group(1) + " but not with these operands" + (near != null ? " (" + near + ")" : "");
    }

    private static FormTiming timing(InstructionForm form, String row, Form f, List<String> ports, LoadedModel.RowOrigin origin, JsonPath path) {
        List<Integer> masks = new ArrayList<>();
        List<Unit> units = new ArrayList<>();
        List<Integer> occ = new ArrayList<>();
        for (Uop u : f.uops()) {
            int mask = 0;
            for (String p : u.ports()) mask |= 1 << ports.indexOf(p);
            for (int i = 0; i < u.count(); i++) {
                masks.add(mask);
                units.add(i == 0 ? u.unit() : null);
                occ.add(i == 0 ? u.occupancy() : 1);
            }
        }
        List<OperandRef> inputs = inputs(form);
        List<OperandRef> outputs = outputs(form);
        int[][] lat = new int[outputs.size()][inputs.size()];
        boolean[][] bound = new boolean[outputs.size()][inputs.size()];
        int[][] spec = new int[outputs.size()][inputs.size()];
        for (int[] r : lat) java.util.Arrays.fill(r, -1);
        for (int[] r : spec) java.util.Arrays.fill(r, -1);
        for (var e : f.latency().entrySet()) {
            LatencyKey key = LatencyKey.parse(e.getKey());
            Latency value = e.getValue();
            boolean fromFound = key.from().equals("*") || inputs.stream().anyMatch(r -> r.matches(key.from()));
            boolean toFound = key.to().equals("*") || outputs.stream().anyMatch(r -> r.matches(key.to()));
            if ((!fromFound || !toFound) && !origin.imported()) {
                String missing = !fromFound ? "input '" + key.from() + "'" : "output '" + key.to() + "'";
                throw new ModelException(origin.file(), path.field("latency").field(e.getKey()),
                        form.name() + " has no " + missing, "its inputs: " + inputs + "; outputs: " + outputs);
            }
            int s = key.specificity();
            for (int o = 0; o < outputs.size(); o++) {
                if (!outputs.get(o).matches(key.to())) continue;
                for (int i = 0; i < inputs.size(); i++) {
                    if (!inputs.get(i).matches(key.from()) || s < spec[o][i]) continue;
                    spec[o][i] = s;
                    lat[o][i] = value.cyclesCeil();
                    bound[o][i] = value.upperBound();
                }
            }
        }
        return new FormTiming(form, row, f.slots(), masks.stream().mapToInt(Integer::intValue).toArray(), units.toArray(new Unit[0]),
                occ.stream().mapToInt(Integer::intValue).toArray(), List.copyOf(inputs), List.copyOf(outputs), lat, bound,
                f.throughput() == null ? Double.NaN : f.throughput());
    }

    /** What a form reads: explicit operands, the address of its memory operand, implicit registers, flag groups. */
    static List<OperandRef> inputs(InstructionForm form) {
        List<OperandRef> in = new ArrayList<>();
        boolean address = false;
        for (int i = 0; i < form.operands().size(); i++) {
            OperandSpec s = form.operands().get(i);
            if (s.kind().isImmediate() || s.kind().category() == OperandKind.Category.RELATIVE) continue;
            if (s.kind().isMemory() || s.kind().category() == OperandKind.Category.AGEN) address = true;
            if (s.access().reads() && s.kind().category() != OperandKind.Category.AGEN) in.add(OperandRef.operand(i));
        }
        Set<String> seen = new HashSet<>();
        for (OperandSpec s : form.implicitOperands()) {
            if (s.memory() != null) {
                address = true;
            } else if (s.register() != null && s.access().reads() && seen.add(s.register().root().name())) {
                in.add(OperandRef.register(s.register()));
            }
        }
        if (address) in.add(OperandRef.ADDRESS);
        int groups = FlagGroup.groupsTouched(form.flagsRead());
        for (FlagGroup g : FlagGroup.values()) if ((groups & (1 << g.ordinal())) != 0) in.add(OperandRef.flags(g));
        return in;
    }

    /** What a form writes: explicit operands, implicit registers, flag groups. */
    static List<OperandRef> outputs(InstructionForm form) {
        List<OperandRef> out = new ArrayList<>();
        for (int i = 0; i < form.operands().size(); i++) {
            Access a = form.operands().get(i).access();
            if (a.writes()) out.add(OperandRef.operand(i));
        }
        Set<String> seen = new HashSet<>();
        for (OperandSpec s : form.implicitOperands()) {
            if (s.register() != null && s.access().writes() && seen.add(s.register().root().name())) out.add(OperandRef.register(s.register()));
        }
        int groups = FlagGroup.groupsTouched(form.flagsModified());
        for (FlagGroup g : FlagGroup.values()) if ((groups & (1 << g.ordinal())) != 0) out.add(OperandRef.flags(g));
        return out;
    }
}
