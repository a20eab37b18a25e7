package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.infer.PortClasses;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Forms with a 16-bit immediate behind an operand-size prefix take their port usage from the same
 * operation without one, since the predecoder's stalls hide their µops from blocking: every such
 * form of the table must find one.
 */
class LengthChangingPrefixSiblingTest {
    @Test
    void everyFormWithALengthChangingPrefixHasTheSameOperationWithoutOne() {
        FormTable table = FormTable.shipped();
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (InstructionForm f : table.forms()) {
            if (!PortClasses.lengthChangingPrefix(f)) continue;
            checked++;
            InstructionForm sibling = HostInference.withoutLengthChangingPrefix(f.name()).stream()
                    .filter(n -> !n.equals(f.name())).map(n -> table.byName(n).orElse(null))
                    .filter(s -> s != null).findFirst().orElse(null);
            if (sibling == null) {
                missing.add(f.name());
                continue;
            }
            assertFalse(PortClasses.lengthChangingPrefix(sibling), f.name() + " -> " + sibling.name());
            assertTrue(operation(sibling).equals(operation(f)), f.name() + " -> " + sibling.name());
        }
        assertTrue(checked >= 30, "forms with a length-changing prefix in the table: " + checked);
        assertTrue(missing.isEmpty(), "no sibling for " + missing);
    }

    /** ADD for ADD_LOCK (M16, I16), IMUL for IMUL_IMMZ (R16, R16, I16). */
    private static String operation(InstructionForm f) {
        return f.name().split("[ _]")[0];
    }
}
