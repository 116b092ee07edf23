package dev.loomlab.lab.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The history as Markdown on stdout, as {@code loomlab compare} prints: groups, their runs, and each cell's series. */
public final class HistoryMarkdown {
    /** What the figures are and how change points are found, said once at the top of the page and of the Markdown. */
    public static final String METHOD = "Each figure of a run is the mean of its successful rounds (± their 95 % interval, "
            + "Student's t over the rounds, where there are two or more). Change points by E-divisive means (Matteson & James 2014, "
            + "as MongoDB and Apache Otava use it), found per cell on its figures together (each scaled by its median): the split "
            + "with the largest energy statistic, kept when a permutation test gives p ≤ " + EDivisive.ALPHA + " / the group's cells, "
            + "then searched again on each side — a group in which nothing changed is given a change point in any cell at most "
            + Math.round(100 * EDivisive.ALPHA) + " % of the time; at least " + EDivisive.MIN_SEGMENT + " runs on each side. At a cell's "
            + "change point each figure says how far it moved: the mean of the runs after it − the mean of those before (each up "
            + "to the neighbouring change point), with Welch's 95 % t-interval; a figure whose interval holds 0 did not move beyond noise.";

    private HistoryMarkdown() {
    }

    public static String render(List<History> histories) {
        int runs = histories.stream().mapToInt(h -> h.group().runs().size()).sum();
        StringBuilder md = new StringBuilder("# loomlab history\n\n");
        md.append(runs).append(" runs in ").append(histories.size()).append(histories.size() == 1 ? " group" : " groups")
                .append(" (runs that measured different things are kept apart).\n\n").append(METHOD).append("\n\n");
        for (int g = 0; g < histories.size(); g++) {
            group(md, g + 1, histories.get(g));
        }
        return md.toString();
    }

    private static void group(StringBuilder md, int number, History h) {
        List<HistoryRun> runs = h.group().runs();
        md.append("## Group ").append(number).append(": plan ").append(h.group().plan()).append(", ").append(runs.size()).append(" runs\n\n");
        if (!h.group().differences().isEmpty()) {
            md.append("- **differs from group 1:** ").append(String.join("; ", h.group().differences())).append("\n\n");
        }
        md.append(reach(h)).append("\n\n");
        md.append("| run | started | run id | version |\n|---:|---|---|---|\n");
        for (int i = 0; i < runs.size(); i++) {
            HistoryRun r = runs.get(i);
            md.append("| ").append(i + 1).append(" | ").append(r.manifest().startedAt()).append(" | ").append(r.runId())
                    .append(" | ").append(r.version()).append(" |\n");
        }
        md.append('\n');
        Map<String, List<Series>> byCell = new LinkedHashMap<>();
        h.series().forEach(s -> byCell.computeIfAbsent(s.cell(), k -> new ArrayList<>()).add(s));
        byCell.forEach((cell, series) -> {
            md.append("### ").append(cell).append("\n\n| figure | runs, oldest first | change points |\n|---|---|---|\n");
            series.forEach(s -> md.append("| ").append(s.figure().heading())
                    .append(" | ").append(values(s)).append(" | ").append(changes(s)).append(" |\n"));
            md.append('\n');
        });
    }

    /** {@code 1: 197.2 ± 1.1 · 2: 198.0 · …}: each run by its number in the group. */
    static String values(Series s) {
        StringBuilder out = new StringBuilder();
        for (Series.Point p : s.points()) {
            if (!out.isEmpty()) {
                out.append(" · ");
            }
            out.append(p.number()).append(": ").append(number(p.value().mean()));
            if (p.value().known()) {
                out.append(" ± ").append(number(p.value().halfWidth()));
            }
        }
        return out.toString();
    }

    /**
     * The level each cell was tested at, and whether the group has runs enough for it: a permutation test over n runs
     * cannot give p below 2 / C(n, n/2), so a short history of many cells cannot show a change at all.
     */
    static String reach(History h) {
        int cells = (int) h.series().stream().map(Series::cell).distinct().count();
        int runs = h.shortestSeries();
        String level = String.format(Locale.ROOT, "Each of the %d cells tested at p ≤ %.2g (5 %% over the group).", cells, h.method().alpha());
        if (EDivisive.smallestP(runs) <= h.method().alpha()) {
            return level;
        }
        int enough = runs;
        while (EDivisive.smallestP(enough) > h.method().alpha()) {
            enough++;
        }
        return level + String.format(Locale.ROOT, " Too few runs to find any change: over %d runs a permutation test gives p ≥ %.2g; "
                + "%d runs or more can.", runs, EDivisive.smallestP(runs), enough);
    }

    static String changes(Series s) {
        if (s.changes().isEmpty()) {
            return "none";
        }
        StringBuilder out = new StringBuilder();
        for (Series.ChangePoint c : s.changes()) {
            if (!out.isEmpty()) {
                out.append("; ");
            }
            out.append(change(c));
        }
        return out.toString();
    }

    /** {@code from run 11 (abc1234): +6.0 (+3.1 %), 95 % +4.0 … +8.0}. */
    static String change(Series.ChangePoint c) {
        Shift sh = c.shift();
        return "from run " + c.firstAfter().number() + " (" + c.firstAfter().run().version() + "): "
                + String.format(Locale.ROOT, "%+.4g (%+.1f %%), 95 %% %+.4g … %+.4g", sh.size(), 100 * sh.relative(), sh.low(), sh.high());
    }

    /** A figure as the tables show it: four significant digits, no exponent. */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "—";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 1000 ? "%.0f" : a >= 100 ? "%.1f" : a >= 10 ? "%.2f" : "%.3f", v);
    }
}
