package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportDataTest {
    private final Golden.FixtureRun fixture = Golden.fixture();

    @Test
    void theFixtureRunsReportDataMatchesTheGoldenFile() {
        Golden.assertMatches(ReportData.json(fixture.reportData()), "report-data.json");
    }

    @Test
    void cellOrderDoesNotChangeTheData() {
        List<CellResult> shuffled = new ArrayList<>(fixture.cells());
        Collections.shuffle(shuffled, new Random(7));
        assertThat(ReportData.json(ReportData.build(fixture.root(), fixture.manifest(), shuffled)))
                .isEqualTo(ReportData.json(fixture.reportData()));
    }

    @Test
    void theLatencyCurveIsReadFromTheHlogWithHdrHistogramsReader() {
        Path hlog = fixture.root().resolve("cells/mvc-virtual/slow-query-r1.hlog");
        Histogram h = LatencyCurve.total(hlog);

        Map<String, Object> curve = LatencyCurve.read(hlog);

        @SuppressWarnings("unchecked")
        List<Double> ms = (List<Double>) curve.get("ms");
        assertThat(curve.get("count")).isEqualTo(h.getTotalCount());
        assertThat(ms.get(LatencyCurve.PERCENTILES.indexOf(50.0))).isEqualTo(ReportData.round(h.getValueAtPercentile(50) / 1e6));
        assertThat(ms.getLast()).isEqualTo(ReportData.round(h.getMaxValue() / 1e6));
        assertThat(ms).isSorted();
        // The fixture's log was shaped from this cell's percentiles: the curve must land on them.
        CellResult cell = fixture.cells().stream().filter(c -> c.label().equals("mvc-virtual") && c.scenario().equals("slow-query"))
                .findFirst().orElseThrow();
        assertThat(ms.get(LatencyCurve.PERCENTILES.indexOf(99.0))).isCloseTo(cell.p99Ms(), org.assertj.core.data.Percentage.withPercentage(1));
    }

    @Test
    void aCellWhoseHlogIsMissingHasNoCurveAndTheRestStillRenders() {
        Map<String, Object> data = fixture.reportData();
        Map<String, Object> r2 = cell(data, "mvc-platform/block-r2");

        assertThat(r2.get("latency")).isNull();
        assertThat(r2.get("tps")).isEqualTo(197.0);
    }

    @Test
    void anHlogThatCannotBeDecodedIsReportedNotFatal(@TempDir Path tmp) throws IOException {
        Path hlog = tmp.resolve("broken.hlog");
        Files.writeString(hlog, "#[Histogram log format version 1.3]\n0.000,10.000,1.0,HISTFAAAAnotbase64!!!\n");

        assertThat(LatencyCurve.read(hlog)).containsOnlyKeys("error");
        assertThat((String) LatencyCurve.read(hlog).get("error")).startsWith("cannot decode broken.hlog: ");
    }

    @Test
    void theTimeSeriesKeepsEveryColumnItsHeaderNamesEvenOnesThisReportDoesNotKnow(@TempDir Path tmp) throws IOException {
        Path csv = tmp.resolve("x.timeseries.csv");
        Files.writeString(csv, "tS,serverCpuCores,carrierParkedMs,poolIdle\n1,0.5,12,\n2,0.75,13,\n");

        Map<String, Object> series = ReportData.series(csv);

        assertThat(series).containsOnlyKeys("tS", "serverCpuCores", "carrierParkedMs");
        assertThat(series.get("carrierParkedMs")).isEqualTo(List.of(12.0, 13.0));
    }

    @Test
    void modelsAndScenariosAreWhateverTheFolderHoldsNotAFixedList(@TempDir Path tmp) {
        CellResult any = fixture.cells().stream().filter(ReportText::succeeded).findFirst().orElseThrow();
        Map<String, Object> fields = new java.util.LinkedHashMap<>();
        RunFolder.json().convertValue(any, Map.class).forEach((k, v) -> fields.put(String.valueOf(k), v));
        fields.put("label", "coroutines");
        fields.put("cell", Map.of("model", "coroutines", "jdk", 25, "scenario", "fan-out-parallel", "round", any.round()));
        fields.put("files", new CellResult.Artifacts(null, any.files().serverLog(), null, any.files().jfr()));
        CellResult newcomer = RunFolder.json().convertValue(fields, CellResult.class);

        Map<String, Object> data = ReportData.build(tmp, fixture.manifest(), List.of(newcomer));

        assertThat(data.get("models")).asList().contains("coroutines");
        assertThat(((List<?>) data.get("scenarios"))).anyMatch(s -> ((Map<?, ?>) s).get("id").equals("fan-out-parallel"));
        assertThat(cell(data, "coroutines/fan-out-parallel-r" + any.round())).isNotNull();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theParityTableFlagsASettingThatDiffersBetweenModelsButNotTheThreadsThatAreTheExperiment() {
        List<CellResult> mixed = fixture.cells().stream().map(c -> !c.label().equals("webflux") ? c : with(c, "serverJdk", "21.0.8"))
                .toList();

        List<Map<String, Object>> rows = (List<Map<String, Object>>) ((Map<String, Object>) ReportData.build(fixture.root(), fixture.manifest(), mixed)
                .get("parity")).get("rows");

        Map<String, Object> jdk = rows.stream().filter(r -> r.get("setting").equals("server JDK")).findFirst().orElseThrow();
        assertThat(jdk.get("values")).isEqualTo(Map.of("mvc-platform", "25.0.1", "mvc-virtual", "25.0.1", "webflux", "21.0.8"));
        assertThat(jdk.get("differs")).isEqualTo(true);
        assertThat(rows).filteredOn(r -> r.get("setting").equals("heap")).extracting(r -> r.get("differs")).containsExactly(false);
        assertThat(rows).filteredOn(r -> ((String) r.get("setting")).contains("threads")).extracting(r -> r.get("differs")).containsOnly(false);
    }

    private static CellResult with(CellResult c, String field, Object value) {
        Map<String, Object> fields = new java.util.LinkedHashMap<>();
        RunFolder.json().convertValue(c, Map.class).forEach((k, v) -> fields.put(String.valueOf(k), v));
        fields.put(field, value);
        return RunFolder.json().convertValue(fields, CellResult.class);
    }

    @Test
    void eachSeedFigureIsBesideThisRunsAsSharesOfTheirOwnCeilings() {
        Map<String, Object> data = fixture.reportData();
        @SuppressWarnings("unchecked")
        Map<String, Object> seeds = (Map<String, Object>) data.get("seeds");
        assertThat((String) seeds.get("source")).contains("SEEDS.md");
        Map<String, Object> block = seedRow(seeds, "000", "block", "mvc-platform");

        // Seed 000: 197.0–197.2 TPS of 200; the fixture: 197.2 and 197.0 TPS of 200.
        assertThat((Double) ((Map<?, ?>) block.get("seed")).get("ratio")).isCloseTo(0.9855, within(0.0006));
        assertThat((Double) ((Map<?, ?>) block.get("run")).get("ratio")).isCloseTo(0.9855, within(0.0006));
        assertThat(block.get("verdict")).isEqualTo("holds");
        assertThat(seedRow(seeds, "000", "block", "legacy").get("verdict")).isEqualTo("not measured in this run");
        assertThat(seedRow(seeds, "000", "thread-name", "mvc-platform").get("verdict")).asString().startsWith("no ceiling");
    }

    @Test
    void verdictsCompareSharesNotRawThroughput() {
        assertThat(SeedFigures.verdict(0.95, 0.90, true, true)).isEqualTo("holds");
        assertThat(SeedFigures.verdict(0.0013, 0.67, true, true)).isEqualTo("differs: closer to the ceiling here");
        assertThat(SeedFigures.verdict(0.99, 0.5, true, true)).isEqualTo("differs: further from the ceiling here");
        assertThat(SeedFigures.verdict(null, 0.5, true, true)).isEqualTo("the seed reports no throughput");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> seedRow(Map<String, Object> seeds, String experiment, String scenario, String model) {
        Map<String, Object> exp = ((List<Map<String, Object>>) seeds.get("experiments")).stream().filter(e -> experiment.equals(e.get("id")))
                .findFirst().orElseThrow();
        return ((List<Map<String, Object>>) exp.get("rows")).stream()
                .filter(r -> scenario.equals(r.get("scenario")) && model.equals(r.get("model"))).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cell(Map<String, Object> data, String id) {
        return ((List<Map<String, Object>>) data.get("cells")).stream().filter(c -> id.equals(c.get("id"))).findFirst().orElse(null);
    }
}
