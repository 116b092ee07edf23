package dev.loomlab.lab.report;

import static dev.loomlab.lab.report.ReportText.one;

import dev.loomlab.lab.result.CellResult;
import java.nio.file.Path;
import java.util.List;

/**
 * One line per model of a scenario on its rounds together ({@link RoundFigures}): TPS as the mean with its 95 %
 * confidence interval by Student's t over the rounds, and p50 and p99 of all rounds' requests from their merged
 * latency logs.
 */
final class RoundSpread {
    private RoundSpread() {
    }

    /** {@code rows} are one scenario's cells; {@code models} gives the order; {@code root} the run folder (null: none). */
    static void append(StringBuilder md, Path root, List<CellResult> rows, List<String> models) {
        md.append("Across rounds (TPS: mean ± 95 % confidence interval, Student's t over the rounds; p50 and p99 of all ")
                .append("rounds' requests from their merged latency logs):\n\n");
        for (String model : models) {
            List<CellResult> mine = rows.stream().filter(c -> model.equals(c.label())).toList();
            if (!mine.isEmpty()) {
                md.append("- ").append(model).append(": ").append(spread(root, mine)).append('\n');
            }
        }
        md.append('\n');
    }

    static String spread(Path root, List<CellResult> rounds) {
        RoundFigures f = RoundFigures.of(root, rounds);
        if (f.ok() == 0) {
            return f.tpsText();
        }
        String latency = Double.isNaN(f.p50Ms()) ? "p50/p99 unknown (latency logs missing)"
                : "p50 " + one(f.p50Ms()) + " ms, p99 " + one(f.p99Ms()) + " ms";
        return f.tpsText() + "; " + latency;
    }
}
