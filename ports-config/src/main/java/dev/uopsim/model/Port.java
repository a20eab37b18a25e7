package dev.uopsim.model;

import java.util.List;

/** An execution port and the functional units behind it. */
public record Port(@Param("functional units on this port") List<Unit> units,
                   @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {
    public Port {
        units = List.copyOf(units);
    }
}
