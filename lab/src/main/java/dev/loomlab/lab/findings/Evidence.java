package dev.loomlab.lab.findings;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.catalog.ServerDescriptor;
import dev.loomlab.lab.ceiling.Resources;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.result.CellResult;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoublePredicate;
import java.util.function.ToDoubleFunction;

/**
 * What the rules read: the cell's record and its time series, with the few statistics they
 * quote. Every statistic ignores samples where the metric is missing (NaN: a missed scrape, or
 * a metric the server does not expose) and is NaN when no sample has it — then the rule is silent.
 */
final class Evidence {
    final CellResult cell;
    final List<SeriesRow> rows;
    private final int serverCores;

    Evidence(CellResult cell, List<SeriesRow> rows, int serverCores) {
        this.cell = cell;
        this.rows = rows == null ? List.of() : List.copyOf(rows);
        this.serverCores = serverCores > 0 ? serverCores : cpuCount(cell.cpus(), "server");
    }

    // --- what a fired rule quotes ---------------------------------------------------------------

    private final Map<String, Double> quoted = new LinkedHashMap<>();

    /**
     * Records a figure the rule's sentence uses, by name, and returns it: the stored evidence of
     * the finding ({@link dev.loomlab.lab.result.Fact}). Quoting is cheap, so a rule may quote
     * before it knows whether it fires: figures of a silent rule are discarded.
     */
    double quote(String name, double value) {
        quoted.put(name, value);
        return value;
    }

    /** The figures quoted since the last call, and a clean slate for the next rule. */
    Map<String, Double> takeQuoted() {
        Map<String, Double> out = new LinkedHashMap<>(quoted);
        quoted.clear();
        return out;
    }

    // --- the cell -----------------------------------------------------------------------------

    /** The model that served the cell; empty for a target. */
    Optional<Model> model() {
        return cell.cell().model();
    }

    /** What the cell's model calls its request threads; the descriptors' default name where the model is not known. */
    String requestThreadsName() {
        return model().map(Model::requestThreadsName).orElse(ServerDescriptor.RequestThreads.DEFAULT_NAME);
    }

    boolean is(Model model) {
        return model().filter(model::equals).isPresent();
    }

    /** Little's law's S in seconds; 0 when the scenario does not sleep. */
    double serviceS() {
        return cell.serviceTimeMs() / 1000.0;
    }

    /** The measured window in seconds: the recorded one, or one second per sample. */
    double windowS() {
        return cell.durationS() > 0 ? cell.durationS() : rows.size();
    }

    /** The server's cores (the carriers of virtual threads), or 0 when not known. */
    int serverCores() {
        return serverCores;
    }

    /**
     * The carrier threads of the server's virtual threads, or 0 when its cores are not known: what
     * the model's launcher sets on those cores, else (a target) the JDK's default of one per core.
     */
    int carriers() {
        return serverCores <= 0 ? 0 : model().map(m -> m.carriers(serverCores)).orElse(serverCores);
    }

    /** The load driver's cores, or 0 when not known. */
    int driverCores() {
        return cpuCount(cell.cpus(), "driver");
    }

    long errors(String kind) {
        Map<String, Long> errors = cell.errors();
        Long n = errors == null ? null : errors.get(kind);
        return n == null ? 0 : n;
    }

    long errorTotal() {
        Map<String, Long> errors = cell.errors();
        return errors == null ? 0 : errors.values().stream().mapToLong(n -> n == null ? 0 : n).sum();
    }

    /** Throughput as a share of the ceiling, or null when there is none. */
    Double ceilingRatio() {
        if (cell.ceilingRatio() != null) {
            return cell.ceilingRatio();
        }
        Double ceiling = cell.ceilingTps();
        return ceiling == null || ceiling == 0 ? null : cell.tps() / ceiling;
    }

    /** How far below its ceiling the cell is, as a share of it (0.044 = 4.4 % below); NaN when it has no ceiling. */
    double gap() {
        Double ratio = ceilingRatio();
        return ratio == null ? Double.NaN : 1 - ratio;
    }

    /** The relative half-width of the cell's own 95 % interval of its TPS (0.01 = ± 1 %); NaN when it has none. */
    double noise() {
        Double half = cell.tpsHalfWidth();
        return half == null || cell.tps() <= 0 ? Double.NaN : half / cell.tps();
    }

    /** The share of the window the server's GC paused it; NaN when not measured. */
    double gcShare() {
        double paused = sum(SeriesRow::gcPauseMs);
        return windowS() <= 0 ? Double.NaN : paused / (1000 * windowS());
    }

    /** A JFR event count from the cell's recording, or -1 when it was not counted. */
    long jfr(String event) {
        Map<String, Long> events = cell.jfrEvents();
        Long n = events == null ? null : events.get(event);
        return n == null ? -1 : n;
    }

    /** The server's mean CPU use in cores: the time series' mean, else the cell's own figure; NaN when neither has it. */
    double serverCpu() {
        double cpu = mean(SeriesRow::serverCpuCores);
        return Double.isNaN(cpu) && cell.serverCpuCores() != null ? cell.serverCpuCores() : cpu;
    }

    // --- the time series ----------------------------------------------------------------------

    double[] values(ToDoubleFunction<SeriesRow> metric) {
        return rows.stream().mapToDouble(metric).filter(v -> !Double.isNaN(v)).toArray();
    }

    boolean present(ToDoubleFunction<SeriesRow> metric) {
        return values(metric).length > 0;
    }

    double mean(ToDoubleFunction<SeriesRow> metric) {
        return Arrays.stream(values(metric)).average().orElse(Double.NaN);
    }

    double max(ToDoubleFunction<SeriesRow> metric) {
        return Arrays.stream(values(metric)).max().orElse(Double.NaN);
    }

    double sum(ToDoubleFunction<SeriesRow> metric) {
        double[] v = values(metric);
        return v.length == 0 ? Double.NaN : Arrays.stream(v).sum();
    }

    /** The share of the samples that have the metric in which {@code test} holds; NaN when none has it. */
    double share(ToDoubleFunction<SeriesRow> metric, DoublePredicate test) {
        double[] v = values(metric);
        return v.length == 0 ? Double.NaN : Arrays.stream(v).filter(test).count() / (double) v.length;
    }

    /** Samples that have the metric. */
    int samples(ToDoubleFunction<SeriesRow> metric) {
        return values(metric).length;
    }

    /** Counts the CPUs of a taskset list such as {@code 1}, {@code 0-3} or {@code 0,2-3}; 0 when absent or unreadable. */
    static int cpuCount(Map<String, String> cpus, String role) {
        return Resources.cpuSet(cpus == null ? null : cpus.get(role)).size();
    }
}
