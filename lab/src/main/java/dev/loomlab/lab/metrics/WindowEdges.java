package dev.loomlab.lab.metrics;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What was read at the two edges of a window, and the totals over it they give ({@link Sampler#windowTotals()}): the
 * server's scrape, the processes' CPU clocks and the kernel's listen-queue counters; an edge not read is null.
 *
 * @param baseline    the scrape when the window opened
 * @param lastScrape  the last scrape that answered before the window closed
 * @param listenStart the listen queue's overflows and drops when the window opened
 * @param listenEnd   the same when it closed
 */
record WindowEdges(Prometheus baseline, Prometheus lastScrape, CpuReading cpuStart, CpuReading cpuEnd, long[] listenStart,
        long[] listenEnd) {
    /** {@code loomlab.server.errors} (ServerErrorKind.METRIC) as Prometheus names it. */
    private static final String SERVER_ERRORS = "loomlab_server_errors_total";

    Map<String, Double> totals() {
        Map<String, Double> totals = new LinkedHashMap<>();
        if (baseline != null && lastScrape != null) {
            for (Prometheus.Sample s : lastScrape.samples()) {
                if (s.name().equals(SERVER_ERRORS) && s.labels().containsKey("kind")) {
                    String kind = s.labels().get("kind");
                    double before = baseline.sum(SERVER_ERRORS, "kind", kind);
                    totals.merge("serverErrors." + kind, s.value() - (Double.isNaN(before) ? 0 : before), Double::sum);
                }
            }
        }
        if (cpuStart != null && cpuEnd != null) {
            putIfKnown(totals, "serverCpuCoresMean", cpuStart.coresUntil(cpuEnd, CpuReading::server));
            putIfKnown(totals, "driverCpuCoresMean", cpuStart.coresUntil(cpuEnd, CpuReading::driver));
            putIfKnown(totals, "dbCpuCoresMean", cpuStart.coresUntil(cpuEnd, CpuReading::db));
            putIfKnown(totals, "labCpuCoresMean", cpuStart.coresUntil(cpuEnd, CpuReading::lab));
            putIfKnown(totals, "otherCpuCoresMean", cpuStart.otherCoresUntil(cpuEnd));
        }
        if (listenStart != null && listenEnd != null) {
            totals.put("listenOverflows", (double) (listenEnd[0] - listenStart[0]));
            totals.put("listenDrops", (double) (listenEnd[1] - listenStart[1]));
        }
        return totals;
    }

    private static void putIfKnown(Map<String, Double> totals, String key, double value) {
        if (!Double.isNaN(value)) {
            totals.put(key, Math.round(value * 1000) / 1000.0);
        }
    }
}
