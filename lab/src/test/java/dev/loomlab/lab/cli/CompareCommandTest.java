package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.report.Golden;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CompareCommandTest {
    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final Path fixture = Golden.fixtureRun();
    private final Path second = Golden.resources().resolve("runs/compare-b");

    private int compare(Path a, Path b) {
        CommandLine cli = Loomlab.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute("compare", a.toString(), b.toString());
    }

    @Test
    void printsEveryCellOfBothRunsAsTheGoldenFileSays() {
        assertThat(compare(fixture, second)).isZero();

        // The folders are named as given; the golden file holds them relative to the lab module.
        String printed = out.toString().replace(Golden.resources().toString(), "src/test/resources");
        Golden.assertMatches(printed, "compare.md");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void callsEachFigureDifferentEquivalentOrInconclusiveOverTheRounds() {
        assertThat(compare(fixture, second)).isZero();
        String md = out.toString();

        // mvc-platform/block: 197.0 and 197.2 in A, 190.1 and 190.5 in B: Welch's t over the rounds, p below 5 %, and its
        // interval reaches beyond ± 2 % of A's TPS (3.94).
        assertThat(md).contains("| mvc-platform | 197.1 ± 1.3 | 190.3 ± 2.5 | -6.8 (-3.5 %) | **B lower**, different (p = 0.005, "
                + "Welch over 2 and 2 rounds; 90 % interval of B − A [-7.65, -5.95], margin ± 3.94) |");
        // Its p50 rose from 2503.1 and 2505.8 to about 2607 in both rounds: 4 %, inside the ± 5 % margin.
        assertThat(md).contains("| equivalent (90 % interval of B − A [90.1, 115.2], margin ± 125.2) |");
        // mvc-virtual/block was measured once in A: one round's seconds hold no run-to-run spread, so nothing is called.
        assertThat(md).contains("| inconclusive (1 round: needs 2 rounds a side (fresh JVMs)) |");
        assertThat(md).contains("| failed in A |").contains("| only in A |").contains("| only in B |");
        assertThat(md).contains("- **set-up:** differs — heap 1g vs 2g\n");
    }

    @Test
    void aMarginThatIsNoPercentageIsBadInputWithOneLine() {
        CommandLine cli = Loomlab.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));

        assertThat(cli.execute("compare", "--tps-margin", "0%", fixture.toString(), second.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("loomlab: --tps-margin: expected a percentage above 0 and below 100, got '0%'"
                + System.lineSeparator());
    }

    @Test
    void aWiderMarginCallsASmallDifferenceEquivalent() {
        CommandLine cli = Loomlab.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));

        assertThat(cli.execute("compare", "--tps-margin", "10%", fixture.toString(), second.toString())).isZero();
        assertThat(out.toString()).contains("| mvc-platform | 197.1 ± 1.3 | 190.3 ± 2.5 | -6.8 (-3.5 %) | equivalent (")
                .contains("± 10.0 % of A's TPS");
    }

    @Test
    void aMissingFolderIsBadInputWithOneLine() {
        assertThat(compare(fixture, tmp.resolve("nope"))).isEqualTo(2);

        assertThat(err.toString()).isEqualTo("loomlab: " + tmp.resolve("nope") + " is not a run folder: no such directory" + System.lineSeparator());
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aFolderWithoutManifestIsBadInputWithOneLine() {
        assertThat(compare(tmp, fixture)).isEqualTo(2);

        assertThat(err.toString()).isEqualTo("loomlab: " + tmp + " is not a run folder: it has no manifest.json" + System.lineSeparator());
    }

    @Test
    void aManifestThatIsNotJsonIsBadInputWithOneLine() throws IOException {
        Files.writeString(tmp.resolve("manifest.json"), "{ not json");

        assertThat(compare(fixture, tmp)).isEqualTo(2);

        assertThat(err.toString().lines()).hasSize(1).first().asString().startsWith("loomlab: " + tmp + " is not a readable run folder: ");
    }

    @Test
    void bothFoldersAreRequired() {
        CommandLine cli = Loomlab.commandLine();
        cli.setErr(new PrintWriter(err, true));

        assertThat(cli.execute("compare", fixture.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("RUN_B");
    }
}
