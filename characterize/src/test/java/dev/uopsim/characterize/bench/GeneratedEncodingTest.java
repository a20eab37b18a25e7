package dev.uopsim.characterize.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uopsim.characterize.host.CpuInfo;
import dev.uopsim.characterize.runner.Assembler;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every benchmarked form's generated instruction assembles to that very form: registers the
 * generator picks must not let the assembler choose a shorter twin (an accumulator encoding, XCHG
 * with RAX, a sign-extended immediate). Needs binutils only, not this CPU's extensions.
 */
class GeneratedEncodingTest {
    @Test
    void theInstructionOfEveryThroughputBenchmarkDecodesToItsForm() throws Exception {
        assumeTrue(Assembler.available() && ObjdumpDecoder.available(), "skipped: needs GNU as and objdump");
        FormTable table = FormTable.shipped();
        Set<String> all = new java.util.TreeSet<>();
        for (InstructionForm f : table.forms()) all.add(f.extension());
        all.add("AVX2");
        CpuInfo everything = CpuInfo.of("GenuineIntel", 6, 0x8f, all);
        Generator g = new Generator(everything);
        List<InstructionForm> forms = new ArrayList<>();
        List<Assembler.Unit> units = new ArrayList<>();
        for (InstructionForm f : table.forms()) {
            if (Generator.unsupported(f, everything) != null) continue;
            Generator.Probe p = g.probe(f);
            if (p == null) continue;
            forms.add(f);
            units.add(new Assembler.Unit(f.name(), p.line()));
        }
        Assembler.Result r = new Assembler().assemble(units);
        List<byte[]> blocks = new ArrayList<>();
        List<InstructionForm> assembled = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < forms.size(); i++) {
            if (r.ok(i)) {
                blocks.add(r.code().get(i));
                assembled.add(forms.get(i));
            } else {
                failures.add(forms.get(i).name() + ": " + r.errors().get(i));
            }
        }
        List<ObjdumpDecoder.Block> decoded = new ObjdumpDecoder(table).decode(blocks, "generated");
        for (int i = 0; i < decoded.size(); i++) {
            ObjdumpDecoder.Block b = decoded.get(i);
            InstructionForm want = assembled.get(i);
            if (!b.ok() || b.instructions().size() != 1 || b.instructions().getFirst().form() != want) {
                failures.add(want.name() + " '" + units.get(forms.indexOf(want)).text() + "' decodes to "
                        + (b.ok() ? b.instructions() : b.error().getMessage()));
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " of " + forms.size() + " generated forms:\n"
                + String.join("\n", failures.subList(0, Math.min(40, failures.size()))));
        assertTrue(forms.size() > 3000, "forms generated: " + forms.size());
    }
}
