package dev.uopsim.sim;

import dev.uopsim.isa.InstructionForm;

/** A core's per-form timing, looked up by form. */
public interface TimingTable {
    /** The timing of {@code form}, or null when the model has no row for it. */
    FormTiming timing(InstructionForm form);
}
