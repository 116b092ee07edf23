package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.loomlab.lab.result.RunFolder;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * report.html in a real browser: headless Chromium (Debian's {@code chromium}) loads the page from
 * a file, with background networking off, runs its script, and the DOM it leaves says whether every
 * chart drew (each canvas with ink on it) and whether anything raised an error; the browser's own
 * console log must stay empty. A screenshot is kept in {@code target/report-browser/} for people.
 * Without Chromium this test fails and names the install script: it is part of the default suite.
 */
class ReportBrowserTest {
    static final String INSTALL = "tools/install-browser.sh";
    private static final Path OUT = Path.of("target", "report-browser");
    private static final long TIMEOUT_S = 60;

    private static Path chromium;
    private static Path run;

    @BeforeAll
    static void renderTheFixtureRunWithASaturationSearch() throws IOException {
        chromium = findChromium().orElse(null);
        if (chromium == null) {
            fail("headless Chromium is not installed (looked for $LOOMLAB_CHROMIUM, chromium, chromium-browser on PATH): run "
                    + INSTALL + " (apt-get install chromium chromium-driver) — the report's browser test needs it");
        }
        run = OUT.resolve("run").toAbsolutePath();
        deleteTree(OUT);
        Golden.copyOfFixtureRun(run);
        Files.copy(Golden.resources().resolve("runs/saturation/" + ReportData.SATURATION), run.resolve(ReportData.SATURATION));
        RunFolder folder = new RunFolder(run);
        ReportFiles.write(folder, folder.readManifest(), folder.readCells());
    }

    @Test
    void everyChartDrawsWithNoErrorAndEverySectionIsThere() {
        Page page = load(run.resolve(ReportFiles.HTML));

        assertThat(page.console).as("the browser's console (every message the page logged)").isEmpty();
        assertThat(page.body).containsEntry("data-ready", "true").containsEntry("data-errors", "0");
        assertThat(page.canvases).as("canvases by chart kind").isNotEmpty();
        int canvases = page.canvases.values().stream().mapToInt(List::size).sum();
        assertThat(page.body.get("data-charts")).as("charts built").isEqualTo(String.valueOf(canvases));
        assertThat(page.canvases.values().stream().flatMap(List::stream)).as("every canvas has ink on it").allMatch("true"::equals);
        // One throughput chart per scenario, one latency chart per scenario with an .hlog, the saturation pair,
        // a seeds chart per seed experiment, and the server series of each measured cell.
        assertThat(page.canvases.get("tps")).hasSize(3);
        assertThat(page.canvases.get("latency")).hasSize(3);
        assertThat(page.canvases.get("saturation-tps")).hasSize(1);
        assertThat(page.canvases.get("saturation-p99")).hasSize(1);
        assertThat(page.canvases.get("seeds")).hasSize(2);
        assertThat(page.canvases).containsKeys("series-threads", "series-cpu", "series-memory", "series-pool");
        for (String section : List.of("answer", "glance", "throughput", "latency", "saturation", "cells", "seeds", "parity", "provenance")) {
            assertThat(page.dom).as("section #" + section).contains("<section id=\"" + section + "\"");
        }
        assertThat(page.dom).contains("up to 350 requests waited for 150 connections").contains("Seed 000").contains("holds");
        assertThat(page.dom).as("no shaped cell, no load shapes").doesNotContain("<section id=\"shapes\"").doesNotContain("href=\"#shapes\"");
    }

    @Test
    void aSpikeASoakAndARampCellAreDrawnSecondBySecondUnderLoadShapes() {
        Path shaped = OUT.resolve("shapes").toAbsolutePath();
        Page page = drawn(ShapedRun.write(shaped));

        // per shaped cell: its TPS, p99 and errors a second, and its server's memory with any fitted line
        assertThat(page.canvases.get("shape")).hasSize(3);
        assertThat(page.canvases.get("shape-memory")).hasSize(3);
        assertThat(page.dom).contains("<section id=\"shapes\"").contains("href=\"#shapes\"")
                .contains("block · " + ShapedRun.SPIKE_MODEL + " · round 1 — spike 5x for 5s at 10s")
                .contains("block · " + ShapedRun.SOAK_MODEL + " · round 1 — soak")
                .contains("ramp from 10 to 50 VUs over 10 s: throughput stopped rising at ~30 VUs")
                .contains("spike 5x for 5 s at 10 s: ").contains("soak, slopes over the window's second half: ");
        Path png = OUT.resolve("shapes.png").toAbsolutePath();
        Result shot = chromium(List.of("--hide-scrollbars", "--window-size=1400,4000", "--screenshot=" + png), shaped.resolve(ReportFiles.HTML));
        assertThat(png).as("screenshot; chromium said: " + shot.stderr).exists();
    }

    @Test
    void theAnswerOpensTheReportOfARealRunWithOneParagraphPerWorkload() throws IOException {
        Path real = OUT.resolve("series-run-01").toAbsolutePath();
        Golden.copyOf(Golden.resources().resolve("runs/series/run-01"), real);
        RunFolder folder = new RunFolder(real);
        ReportFiles.write(folder, folder.readManifest(), folder.readCells());

        Page page = load(real.resolve(ReportFiles.HTML));

        assertThat(page.body).containsEntry("data-ready", "true").containsEntry("data-errors", "0");
        assertThat(page.dom).contains("<section id=\"answer\"").contains("href=\"#answer\"");
        // block and block-query: a pick; slow-query: no difference; thread-name: no pick (one round, CPU-bound).
        assertThat(page.dom.split("data-verdict=\"pick\"", -1)).hasSize(3);
        assertThat(page.dom).contains("data-verdict=\"no difference\"").contains("data-verdict=\"no pick\"")
                .contains("Pick any of webflux, mvc-virtual");
    }

    @Test
    void aRunOfYourOwnServiceDrawsEachRequestAndNoSeedSection() throws IOException {
        Path own = OUT.resolve("own-service").toAbsolutePath();
        Page page = drawn(OwnServiceRun.write(own));

        assertThat(page.canvases.get("requests-tps")).hasSize(1);
        assertThat(page.canvases.get("requests-p99")).hasSize(1);
        assertThat(page.canvases.get("tps")).hasSize(1);
        assertThat(page.canvases).doesNotContainKey("seeds");
        assertThat(page.dom).contains("<section id=\"requests\"").doesNotContain("<section id=\"seeds\"").doesNotContain("href=\"#seeds\"")
                .doesNotContain("not measured in this run");
        for (Map.Entry<String, OwnServiceRun.Figures> row : OwnServiceRun.rows()) {
            OwnServiceRun.Figures f = row.getValue();
            // the table's row: model, round, request, then TPS, p50, p90, p99 as the page spells numbers
            String cells = Stream.of(row.getKey(), "1", f.request(), us(f.tps()), us(f.p50Ms()), us(f.p90Ms()), us(f.p99Ms()))
                    .map(v -> "<td[^>]*>" + Pattern.quote(v) + "</td>").collect(java.util.stream.Collectors.joining());
            assertThat(page.dom).as(row.getKey() + " " + f.request()).containsPattern(cells);
        }
        // the ceiling of thousands is named under the throughput chart, not drawn over its bars of tens
        assertThat(page.dom).contains("ceiling above this scale (the measured TPS sets it): app-platform "
                + String.format(java.util.Locale.US, "%,.0f", OwnServiceRun.CEILING_TPS) + " TPS");
        Path png = OUT.resolve("own-service.png").toAbsolutePath();
        Result shot = chromium(List.of("--hide-scrollbars", "--window-size=1400,3600", "--screenshot=" + png), own.resolve(ReportFiles.HTML));
        assertThat(png).as("screenshot; chromium said: " + shot.stderr).exists();
    }

    /** The page ran to its end with nothing in the console and no error, and every chart it built has ink on it. */
    /** The page of the run written at {@code run}, once it has drawn every chart with no error. */
    private static Page drawn(RunFolder run) {
        Page page = load(run.root().resolve(ReportFiles.HTML));
        assertDrewEveryChartWithNoError(page);
        return page;
    }

    private static void assertDrewEveryChartWithNoError(Page page) {
        assertThat(page.console).as("the browser's console").isEmpty();
        assertThat(page.body).containsEntry("data-ready", "true").containsEntry("data-errors", "0");
        assertThat(page.canvases.values().stream().flatMap(List::stream)).as("every canvas has ink on it").allMatch("true"::equals);
    }

    /** A figure as the page prints it: en-US grouping, one decimal. */
    private static String us(double v) {
        return String.format(java.util.Locale.US, "%,.1f", v);
    }

    @Test
    void aBrokenChartIsCaughtNotMissed() throws IOException {
        // The checks above must be able to fail: the same page asking Chart.js for a chart type it does not have.
        String html = Files.readString(run.resolve(ReportFiles.HTML), StandardCharsets.UTF_8);
        Path broken = run.resolve("broken.html");
        Files.writeString(broken, html.replace("charts.push(new Chart(canvas, config));", "charts.push(new Chart(canvas, { type: 'no-such-chart', data: config.data }));"),
                StandardCharsets.UTF_8);

        Page page = load(broken);

        assertThat(page.body.get("data-errors")).isNotEqualTo("0");
        assertThat(page.dom).contains("The report hit");
        assertThat(page.console).anyMatch(line -> line.contains("Uncaught"));
    }

    @Test
    void aScreenshotIsKeptForPeople() throws IOException {
        Path png = OUT.resolve("report.png").toAbsolutePath();
        Files.deleteIfExists(png);

        Result r = chromium(List.of("--hide-scrollbars", "--window-size=1400,5200", "--screenshot=" + png), run.resolve(ReportFiles.HTML));

        assertThat(png).as("screenshot; chromium said: " + r.stderr).exists();
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes.length).isGreaterThan(50_000);
        assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
    }

    private record Page(String dom, Map<String, String> body, Map<String, List<String>> canvases, List<String> console) {
    }

    private record Result(String stdout, String stderr) {
    }

    private static final Pattern BODY = Pattern.compile("<body([^>]*)>");
    private static final Pattern ATTRIBUTE = Pattern.compile("([a-z-]+)=\"([^\"]*)\"");
    private static final Pattern CANVAS = Pattern.compile("<canvas([^>]*)>");

    private static Page load(Path html) {
        Result r = chromium(List.of("--dump-dom"), html);
        Matcher body = BODY.matcher(r.stdout);
        if (!body.find()) {
            fail("chromium printed no page: " + r.stderr);
        }
        Map<String, List<String>> canvases = new TreeMap<>();
        Matcher canvas = CANVAS.matcher(r.stdout);
        while (canvas.find()) {
            Map<String, String> a = attributes(canvas.group(1));
            canvases.computeIfAbsent(a.getOrDefault("data-chart", "?"), k -> new ArrayList<>()).add(a.getOrDefault("data-painted", "missing"));
        }
        // With --enable-logging=stderr every console message of the page is a line with ":CONSOLE".
        List<String> console = r.stderr.lines().filter(l -> l.contains(":CONSOLE")).toList();
        return new Page(r.stdout, attributes(body.group(1)), canvases, console);
    }

    private static Map<String, String> attributes(String tag) {
        Map<String, String> out = new TreeMap<>();
        Matcher m = ATTRIBUTE.matcher(tag);
        while (m.find()) {
            out.put(m.group(1), m.group(2));
        }
        return out;
    }

    private static Result chromium(List<String> args, Path html) {
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--no-first-run", "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=10000"));
        try {
            Path profile = Files.createTempDirectory("loomlab-chromium");
            command.add("--user-data-dir=" + profile);
            command.addAll(args);
            command.add(html.toUri().toString());
            Path stdout = Files.createTempFile("chromium", ".out");
            Path stderr = Files.createTempFile("chromium", ".err");
            Process p = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            try {
                if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
                    fail("chromium did not finish in " + TIMEOUT_S + " s");
                }
            } finally {
                // Chromium's helpers are its children: stop them with it, by handle, never by name.
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                deleteTree(profile);
            }
            Result r = new Result(Files.readString(stdout, StandardCharsets.UTF_8), Files.readString(stderr, StandardCharsets.UTF_8));
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
            return r;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static Optional<Path> findChromium() {
        String configured = System.getenv("LOOMLAB_CHROMIUM");
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(Files::isExecutable);
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String name : List.of("chromium", "chromium-browser")) {
            for (String dir : path.split(File.pathSeparator)) {
                Path candidate = Path.of(dir, name);
                if (!dir.isBlank() && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
