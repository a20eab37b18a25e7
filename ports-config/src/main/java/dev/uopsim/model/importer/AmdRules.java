package dev.uopsim.model.importer;

import dev.uopsim.model.MachineModel;
import dev.uopsim.model.Param;
import java.util.List;
import java.util.Map;

/**
 * A rule file for AMD tables, whose integer rows carry no port data: rows are classified by
 * mnemonic (first matching rule wins) into pipe classes, each with its source.
 */
public record AmdRules(
        @Param("documents the rules come from") Map<String, MachineModel.Source> sources,
        @Param("uops.info families handled by these integer rules; rows of other families without port data are FP/SIMD") List<String> integerFamilies,
        @Param("rules for rows of the integer families, first match wins") List<Rule> rules,
        @Param(value = "rules for FP/SIMD rows without port data, tried before the wide-vector split and the fallback", def = "[]")
        List<Rule> vectorRules) {

    /**
     * @param mnemonics regular expression over the uops.info mnemonic
     * @param operands  regular expression over the operand list ("R64, M64"); empty = any
     * @param pipes     pipe classes of the execution µops (one µop per macro-op, on the first class;
     *                  further classes add one µop each); empty = no execution µop
     * @param memory    what the memory operand does: load, store, load-store, none, or "position"
     *                  (operand 0 = load-store, others = load)
     */
    public record Rule(@Param("short name, used in the import report") String id,
                       @Param("regular expression over uops.info mnemonics") String mnemonics,
                       @Param(value = "regular expression over the operand list, e.g. ^R.*, M", def = "\"\"") String operands,
                       @Param(value = "pipe classes of the execution µops", def = "[]") List<String> pipes,
                       @Param(value = "memory access: position | load | store | load-store | none", def = "\"position\"") String memory,
                       @Param(value = "implicit stack access: none | push (store) | pop (load)", def = "\"none\"") String stack,
                       @Param("id in 'sources'") String source) {}
}
