package dev.loomlab.lab.report;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.ShapeFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** One line under a cell of a shaped load: a soak's trends, a spike's errors and recovery (the cell's {@code shapeFigures}). */
final class ShapeLine {
    private ShapeLine() {
    }

    /** The line, or empty for a steady cell (and one written before shapes). */
    static Optional<String> of(CellResult c) {
        return switch (c.shapeFigures()) {
            case null -> Optional.empty();
            case ShapeFigures.Soak soak -> Optional.of(soak(soak));
            case ShapeFigures.Spike spike -> Optional.of(spike(spike));
        };
    }

    private static String soak(ShapeFigures.Soak soak) {
        List<String> parts = new ArrayList<>();
        parts.add(slope("RSS", "MB", soak.rssMb()));
        parts.add(slope("heap after collections", "MB", soak.heapFloorMb()));
        parts.add(slope("p99", "ms", soak.p99Ms()));
        return "soak, slopes over the window's second half: " + String.join("; ", parts);
    }

    /** {@code RSS +1.2 MB/min ± 0.4 (0.8 %/min of 151 MB)}, or {@code RSS not measured}. */
    static String slope(String name, String unit, ShapeFigures.Slope s) {
        if (s == null) {
            return name + " not measured";
        }
        String interval = s.halfWidth() == null ? " (no interval: too few points)" : String.format(Locale.ROOT, " ± %.2f", s.halfWidth());
        String share = Double.isFinite(s.sharePerMinute())
                ? String.format(Locale.ROOT, " (%+.1f %%/min of %.1f %s)", 100 * s.sharePerMinute(), s.mean(), unit) : "";
        return String.format(Locale.ROOT, "%s %+.2f %s/min%s%s", name, s.perMinute(), unit, interval, share);
    }

    private static String spike(ShapeFigures.Spike s) {
        String recovery = s.recoveryS() == null
                ? String.format(Locale.ROOT, "p99 not back within the %.0f s left of the window", s.windowLeftS())
                : String.format(Locale.ROOT, "p99 back to the pre-spike level %.0f s after it", s.recoveryS());
        return String.format(Locale.ROOT, "spike %sx for %.0f s at %.0f s: %,d errors of %,d requests during it; p99 %.1f ms before, "
                        + "up to %.1f ms; %s", s.factor() == Math.rint(s.factor()) ? String.valueOf((long) s.factor()) : String.valueOf(s.factor()), s.lengthS(), s.atS(), s.errorsDuring(), s.requestsDuring(),
                s.baselineP99Ms(), s.peakP99Ms(), recovery);
    }
}
