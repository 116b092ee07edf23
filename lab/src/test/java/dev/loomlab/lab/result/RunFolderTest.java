package dev.loomlab.lab.result;

import dev.loomlab.lab.plan.PlanDocument;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFolderTest {
    @TempDir
    Path tmp;

    static CellResult cell(String model, String scenario, int round) {
        Map<String, Long> errors = new LinkedHashMap<>();
        errors.put("connect", 0L);
        errors.put("status5xx", 264L);
        return new CellResult(CellResult.SCHEMA, "ok", null, model, scenario, round, "hyperfoil", "/block?ms=1000", 1000, 500, null, 500.0, null, null, null,
                5.0, 10.0, 1264, 1000, 100.0, 1002.4, 1006.9, 1021.3, 1088.7, errors, 500.0, 0.2,
                "500 VUs / 1.000 s = 500.0 TPS", "errors", "264 of 1264 requests failed (264 status5xx)", 0.05, null,
                Map.of("server", "1", "driver", "0"), "25.0.1", scenario + "-r" + round + ".hlog", "logs/x.log",
                null, null, Map.of(), Map.of(), java.util.List.of());
    }

    static Manifest manifest(List<String> cells) {
        PlanDocument plan = PlanDocument.EMPTY.with("name", "quick").with("models", List.of("mvc-virtual", "webflux")).with("vus", 500);
        return new Manifest(Manifest.SCHEMA, "run-1", "running", "2025-11-22T09:00:00Z", null, "loomlab run",
                plan, Map.of("cores", "2"), Map.of("lab", "25.0.1"), Map.of("loomlab", "0.1.0"), "postgres",
                Map.of("server", "1", "driver", "0", "database", "0"), "hyperfoil", "abc", cells);
    }

    @Test
    void aCellReadsBackEqual() {
        RunFolder folder = new RunFolder(tmp);
        folder.create();
        folder.writeManifest(manifest(List.of("mvc-virtual/block-r1")));
        CellResult written = cell("mvc-virtual", "block", 1);

        folder.writeCell(written);

        assertThat(folder.cellJson("mvc-virtual", "block", 1)).isRegularFile();
        assertThat(folder.readCells()).containsExactly(written);
    }

    @Test
    void aManifestReadsBackEqualAndARewriteReplacesIt() {
        RunFolder folder = new RunFolder(tmp);
        Manifest running = manifest(List.of());
        folder.writeManifest(running);
        assertThat(folder.readManifest()).isEqualTo(running);

        Manifest done = running.withStatus("complete", "2025-11-22T09:05:00Z", List.of("webflux/block-r1"));
        folder.writeManifest(done);

        assertThat(folder.readManifest()).isEqualTo(done);
    }

    @Test
    void cellsComeBackInTheManifestsRunOrder() {
        RunFolder folder = new RunFolder(tmp);
        List<String> order = List.of("webflux/block-r1", "mvc-virtual/slow-query-r1", "mvc-virtual/block-r1");
        folder.writeManifest(manifest(order));
        folder.writeCell(cell("mvc-virtual", "block", 1));
        folder.writeCell(cell("mvc-virtual", "slow-query", 1));
        folder.writeCell(cell("webflux", "block", 1));
        folder.writeCell(cell("webflux", "block", 2)); // not in the manifest: last

        assertThat(folder.readCells()).extracting(c -> c.model() + "/" + CellResult.stem(c.scenario(), c.round()))
                .containsExactly("webflux/block-r1", "mvc-virtual/slow-query-r1", "mvc-virtual/block-r1", "webflux/block-r2");
    }

    @Test
    void writesLeaveNoTemporaryFilesBehind() throws IOException {
        RunFolder folder = new RunFolder(tmp);
        folder.create();
        folder.writeManifest(manifest(List.of()));
        folder.writeManifest(manifest(List.of("mvc-virtual/block-r1")));
        folder.writeCell(cell("mvc-virtual", "block", 1));
        folder.writeCell(cell("mvc-virtual", "block", 1));
        folder.writeSummary("# run\n");

        try (Stream<Path> walk = Files.walk(tmp)) {
            assertThat(walk.filter(Files::isRegularFile).map(p -> tmp.relativize(p).toString()))
                    .containsExactlyInAnyOrder("manifest.json", "cells/mvc-virtual/block-r1.json", "summary.md");
        }
        assertThat(Files.readString(tmp.resolve("summary.md"))).isEqualTo("# run\n");
    }

    @Test
    void aFolderWithoutManifestIsNotARunFolder() {
        assertThatThrownBy(() -> new RunFolder(tmp).readManifest())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(tmp + " is not a run folder: it has no manifest.json");
    }

    @Test
    void aFolderWithoutCellsHasNone() {
        RunFolder folder = new RunFolder(tmp);
        folder.writeManifest(manifest(List.of()));

        assertThat(folder.readCells()).isEmpty();
    }
}
