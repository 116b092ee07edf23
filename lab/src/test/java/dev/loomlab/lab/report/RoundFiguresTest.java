package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RoundFiguresTest {
    private static final Path AA = Golden.resources().resolve("stats/aa");

    /** The fixture's mvc-virtual block cell, as a schema-2 cell file spells it, its files under {@code cells/mvc-virtual/}. */
    private static CellResult schemaTwo(int round, double tps) {
        CellResult fixture = Golden.fixture().cells().stream().filter(c -> "mvc-virtual".equals(c.label()) && "block".equals(c.scenario()))
                .findFirst().orElseThrow();
        Map<String, Object> fields = new LinkedHashMap<>();
        RunFolder.json().convertValue(fixture, Map.class).forEach((k, v) -> fields.put(String.valueOf(k), v));
        fields.put("schema", 2);
        fields.remove("okPerSecond");
        fields.remove("tpsHalfWidth");
        fields.put("tps", tps);
        fields.put("cell", Map.of("model", "mvc-virtual", "jdk", 25, "scenario", "block", "round", round));
        fields.put("files", Map.of("hlog", "cells/mvc-virtual/block-r" + round + ".hlog"));
        return RunFolder.cell(RunFolder.json().valueToTree(fields));
    }

    private static Path folderWithTheRealCell(Path tmp, int rounds) throws Exception {
        Path cells = Files.createDirectories(tmp.resolve("cells/mvc-virtual"));
        for (int r = 1; r <= rounds; r++) {
            Files.copy(AA.resolve("block-r1.hlog"), cells.resolve("block-r" + r + ".hlog"));
            Files.copy(AA.resolve("block-r1.driver.json"), cells.resolve("block-r" + r + ".driver.json"));
        }
        return tmp;
    }

    @Test
    void aSchemaTwoCellFindsItsPerSecondSeriesBesideItsLatencyLog(@TempDir Path tmp) throws Exception {
        Path root = folderWithTheRealCell(tmp, 1);
        CellResult old = schemaTwo(1, 479.8);
        assertThat(old.okPerSecond()).isNull();

        RoundFigures one = RoundFigures.of(root, List.of(old));

        assertThat(one.basis()).isEqualTo("seconds");
        assertThat(one.tps().mean()).isEqualTo(479.8);
        assertThat(one.tps().halfWidth()).isPositive();
        assertThat(one.tpsText()).startsWith("479.8 ± ").endsWith(" TPS (95 %, within its one window, no run-to-run spread)");
    }

    @Test
    void percentilesAcrossRoundsComeFromTheMergedLogsNotTheirMean(@TempDir Path tmp) throws Exception {
        Path root = folderWithTheRealCell(tmp, 2);
        // Two rounds whose own p99 the cell files say differently: the merged log decides, not their average.
        CellResult r1 = schemaTwo(1, 479.8);
        CellResult r2 = schemaTwo(2, 481.0);
        Histogram one = LatencyCurve.total(root.resolve("cells/mvc-virtual/block-r1.hlog"));

        RoundFigures both = RoundFigures.of(root, List.of(r1, r2));

        assertThat(both.basis()).isEqualTo("rounds");
        assertThat(both.tps().mean()).isEqualTo(480.4);
        // The same log twice: the merged percentiles are the log's own, whatever the cells' stored p99 say.
        assertThat(both.p99Ms()).isEqualTo(one.getValueAtPercentile(99) / 1e6).isNotEqualTo(r1.p99Ms());
        assertThat(both.p50Ms()).isEqualTo(one.getValueAtPercentile(50) / 1e6);
        assertThat(RoundFigures.of(null, List.of(r1, r2)).p99Ms()).as("without the logs: unknown, not averaged").isNaN();
    }
}
