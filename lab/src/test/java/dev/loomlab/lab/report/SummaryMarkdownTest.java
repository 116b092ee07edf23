package dev.loomlab.lab.report;

import dev.loomlab.lab.plan.LoadShape;
import dev.loomlab.lab.plan.PlanDocument;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.findings.Findings;
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
    private static final java.util.Set<Object> KEPT = java.util.Set.of("schema", "status", "label", "cell", "engine",
            "path", "serviceTimeMs", "workload", "warmupS", "durationS", "requests", "ok", "tps", "p50Ms", "p90Ms", "p99Ms", "maxMs");
    private final RunFolder fixture = new RunFolder(Golden.fixtureRun());
    private final Manifest manifest = fixture.readManifest();
    private final List<CellResult> cells = fixture.readCells();

    @Test
    void rendersTheFixtureRunExactlyAsTheGoldenFile() {
        Golden.assertMatches(SummaryMarkdown.render(fixture.root(), manifest, cells), "summary.md");
    }

    @Test
    void theCaveatNamesEachPoolOfPlatformThreadsAsItsDescriptorDoesWithTheModelsOnIt() {
        String pools = SummaryMarkdown.requestThreadPools();
        List<String> words = List.of(pools.split("[ ,]+"));

        for (Model model : Model.values()) {
            if (model.threadPerRequestPool()) {
                assertThat(pools).as(model.id()).contains(model.requestThreadsPoolName().orElseThrow() + " on ");
                assertThat(words).as(pools).contains(model.id());
            } else {
                assertThat(words).as(pools).doesNotContain(model.id());
            }
        }
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
        assertThat(SummaryMarkdown.render(fixture.root(), manifest, shuffled)).isEqualTo(SummaryMarkdown.render(fixture.root(), manifest, cells));
    }

    @Test
    void theDefaultLocaleDoesNotChangeTheNumbers() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(SummaryMarkdown.render(fixture.root(), manifest, cells)).contains("| 197.2 |").doesNotContain("197,2")
                    .isEqualTo(Golden.read("summary.md"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void theRunsOwnRenderEqualsTheReportCommandsRenderFromTheFiles(@TempDir Path tmp) {
        // A run renders from records in memory (maps in any order, longs where JSON gives ints);
        // `loomlab report` renders from the files. Both must give the same bytes.
        PlanDocument plan = manifest.plan().with("sleepMs", 1000L);
        Manifest inMemory = new Manifest(manifest.schema(), manifest.runId(), manifest.status(), manifest.startedAt(),
                manifest.finishedAt(), manifest.command(), plan, Map.copyOf(manifest.machine()), Map.copyOf(manifest.jdks()),
                Map.copyOf(manifest.versions()), manifest.database(), Map.copyOf(manifest.cpus()), manifest.engine(),
                manifest.gitCommit(), manifest.cells());
        RunFolder copy = new RunFolder(tmp);
        copy.writeManifest(inMemory);
        cells.forEach(copy::writeCell);

        assertThat(SummaryMarkdown.render(fixture.root(), copy.readManifest(), copy.readCells())).isEqualTo(SummaryMarkdown.render(fixture.root(), inMemory, cells));
    }

    @Test
    void marksAnInterruptedRunAsPartial() {
        assertThat(SummaryMarkdown.render(fixture.root(), manifest, cells))
                .contains("> **PARTIAL** — this run did not finish (status `interrupted`, 8 of 18 planned cells recorded, 1 failed)");
    }

    @Test
    void aShapedK6RunSaysItsEngineWroteEveryRequestAndASteadyOneDoesNot() {
        String sentence = "k6 wrote every request out (--out csv)";
        for (String shape : List.of("soak", "spike 2x for 5s at 10s", "ramp from 10 over 10s")) {
            Manifest shaped = withPlan(manifest.plan().with("engine", "k6").with("shape", LoadShape.parse(shape)));
            assertThat(SummaryMarkdown.render(fixture.root(), shaped, cells)).as(shape).contains(sentence);
        }
        assertThat(SummaryMarkdown.render(fixture.root(), withPlan(manifest.plan().with("engine", "k6")), cells)).doesNotContain(sentence);
        assertThat(SummaryMarkdown.render(fixture.root(), withPlan(manifest.plan().with("shape", LoadShape.SOAK)), cells)).doesNotContain(sentence);
    }

    private Manifest withPlan(PlanDocument plan) {
        return new Manifest(manifest.schema(), manifest.runId(), manifest.status(), manifest.startedAt(), manifest.finishedAt(),
                manifest.command(), plan, manifest.machine(), manifest.jdks(), manifest.versions(), manifest.database(),
                manifest.cpus(), manifest.engine(), manifest.gitCommit(), manifest.cells());
    }

    @Test
    void aFinishedRunWithEveryPlannedCellIsNotPartialAndHasNoRoundLine() {
        PlanDocument plan = manifest.plan().with("models", List.of("mvc-platform")).with("scenarios", List.of("block"))
                .with("rounds", 1);
        Manifest done = new Manifest(manifest.schema(), manifest.runId(), "complete", manifest.startedAt(), manifest.finishedAt(),
                manifest.command(), plan, manifest.machine(), manifest.jdks(), manifest.versions(), manifest.database(),
                manifest.cpus(), manifest.engine(), manifest.gitCommit(), List.of("mvc-platform/block-r1"));
        List<CellResult> one = cells.stream().filter(c -> c.label().equals("mvc-platform") && c.scenario().equals("block")
                && c.round() == 1).toList();

        String md = SummaryMarkdown.render(fixture.root(), done, one);

        assertThat(md).doesNotContain("PARTIAL").contains("- **status:** complete, 1 of 1 planned cell recorded\n")
                .doesNotContain("across rounds").doesNotContain("## thread-name");
    }

    @Test
    void eachScenarioListsItsCellsFindingsUnderItsTableWithoutRepeatingTheCell() {
        String md = SummaryMarkdown.render(fixture.root(), manifest, cells);
        String slowQuery = md.substring(md.indexOf("## slow-query"), md.indexOf("## Reading these numbers"));

        assertThat(slowQuery).contains("**Findings**")
                .contains("- **mvc-platform r1** — 148.9 TPS ≈ 150 connections / 1.00 s = 150.0 TPS — capped by the connection pool")
                .contains("- **mvc-virtual r1** — up to 350 requests waited for 150 connections")
                .doesNotContain("mvc-virtual / slow-query:");
        assertThat(slowQuery.indexOf("**Findings**")).isGreaterThan(slowQuery.indexOf("| mvc-virtual | 1 |"));
        // block-r2 was recorded before findings existed: the block section has findings for r1 only.
        String block = md.substring(md.indexOf("## block"), md.indexOf("## slow-query"));
        assertThat(block).contains("- **mvc-platform r1** — 197.2 TPS ≈ 200 Tomcat threads").doesNotContain("- **mvc-platform r2** — 197.0 TPS ≈");
    }

    @Test
    void aSectionWhoseCellsNoRuleFiresOnHasNoFindingsList() {
        // The round-2 cells were recorded without a time series: no rule has evidence there.
        List<CellResult> old = cells.stream().filter(c -> c.round() == 2).toList();
        assertThat(old).isNotEmpty().allMatch(c -> Findings.sentences(fixture.root(), c).isEmpty());

        assertThat(SummaryMarkdown.render(fixture.root(), manifest, old)).doesNotContain("**Findings**");
    }

    @Test
    void aFailedCellsReasonStaysOnOneLineAndCannotBreakTheTable() {
        CellResult failed = cells.stream().filter(c -> "failed".equals(c.status())).findFirst().orElseThrow();
        // Every optional field null; built by field name so fields added to CellResult do not break this test.
        Map<String, Object> fields = new LinkedHashMap<>();
        RunFolder.json().convertValue(failed, Map.class).forEach((k, v) -> fields.put(String.valueOf(k), KEPT.contains(k) ? v : null));
        fields.put("failure", "exit 1 | see\nlog");
        CellResult piped = RunFolder.json().convertValue(fields, CellResult.class);

        assertThat(SummaryMarkdown.render(fixture.root(), manifest, List.of(piped)))
                .contains("| webflux | 1 | failed: exit 1 \\| see log | | | | | | | | | |\n")
                .contains("- **webflux r1** — failed: exit 1 | see log\n");
    }
}
