package dev.loomlab.lab.load;

/**
 * The response times of what one window counted, in ms, as every engine reports them: the percentiles the lab
 * compares, the longest, and the mean. One value, so that an engine's parser hands them over together and a cell,
 * a comparison or a merge reads them by name rather than by position among a result's other figures.
 */
public record Latencies(double p50Ms, double p90Ms, double p99Ms, double p999Ms, double maxMs, double meanMs) {
}
