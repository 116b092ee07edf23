package dev.loomlab.lab.report;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A cell's latency percentile curve, decoded from its {@code .hlog} (HdrHistogram interval log,
 * nanoseconds) with HdrHistogram's own reader: every interval of the log added into one
 * histogram, then read at fixed percentiles, as HdrHistogram's percentile plots are drawn.
 */
public final class LatencyCurve {
    /** Percentiles read from each histogram: dense where tails live. 100 is the maximum. */
    static final List<Double> PERCENTILES = List.of(0.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99, 99.999, 100.0);

    private static final double NS_PER_MS = 1e6;

    private LatencyCurve() {
    }

    /**
     * {@code {count, percentiles[], ms[]}}; null when the file is missing or holds no histogram;
     * {@code {error}} when it cannot be decoded — the page says so rather than the run failing at its end.
     */
    public static Map<String, Object> read(Path hlog) {
        Histogram total;
        try {
            total = total(hlog);
        } catch (RuntimeException e) {
            return Map.of("error", "cannot decode " + hlog.getFileName() + ": " + e);
        }
        if (total == null || total.getTotalCount() == 0) {
            return null;
        }
        List<Double> ms = new ArrayList<>();
        for (double p : PERCENTILES) {
            long ns = p >= 100 ? total.getMaxValue() : total.getValueAtPercentile(p);
            ms.add(ReportData.round(ns / NS_PER_MS));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("count", total.getTotalCount());
        out.put("percentiles", PERCENTILES);
        out.put("ms", ms);
        return out;
    }

    static Histogram total(Path hlog) {
        if (!Files.isRegularFile(hlog)) {
            return null;
        }
        try {
            HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
            Histogram total = null;
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (next instanceof Histogram h) {
                    if (total == null) {
                        total = new Histogram(h.getNumberOfSignificantValueDigits());
                        total.setAutoResize(true);
                    }
                    total.add(h);
                }
            }
            return total;
        } catch (FileNotFoundException e) {
            return null;
        }
    }
}
