package dev.uopsim.sim;

import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.model.FrontEnd;
import dev.uopsim.model.Latency;
import dev.uopsim.model.MachineModel;
import dev.uopsim.model.Memory;
import dev.uopsim.model.Rename;
import dev.uopsim.model.Unit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns a bound machine model into what the engine reads: a {@link CoreSpec} and per-form
 * {@link FormTiming}s. A µop's kind follows from the units on its ports and from what the form
 * does with memory: a µop whose ports all store data is the store-data µop; of the µops on
 * address ports, one is the store address when the form writes memory (one on a store-address-only
 * port when there is one), the others are loads; a store with no store-data µop (AMD) is one
 * combined store µop.
 */
public final class ModelCore {
    private static final List<String> ALL_JCC = List.of("jo", "jno", "jb", "jnb", "jz", "jnz", "jbe", "jnbe", "js", "jns",
            "jp", "jnp", "jl", "jnl", "jle", "jnle");

    private ModelCore() {}

    public static CoreSpec core(BoundModel bound) {
        MachineModel m = bound.model();
        FrontEnd fe = m.frontEnd();
        FrontEnd.LegacyDecode ld = fe.legacyDecode();
        List<CoreSpec.FusionRule> fusion = new ArrayList<>();
        for (Rename.MacroFusion f : m.rename().macroFusion()) {
            List<String> first = f.first().stream().map(s -> s.toLowerCase(Locale.ROOT)).toList();
            List<String> second = f.branches().contains("*") ? ALL_JCC : f.branches().stream().map(s -> s.toLowerCase(Locale.ROOT)).toList();
            fusion.add(new CoreSpec.FusionRule(first, second, f.memory(), f.memoryImmediate()));
        }
        CoreSpec.FrontEnd front = new CoreSpec.FrontEnd(fe.fetchBytes(), ld.predecodeWidth(), ld.lcpPenalty(),
                ld.instructionQueue(), fe.decodeWidth(), ld.complexDecoderUops(), ld.simpleDecoderUops(), ld.decodeUops(),
                ld.microcodeThreshold(), ld.microcodeUops(), fe.uopCache().width(), fe.uopCache().windowBytes(),
                fe.uopCache().size(), fe.loopBuffer().size(), fe.queueSize(), fe.takenBranchesPerCycle(), fusion, ld.jccErratum(),
                fe.loopBuffer().acrossIterations(), fe.uopCache().windowsPerCycle(), ld.microcodeExitCycles());
        List<CoreSpec.Scheduler> schedulers = new ArrayList<>();
        for (var s : m.schedulers()) schedulers.add(new CoreSpec.Scheduler(s.name(), s.size(), bound.mask(s.ports())));
        Memory mem = m.memory();
        CoreSpec.LoadStore ls = new CoreSpec.LoadStore(mem.loadToUse().gpr(), mem.loadToUse().gpr() + mem.loadToUse().complexAddress(),
                Math.max(0, mem.loadToUse().vector() - mem.loadToUse().gpr()), mem.loadBuffer(), mem.storeBuffer(),
                mem.storeForwarding().latency(), mem.storeForwarding().failurePenalty(), mem.memoryRenaming().enabled(),
                mem.memoryRenaming().latency(), renamingShapes(mem), mem.memoryRenaming().perCycle(), switch (mem.dependencePolicy()) {
                    case WAIT -> CoreSpec.DependencePolicy.WAIT_FOR_OLDER_STORES;
                    case PREDICT_INDEPENDENT -> CoreSpec.DependencePolicy.PREDICT_INDEPENDENT;
                    case LEARN -> CoreSpec.DependencePolicy.PREDICT_PER_INSTRUCTION;
                }, mem.loadIssue() == Memory.LoadIssue.IN_ORDER, mem.storeCommit().perCycle(), mem.storeCommit().sameLine(),
                switch (mem.memoryRenaming().readModifyWrite()) {
                    case ANY -> CoreSpec.ReadModifyWriteRenaming.ANY;
                    case IMMEDIATE -> CoreSpec.ReadModifyWriteRenaming.IMMEDIATE_SOURCE;
                    case NONE -> CoreSpec.ReadModifyWriteRenaming.NONE;
                }, new CoreSpec.LoadBanks(mem.loadBanks().bankBytes(), mem.loadBanks().loadsPerBank()), mem.memoryRenaming().sameCycle(),
                renamedValues(mem), mem.storeForwarding().computedDataExtra(), mem.segmentStorePorts(), mem.memoryRenaming().learnedLoads());
        Rename r = m.rename();
        CoreSpec.RenameFeatures features = new CoreSpec.RenameFeatures(r.moveElimination().gpr(), r.moveElimination().vector(),
                idiom(r.idioms().zero()), idiom(r.idioms().ones()), idiom(r.idioms().carry()), true,
                new CoreSpec.MoveFusionRule(r.moveFusion().operations().stream().map(s -> s.toLowerCase(Locale.ROOT))
                        .collect(java.util.stream.Collectors.toSet()), r.moveFusion().immediateBits()),
                java.util.Set.copyOf(upperCase(m.rob().serializing())),
                new CoreSpec.FoldedImmediates(java.util.Set.copyOf(upperCase(r.immediateFolding().materializedBy())), r.immediateFolding().latency(),
                        r.immediateFolding().immediatesBelow(), r.immediateFolding().flagsLatency()),
                new CoreSpec.LogicFlags(upperCase(r.logicFlags().producers()), upperCase(r.logicFlags().consumers()), r.logicFlags().latency(),
                        r.logicFlags().flagsInput()), idiom(r.idioms().zeroSseOrZero()), r.split().allowed(),
                r.dispatch().microcodeAlone(), dispatchLimits(r.dispatch(), bound.portNames()));
        CoreSpec.PortPolicy atAllocation = r.portBinding().choice() == Rename.PortChoice.ISSUE_SLOT
                ? CoreSpec.PortPolicy.BY_ISSUE_SLOT_AT_ALLOCATION : CoreSpec.PortPolicy.LEAST_LOADED_AT_ALLOCATION;
        CoreSpec.PortPolicy policy = switch (r.portBinding().at()) {
            case ALLOCATION -> atAllocation;
            case DISPATCH -> CoreSpec.PortPolicy.PER_QUEUE;
            case AUTO -> schedulers.size() == 1 ? atAllocation : CoreSpec.PortPolicy.PER_QUEUE;
        };
        return new CoreSpec(m.name(), bound.portNames(), front, r.width(), m.rob().size(), m.retire().width(), schedulers,
                policy, ls, features, bypass(m.bypass()), transferBubble(m, bound.portNames()));
    }

    /** The model's dispatch limits with their groups of ports as masks over {@code portNames}. */
    static List<CoreSpec.DispatchLimit> dispatchLimits(Rename.Dispatch d, List<String> portNames) {
        List<CoreSpec.DispatchLimit> out = new java.util.ArrayList<>();
        for (Rename.Limit l : d.limits()) {
            int mask = 0;
            for (String port : l.ports()) mask |= 1 << portNames.indexOf(port);
            out.add(new CoreSpec.DispatchLimit(mask, l.perCycle()));
        }
        return out;
    }

    /**
     * The integer ALU ports and the vector unit's ports, when the model says moves across cost a bubble.
     * The ALU ports are those with the ALU unit and no vector unit: a measured model may list ALU on
     * its FP pipes too (an integer flow blocked there), and the bubble closes the integer side only.
     * Where every ALU port also has vector units (one shared set of ports) they all count.
     */
    static CoreSpec.TransferBubble transferBubble(MachineModel m, List<String> portNames) {
        if (!m.bypass().transfers().bubble()) return CoreSpec.TransferBubble.NONE;
        int alu = 0, integerOnlyAlu = 0, vector = 0;
        for (int p = 0; p < portNames.size(); p++) {
            List<Unit> units = m.ports().get(portNames.get(p)).units();
            if (units.contains(Unit.ALU)) {
                alu |= 1 << p;
                if (units.stream().noneMatch(Unit.VECTOR::contains)) integerOnlyAlu |= 1 << p;
            }
            // The vector unit's pipes may take store data too (Zen 4's FP4 and FP5, whence its moves to the integer side).
            if (units.stream().allMatch(u -> Unit.VECTOR.contains(u) || u == Unit.STORE_DATA)) vector |= 1 << p;
        }
        return new CoreSpec.TransferBubble(integerOnlyAlu != 0 ? integerOnlyAlu : alu, vector);
    }

    /** uops.info mnemonics as the engine compares them (the model file may spell them in either case). */
    private static List<String> upperCase(List<String> mnemonics) {
        return mnemonics.stream().map(s -> s.toUpperCase(Locale.ROOT)).toList();
    }

    /** The model's bypass delays as a matrix over its domains (in declaration order). */
    static CoreSpec.BypassDelays bypass(dev.uopsim.model.Bypass b) {
        if (b.domains().isEmpty()) return CoreSpec.BypassDelays.NONE;
        int n = b.domains().size();
        double[][] cycles = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) cycles[i][j] = b.delay(b.domains().get(i), b.domains().get(j));
        }
        return new CoreSpec.BypassDelays(b.domains(), cycles);
    }

    private static java.util.Set<CoreSpec.RenamedValue> renamedValues(Memory mem) {
        java.util.Set<CoreSpec.RenamedValue> out = java.util.EnumSet.noneOf(CoreSpec.RenamedValue.class);
        for (Memory.RenamedValue v : mem.memoryRenaming().values()) out.add(CoreSpec.RenamedValue.valueOf(v.name()));
        return out;
    }

    private static java.util.Set<CoreSpec.RenamingShape> renamingShapes(Memory mem) {
        java.util.Set<CoreSpec.RenamingShape> shapes = java.util.EnumSet.noneOf(CoreSpec.RenamingShape.class);
        for (Memory.AddressShape a : mem.memoryRenaming().shapes()) {
            shapes.add(switch (a) {
                case STACK -> CoreSpec.RenamingShape.STACK;
                case BASE_DISPLACEMENT -> CoreSpec.RenamingShape.BASE_DISPLACEMENT;
                case UNINDEXED -> CoreSpec.RenamingShape.UNINDEXED;
                case ANY -> CoreSpec.RenamingShape.ANY;
            });
        }
        return shapes;
    }

    private static CoreSpec.IdiomHandling idiom(Rename.IdiomHandling h) {
        return switch (h) {
            case NONE -> CoreSpec.IdiomHandling.NONE;
            case DEPENDENCY_BREAKING -> CoreSpec.IdiomHandling.DEPENDENCY_BREAKING;
            case ELIMINATED -> CoreSpec.IdiomHandling.ELIMINATED;
        };
    }

    /** The engine's timings for a bound model (computed per form on first use, then cached). */
    public static TimingTable timings(BoundModel bound) {
        MachineModel m = bound.model();
        int ports = bound.portNames().size();
        int storeData = 0, agu = 0, storeAddressOnly = 0;
        for (int p = 0; p < ports; p++) {
            List<Unit> units = m.ports().get(bound.portNames().get(p)).units();
            if (units.contains(Unit.STORE_DATA)) storeData |= 1 << p;
            if (units.contains(Unit.LOAD) || units.contains(Unit.STORE_ADDRESS)) agu |= 1 << p;
            if (units.contains(Unit.STORE_ADDRESS) && !units.contains(Unit.LOAD)) storeAddressOnly |= 1 << p;
        }
        final int sd = storeData, ag = agu, sao = storeAddressOnly;
        // Filled on first use; simulations on several threads may race to fill a slot, harmlessly.
        var cache = new java.util.concurrent.atomic.AtomicReferenceArray<FormTiming>(bound.forms().size());
        var descriptors = new java.util.concurrent.atomic.AtomicReferenceArray<FormDescriptor>(bound.forms().size());
        FormTiming none = new FormTiming(0, List.of(), LatencyTable.NONE);
        return new TimingTable() {
            @Override
            public FormTiming timing(InstructionForm form) {
                FormTiming t = cache.get(form.id());
                if (t == null) {
                    t = convert(bound, form, sd, ag, sao);
                    cache.set(form.id(), t == null ? none : t);
                }
                return t == none ? null : t;
            }

            @Override
            public FormDescriptor descriptor(InstructionForm form) {
                FormDescriptor d = descriptors.get(form.id());
                if (d == null) {
                    FormTiming t = timing(form);
                    if (t == null) return null;
                    d = new FormDescriptor(form, t);
                    descriptors.set(form.id(), d);
                }
                return d;
            }
        };
    }

    private static FormTiming convert(BoundModel bound, InstructionForm form, int storeData, int agu, int storeAddressOnly) {
        var t = bound.timing(form);
        if (t == null) return null;
        boolean loads = form.readsMemory() && !form.has(FormProperty.NOP);
        boolean stores = form.writesMemory();
        List<UopSpec> uops = new ArrayList<>();
        int n = t.uops();
        UopKind[] kinds = new UopKind[n];
        int storeAddress = -1;
        for (int i = 0; i < n; i++) {
            int mask = t.uopPorts()[i];
            if ((mask & ~storeData) == 0) kinds[i] = stores ? UopKind.STORE_DATA : UopKind.COMPUTE;
            else if ((mask & ~agu) == 0) kinds[i] = UopKind.LOAD;
            else kinds[i] = UopKind.COMPUTE;
        }
        if (stores) {
            for (int i = 0; i < n && storeAddress < 0; i++) {
                if (kinds[i] == UopKind.LOAD && (t.uopPorts()[i] & storeAddressOnly) != 0) storeAddress = i;
            }
            for (int i = n - 1; i >= 0 && storeAddress < 0; i--) if (kinds[i] == UopKind.LOAD) storeAddress = i;
            boolean hasStoreData = false;
            for (UopKind k : kinds) hasStoreData |= k == UopKind.STORE_DATA;
            if (storeAddress >= 0) kinds[storeAddress] = hasStoreData ? UopKind.STORE_ADDRESS : UopKind.STORE;
        }
        if (!loads) {
            // Address-port µops of a form that reads no memory compute (LEA on an AGU, prefetch hints).
            for (int i = 0; i < n; i++) if (kinds[i] == UopKind.LOAD) kinds[i] = UopKind.COMPUTE;
        }
        for (int i = 0; i < n; i++) {
            int unit = t.uopUnit()[i] == null ? -1 : t.uopUnit()[i].ordinal();
            uops.add(new UopSpec(kinds[i], t.uopPorts()[i], unit, Math.max(1, t.uopOccupancy()[i])));
        }
        var row = bound.model().instructions().forms().get(t.row());
        Map<String, Integer> lat = new HashMap<>();
        Map<String, Integer> shortfall = new HashMap<>();
        java.util.Set<String> bounds = new java.util.HashSet<>();
        if (row != null) {
            for (Map.Entry<String, Latency> e : row.latency().entrySet()) {
                int whole = e.getValue().cyclesCeil();
                lat.put(e.getKey(), whole);
                if (e.getValue().upperBound()) bounds.add(e.getKey());
                int short100 = (int) Math.round((whole - e.getValue().cycles()) * 100);
                if (!e.getValue().upperBound() && short100 > 0 && short100 < 100) shortfall.put(e.getKey(), short100);
            }
        }
        int domain = row == null || row.domain() == null ? -1 : bound.model().bypass().domains().indexOf(row.domain());
        int microcode = row == null || row.microcodeCycles() == null ? 0 : Math.max(0, row.microcodeCycles());
        return new FormTiming(Math.max(1, t.slots()), uops, new LatencyTable(lat, bounds, shortfall), domain, microcode);
    }
}
