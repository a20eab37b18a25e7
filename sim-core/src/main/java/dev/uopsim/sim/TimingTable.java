package dev.uopsim.sim;

import dev.uopsim.isa.InstructionForm;

/** A core's per-form timing, looked up by form. */
public interface TimingTable {
    /** The timing of {@code form}, or null when the model has no row for it. */
    FormTiming timing(InstructionForm form);

    /**
     * What the engine derives from the form and its timing alone, or null when the model has no row for
     * it. A table that lives as long as its model remembers it ({@link ModelCore#timings} does); by
     * default it is worked out anew.
     */
    default FormDescriptor descriptor(InstructionForm form) {
        FormTiming t = timing(form);
        return t == null ? null : new FormDescriptor(form, t);
    }
}
