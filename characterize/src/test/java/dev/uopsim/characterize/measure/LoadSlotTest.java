package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A load adds at most one slot to its operation: a load-operation form whose probe reads more than its
 * register sibling's count plus one is lowered to that. Readings from h56.jsonl (the development host,
 * family 6 model 0xcf).
 */
class LoadSlotTest {
    private static InstructionForm form(String name) {
        return FormTable.shipped().byName(name).orElseThrow();
    }

    @Test
    void aLoadOperationReadAboveItsRegisterSiblingPlusOneIsLowered() {
        // given HSUBPD xmm, m128 read at 4.9 slots (settled 5: microcoded) and its register form at 3
        Map<String, HostInference.Slots> slots = Map.of(
                "HSUBPD (XMM, M128)", new HostInference.Slots(4.9, 5, "hsubpd_xmm_m128-slots-k75-x1", null),
                "HSUBPD (XMM, XMM)", new HostInference.Slots(3.3, 3, "hsubpd_xmm_xmm-slots-k75-x1", null));

        // when the load's slot is bounded
        var out = HostInference.loadAddsAtMostOneSlot(List.of(form("HSUBPD (XMM, M128)"), form("HSUBPD (XMM, XMM)")), slots);

        // then the memory form has four slots (decoded, not microcoded), and the register form is as it was
        assertEquals(4, out.get("HSUBPD (XMM, M128)").settled());
        assertEquals(3, out.get("HSUBPD (XMM, XMM)").settled());
    }

    @Test
    void storesAndBitStringsKeepTheirReadings() {
        // a read-modify-write form stores as well; BT m, r addresses a bit string beyond the operand
        Map<String, HostInference.Slots> slots = Map.of(
                "ADD (M64, R64)", new HostInference.Slots(4.0, 4, "add-m", null),
                "ADD (R64, R64)", new HostInference.Slots(1.0, 1, "add-r", null),
                "BT (M32, R32)", new HostInference.Slots(15.1, 15, "bt-m", null),
                "BT (R32, R32)", new HostInference.Slots(1.0, 1, "bt-r", null));
        var out = HostInference.loadAddsAtMostOneSlot(List.of(form("ADD (M64, R64)"), form("BT (M32, R32)")), slots);
        assertEquals(4, out.get("ADD (M64, R64)").settled());
        assertEquals(15, out.get("BT (M32, R32)").settled());
    }

    @Test
    void registerSiblingsReplaceTheMemoryOperandByARegisterOfItsWidth() {
        assertEquals(List.of("HSUBPD (XMM, XMM)"), HostInference.registerSiblings("HSUBPD (XMM, M128)"));
        assertEquals(List.of("CVTSI2SD (XMM, R64)", "CVTSI2SD (XMM, XMM)", "CVTSI2SD (XMM, MM)"), HostInference.registerSiblings("CVTSI2SD (XMM, M64)"));
        assertEquals(List.of("TEST (R8l, R8l)", "TEST (R8h, R8l)"), HostInference.registerSiblings("TEST (M8, R8l)"));
    }

    @Test
    void anUnsettledReadingAboveTheBoundIsLoweredToo() {
        // ROUNDSD xmm, m64, imm8 (h55.jsonl): no attempt settled, the last read 4.6 slots, which the model
        // would round to five (microcoded); its register form settled at two
        Map<String, HostInference.Slots> slots = Map.of(
                "ROUNDSD (XMM, M64, I8)", new HostInference.Slots(4.6, null, "roundsd-m", "not settled: 4.60 slots"),
                "ROUNDSD (XMM, XMM, I8)", new HostInference.Slots(2.1, 2, "roundsd-r", null));
        var out = HostInference.loadAddsAtMostOneSlot(List.of(form("ROUNDSD (XMM, M64, I8)")), slots);
        assertEquals(3, out.get("ROUNDSD (XMM, M64, I8)").settled());
    }
}
