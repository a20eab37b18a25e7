package dev.uopsim.model;

import dev.uopsim.model.ModelRegistry.ModelFile;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * A model as loaded: the records, the resolved JSON tree they were made from (after
 * {@code extends}, {@code derive} and the what-if changes), and for every instruction row the
 * file that last defined it, so later checks (binding form names) can name the right file.
 *
 * @param files    the files merged, parent first
 * @param rows     instruction row name -> where it was defined
 * @param whatIfs  the what-if changes applied, in order
 */
public record LoadedModel(MachineModel model, ObjectNode tree, ModelFile file, List<String> files,
                          Map<String, RowOrigin> rows, List<WhatIf> whatIfs) {

    /**
     * Where an instruction row was defined. {@code imported} rows come from a generated file
     * (uops.info import): the instruction model may not know their names yet.
     */
    public record RowOrigin(String file, boolean imported) {}

    public RowOrigin origin(String row) {
        RowOrigin o = rows.get(row);
        return o != null ? o : new RowOrigin(file.display(), false);
    }

    /** The JSON path of a row. */
    public static JsonPath rowPath(String row) {
        return JsonPath.ROOT.field("instructions").field("forms").field(row);
    }

    public boolean modified() {
        return !whatIfs.isEmpty();
    }
}
