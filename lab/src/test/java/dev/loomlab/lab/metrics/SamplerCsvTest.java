package dev.loomlab.lab.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.report.Golden;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The time series file: what the Sampler writes, it reads back; a missed scrape stays "not measured". */
class SamplerCsvTest {
    private static final double NaN = Double.NaN;

    private static Path real(String name) {
        return Golden.resources().resolve("runs/real").resolve(name);
    }

    @Test
    void rowsRoundTripThroughTheCsvWithGapsKept(@TempDir Path tmp) throws IOException {
        List<SeriesRow> rows = List.of(
                new SeriesRow(1.002, 0.517, 450.043, 166.529, 0, 234, 0, 0, 0, 200, 200, 150, 0, 50, 0, 0.127, 0.008),
                new SeriesRow(2.001, NaN, 451.5, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, 0.081, NaN),
                new SeriesRow(3, 1.25, 1024, 99.999, 616, 27, 1, 31, 3, NaN, NaN, 150, 0, 118, 264, 0, 0.02));
        Path file = tmp.resolve("cell.timeseries.csv");

        Sampler.writeCsv(file, rows);

        assertThat(Sampler.readCsv(file)).isEqualTo(rows);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.getFirst()).isEqualTo(SeriesRow.CSV_HEADER);
        assertThat(lines.get(2)).isEqualTo("2.001,,451.500,,,,,,,,,,,,,0.081,");
        assertThat(lines.get(3)).startsWith("3,1.250,1024,99.999,616,27,1,31,3,,,150,0,118,264,0,");
        assertThat(lines.subList(1, lines.size())).allSatisfy(l -> assertThat(l.split(",", -1)).hasSize(17));
    }

    @Test
    void valuesAreKeptToThreeDecimals(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("x.csv");
        Sampler.writeCsv(file, List.of(new SeriesRow(1.0004, 0.12345, NaN, NaN, 0.0006, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN)));

        SeriesRow back = Sampler.readCsv(file).getFirst();

        assertThat(back.tS()).isEqualTo(1.0);
        assertThat(back.serverCpuCores()).isEqualTo(0.123);
        assertThat(back.gcPauseMs()).isEqualTo(0.001);
        assertThat(back.heapUsedMb()).isNaN();
    }

    @Test
    void anEmptySeriesIsAHeaderAlone(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("empty.csv");
        Sampler.writeCsv(file, List.of());

        assertThat(Files.readString(file)).isEqualTo(SeriesRow.CSV_HEADER + "\n");
        assertThat(Sampler.readCsv(file)).isEmpty();
        assertThat(SeriesSummary.of(List.of())).isEqualTo(Map.of("samples", 0.0));
    }

    @Test
    void realSeriesReadAndWriteBackByteForByte(@TempDir Path tmp) throws IOException {
        for (String name : List.of("mvc-platform-slow-query-r1.timeseries.csv", "mvc-virtual-slow-query-r1.timeseries.csv")) {
            Path copy = tmp.resolve(name);
            Sampler.writeCsv(copy, Sampler.readCsv(real(name)));
            assertThat(copy).hasSameTextualContentAs(real(name));
        }
    }

    @Test
    void theSummaryOfARealSeriesIsWhatTheRunRecorded() throws IOException {
        // mvc-platform, slow-query, 300 VUs, 500 ms, a 6 s window: the cell's recorded metrics.
        Map<String, Double> platform = SeriesSummary.of(Sampler.readCsv(real("mvc-platform-slow-query-r1.timeseries.csv")));
        assertThat(platform).containsEntry("samples", 5.0).containsEntry("serverCpuCoresMean", 0.42)
                .containsEntry("tomcatBusyMax", 200.0).containsEntry("tomcatBusyAtMaxShare", 1.0)
                .containsEntry("poolActiveMax", 150.0).containsEntry("poolPendingMax", 50.0).containsEntry("poolPendingMean", 49.4)
                .containsEntry("liveThreadsMax", 234.0).containsEntry("virtualMountedMax", 0.0);

        // mvc-virtual: the first scrape missed (every Actuator column empty) and is not a zero.
        List<SeriesRow> virtual = Sampler.readCsv(real("mvc-virtual-slow-query-r1.timeseries.csv"));
        assertThat(virtual.getFirst().poolPending()).isNaN();
        assertThat(virtual.getFirst().serverCpuCores()).isEqualTo(0.402);
        assertThat(SeriesSummary.of(virtual)).containsEntry("samples", 5.0).containsEntry("poolPendingMax", 150.0)
                .containsEntry("poolPendingMean", 141.75).containsEntry("gcPauseMsTotal", 616.0)
                .containsEntry("virtualQueuedMax", 31.0).doesNotContainKey("tomcatBusyMax");
    }
}
