package dev.loomlab.lab.report;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.ServerStart;
import dev.loomlab.lab.result.StageTimes;
import dev.loomlab.lab.result.StageTimes.Stage;
import java.time.Duration;
import java.util.Map;

/**
 * What a cell's model cost to serve its throughput (issue 41): how long until it gave its first correct answers, the
 * memory it held at rest and under load, and the throughput each GB of that memory and each core of its CPU bought.
 * Each figure is null when the cell lacks what it is made of: a missing figure is unknown, never zero.
 *
 * @param firstAnswerMs from the cell's start through the server's launch to its contract checked (READY + VERIFY), ms
 * @param serverStart   how the server started, which says what {@code firstAnswerMs} is the cost of: a start from the
 *                      start-up cache, a cold one, or one that trained the cache first (a model's cost under neither)
 * @param idleRssMb     the server's resident set at rest, after its contract check and before its load, MB
 * @param loadRssMb     the server's largest resident set in the window, MB
 * @param tpsPerGb      TPS per GB (1024 MB) of {@code loadRssMb}
 * @param tpsPerCore    TPS per core of the server's CPU in the window
 */
record ModelCost(Double firstAnswerMs, ServerStart serverStart, Double idleRssMb, Double loadRssMb, Double tpsPerGb, Double tpsPerCore) {
    private static final double MB_PER_GB = 1024;

    /** The cost of {@code c}; a failed cell has no figures, for its stages and memory did not end in a measured window. */
    static ModelCost of(CellResult c) {
        if (!ReportText.succeeded(c)) {
            return new ModelCost(null, ServerStart.UNKNOWN, null, null, null, null);
        }
        Map<String, Double> metrics = c.metrics() == null ? Map.of() : c.metrics();
        return of(firstAnswer(c.stages()), c.serverStart(), c.serverRssMbIdle(), metrics.get("serverRssMbMax"), c.tps(), c.serverCpuCores());
    }

    /** The figures from their parts; any part null, NaN or (where divided by) not positive leaves its figures null. */
    static ModelCost of(Duration firstAnswer, ServerStart start, Double idleRssMb, Double loadRssMb, double tps, Double serverCores) {
        Double load = known(loadRssMb);
        Double cores = known(serverCores);
        return new ModelCost(firstAnswer == null ? null : firstAnswer.toNanos() / 1e6, start, known(idleRssMb), load,
                load == null || load <= 0 ? null : tps / (load / MB_PER_GB),
                cores == null || cores <= 0 ? null : tps / cores);
    }

    /** READY + VERIFY, or null when the cell did not time both (cells written before stages were timed). */
    private static Duration firstAnswer(StageTimes stages) {
        Map<Stage, Duration> times = stages.stages();
        return times.containsKey(Stage.READY) && times.containsKey(Stage.VERIFY)
                ? times.get(Stage.READY).plus(times.get(Stage.VERIFY)) : null;
    }

    private static Double known(Double value) {
        return value == null || value.isNaN() ? null : value;
    }
}
