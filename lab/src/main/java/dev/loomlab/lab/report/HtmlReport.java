package dev.loomlab.lab.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.webjars.WebJarVersionLocator;

/**
 * {@code report.html}: one self-contained page. The template and its script are a resource; the
 * chart library (Chart.js, from its WebJar on Maven Central) and the run's data ({@link ReportData})
 * are inlined into it, so the page opens from a file with no network at all.
 */
public final class HtmlReport {
    private static final String TEMPLATE = "report.html";
    private static final String CHART_JS = "/*{{CHART_JS}}*/";
    private static final String DATA = "/*{{DATA}}*/";
    private static final String TITLE = "{{TITLE}}";
    /** A page template's first line, where {@link #page} puts the head every page shares. */
    private static final String HEAD = "{{HEAD}}\n";

    private HtmlReport() {
    }

    public static String render(Map<String, Object> data) {
        String template = page(SeedFigures.class, TEMPLATE);
        // Inside <script>, "</script" or "<!--" would change how the page is parsed; in JSON "<" only
        // occurs inside strings, where \u003c means the same character.
        String json = ReportData.json(data).replace("<", "\\u003c");
        String title = "loomlab run " + escape(String.valueOf(data.get("runId")));
        String chartJs = chartJs();
        // The library is put in last, so no placeholder is searched for inside it.
        return template.replace(TITLE, title).replace(DATA, json).replace(CHART_JS, chartJs);
    }

    /**
     * The page template {@code name} (a resource near {@code near}) with the head every lab page shares
     * ({@code page-head.html}: charset, viewport and a {@code {{TITLE}}}) in place of its {@code {{HEAD}}} line.
     */
    public static String page(Class<?> near, String name) {
        String template = resource(near, name);
        if (!template.startsWith(HEAD)) {
            throw new IllegalStateException(name + " does not begin with its " + HEAD.strip() + " line");
        }
        return resource(HtmlReport.class, "page-head.html") + template.substring(HEAD.length());
    }

    /** Chart.js's UMD build from the WebJar on the classpath, whatever version the build resolved. */
    static String chartJs() {
        String path = new WebJarVersionLocator().fullPath("chart.js", "dist/chart.umd.js");
        if (path == null) {
            throw new IllegalStateException("Chart.js is not on the classpath (the org.webjars.npm:chart.js dependency of the lab)");
        }
        String js = resource(null, "/" + path);
        if (js.contains("</script")) {
            throw new IllegalStateException(path + " contains </script and cannot be inlined");
        }
        return js;
    }

    private static String resource(Class<?> near, String name) {
        try (InputStream in = near == null ? HtmlReport.class.getResourceAsStream(name) : near.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
