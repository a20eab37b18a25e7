package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.host.CpuInfo;
import dev.uopsim.characterize.infer.SlotFiller;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.Set;
import java.util.TreeSet;

/** Generators for tests that build benchmarks without a machine. */
final class TestGenerators {
    private TestGenerators() {}

    /** The Zen 4 guest's CPUID with every extension of the shipped forms, filling slots with CLC as characterize does there. */
    static Generator zen4WithClcFillers() {
        Set<String> all = new TreeSet<>();
        for (InstructionForm f : FormTable.shipped().forms()) all.add(f.extension());
        Generator g = new Generator(CpuInfo.of("AuthenticAMD", 0x19, 0x11, all));
        g.fillSlotsWith(SlotFiller.CLEAR_CARRY);
        return g;
    }
}
