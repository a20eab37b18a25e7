package dev.uopsim.model;

import java.util.regex.Pattern;

/** A location in a JSON tree, printed as {@code $.ports.P2.units[1]} or {@code $.instructions.forms["ADD (R64, M64)"]}. */
public record JsonPath(JsonPath parent, String key, int index) {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    public static final JsonPath ROOT = new JsonPath(null, null, -1);

    public JsonPath field(String name) {
        return new JsonPath(this, name, -1);
    }

    public JsonPath at(int i) {
        return new JsonPath(this, null, i);
    }

    @Override
    public String toString() {
        if (parent == null) return "$";
        String p = parent.toString();
        if (key == null) return p + "[" + index + "]";
        if (PLAIN.matcher(key).matches()) return p + "." + key;
        return p + "[\"" + key.replace("\"", "\\\"") + "\"]";
    }
}
