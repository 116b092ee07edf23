package dev.loomlab.lab.load;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Map;

/**
 * What a load engine measured in one cell's window; latencies in ms from the engine's histogram (written flat where
 * a result is written whole, as in {@code crosscheck.json}).
 * {@code requestedRate} is null in the closed model; {@code unsent} counts the open model's
 * scheduled requests that could not be sent (the engine ran out of sessions or connections);
 * {@code wallTimeMs} is a burst's first send to last completion (null for the other shapes).
 */
public record LoadResult(
        String engine,
        String engineVersion,
        double durationS,
        long requests,
        long ok,
        double tps,
        @JsonUnwrapped Latencies latency,
        Map<String, Long> errors,
        Double requestedRate,
        double achievedRate,
        long unsent,
        double driverCpuS,
        String driverJvm,
        Double wallTimeMs) {
}
