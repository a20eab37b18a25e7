package dev.uopsim.model;

/** The reorder buffer: how many slots can be in flight between rename and retirement. */
public record ReorderBuffer(@Param(value = "entries (fused-domain µops on Intel, macro-ops on AMD)", def = "224", min = 1) int size,
                            @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}
