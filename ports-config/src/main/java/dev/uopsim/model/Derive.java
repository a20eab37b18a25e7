package dev.uopsim.model;

import java.util.List;
import java.util.Map;

/**
 * Operations a model file ({@code "derive"}) or an overlay applies to its parent before its own
 * fields are merged in: the way a variant says "Haswell without port 6" without copying a table.
 * They run in this order: add ports, map ports, remove ports, drop extensions, drop forms.
 */
public record Derive(
        @Param(value = "new port -> existing port it copies: the units, and a place in every port set (µops, schedulers) that holds the existing one",
                def = "{}") Map<String, String> addPorts,
        @Param(value = "port -> ports that replace it in every port set; the port itself is removed", def = "{}")
        Map<String, List<String>> mapPorts,
        @Param(value = "ports removed from the model and from every port set (a µop left without ports is an error)", def = "[]")
        List<String> removePorts,
        @Param(value = "ISA extensions (uops.info families) whose rows and 'isa' entries are removed", def = "[]") List<String> dropExtensions,
        @Param(value = "form rows removed by name", def = "[]") List<String> dropForms) {}
