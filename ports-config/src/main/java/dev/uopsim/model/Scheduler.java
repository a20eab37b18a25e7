package dev.uopsim.model;

import java.util.List;

/**
 * A scheduler (reservation station) holding µops until they dispatch to one of its ports. A core
 * with a unified scheduler has one; a Zen-style core one per queue.
 */
public record Scheduler(@Param("name, e.g. RS or ALU0") String name,
                        @Param(value = "entries", min = 1) int size,
                        @Param("ports it feeds") List<String> ports,
                        @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {
    public Scheduler {
        ports = List.copyOf(ports);
    }
}
