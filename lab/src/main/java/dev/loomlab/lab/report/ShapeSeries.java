package dev.loomlab.lab.report;

import dev.loomlab.lab.cell.SoakTrends;
import dev.loomlab.lab.load.HlogMerge;
import dev.loomlab.lab.metrics.Sampler;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.PerSecondSeries;
import dev.loomlab.lab.result.ShapeFigures;
import dev.loomlab.load.Spike;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What the report's "Load shapes" section draws of one cell of a shaped load (one with {@code shapeFigures}): the cell's
 * own per-second series over its measured window, and what its shape marks on them. Index {@code i} of a series is the
 * window's second [i, i + 1), as the cell's figures count it ({@code cell/SpikeRecovery}, {@code cell/SoakTrends}); the
 * server's resident set and heap are the cell's {@code series} (its {@code .timeseries.csv}), already in the data.
 *
 * @param model           the cell's label, with its scenario and round: which of the data's {@code cells} it is
 * @param spelling        the shape as a plan spells it ({@code spike 5x for 5s at 10s}, {@code soak})
 * @param okPerSecond     2xx answers of each second; empty when the engine kept none (k6, wrk, several drivers)
 * @param errorsPerSecond errors of each second, as the driver counted them; empty when it kept none
 * @param p99Ms           each second's p99 (ms) from the cell's latency log; null where a second had no answer
 * @param vusPerSecond    a ramp's users of each second; empty for any other shape
 * @param bands           stretches of the window to shade: a spike's step, a ramp's rise
 * @param marks           instants to mark: a spike's recovery, a ramp's knee and where its p99 doubled
 * @param fits            lines fitted to a server series: a soak's resident set
 */
record ShapeSeries(String model, String scenario, int round, String spelling, List<Long> okPerSecond, List<Long> errorsPerSecond,
                   List<Double> p99Ms, List<Integer> vusPerSecond, List<Band> bands, List<Mark> marks, List<Fit> fits) {

    /** A stretch of the window, seconds from its start. */
    record Band(String label, double fromS, double toS) {
    }

    /** An instant of the window, seconds from its start. */
    record Mark(String label, double atS) {
    }

    /** A straight line over the cell's server series column {@code series}, from ({@code fromS}, {@code from}) to ({@code toS}, {@code to}). */
    record Fit(String label, String series, double fromS, double from, double toS, double to) {
    }

    /** The shaped cells' series in the report's cell order; empty when no cell of the run has a shape's figures. */
    static Optional<List<ShapeSeries>> of(Path root, RunFacts run, List<CellResult> cells) {
        List<ShapeSeries> out = cells.stream().filter(c -> c.shapeFigures() != null && ReportText.succeeded(c)).sorted(run.cellOrder())
                .map(c -> of(root, run, c)).toList();
        return out.isEmpty() ? Optional.empty() : Optional.of(out);
    }

    private static ShapeSeries of(Path root, RunFacts run, CellResult c) {
        int seconds = (int) Math.round(c.durationS());
        Path hlog = c.files().hlog() == null ? null : root.resolve(c.files().hlog());
        List<Long> ok = PerSecondSeries.of(root, c).map(s -> cut(s, seconds)).orElse(List.of());
        List<Long> errors = hlog == null ? List.of()
                : PerSecondSeries.readDriverJson(PerSecondSeries.driverJsonBeside(hlog), "errorsPerSecond").map(s -> cut(s, seconds)).orElse(List.of());
        List<Double> p99 = new ArrayList<>();
        double[] bySecond = hlog == null || !Files.isRegularFile(hlog) ? new double[0] : HlogMerge.perSecond(hlog, 99);
        for (int s = 0; s < seconds; s++) {
            p99.add(s < bySecond.length && Double.isFinite(bySecond[s]) ? ReportData.round(bySecond[s]) : null);
        }
        List<Band> bands = new ArrayList<>();
        List<Mark> marks = new ArrayList<>();
        List<Fit> fits = new ArrayList<>();
        List<Integer> vus = new ArrayList<>();
        String spelling = switch (c.shapeFigures()) {
            case ShapeFigures.Spike spike -> {
                Spike step = new Spike(spike.factor(), Duration.ofSeconds(Math.round(spike.atS())), Duration.ofSeconds(Math.round(spike.lengthS())));
                double end = spike.atS() + spike.lengthS();
                bands.add(new Band("step " + step.factorText() + "x", spike.atS(), end));
                if (spike.recoveryS() != null) {
                    marks.add(new Mark("p99 back", end + spike.recoveryS()));
                }
                yield step.spelling();
            }
            case ShapeFigures.Soak soak -> {
                rssFit(root, c, soak.rssMb()).ifPresent(fits::add);
                yield "soak";
            }
            case ShapeFigures.Ramp ramp -> {
                ramp.seconds().forEach(r -> vus.add(r.vus()));
                bands.add(new Band("rise " + ramp.fromVus() + " → " + ramp.toVus() + " VUs", 0, ramp.overS()));
                // the knee's answers complete lagS after its users sent them: marked where the throughput flattens
                secondAt(ramp, ramp.kneeVus()).ifPresent(s -> marks.add(new Mark("throughput flat, ~" + ramp.kneeVus() + " VUs", s + ramp.lagS())));
                secondAt(ramp, ramp.p99DoubledVus()).ifPresent(s -> marks.add(new Mark("p99 doubled, " + ramp.p99DoubledVus() + " VUs", s)));
                yield run.text("shape");
            }
        };
        return new ShapeSeries(c.label(), c.scenario(), c.round(), spelling, ok, errors, p99, vus, bands, marks, fits);
    }

    /**
     * The resident set's fitted line over the samples {@link SoakTrends} fitted it to: a least-squares line passes through
     * the points' mean time and mean value, so it is drawn through the slope's {@code mean} at the fitted samples' mean time.
     */
    private static Optional<Fit> rssFit(Path root, CellResult c, ShapeFigures.Slope slope) {
        if (slope == null || c.files().timeseries() == null || !Files.isRegularFile(root.resolve(c.files().timeseries()))) {
            return Optional.empty();
        }
        List<SeriesRow> rows;
        try {
            rows = Sampler.readCsv(root.resolve(c.files().timeseries()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + c.files().timeseries(), e);
        }
        List<Double> times = SoakTrends.fitted(rows).stream().filter(r -> Double.isFinite(r.tS()) && Double.isFinite(r.serverRssMb()))
                .map(SeriesRow::tS).toList();
        if (times.isEmpty()) {
            return Optional.empty();
        }
        double middle = times.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double from = times.stream().min(Comparator.naturalOrder()).orElseThrow();
        double to = times.stream().max(Comparator.naturalOrder()).orElseThrow();
        double perS = slope.perMinute() / 60;
        return Optional.of(new Fit("fitted: " + ShapeLine.slope("RSS", "MB", slope), "serverRssMb", from,
                ReportData.round(slope.mean() + perS * (from - middle)), to, ReportData.round(slope.mean() + perS * (to - middle))));
    }

    /** The first second of a ramp at {@code vus} users (null: none). */
    private static Optional<Integer> secondAt(ShapeFigures.Ramp ramp, Integer vus) {
        return vus == null ? Optional.empty() : ramp.seconds().stream().filter(r -> r.vus() >= vus).map(ShapeFigures.RampSecond::second).findFirst();
    }

    private static List<Long> cut(List<Long> perSecond, int seconds) {
        return List.copyOf(perSecond.subList(0, Math.min(seconds, perSecond.size())));
    }
}
