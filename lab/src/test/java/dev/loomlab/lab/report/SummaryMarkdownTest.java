package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryMarkdownTest {
    private final RunFolder fixture = new RunFolder(Golden.fixtureRun());
    private final Manifest manifest = fixture.readManifest();
    private final List<CellResult> cells = fixture.readCells();

    @Test
    void rendersTheFixtureRunExactlyAsTheGoldenFile() {
        Golden.assertMatches(SummaryMarkdown.render(manifest, cells), "summary.md");
    }

    @Test
    void theFixtureCoversEveryKindOfRow() {
        // If someone trims the fixture, the golden file stops proving anything: keep these cases in it.
        assertThat(cells).extracting(CellResult::limitedBy).contains("threads", "vus", "pool", "errors", "cpu");
        assertThat(cells).anyMatch(c -> c.ceilingTps() == null);
        assertThat(cells).anyMatch(c -> "failed".equals(c.status()));
        assertThat(cells).anyMatch(c -> c.round() == 2);
    }

    @Test
    void cellOrderDoesNotChangeTheSummary() {
        List<CellResult> shuffled = new ArrayList<>(cells);
        Collections.shuffle(shuffled, new Random(42));
        assertThat(SummaryMarkdown.render(manifest, shuffled)).isEqualTo(SummaryMarkdown.render(manifest, cells));
    }

    @Test
    void theDefaultLocaleDoesNotChangeTheNumbers() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(SummaryMarkdown.render(manifest, cells)).contains("| 197.2 |").doesNotContain("197,2")
                    .isEqualTo(Golden.read("summary.md"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void theRunsOwnRenderEqualsTheReportCommandsRenderFromTheFiles(@TempDir Path tmp) {
        // A run renders from records in memory (maps in any order, longs where JSON gives ints);
        // `loomlab report` renders from the files. Both must give the same bytes.
        Map<String, Object> plan = new LinkedHashMap<>(manifest.plan());
        plan.put("sleepMs", 1000L);
        Manifest inMemory = new Manifest(manifest.schema(), manifest.runId(), manifest.status(), manifest.startedAt(),
                manifest.finishedAt(), manifest.command(), plan, Map.copyOf(manifest.machine()), Map.copyOf(manifest.jdks()),
                Map.copyOf(manifest.versions()), manifest.database(), Map.copyOf(manifest.cpus()), manifest.engine(),
                manifest.gitCommit(), manifest.cells());
        RunFolder copy = new RunFolder(tmp);
        copy.writeManifest(inMemory);
        cells.forEach(copy::writeCell);

        assertThat(SummaryMarkdown.render(copy.readManifest(), copy.readCells())).isEqualTo(SummaryMarkdown.render(inMemory, cells));
    }

    @Test
    void marksAnInterruptedRunAsPartial() {
        assertThat(SummaryMarkdown.render(manifest, cells))
                .contains("> **PARTIAL** — this run did not finish (status `interrupted`, 7 of 18 planned cells recorded, 1 failed)");
    }

    @Test
    void aFinishedRunWithEveryPlannedCellIsNotPartialAndHasNoRoundLine() {
        Map<String, Object> plan = new LinkedHashMap<>(manifest.plan());
        plan.put("models", List.of("mvc-platform"));
        plan.put("scenarios", List.of("block"));
        plan.put("rounds", 1);
        Manifest done = new Manifest(manifest.schema(), manifest.runId(), "complete", manifest.startedAt(), manifest.finishedAt(),
                manifest.command(), plan, manifest.machine(), manifest.jdks(), manifest.versions(), manifest.database(),
                manifest.cpus(), manifest.engine(), manifest.gitCommit(), List.of("mvc-platform/block-r1"));
        List<CellResult> one = cells.stream().filter(c -> c.model().equals("mvc-platform") && c.scenario().equals("block")
                && c.round() == 1).toList();

        String md = SummaryMarkdown.render(done, one);

        assertThat(md).doesNotContain("PARTIAL").contains("- **status:** complete, 1 of 1 planned cell recorded\n")
                .doesNotContain("across rounds").doesNotContain("## thread-name");
    }

    @Test
    void aFailedCellsReasonStaysOnOneLineAndCannotBreakTheTable() {
        CellResult failed = cells.stream().filter(c -> "failed".equals(c.status())).findFirst().orElseThrow();
        CellResult piped = new CellResult(failed.schema(), failed.status(), "exit 1 | see\nlog", failed.model(), failed.scenario(),
                failed.round(), failed.engine(), failed.path(), failed.serviceTimeMs(), failed.vus(), null, null, null, failed.warmupS(),
                failed.durationS(), failed.requests(), failed.ok(), failed.tps(), failed.p50Ms(), failed.p90Ms(), failed.p99Ms(),
                failed.maxMs(), null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);

        assertThat(SummaryMarkdown.render(manifest, List.of(piped)))
                .contains("| webflux | 1 | failed: exit 1 \\| see log | | | | | | | | |\n")
                .contains("- **webflux r1** — failed: exit 1 | see log\n");
    }
}
