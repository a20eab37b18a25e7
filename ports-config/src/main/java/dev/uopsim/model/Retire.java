package dev.uopsim.model;

/** Retirement. */
public record Retire(@Param(value = "slots retired per cycle", def = "4", min = 1) int width,
                     @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {}
