package dev.loomlab.lab.load;

import dev.loomlab.lab.os.AtomicWrite;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * One cell's latency from several load drivers: their {@code .hlog}s are added count by count
 * (HdrHistogram {@code add}), so every percentile of the merge is the percentile of all requests
 * together. Averaging the drivers' percentiles instead is wrong whenever they saw different
 * latencies — the p99 of two drivers is not the mean of their p99s.
 */
public final class HlogMerge {
    private HlogMerge() {
    }

    /** Every interval of every log, added into one histogram. */
    public static Histogram merge(List<Path> hlogs) {
        Histogram total = null;
        for (Path hlog : hlogs) {
            try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
                EncodableHistogram interval;
                while ((interval = reader.nextIntervalHistogram()) != null) {
                    if (!(interval instanceof Histogram h)) {
                        throw new IllegalArgumentException(hlog + " holds a double histogram; the drivers write integer ones (ns)");
                    }
                    if (total == null) {
                        total = new Histogram(h.getNumberOfSignificantValueDigits());
                        total.setAutoResize(true);
                    }
                    total.add(h);
                }
            } catch (FileNotFoundException e) {
                throw new UncheckedIOException("missing latency log " + hlog, e);
            }
        }
        if (total == null) {
            throw new IllegalArgumentException("no intervals in " + hlogs);
        }
        return total;
    }

    /** Writes the merge as a one-interval log beside the drivers' own. */
    public static void write(Histogram merged, Path target, String comment) {
        var bytes = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(ps);
            writer.outputComment(comment);
            writer.outputLogFormatVersion();
            writer.outputLegend();
            writer.outputIntervalHistogram(merged);
        }
        AtomicWrite.write(target, bytes.toByteArray());
    }

    /** The {@code percentile} of each interval of one log, in ms, in order (empty intervals left out); empty when unreadable. */
    public static List<Double> perInterval(Path hlog, double percentile) {
        List<Double> out = new ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                if (interval instanceof Histogram h && h.getTotalCount() > 0) {
                    out.add(h.getValueAtPercentile(percentile) / 1e6);
                }
            }
        } catch (FileNotFoundException | RuntimeException e) {
            return List.of();
        }
        return out;
    }

    /**
     * The {@code percentile} of each second of one log, in ms, indexed by the second since the log's start (the window's):
     * NaN for a second with no interval or an empty one, so that an index is a time. Empty when unreadable.
     */
    public static double[] perSecond(Path hlog, double percentile) {
        List<double[]> at = new ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                if (interval instanceof Histogram h && h.getTotalCount() > 0) {
                    double second = Math.floor((h.getStartTimeStamp() - reader.getStartTimeSec() * 1000) / 1000 + 1e-6);
                    at.add(new double[] {second, h.getValueAtPercentile(percentile) / 1e6});
                }
            }
        } catch (FileNotFoundException | RuntimeException e) {
            return new double[0];
        }
        int n = (int) at.stream().mapToDouble(a -> a[0]).max().orElse(-1) + 1;
        double[] out = new double[Math.max(0, n)];
        java.util.Arrays.fill(out, Double.NaN);
        at.stream().filter(a -> a[0] >= 0).forEach(a -> out[(int) a[0]] = a[1]);
        return out;
    }
}
