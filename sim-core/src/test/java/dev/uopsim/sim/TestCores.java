package dev.uopsim.sim;

import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.OperandSpec;
import dev.uopsim.isa.asm.AssemblyParser;
import dev.uopsim.isa.asm.Layout;
import dev.uopsim.isa.asm.Syntax;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A small Skylake-like core for engine tests: eight ports (0,1,5,6 ALU; 2,3 load; 4 store data;
 * 7 store address), and timings by simple rules (1-cycle ALU ops, 3-cycle IMUL on port 1).
 */
final class TestCores {
    static final int P0 = 1, P1 = 2, P2 = 4, P3 = 8, P4 = 16, P5 = 32, P6 = 64, P7 = 128;
    static final int ALU = P0 | P1 | P5 | P6;

    private TestCores() {}

    static CoreSpec skylakeLike() {
        return skylakeLike(false);
    }

    static CoreSpec skylakeLike(boolean memoryRenaming) {
        CoreSpec.FrontEnd fe = new CoreSpec.FrontEnd(16, 5, 3, 25, 4, 4, 1, 5, 4, 4, 6, 32, 1536, 0, 64, 1,
                List.of(new CoreSpec.FusionRule(List.of("cmp", "test", "add", "sub", "and", "inc", "dec"),
                        List.of("jz", "jnz", "jb", "jnb", "jl", "jnl", "jle", "jnle", "jbe", "jnbe"), true, false)), false, false);
        CoreSpec.LoadStore ls = new CoreSpec.LoadStore(4, 5, 1, 72, 56, 5, 12, memoryRenaming, 0,
                java.util.EnumSet.of(CoreSpec.RenamingShape.BASE_DISPLACEMENT), 0,
                CoreSpec.DependencePolicy.PREDICT_PER_INSTRUCTION, false);
        return new CoreSpec("test-skl", List.of("P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7"), fe, 4, 224, 4,
                List.of(new CoreSpec.Scheduler("RS", 97, 0xFF)), CoreSpec.PortPolicy.LEAST_LOADED_AT_ALLOCATION, ls,
                new CoreSpec.RenameFeatures(true, true, CoreSpec.IdiomHandling.ELIMINATED,
                        CoreSpec.IdiomHandling.DEPENDENCY_BREAKING, CoreSpec.IdiomHandling.DEPENDENCY_BREAKING, true));
    }

    /**
     * {@code c} with another µop-cache delivery ({@code uopCacheUops} a cycle from up to {@code windows}
     * windows), loop buffer, sequencer exit cycles, rename and retire widths; the rest as it is.
     */
    static CoreSpec withDelivery(CoreSpec c, int uopCacheUops, int windows, int loopBuffer, int microcodeExitCycles,
                                 int renameWidth, int retireWidth) {
        CoreSpec.FrontEnd f = c.frontEnd();
        CoreSpec.FrontEnd fe = new CoreSpec.FrontEnd(f.fetchBytes(), f.predecodeWidth(), f.lcpPenalty(), f.instructionQueue(), f.decoders(),
                f.complexDecoderUops(), f.simpleDecoderUops(), f.decodeUopsPerCycle(), f.microcodeThreshold(), f.microcodeUopsPerCycle(),
                uopCacheUops, f.uopCacheWindow(), f.uopCacheCapacity(), loopBuffer, f.uopQueue(), f.takenBranchesPerCycle(),
                f.macroFusion(), f.jccErratum(), f.loopBufferAcrossIterations(), windows, microcodeExitCycles);
        return new CoreSpec(c.name(), c.portNames(), fe, renameWidth, c.robSize(), retireWidth, c.schedulers(), c.portPolicy(),
                c.loadStore(), c.rename(), c.bypass());
    }

    /** {@code c} with other rename features. */
    static CoreSpec withRename(CoreSpec c, CoreSpec.RenameFeatures rename) {
        return new CoreSpec(c.name(), c.portNames(), c.frontEnd(), c.renameWidth(), c.robSize(), c.retireWidth(), c.schedulers(),
                c.portPolicy(), c.loadStore(), rename, c.bypass());
    }

    /** {@code c} whose renamer folds immediates by {@code rule} (and its move fusion by {@code fusion}). */
    static CoreSpec withFolding(CoreSpec c, CoreSpec.FoldedImmediates rule, CoreSpec.MoveFusionRule fusion) {
        CoreSpec.RenameFeatures r = c.rename();
        return withRename(c, new CoreSpec.RenameFeatures(r.moveEliminationGpr(), r.moveEliminationVector(), r.zeroIdioms(), r.onesIdioms(),
                r.carryIdioms(), r.partialRegisterMerge(), fusion, r.serializing(), rule, r.logicFlags(), r.sseZeroIdioms()));
    }

    /**
     * {@code c} with its load/store unit changed in memory renaming (on or off, its shapes and values), the extra
     * cycles of forwarding computed data, and the ports of FS/GS stores.
     */
    static CoreSpec withMemory(CoreSpec c, boolean renaming, java.util.Set<CoreSpec.RenamingShape> shapes,
                               java.util.Set<CoreSpec.RenamedValue> values, double computedExtra, int segmentStorePorts) {
        CoreSpec.LoadStore l = c.loadStore();
        CoreSpec.LoadStore ls = new CoreSpec.LoadStore(l.loadToUse(), l.loadToUseComplex(), l.vectorLoadExtra(), l.loadBuffer(), l.storeBuffer(),
                l.forwardLatency(), l.forwardFailPenalty(), renaming, 0, shapes, 0, l.dependencePolicy(), l.inOrderLoads(),
                l.storeCommitsPerCycle(), l.storeCommitSameLine(), l.renamingReadModifyWrite(), l.loadBanks(), l.renamingSameCycle(),
                values, computedExtra, segmentStorePorts);
        return new CoreSpec(c.name(), c.portNames(), c.frontEnd(), c.renameWidth(), c.robSize(), c.retireWidth(), c.schedulers(),
                c.portPolicy(), ls, c.rename(), c.bypass());
    }

    /** Timings by rule: enough for the engine's mechanics, not a model of any real core. */
    static final TimingTable RULES = form -> {
        List<UopSpec> uops = new ArrayList<>();
        String m = form.mnemonic().split("_")[0];
        boolean load = form.readsMemory() && !form.has(FormProperty.PREFETCH);
        boolean store = form.writesMemory();
        boolean lea = m.equals("LEA");
        if (load) uops.add(new UopSpec(UopKind.LOAD, P2 | P3, -1, 1));
        int lat = 1;
        boolean pureMove = m.equals("MOV") && (load || store);
        if (form.has(FormProperty.BRANCH)) {
            uops.add(UopSpec.compute(P0 | P6));
        } else if (m.equals("IMUL")) {
            uops.add(UopSpec.compute(P1));
            lat = 3;
        } else if (!pureMove && !m.equals("NOP") && !m.equals("PUSH") && !m.equals("POP")) {
            uops.add(UopSpec.compute(lea ? P1 | P5 : ALU));
        }
        if (store) {
            uops.add(new UopSpec(UopKind.STORE_ADDRESS, P2 | P3 | P7, -1, 1));
            uops.add(new UopSpec(UopKind.STORE_DATA, P4, -1, 1));
        }
        int slots = Math.max(1, (load ? 1 : 0) + (store ? 1 : 0) + (int) uops.stream().filter(u -> u.kind() == UopKind.COMPUTE).count()
                - (load && !store ? 1 : 0) - (store ? 1 : 0));
        return new FormTiming(slots, uops, LatencyTable.uniform(lat));
    };

    static List<Instruction> code(String... lines) {
        AssemblyParser p = new AssemblyParser(FormTable.shipped());
        return Layout.place(p, p.parse("test.s", Arrays.asList(lines), Syntax.INTEL));
    }

    static SimulationInput unrolled(String... lines) {
        return new SimulationInput("test", code(lines), false, true, Map.of());
    }

    static SimulationInput loop(String... lines) {
        return new SimulationInput("test", code(lines), true, true, Map.of());
    }

    /** Cycles per iteration in the steady state, measured between iterations 100 and 300. */
    static double cyclesPerIteration(CoreSpec core, SimulationInput input) {
        return cyclesPerIteration(core, RULES, input);
    }

    static double cyclesPerIteration(CoreSpec core, TimingTable timings, SimulationInput input) {
        Engine e = new Engine(core, timings, input, EngineListener.NONE, 400);
        e.run(400, 1_000_000);
        return (e.iterationEnd(299) - e.iterationEnd(99)) / 200.0;
    }

    static boolean unused(InstructionForm f, OperandSpec s) {
        return f == null || s == null;
    }
}
