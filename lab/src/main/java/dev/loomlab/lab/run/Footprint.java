package dev.loomlab.lab.run;

import dev.loomlab.lab.result.CellResult;
import java.util.Map;

/**
 * What a level of load cost its server, as the cell recorded it; each figure null when the cell did not record it (a
 * service whose Actuator shows no heap, a cell without the server's CPU): a missing figure is unknown, never zero.
 *
 * @param cpuMsPerRequest the server's CPU in the window over its TPS: milliseconds of CPU per answered request
 * @param rssMb           the server's largest resident set in the window (the cell's {@code serverRssMbMax}), MB
 * @param heapMb          the most heap in use the sampler saw in the window (the cell's {@code heapUsedMbMax}, Actuator's
 *                        {@code jvm_memory_used_bytes} of the heap), MB; the heap after GC is not recorded
 */
public record Footprint(Double cpuMsPerRequest, Double rssMb, Double heapMb) {
    /** The key of the heap figure in a cell's metrics. */
    static final String HEAP = "heapUsedMbMax";
    /** The key of the resident set under load in a cell's metrics. */
    static final String RSS = "serverRssMbMax";

    static Footprint of(CellResult cell) {
        Map<String, Double> metrics = cell.metrics() == null ? Map.of() : cell.metrics();
        Double cores = known(cell.serverCpuCores());
        return new Footprint(cores == null || cell.tps() <= 0 ? null : cores * 1000 / cell.tps(),
                known(metrics.get(RSS)), known(metrics.get(HEAP)));
    }

    private static Double known(Double value) {
        return value == null || value.isNaN() || value.isInfinite() ? null : value;
    }
}
