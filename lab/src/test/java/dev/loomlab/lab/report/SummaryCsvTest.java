package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class SummaryCsvTest {
    private final List<CellResult> cells = new RunFolder(Golden.fixtureRun()).readCells();

    @Test
    void rendersTheFixtureRunExactlyAsTheGoldenFile() {
        Golden.assertMatches(SummaryCsv.render(Golden.fixtureRun(), cells), "summary.csv");
    }

    @Test
    void oneRowPerCellAndEveryRowHasTheHeadersColumns() {
        List<String> lines = SummaryCsv.render(Golden.fixtureRun(), cells).lines().toList();

        assertThat(lines).hasSize(cells.size() + 1);
        // The fixture's texts have no quoted commas except the failure reason; count columns outside quotes.
        lines.forEach(l -> assertThat(columns(l)).as(l).isEqualTo(SummaryCsv.HEADER.size()));
    }

    @Test
    void theDefaultLocaleDoesNotChangeTheNumbers() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(SummaryCsv.render(Golden.fixtureRun(), cells)).isEqualTo(Golden.read("summary.csv"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void textWithACommaOrQuoteIsQuotedTheRfc4180Way() {
        assertThat(SummaryCsv.text("exit 1, see \"log\"")).isEqualTo("\"exit 1, see \"\"log\"\"\"");
        assertThat(SummaryCsv.text("plain")).isEqualTo("plain");
    }

    private static int columns(String line) {
        int n = 1;
        boolean quoted = false;
        for (char ch : line.toCharArray()) {
            if (ch == '"') {
                quoted = !quoted;
            } else if (ch == ',' && !quoted) {
                n++;
            }
        }
        return n;
    }
}
