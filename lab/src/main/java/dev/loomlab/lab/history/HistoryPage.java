package dev.loomlab.lab.history;

import static dev.loomlab.lab.report.HtmlReport.escape;

import dev.loomlab.lab.report.HtmlReport;
import java.util.List;

/**
 * The history as one offline page in the run report's style: per group its runs, per cell a card for each figure
 * with its series drawn ({@link SvgChart}) and its change points said. Nothing is fetched: no script, inline SVG.
 */
public final class HistoryPage {
    private static final String TEMPLATE = "history.html";

    private HistoryPage() {
    }

    public static String render(List<History> histories) {
        StringBuilder body = new StringBuilder();
        for (int g = 0; g < histories.size(); g++) {
            group(body, g + 1, histories.get(g));
        }
        // the body last, so that no placeholder is looked for inside it
        return HtmlReport.page(HistoryPage.class, TEMPLATE).replace("{{TITLE}}", "loomlab history").replace("{{METHOD}}", escape(HistoryMarkdown.METHOD))
                .replace("{{BODY}}", body);
    }

    private static void group(StringBuilder html, int number, History h) {
        html.append("<section><h2>Group ").append(number).append(": plan ").append(escape(h.group().plan())).append(", ")
                .append(h.group().runs().size()).append(" runs</h2>\n");
        if (!h.group().differences().isEmpty()) {
            html.append("<p class=\"lead\">Differs from group 1: ").append(escape(String.join("; ", h.group().differences()))).append("</p>\n");
        }
        html.append("<p class=\"note\">").append(escape(HistoryMarkdown.reach(h))).append("</p>\n");
        html.append("<table><tr><th>run</th><th>started</th><th>run id</th><th>version</th></tr>\n");
        List<HistoryRun> runs = h.group().runs();
        for (int i = 0; i < runs.size(); i++) {
            HistoryRun r = runs.get(i);
            html.append("<tr><td>").append(i + 1).append("</td><td>").append(escape(String.valueOf(r.manifest().startedAt())))
                    .append("</td><td>").append(escape(r.runId())).append("</td><td>").append(escape(r.version())).append("</td></tr>\n");
        }
        html.append("</table>\n");
        String cell = null;
        for (Series s : h.series()) {
            if (!s.cell().equals(cell)) {
                html.append(cell == null ? "" : "</div>\n").append("<h3>").append(escape(s.cell())).append("</h3><div class=\"grid\">\n");
                cell = s.cell();
            }
            card(html, s);
        }
        html.append(cell == null ? "" : "</div>\n").append("</section>\n");
    }

    private static void card(StringBuilder html, Series s) {
        html.append("<div class=\"card\"><h4>").append(escape(s.figure().heading()))
                .append("</h4>").append(new SvgChart(s).svg());
        html.append(s.changes().isEmpty() ? "<p class=\"note\">no change point</p>"
                : "<p class=\"changed\">" + escape(HistoryMarkdown.changes(s)) + "</p>").append("</div>\n");
    }
}
