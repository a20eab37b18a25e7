package dev.uopsim.model;

import java.util.List;

/** The reorder buffer: how many slots can be in flight between rename and retirement. */
public record ReorderBuffer(@Param(value = "entries (fused-domain µops on Intel, macro-ops on AMD)", def = "224", min = 1) int size,
                            @Param(value = "instructions (uops.info mnemonics, e.g. LFENCE) that start only when every older one has "
                                    + "retired, and before whose completion no younger µop starts; [] = none", def = "[]")
                            List<String> serializing,
                            @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {
    public ReorderBuffer {
        serializing = List.copyOf(serializing);
    }
}
