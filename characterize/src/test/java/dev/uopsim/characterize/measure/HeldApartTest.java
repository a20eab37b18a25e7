package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.host.CpuInfo;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class HeldApartTest {
    private static InstructionForm form(String name) {
        return FormTable.shipped().byName(name).orElseThrow();
    }

    @Test
    void aChainLinkCarriesAReadWriteRegisterElseAnInputOfTheSameFileToTheOutput() {
        var add = HeldApart.link(form("ADD_01 (R64, R64)"));
        assertEquals(0, add.input());
        assertEquals(0, add.output());
        var vpaddd = HeldApart.link(form("VPADDD (YMM, YMM, YMM)"));
        assertEquals(1, vpaddd.input());
        assertEquals(0, vpaddd.output());
    }

    @Test
    void legacySseIsNotMixedWithWideVex() {
        assertFalse(HeldApart.compatible(form("ADDPS (XMM, XMM)"), form("VADDPS (YMM, YMM, YMM)")));
        assertTrue(HeldApart.compatible(form("ADDPS (XMM, XMM)"), form("VADDPS (XMM, XMM, XMM)")));
        assertTrue(HeldApart.compatible(form("ADD_01 (R64, R64)"), form("VADDPS (YMM, YMM, YMM)")));
    }

    @Test
    void aCheckIsRebuiltFromItsNameWithTheCodeThatWasMeasured() {
        Set<String> all = new TreeSet<>();
        for (InstructionForm f : FormTable.shipped().forms()) all.add(f.extension());
        Generator g = new Generator(CpuInfo.of("GenuineIntel", 6, 0xcf, all));
        InstructionForm imul = form("IMUL (R64, R64)"), vpaddd = form("VPADDD (YMM, YMM, YMM)"), add = form("ADD_01 (R64, R64)");
        // Named as HeldApart.benchmarks names them.
        String mixName = "heldout-mix-7-" + Generator.slug(imul) + "-x2-" + Generator.slug(vpaddd) + "-x1-" + Generator.slug(add) + "-x2";
        Benchmark mix = g.mix(mixName, List.of(new Generator.Part(imul, 2), new Generator.Part(vpaddd, 1), new Generator.Part(add, 2)),
                Generator.Layout.INTERLEAVED, 0, true, true, 1, Benchmark.Kind.THROUGHPUT);
        String chainName = "heldout-chain-3-" + Generator.slug(imul) + "-" + Generator.slug(add);
        Benchmark chain = g.chain(chainName, List.of(HeldApart.link(imul), HeldApart.link(add)));

        List<Benchmark> rebuilt = HeldApart.fromNames(g, List.of(add, imul, vpaddd),
                List.of(mixName, chainName, "heldout-mix-8-no_such_form-x1", "ports-imul-x2"));
        assertEquals(2, rebuilt.size(), "the two checks; unknown forms and other phases left out");
        assertEquals(mix.body(mix.copies()), rebuilt.get(0).body(rebuilt.get(0).copies()));
        assertEquals(chain.body(chain.copies()), rebuilt.get(1).body(rebuilt.get(1).copies()));
    }
}
