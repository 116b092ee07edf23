package dev.loomlab.lab.report;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.ShapeFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One line under a cell of a shaped load: a soak's trends, a spike's errors and recovery, a ramp's knee (the cell's
 * {@code shapeFigures}).
 */
final class ShapeLine {
    private ShapeLine() {
    }

    /** The line, or empty for a steady cell (and one written before shapes). */
    static Optional<String> of(CellResult c) {
        return switch (c.shapeFigures()) {
            case null -> Optional.empty();
            case ShapeFigures.Soak soak -> Optional.of(soak(soak));
            case ShapeFigures.Spike spike -> Optional.of(spike(spike));
            case ShapeFigures.Ramp ramp -> Optional.of(ramp(ramp));
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

    /** {@code ramp from 50 to 400 VUs over 60 s: throughput stopped rising at ~200 VUs (plateau 199 TPS); p99 doubled at 230 VUs}. */
    private static String ramp(ShapeFigures.Ramp r) {
        return String.format(Locale.ROOT, "ramp from %d to %d VUs over %.0f s: %s", r.fromVus(), r.toVus(), r.overS(), rampFigures(r));
    }

    /** What the ramp found: {@code throughput stopped rising at ~200 VUs (plateau 199 TPS); p99 doubled … at 230 VUs}. */
    static String rampFigures(ShapeFigures.Ramp r) {
        String throughput;
        if (r.plateauTps() == null) {
            throughput = String.format(Locale.ROOT, "the window held the top for fewer than %d s: no plateau to find a knee by",
                    ShapeFigures.Ramp.PLATEAU_MIN_S + 1);
        } else if (r.kneeVus() == null) {
            throughput = String.format(Locale.ROOT, "throughput rose with the load to the top (plateau %,.0f TPS at %d VUs)", r.plateauTps(), r.toVus());
        } else {
            throughput = String.format(Locale.ROOT, "throughput stopped rising at ~%d VUs (plateau %,.0f TPS)", r.kneeVus(), r.plateauTps());
        }
        String p99 = r.footP99Ms() == null ? "no p99 at its foot"
                : r.p99DoubledVus() == null ? String.format(Locale.ROOT, "p99 did not double from its %,.1f ms at the foot", r.footP99Ms())
                : String.format(Locale.ROOT, "p99 doubled (from %,.1f ms at the foot) at %d VUs", r.footP99Ms(), r.p99DoubledVus());
        return throughput + "; " + p99;
    }
}
