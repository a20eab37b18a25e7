package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/**
 * A slot probe settled at two slots or more is measured once more, and the smaller settled reading
 * stands: a shared core stretches the probe by whole slots and the stretch still reads as settled
 * (h37.jsonl: UNPCKLPS (XMM, XMM) read 4.77 on a retake, settled as 5; its confirmation in h39.jsonl
 * read 0.89, settled as 1).
 */
class SlotConfirmationTest {
    private static HostInference.Slots reading(double raw, Integer settled, String name) {
        return new HostInference.Slots(raw, settled, name, settled == null ? "not settled" : null);
    }

    @Test
    void aSmallerSettledConfirmationReplacesAStretchedReading() {
        var stretched = reading(4.77, 5, "unpcklps_xmm_xmm-slots-k15-x1-again1");
        var confirmation = reading(0.89, 1, "unpcklps_xmm_xmm-slots-k15-x1-confirm");
        assertSame(confirmation, HostInference.confirmed(stretched, confirmation));
    }

    @Test
    void aLargerOrUnsettledConfirmationLeavesTheFirstReading() {
        var first = reading(3.02, 3, "add_m32_r32-slots-k30-x1");
        assertSame(first, HostInference.confirmed(first, reading(4.01, 4, "add_m32_r32-slots-k30-x1-confirm")));
        assertSame(first, HostInference.confirmed(first, reading(2.5, null, "add_m32_r32-slots-k30-x1-confirm")));
        assertSame(first, HostInference.confirmed(first, reading(Double.NaN, null, "add_m32_r32-slots-k30-x1-confirm")));
    }
}
