package dev.uopsim.cli;

import dev.uopsim.common.InputException;

/** A command line that cannot be run as given: a missing argument, an unknown option value. */
public final class UsageException extends InputException {
    public UsageException(String message, String hint) {
        super(null, 0, 0, message, hint);
    }

    public UsageException(String message) {
        this(message, null);
    }
}
