package dev.uopsim.model;

import java.nio.file.Path;

/** One what-if change to a loaded model, applied in command-line order after {@code extends}. */
public sealed interface WhatIf {
    /** {@code --set KEY=VALUE}. */
    record Set(String assignment) implements WhatIf {}

    /** {@code --add-port NAME --like PORT}. */
    record AddPort(String name, String like) implements WhatIf {}

    /** {@code --remove-port NAME}. */
    record RemovePort(String name) implements WhatIf {}

    /** {@code --model-overlay FILE.json}: a partial model merged in (and its "derive" applied first). */
    record Overlay(Path file) implements WhatIf {}

    /** How the change is written on the command line. */
    default String describe() {
        return switch (this) {
            case Set s -> "--set " + s.assignment();
            case AddPort a -> "--add-port " + a.name() + " --like " + a.like();
            case RemovePort r -> "--remove-port " + r.name();
            case Overlay o -> "--model-overlay " + o.file();
        };
    }
}
