package dev.uopsim.model.importer;

import dev.uopsim.model.Param;
import dev.uopsim.model.Unit;
import java.util.List;
import java.util.Map;

/**
 * The {@code "import"} section of a core file: how to read a uops.info table for this core.
 */
public record ImportConfig(
        @Param("id in the core's 'sources' for the rows taken from the table") String source,
        @Param("uops.info port notation -> this model's ports: prefix (p, FP) -> character -> port name") Map<String, Map<String, String>> ports,
        @Param(value = "non-pipelined dividers: which rows occupy which unit, for as many cycles as their measured throughput", def = "[]")
        List<Divider> dividers,
        @Param(value = "AMD: rules giving pipes to the rows the table has no port data for", def = Param.OPTIONAL) Amd amd) {

    /**
     * Rows whose mnemonic matches {@code mnemonics} (a regular expression) occupy {@code unit} on
     * the first µop whose ports all hold it, for round(measured throughput) cycles.
     */
    public record Divider(@Param("regular expression over uops.info mnemonics") String mnemonics,
                          @Param("the non-pipelined unit") Unit unit,
                          @Param("id in 'sources' for this fact") String source) {}

    /**
     * AMD tables: a rule file (path relative to the core file) classifies rows by mnemonic into
     * pipe classes; {@code pipes} gives each class's ports on this core, with a source each.
     */
    public record Amd(@Param("rule file, relative to the core file") String rules,
                      @Param("pipe class (ALU, MUL, DIV, BRANCH, LOAD, STORE, FP) -> ports on this core") Map<String, List<String>> pipes,
                      @Param(value = "256-bit forms without port data run as two 128-bit halves: take the XMM twin's µops twice (Zen 1)", def = "false")
                      boolean splitWideVectors,
                      @Param(value = "id in 'sources' for splitWideVectors", def = "null") String splitSource,
                      @Param(value = "id in 'sources' for FP rows whose pipes are not known (any FP pipe, provisional)", def = "null") String fpFallbackSource) {}
}
