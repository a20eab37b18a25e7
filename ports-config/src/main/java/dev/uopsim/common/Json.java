package dev.uopsim.common;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** JSON output for --json: one configured mapper, pretty-printed, records written as objects. */
public final class Json {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private Json() {}

    public static JsonMapper mapper() {
        return MAPPER;
    }

    /** The value as indented JSON text. */
    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }
}
