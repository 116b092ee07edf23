package dev.loomlab.lab.cell;

import dev.loomlab.lab.plan.Threshold;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Each request of a mix over the cell's window, as the driver wrote it ({@code STEM.requests.driver.json}: a raw file
 * of the driver, not a cell), among the cell's metrics: {@code request.NAME.p99Ms}, {@code .requests}, {@code .errors}, {@code .tps} ... A request's SLO reads them.
 */
public final class RequestFigures {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String PREFIX = Threshold.REQUEST_METRICS;

    private RequestFigures() {
    }

    /** The figures in {@code file} as metrics, with each request's TPS over the window of {@code durationS}; none without the file. */
    static Map<String, Double> read(Path file, double durationS) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return metrics;
        }
        try {
            JsonNode root = JSON.readTree(file.toFile());
            for (Map.Entry<String, JsonNode> request : root.properties()) {
                for (Map.Entry<String, JsonNode> figure : request.getValue().properties()) {
                    metrics.put(PREFIX + request.getKey() + "." + figure.getKey(), figure.getValue().asDouble());
                }
                if (durationS > 0) {
                    metrics.put(PREFIX + request.getKey() + ".tps", request.getValue().path("requests").asDouble() / durationS);
                }
            }
        } catch (JacksonException e) {
            // the mix's own figures stand; a request's SLO then finds nothing and fails, saying so
            return Map.of();
        }
        return metrics;
    }

    /** The file the driver writes beside its result. */
    static Path file(CellFiles files) {
        return files.outDir().resolve(files.stem() + ".requests.driver.json");
    }
}
