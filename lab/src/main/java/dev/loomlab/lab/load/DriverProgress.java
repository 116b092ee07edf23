package dev.loomlab.lab.load;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The hyperfoil driver's progress lines on its standard output: a JSON object a second, and its phases. */
final class DriverProgress {
    /** The driver's connections are open and it waits for its start gate. */
    static final String READY = "ready";
    /** The driver's load is built and it waits for its connect gate. */
    static final String PREPARED = "prepared";

    /** Progress lines: a courtesy, read leniently. */
    private static final JsonMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private DriverProgress() {
    }

    /** The phase a progress line names, or empty for any other line. */
    static String phase(String line) {
        if (!line.startsWith("{")) {
            return "";
        }
        try {
            return JSON.readTree(line).path("phase").asString("");
        } catch (JacksonException e) {
            return "";
        }
    }

    /** Hands a progress line to the listener; any other line is left alone. */
    static void report(String line, LoadProgress.Listener listener) {
        if (!line.startsWith("{")) {
            return;
        }
        try {
            JsonNode n = JSON.readTree(line);
            listener.onProgress(new LoadProgress(n.path("phase").asString(""), n.path("elapsedS").asDouble(),
                    n.path("tps").asDouble(), n.path("requests").asLong(), n.path("errors").asLong()));
        } catch (JacksonException e) {
            // A progress line is a courtesy; the result file is what counts.
        }
    }
}
