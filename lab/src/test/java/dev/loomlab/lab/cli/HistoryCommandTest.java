package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.report.Golden;
import dev.loomlab.lab.result.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code loomlab history} on run folders made for the test: copies of the fixture run whose start, commit, plan and
 * TPS are rewritten — the figures are synthetic (the fixture's TPS times a seeded factor), not measured.
 */
class HistoryCommandTest {
    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int history(String... args) {
        CommandLine cli = Loomlab.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of("history"));
        all.addAll(List.of(args));
        return cli.execute(all.toArray(String[]::new));
    }

    /** Run {@code n} (from 1): the fixture with its start n minutes into 2026, commit {@code c<n>}, every cell's TPS × factor. */
    private Path run(int n, double factor, int poolSize) throws IOException {
        Path folder = Golden.copyOfFixtureRun(tmp.resolve(String.format("run-%02d", n)));
        ObjectNode manifest = (ObjectNode) RunFolder.json().readTree(folder.resolve(RunFolder.MANIFEST).toFile());
        manifest.put("startedAt", String.format("2026-01-01T00:%02d:00Z", n));
        manifest.put("runId", String.format("run-%02d", n));
        manifest.put("gitCommit", String.format("c%02d0000000000", n));
        ((ObjectNode) manifest.get("plan")).put("poolSize", poolSize);
        Files.writeString(folder.resolve(RunFolder.MANIFEST), RunFolder.json().writeValueAsString(manifest));
        try (Stream<Path> cells = Files.walk(folder.resolve("cells"))) {
            for (Path c : cells.filter(p -> p.toString().endsWith(".json")).toList()) {
                JsonNode cell = RunFolder.json().readTree(c.toFile());
                ((ObjectNode) cell).put("tps", cell.get("tps").asDouble() * factor);
                Files.writeString(c, RunFolder.json().writeValueAsString(cell));
            }
        }
        return folder;
    }

    /** {@code count} runs with 1 % seeded noise on TPS, the last one's TPS times {@code last}. */
    private List<String> series(int count, double last) throws IOException {
        Random noise = new Random(11);
        List<String> folders = new ArrayList<>();
        for (int n = 1; n <= count; n++) {
            double factor = (1 + 0.01 * noise.nextGaussian()) * (n == count ? last : 1);
            folders.add(run(n, factor, 150).toString());
        }
        return folders;
    }

    @Test
    void aSeriesIsInTimeOrderWhateverTheOrderOfTheFolders() throws IOException {
        List<String> folders = series(3, 1);

        assertThat(history(folders.get(2), folders.get(0), folders.get(1))).isZero();

        String printed = out.toString();
        assertThat(printed).contains("1 group");
        assertThat(printed.indexOf("| 1 | 2026-01-01T00:01:00Z | run-01 | c010000000 |")).isPositive()
                .isLessThan(printed.indexOf("| 2 | 2026-01-01T00:02:00Z | run-02"));
        assertThat(printed).contains("### mvc-platform × block").contains("| TPS | 1: ");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aFolderOfRunFoldersReadsEveryRunInIt() throws IOException {
        series(3, 1);

        assertThat(history(tmp.toString())).isZero();

        assertThat(out.toString()).contains("3 runs in 1 group")
                .contains("Too few runs to find any change: over 3 runs a permutation test gives p ≥ 0.67;");
    }

    @Test
    void runsOfTwoPlansAreGroupedApartNamingWhatDiffers() throws IOException {
        Path a1 = run(1, 1, 150);
        Path b1 = run(2, 1, 120);
        Path a2 = run(3, 1.01, 150);
        Path b2 = run(4, 0.99, 120);

        assertThat(history(a1.toString(), b1.toString(), a2.toString(), b2.toString())).isZero();

        String printed = out.toString();
        assertThat(printed).contains("4 runs in 2 groups").contains("## Group 1: plan fixture, 2 runs")
                .contains("## Group 2: plan fixture, 2 runs").contains("differs from group 1:** poolSize 150 vs 120");
    }

    @Test
    void aThreePercentStepAfterRunTenOfTwentyIsNamedWithTheRunAndCommitAfterIt() throws IOException {
        Random noise = new Random(5);
        List<String> folders = new ArrayList<>();
        for (int n = 1; n <= 20; n++) {
            folders.add(run(n, (1 + 0.01 * noise.nextGaussian()) * (n > 10 ? 1.03 : 1), 150).toString());
        }

        assertThat(history(folders.toArray(String[]::new))).isZero();

        String tpsRow = out.toString().lines().filter(l -> l.startsWith("| TPS |")).findFirst().orElseThrow();
        assertThat(tpsRow).containsPattern("from run (10|11|12) \\(c(10|11|12)0000000\\): \\+");
    }

    @Test
    void theLatestRunDroppingTpsTenPercentFailsTheGateWithAJunitCaseForThatFigure() throws IOException {
        List<String> args = new ArrayList<>(series(8, 0.9));
        Path junit = tmp.resolve("junit.xml");
        args.addAll(List.of("--fail-on-change", "--margin", "5%", "--junit", junit.toString()));

        assertThat(history(args.toArray(String[]::new))).isEqualTo(Loomlab.SLO_FAILED);

        String xml = Files.readString(junit);
        assertThat(xml).contains("<testcase classname=\"loomlab.history.mvc-platform.block\" name=\"TPS\" time=\"0.000\"><failure message=\"run 8 (c080000000): TPS -9.6 %");
        assertThat(xml).contains("name=\"p99\" time=\"0.000\"></testcase>");
        assertThat(out.toString()).contains("## Latest run: ").contains("regressed in their latest run");
    }

    @Test
    void aFlatSeriesPassesTheGate() throws IOException {
        List<String> args = new ArrayList<>(series(8, 1));
        Path junit = tmp.resolve("junit.xml");
        args.addAll(List.of("--fail-on-change", "--junit", junit.toString()));

        assertThat(history(args.toArray(String[]::new))).isZero();

        assertThat(Files.readString(junit)).contains("failures=\"0\"").doesNotContain("<failure");
    }

    @Test
    void thePageIsOfflineWithAChartPerFigure() throws IOException {
        List<String> args = new ArrayList<>(series(4, 1));
        Path page = tmp.resolve("history.html");
        args.addAll(List.of("--html", page.toString()));

        assertThat(history(args.toArray(String[]::new))).isZero();

        String html = Files.readString(page);
        assertThat(html).contains("<svg class=\"series\"").contains("mvc-platform × block").doesNotContain("http://", "https://", "<script");
    }

    @Test
    void aFolderThatIsNotARunIsOneLineAndExitTwo() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));

        assertThat(history(empty.toString(), tmp.resolve("missing").toString())).isEqualTo(Loomlab.BAD_INPUT);

        assertThat(err.toString().lines()).containsExactly("loomlab: " + empty + " is not a run folder (no manifest.json) and holds none");
    }

    @Test
    void oneRunIsNoHistory() throws IOException {
        Path one = run(1, 1, 150);

        assertThat(history(one.toString())).isEqualTo(Loomlab.BAD_INPUT);

        assertThat(err.toString().lines()).singleElement().asString().startsWith("loomlab: history needs at least 2 runs, got 1");
    }

    @Test
    void anUnreadableManifestIsOneLineAndExitTwo() throws IOException {
        Path good = run(1, 1, 150);
        Path bad = run(2, 1, 150);
        Files.writeString(bad.resolve(RunFolder.MANIFEST), "{ not json");

        assertThat(history(good.toString(), bad.toString())).isEqualTo(Loomlab.BAD_INPUT);

        assertThat(err.toString().lines()).singleElement().asString().startsWith("loomlab: " + bad + " is not a readable run folder: ");
    }

    @Test
    void aMarginThatIsNotAPercentageIsExitTwo() throws IOException {
        List<String> args = new ArrayList<>(series(2, 1));
        args.addAll(List.of("--fail-on-change", "--margin", "lots"));

        assertThat(history(args.toArray(String[]::new))).isEqualTo(Loomlab.BAD_INPUT);

        assertThat(err.toString().lines()).singleElement().asString().startsWith("loomlab: --margin: expected a percentage");
    }
}
