package dev.uopsim.isa;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uopsim.isa.decode.Hex;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every form in the table, written as assembly, assembles with GNU as to the encoding the table
 * gives it, and the machine code decodes back to the same form; the length the model computes
 * for the text equals the assembler's.
 */
class RoundTripTest {

    @Test
    void everyFormAssemblesAndDecodesBackToItself() throws Exception {
        assumeTrue(Binutils.available(), "GNU as and objdump are not installed: the round trip needs binutils");
        FormTable table = FormTable.shipped();
        List<InstructionForm> forms = table.forms();
        List<String> lines = new ArrayList<>();
        List<List<Operand>> operands = new ArrayList<>();
        for (InstructionForm f : forms) {
            List<Operand> ops = AsmWriter.exampleOperands(f);
            operands.add(ops);
            lines.add(AsmWriter.write(f, ops));
        }
        Binutils.Assembled assembled = Binutils.assemble(lines);
        List<byte[]> blocks = new ArrayList<>();
        List<Integer> blockForm = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < forms.size(); i++) {
            if (assembled.errors().get(i) != null) {
                failures.add(forms.get(i).name() + " [" + forms.get(i).origin() + "]: as rejects '" + lines.get(i) + "': "
                        + assembled.errors().get(i));
            } else if (assembled.bytes().get(i) == null) {
                failures.add(forms.get(i).name() + ": no bytes listed for '" + lines.get(i) + "'");
            } else {
                blocks.add(assembled.bytes().get(i));
                blockForm.add(i);
            }
        }
        List<ObjdumpDecoder.Block> decoded = new ObjdumpDecoder(table).decode(blocks, "round-trip");
        for (int b = 0; b < decoded.size(); b++) {
            int i = blockForm.get(b);
            InstructionForm want = forms.get(i);
            ObjdumpDecoder.Block block = decoded.get(b);
            String where = want.name() + " [" + want.origin() + "] '" + lines.get(i) + "' = " + Hex.spaced(block.code());
            if (!block.ok()) {
                failures.add(where + ": does not decode: " + block.error().getMessage());
                continue;
            }
            if (block.instructions().size() != 1) {
                failures.add(where + ": decodes to " + block.instructions().size() + " instructions");
                continue;
            }
            InstructionForm got = block.instructions().getFirst().form();
            if (got != want) failures.add(where + ": decodes to " + got.name());
            int length = InstructionLength.of(want, operands.get(i), EncodingHints.NONE);
            if (length != block.code().length) failures.add(where + ": computed length " + length + ", assembled " + block.code().length);
        }
        assertTrue(failures.isEmpty(), failures.size() + " of " + forms.size() + " forms fail the round trip:\n"
                + String.join("\n", failures.subList(0, Math.min(200, failures.size()))));
    }
}
