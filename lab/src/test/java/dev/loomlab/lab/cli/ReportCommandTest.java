package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.report.Golden;
import dev.loomlab.lab.result.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.node.ObjectNode;

class ReportCommandTest {
    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int report(Path folder) {
        CommandLine cli = new CommandLine(new ReportCommand());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(folder.toString());
    }

    @Test
    void rewritesTheSummaryCsvAndPageFromTheRawFilesAndPrintsTheTable() throws IOException {
        Path run = Golden.copyOfFixtureRun(tmp.resolve("run"));
        Files.writeString(run.resolve("summary.md"), "stale\n");

        assertThat(report(run)).isZero();

        Golden.assertMatches(Files.readString(run.resolve("summary.md")), "summary.md");
        String printed = out.toString();
        assertThat(printed).endsWith("wrote " + run.resolve("summary.md") + ", " + run.resolve("summary.csv") + ", " + run.resolve("report.html")
                + System.lineSeparator());
        Golden.assertMatches(Files.readString(run.resolve("summary.csv")), "summary.csv");
        assertThat(Files.readString(run.resolve("report.html"))).contains("<title>loomlab run 20251122-090000-fixture</title>")
                .doesNotContain("{{")
                // Offline: nothing is fetched (the inlined library's comments may still name its home page).
                .doesNotContainPattern("(src|href)\\s*=\\s*[\"']?(https?:)?//");
        Golden.assertMatches(printed.substring(0, printed.lastIndexOf("wrote ")), "console.txt");
        assertThat(err.toString()).isEmpty();
        // the report took the folder's lock: its file stays, empty, as every lock of a run folder does (RunFolderLockTest)
        try (Stream<Path> files = Files.list(run)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("manifest.json", "cells", "summary.md", "summary.csv",
                    "report.html", RunFolder.LOCK);
        }
        assertThat(run.resolve(RunFolder.LOCK)).isEmptyFile();
    }

    @Test
    void anOldRunFolderIsReportedWithTodaysRulesNotTheSentencesItStored() throws IOException {
        Path run = Golden.copyOfFixtureRun(tmp.resolve("run"));
        // A schema-1 cell file stored its findings as sentences; make one stale, as an older rule would have written it.
        Path cell = run.resolve("cells/mvc-platform/block-r1.json");
        ObjectNode json = (ObjectNode) RunFolder.json().readTree(cell.toFile());
        json.putArray("findings").add("mvc-platform / block: a sentence an older rule wrote");
        Files.writeString(cell, RunFolder.json().writeValueAsString(json));

        assertThat(report(run)).isZero();

        String summary = Files.readString(run.resolve("summary.md"));
        assertThat(summary).doesNotContain("a sentence an older rule wrote")
                .contains("- **mvc-platform r1** — 197.2 TPS ≈ 200 Tomcat threads / 1.00 s = 200.0 TPS — capped by the thread pool");
        Golden.assertMatches(summary, "summary.md");
    }

    @Test
    void aFolderWithoutManifestIsBadInputWithOneLine() {
        assertThat(report(tmp)).isEqualTo(2);

        assertThat(err.toString()).isEqualTo("loomlab: " + tmp + " is not a run folder: it has no manifest.json" + System.lineSeparator());
        assertThat(tmp.resolve("summary.md")).doesNotExist();
    }

    @Test
    void aMissingFolderIsBadInput() {
        assertThat(report(tmp.resolve("nope"))).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(1);
    }

    @Test
    void aManifestThatIsNotJsonIsBadInputWithOneLine() throws IOException {
        Files.writeString(tmp.resolve("manifest.json"), "{ this is not json");

        assertThat(report(tmp)).isEqualTo(2);

        assertThat(err.toString().lines()).hasSize(1).first().asString().startsWith("loomlab: " + tmp + " is not a readable run folder: ");
    }
}
