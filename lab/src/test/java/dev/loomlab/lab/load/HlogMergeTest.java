package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several drivers' latency logs merge into exactly the histogram of all their requests together. */
class HlogMergeTest {
    @TempDir
    Path dir;

    @Test
    void theMergeOfFourDriversLogsIsExactlyTheHistogramOfAllTheirRequests() throws IOException {
        SplittableRandom random = new SplittableRandom(9);
        Histogram all = new Histogram(3);
        all.setAutoResize(true);
        List<Path> logs = new ArrayList<>();
        List<Double> p99s = new ArrayList<>();
        for (int driver = 0; driver < 4; driver++) {
            // Driver 3 sits behind a slower path: its tail is not the others'.
            long base = driver == 3 ? 40_000_000L : 1_000_000L;
            Histogram own = new Histogram(3);
            own.setAutoResize(true);
            Path log = dir.resolve("driver-" + driver + ".hlog");
            try (PrintStream ps = new PrintStream(Files.newOutputStream(log))) {
                HistogramLogWriter writer = new HistogramLogWriter(ps);
                writer.outputLogFormatVersion();
                writer.outputLegend();
                for (int second = 0; second < 5; second++) {
                    Histogram interval = new Histogram(3);
                    interval.setAutoResize(true);
                    interval.setStartTimeStamp(second * 1000L);
                    interval.setEndTimeStamp((second + 1) * 1000L);
                    for (int i = 0; i < 2_000; i++) {
                        long ns = base + (long) (random.nextDouble() * random.nextDouble() * 200_000_000L);
                        interval.recordValue(ns);
                        all.recordValue(ns);
                    }
                    own.add(interval);
                    writer.outputIntervalHistogram(interval);
                }
            }
            logs.add(log);
            p99s.add((double) own.getValueAtPercentile(99));
        }

        Histogram merged = HlogMerge.merge(logs);

        assertThat(merged.getTotalCount()).isEqualTo(all.getTotalCount()).isEqualTo(4 * 5 * 2_000);
        assertThat(merged).isEqualTo(all);
        for (double p : new double[] {50, 90, 99, 99.9, 100}) {
            assertThat(merged.getValueAtPercentile(p)).as("p" + p).isEqualTo(all.getValueAtPercentile(p));
        }
        double averagedP99 = p99s.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        assertThat(Math.abs(averagedP99 - all.getValueAtPercentile(99)))
                .as("the average of the drivers' p99s is not the p99 of all requests")
                .isGreaterThan(0.01 * all.getValueAtPercentile(99));

        Path written = dir.resolve("merged.hlog");
        HlogMerge.write(merged, written, "merged from 4 drivers");
        assertThat(HlogMerge.merge(List.of(written))).isEqualTo(all);
    }
}
