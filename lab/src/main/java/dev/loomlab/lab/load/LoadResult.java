package dev.loomlab.lab.load;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Map;
import java.util.Optional;

/**
 * What a load engine measured in one cell's window; latencies in ms from the engine's histogram (written flat where
 * a result is written whole, as in {@code crosscheck.json}).
 * {@code requestedRate} is null in the closed model; {@code unsent} counts the open model's
 * scheduled requests that could not be sent (the engine ran out of sessions or connections);
 * {@code wallTimeMs} is a burst's first send to last completion (null for the other shapes);
 * {@code timeline} is when the load and its window ran by the engine's own clock, where the engine records it
 * (a cell's stage times, not a result).
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
        Double wallTimeMs,
        @JsonIgnore Optional<LoadTimeline> timeline) {

    /** A result whose engine does not say when its load ran. */
    public LoadResult(String engine, String engineVersion, double durationS, long requests, long ok, double tps, Latencies latency,
            Map<String, Long> errors, Double requestedRate, double achievedRate, long unsent, double driverCpuS, String driverJvm,
            Double wallTimeMs) {
        this(engine, engineVersion, durationS, requests, ok, tps, latency, errors, requestedRate, achievedRate, unsent, driverCpuS,
                driverJvm, wallTimeMs, Optional.empty());
    }
}
