package dev.loomlab.lab.history;

import dev.loomlab.lab.report.HtmlReport;
import dev.loomlab.lab.stats.Interval;
import java.util.List;
import java.util.Locale;

/**
 * One series as an inline SVG line chart: a point per run (its rounds' interval as a whisker), each stretch between
 * change points with its mean as a flat line, and each change point as a dashed red line before its first run. Drawn
 * here rather than with the report's Chart.js: a few dozen elements per chart, no script, and the page stays readable
 * wherever it is opened.
 */
final class SvgChart {
    private static final int WIDTH = 560;
    private static final int HEIGHT = 180;
    /** Room for the value ticks on the left and the run numbers below. */
    private static final Margin MARGIN = new Margin(10, 12, 24, 56);

    /** The plot area's distance from each edge of the chart, in CSS's order. */
    private record Margin(int top, int right, int bottom, int left) {
    }

    private final Series series;
    private final double low;
    private final double high;

    SvgChart(Series series) {
        this.series = series;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series.Point p : series.points()) {
            Interval v = p.value();
            lo = Math.min(lo, v.known() ? v.low() : v.mean());
            hi = Math.max(hi, v.known() ? v.high() : v.mean());
        }
        double pad = hi > lo ? (hi - lo) * 0.1 : Math.max(Math.abs(hi) * 0.05, 1);
        this.low = lo - pad;
        this.high = hi + pad;
    }

    String svg() {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "<svg class=\"series\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">", WIDTH, HEIGHT, HtmlReport.escape(series.figure().title())));
        axes(s);
        levels(s);
        for (Series.ChangePoint c : series.changes()) {
            double x = (x(c.index() - 1) + x(c.index())) / 2;
            s.append(String.format(Locale.ROOT, "<line class=\"change\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>", x, MARGIN.top(), x, HEIGHT - MARGIN.bottom()));
        }
        StringBuilder line = new StringBuilder();
        List<Series.Point> points = series.points();
        for (int i = 0; i < points.size(); i++) {
            line.append(String.format(Locale.ROOT, "%.1f,%.1f ", x(i), y(points.get(i).value().mean())));
        }
        s.append("<polyline class=\"line\" points=\"").append(line.toString().strip()).append("\"/>");
        for (int i = 0; i < points.size(); i++) {
            point(s, i, points.get(i));
        }
        return s.append("</svg>").toString();
    }

    private void axes(StringBuilder s) {
        s.append(String.format(Locale.ROOT, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>", MARGIN.left(), HEIGHT - MARGIN.bottom(), WIDTH - MARGIN.right(), HEIGHT - MARGIN.bottom()));
        for (double v : new double[] {low, (low + high) / 2, high}) {
            s.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>", MARGIN.left() - 4, y(v) + 4, HistoryMarkdown.number(v)));
        }
        List<Series.Point> points = series.points();
        for (int i = 0; i < points.size(); i++) {
            s.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>", x(i), HEIGHT - 8, points.get(i).number()));
        }
    }

    /** Each stretch's mean, from its first run to its last. */
    private void levels(StringBuilder s) {
        double[] values = series.values();
        int from = 0;
        List<Integer> ends = new java.util.ArrayList<>(series.changes().stream().map(Series.ChangePoint::index).toList());
        ends.add(values.length);
        for (int to : ends) {
            double sum = 0;
            for (int i = from; i < to; i++) {
                sum += values[i];
            }
            double y = y(sum / (to - from));
            s.append(String.format(Locale.ROOT, "<line class=\"level\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x(from) - 4, y, x(to - 1) + 4, y));
            from = to;
        }
    }

    private void point(StringBuilder s, int i, Series.Point p) {
        Interval v = p.value();
        if (v.known()) {
            s.append(String.format(Locale.ROOT, "<line class=\"whisker\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x(i), y(v.low()), x(i), y(v.high())));
        }
        s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\"><title>run %d, %s, %s: %s%s</title></circle>", x(i), y(v.mean()),
                p.number(), HtmlReport.escape(p.run().runId()), HtmlReport.escape(p.run().version()), HistoryMarkdown.number(v.mean()), series.figure().unit()));
    }

    private double x(int i) {
        int n = series.points().size();
        double span = WIDTH - MARGIN.left() - MARGIN.right() - 16;
        return MARGIN.left() + 8 + (n == 1 ? span / 2 : span * i / (n - 1));
    }

    private double y(double v) {
        return MARGIN.top() + (HEIGHT - MARGIN.top() - MARGIN.bottom()) * (high - v) / (high - low);
    }
}
