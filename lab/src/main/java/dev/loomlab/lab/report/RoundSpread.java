package dev.loomlab.lab.report;

import static dev.loomlab.lab.report.ReportText.one;

import dev.loomlab.lab.result.CellResult;
import java.util.ArrayList;
import java.util.List;

/**
 * One line per scenario on how much the rounds of each model agree: the mean TPS ± half the
 * range, then the range itself, as the seeds quoted theirs (197.0–197.2 TPS over 3 rounds).
 * Half the range, not a standard deviation: with two or three rounds that is all there is.
 */
final class RoundSpread {
    private RoundSpread() {
    }

    /** {@code rows} are one scenario's cells; {@code models} gives the order. */
    static void append(StringBuilder md, List<CellResult> rows, List<String> models) {
        List<String> parts = new ArrayList<>();
        for (String model : models) {
            List<CellResult> mine = rows.stream().filter(c -> model.equals(c.label())).toList();
            if (!mine.isEmpty()) {
                parts.add(model + " " + spread(mine));
            }
        }
        md.append("TPS across rounds (mean ± half the range, min–max): ").append(String.join("; ", parts)).append(".\n\n");
    }

    static String spread(List<CellResult> rounds) {
        double[] tps = rounds.stream().filter(ReportText::succeeded).mapToDouble(CellResult::tps).toArray();
        long failed = rounds.size() - tps.length;
        String failures = failed == 0 ? "" : ", " + failed + " failed";
        if (tps.length == 0) {
            return "no successful round (" + failed + " failed)";
        }
        if (tps.length == 1) {
            return one(tps[0]) + " (1 round" + failures + ")";
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        for (double t : tps) {
            min = Math.min(min, t);
            max = Math.max(max, t);
            sum += t;
        }
        return one(sum / tps.length) + " ± " + one((max - min) / 2) + " (" + one(min) + "–" + one(max) + ", "
                + tps.length + " rounds" + failures + ")";
    }
}
