package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.RunFolder;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleTableTest {
    private final RunFolder fixture = new RunFolder(Golden.fixtureRun());

    @Test
    void rendersTheFixtureRunExactlyAsTheGoldenFile() {
        Golden.assertMatches(ConsoleTable.render(fixture.readCells()), "console.txt");
    }

    @Test
    void everyGridLineHasTheSameColumnsAndIsPlainAscii() {
        String table = ConsoleTable.render(fixture.readCells());
        // The grid, then after a blank line the cells of several rounds, one line each.
        List<String> lines = table.lines().takeWhile(l -> !l.isEmpty()).toList();
        assertThat(table).matches("\\p{ASCII}*+").contains("\nAcross rounds:\nmvc-platform / block: 197.1 +/- 1.3 TPS (95 %, 2 rounds; within +/- 1 %)\n");
        int limitedBy = lines.get(0).indexOf("limited by");
        assertThat(limitedBy).isPositive();
        for (String line : lines) {
            assertThat(line).matches("\\p{ASCII}*");
            if (!line.contains("failed:")) {
                assertThat(line.length()).as(line).isGreaterThan(limitedBy);
                assertThat(line.charAt(limitedBy - 1)).as(line).isEqualTo(' ');
            }
        }
    }

    @Test
    void saysSoWhenThereAreNoCells() {
        assertThat(ConsoleTable.render(List.of())).endsWith("(no cells recorded)\n");
    }
}
