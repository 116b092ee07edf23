package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.history.Figure;
import dev.loomlab.lab.history.History;
import dev.loomlab.lab.history.HistoryRun;
import dev.loomlab.lab.history.RunGroups;
import dev.loomlab.lab.history.Series;
import dev.loomlab.lab.history.Shift;
import dev.loomlab.lab.report.Golden;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code history} on a real series with a known answer, kept as test data the lab made itself (see the README beside
 * it, {@code runs/series/README.md}): twelve runs of the quick plan one after the other, runs 1–6 from one build and
 * runs 7–12 from the same build with the servers' connection pool capped at 120 instead of the plan's 150. Only the
 * scenario that waits for a connection (slow-query: the database sleeps 1 s holding one) is bound by the pool, so its
 * three cells must change at run 7 and no other cell anywhere.
 */
class HistoryRealSeriesTest {
    private static final Path RUNS = Golden.resources().resolve("runs/series");

    @Test
    void thePoolCappedFromRunSevenIsFoundInSlowQueryAtRunSevenAndInNoOtherCell() throws IOException {
        List<RunGroups.Group> groups = RunGroups.of(runs());
        assertThat(groups).singleElement().satisfies(g -> assertThat(g.runs()).hasSize(12));

        History history = History.of(groups.getFirst());

        Map<String, List<Integer>> changedCells = history.series().stream().filter(s -> s.figure() == Figure.TPS)
                .filter(s -> !s.changes().isEmpty())
                .collect(Collectors.toMap(Series::cell, s -> s.changes().stream().map(c -> c.firstAfter().number()).toList()));
        assertThat(changedCells).containsOnlyKeys("mvc-platform × slow-query", "mvc-virtual × slow-query", "webflux × slow-query")
                .allSatisfy((cell, runs) -> assertThat(runs).as(cell).containsExactly(7));
    }

    @Test
    void slowQuerysThroughputFellByAboutTheShareOfThePoolTakenAwayBeyondItsNoise() throws IOException {
        History history = History.of(RunGroups.of(runs()).getFirst());

        for (Series s : history.series()) {
            if (s.figure() == Figure.TPS && s.scenario().equals("slow-query")) {
                Shift shift = s.changes().getFirst().shift();
                assertThat(shift.beyondNoise()).as(s.cell()).isTrue();
                // 120 of 150 connections over a 1 s sleep: 20 % fewer requests a second
                assertThat(shift.relative()).as(s.cell()).isBetween(-0.25, -0.15);
            }
        }
    }

    private static List<HistoryRun> runs() throws IOException {
        try (Stream<Path> folders = Files.list(RUNS)) {
            return folders.filter(Files::isDirectory).sorted().map(RunFolders::read)
                    .map(r -> new HistoryRun(r.folder(), r.manifest(), r.cells())).toList();
        }
    }
}
