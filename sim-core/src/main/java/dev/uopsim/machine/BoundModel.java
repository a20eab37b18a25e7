package dev.uopsim.machine;

import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.model.LoadedModel;
import dev.uopsim.model.MachineModel;
import java.util.List;
import java.util.Map;

/**
 * A machine model joined to the instruction model: per-form timing descriptors indexed by form id,
 * and the model's rows that did not bind, with the reason.
 *
 * @param timings    by {@link InstructionForm#id()}; null where the model has no row for the form
 * @param unbound    row name -> why it has no form (unknown mnemonic, unknown operand list)
 * @param unsupported row name -> the instruction model's reason for not modelling it
 * @param twins      row name -> the row already bound to the same form (encoding twins)
 */
public record BoundModel(LoadedModel loaded, FormTable forms, FormTiming[] timings, List<String> portNames,
                         Map<String, String> unbound, Map<String, String> unsupported, Map<String, String> twins) {

    public MachineModel model() { return loaded.model(); }

    public String name() { return loaded.model().name(); }

    /** The timing of a form, or null when the model has none. */
    public FormTiming timing(InstructionForm form) {
        return form.id() < timings.length ? timings[form.id()] : null;
    }

    public boolean covers(InstructionForm form) {
        return timing(form) != null;
    }

    /** Rows bound to a form. */
    public int boundRows() {
        return model().instructions().forms().size() - unbound.size() - unsupported.size();
    }

    /** Port bitmask of a set of names. */
    public int mask(List<String> ports) {
        int m = 0;
        for (String p : ports) m |= 1 << portNames.indexOf(p);
        return m;
    }

    /** Names of the ports in a mask, in bit order. */
    public List<String> ports(int mask) {
        return java.util.stream.IntStream.range(0, portNames.size()).filter(i -> (mask & (1 << i)) != 0).mapToObj(portNames::get).toList();
    }
}
