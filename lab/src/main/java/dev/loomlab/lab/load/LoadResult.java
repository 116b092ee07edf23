package dev.loomlab.lab.load;

import java.util.Map;

/** What a load engine measured in one cell's window; latencies in ms from the engine's histogram. */
public record LoadResult(
        String engine,
        String engineVersion,
        double durationS,
        long requests,
        long ok,
        double tps,
        double p50Ms,
        double p90Ms,
        double p99Ms,
        double p999Ms,
        double maxMs,
        double meanMs,
        Map<String, Long> errors,
        double achievedRate,
        double driverCpuS,
        String driverJvm) {
}
