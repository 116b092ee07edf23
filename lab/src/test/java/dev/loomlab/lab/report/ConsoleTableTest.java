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
        List<String> lines = ConsoleTable.render(fixture.readCells()).lines().toList();
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
