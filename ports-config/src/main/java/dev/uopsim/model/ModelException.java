package dev.uopsim.model;

import dev.uopsim.common.InputException;

/** A model file the loader cannot accept: names the file, the JSON path and the fix. */
public final class ModelException extends InputException {
    private final String path;

    public ModelException(String file, JsonPath path, String message, String hint) {
        this(file, path.toString(), message, hint);
    }

    public ModelException(String file, String path, String message, String hint) {
        super(file, path + ": " + message, hint);
        this.path = path;
    }

    /** The JSON path, e.g. {@code $.ports.P2.units[1]}. */
    public String path() { return path; }
}
