package dev.uopsim.sim;

import dev.uopsim.isa.Encoding;
import dev.uopsim.isa.FlagGroup;
import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.OperandSpec;
import java.util.List;
import java.util.Locale;

/**
 * What a {@link StaticInstruction} takes from its form and the form's timing on a model alone, worked
 * out once per model and form ({@link TimingTable#descriptor}): every simulated block prepares each of
 * its instructions, and asking the form, its µops and its latency table again each time cost more than
 * the rest of that work. Nothing here depends on an instruction's operands or on the code around it.
 *
 * <p>Latencies are asked by name ids rather than names: an explicit operand {@code i} is id {@code i},
 * then come {@code mem}, {@code *}, the implicit operands in order and the flag groups. The answer for
 * a pair is the latency table's for the pair of names, remembered on first use. Immutable but for that
 * memo, which threads may race to fill with the same answer.
 */
public final class FormDescriptor {
    final InstructionForm form;
    final FormTiming timing;
    /** The mnemonic in upper case, as the model's lists (serializing, logic flags) spell it. */
    final String upperMnemonic;
    final boolean branch;
    final boolean zeroUpper;
    final boolean moveElimination;
    /** The form writes memory without reading it (a register it reads is then a store's data when it has no compute µop). */
    final boolean storesOnly;
    /** 66-prefixed with a 16-bit immediate, not an 8-bit one: length-changing if the instruction has an immediate operand. */
    final boolean lengthChangingForm;

    /** The timing's µops, shared by the form's instructions that add none (never written). */
    final UopSpec[] uops;
    final boolean hasComputeUop;
    /** The first compute µop, or null. */
    final UopSpec firstCompute;
    final int computeUops;
    final int loadUops;
    final int storeAddressUops;
    final int storeDataUops;
    final int computeSpread;
    /** The latency for a pair no key covers: the form's slowest path, at least 1. */
    final int fallback;

    /** Id of {@code mem} (an address's registers, an implicit memory operand) and of {@code *} (a memory value input). */
    final int memId;
    final int anyId;
    /** Id of the first implicit operand and of the first flag group. */
    final int implicitId;
    final int flagId;
    /** Names by id, as latency keys write them. */
    final String[] names;
    private final int ids;
    /** What covers each (from, to) pair of ids, {@link LatencyTable#UNCOVERED} for none; filled on first use. */
    private final LatencyTable.Cover[] covers;

    /**
     * The µops with the compute ones in the order dispatch should try them: fewest ports first (in table
     * order among equals), as {@link StaticInstruction#computeSpread} packs them. Taken in table order a
     * µop any ALU runs could take the one port a later µop needed: SHLD cx, bx, 7 (one µop on ALU1, four on
     * any ALU, two on ALU0 or ALU1) then spread over three cycles, not two, and its result came a cycle late.
     */
    private static UopSpec[] mostConstrainedFirst(UopSpec[] uops) {
        List<UopSpec> compute = new java.util.ArrayList<>();
        for (UopSpec u : uops) if (u.kind() == UopKind.COMPUTE) compute.add(u);
        compute.sort(java.util.Comparator.comparingInt(u -> Integer.bitCount(u.portMask())));
        UopSpec[] out = uops.clone();
        int next = 0;
        for (int k = 0; k < out.length; k++) if (out[k].kind() == UopKind.COMPUTE) out[k] = compute.get(next++);
        return out;
    }

    FormDescriptor(InstructionForm form, FormTiming timing) {
        this.form = form;
        this.timing = timing;
        this.upperMnemonic = form.mnemonic().toUpperCase(Locale.ROOT);
        this.branch = form.has(FormProperty.BRANCH);
        this.zeroUpper = form.has(FormProperty.ZERO_UPPER);
        this.moveElimination = form.has(FormProperty.MOVE_ELIMINATION);
        this.storesOnly = form.writesMemory() && !form.readsMemory();
        this.lengthChangingForm = lengthChanging(form);

        this.uops = mostConstrainedFirst(timing.uops().toArray(UopSpec[]::new));
        UopSpec first = null;
        for (UopSpec u : timing.uops()) {
            if (u.kind() == UopKind.COMPUTE) {
                first = u;
                break;
            }
        }
        int c = 0, ld = 0, sta = 0, std = 0;
        for (UopSpec u : uops) {
            switch (u.kind()) {
                case COMPUTE -> c++;
                case LOAD -> ld++;
                case STORE_ADDRESS -> sta++;
                case STORE_DATA -> std++;
                case STORE -> {
                    sta++;
                    std++;
                }
            }
        }
        this.firstCompute = first;
        this.hasComputeUop = first != null;
        this.computeUops = c;
        this.loadUops = ld;
        this.storeAddressUops = sta;
        this.storeDataUops = std;
        this.computeSpread = StaticInstruction.computeSpread(uops);
        this.fallback = Math.max(1, timing.latency().max());

        List<OperandSpec> explicit = form.operands();
        List<OperandSpec> implicit = form.implicitOperands();
        this.memId = explicit.size();
        this.anyId = memId + 1;
        this.implicitId = anyId + 1;
        this.flagId = implicitId + implicit.size();
        FlagGroup[] groups = FlagGroup.values();
        this.ids = flagId + groups.length;
        this.names = new String[ids];
        for (int i = 0; i < explicit.size(); i++) names[i] = StaticInstruction.operandName(i);
        names[memId] = "mem";
        names[anyId] = "*";
        for (int k = 0; k < implicit.size(); k++) {
            OperandSpec s = implicit.get(k);
            names[implicitId + k] = s.register() != null ? s.register().name().toUpperCase() : "mem";
        }
        for (FlagGroup g : groups) names[flagId + g.ordinal()] = g.name();
        this.covers = new LatencyTable.Cover[ids * ids];
    }

    /** What covers the latency from name id {@code from} to name id {@code to}, or null when no key does. */
    LatencyTable.Cover cover(int from, int to) {
        int at = from * ids + to;
        LatencyTable.Cover c = covers[at];
        if (c == null) {
            c = timing.latency().cover(names[from], names[to]);
            if (c == null) c = LatencyTable.UNCOVERED;
            covers[at] = c;             // a record of finals: safe to publish by a race
        }
        return c == LatencyTable.UNCOVERED ? null : c;
    }

    /**
     * A 66 or 67 prefix that changes the length of the form's immediate (ADD r16, imm16): the
     * predecoders mis-guess the length and stall (when the instruction has the immediate).
     */
    private static boolean lengthChanging(InstructionForm form) {
        Encoding e = form.encoding();
        if (e.scheme() != Encoding.Scheme.LEGACY || e.immediateBytes() != 2 || !e.hasPrefix(0x66)) return false;
        for (OperandSpec s : form.operands()) if (s.kind().name().equals("I8")) return false;
        return true;
    }
}
