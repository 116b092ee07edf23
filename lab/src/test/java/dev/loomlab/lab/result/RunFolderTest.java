package dev.loomlab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.plan.PlanDocument;
import dev.loomlab.lab.report.Golden;
import dev.loomlab.lab.server.JdbcDriver;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Scenarios;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class RunFolderTest {
    @TempDir
    Path tmp;

    static CellResult cell(String model, String scenario, int round) {
        Cell identity = Cell.of(Model.byId(model), 25, null, Scenarios.byId(scenario), round);
        Map<String, Long> errors = new LinkedHashMap<>();
        errors.put("connect", 0L);
        errors.put("status5xx", 264L);
        return new CellResult(CellResult.SCHEMA, "ok", null, model, identity, "hyperfoil", "/block?ms=1000", 1000, new Workload.Closed(500), 500.0, null, null,
                5.0, 10.0, 1264, 1000, 100.0, 1002.4, 1006.9, 1021.3, 1088.7, errors, 500.0, 0.2,
                "500 VUs / 1.000 s = 500.0 TPS", "errors", "264 of 1264 requests failed (264 status5xx)", 0.05, null,
                Map.of("server", "1", "driver", "0"), "25.0.1", new CellResult.Artifacts(scenario + "-r" + round + ".hlog", "logs/x.log",
                null, null), Map.of(), null, Map.of(), java.util.List.of(), null, null, null, null, null, null, null, null);
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
    void aCellIsWrittenByItsIdentitysIdsAndReadBackTyped() throws Exception {
        RunFolder folder = new RunFolder(tmp);
        folder.create();
        folder.writeManifest(manifest(List.of()));
        Cell identity = Cell.of(Model.byId("mvc-virtual"), 21, JdbcDriver.MYSQL_8, Scenarios.byId("block-query"), 2);
        CellResult written = new CellResult(CellResult.SCHEMA, "ok", null, identity.label(true), identity, "hyperfoil", "/block-query",
                1000, new Workload.Closed(16), null, null, null, 5.0, 10.0, 100, 100, 10.0, 1000, 1000, 1000, 1000, Map.of(), null, null, null,
                null, null, null, null, Map.of(), "21.0.8",
                new CellResult.Artifacts("cells/x/block-query-r2.hlog", "logs/x.server.log", null, null), Map.of(), null, Map.of(),
                List.of(new Fact("pinning", Map.of("pinnedEvents", 12.0, "carriers", 4.0, "notMeasured", Double.NaN))), null, List.of(98L, 100L, 102L), 2.1, null,
                new Steadiness(Steadiness.State.NOT_SETTLED, "cap", "its warm-up reached its cap of 60 s before the load settled"), 312.5,
                ServerStart.TRAINING, null);

        folder.writeCell(written);

        Path file = folder.cellJson("mvc-virtual-jdk21-mysql-8.1.0", "block-query", 2);
        JsonNode json = RunFolder.json().readTree(file.toFile());
        assertThat(json.get("schema").asInt()).isEqualTo(CellResult.SCHEMA);
        assertThat(json.get("serverRssMbIdle").asDouble()).isEqualTo(312.5);
        assertThat(json.get("serverStart").asString()).isEqualTo("training");
        assertThat(json.get("beside").toString()).as("nothing known of what ran beside: each figure left out").isEqualTo("{}");
        assertThat(json.get("workload").toString()).isEqualTo("{\"shape\":\"closed\",\"vus\":16}");
        assertThat(json.has("vus")).as("the load is its workload's, not a column of its own").isFalse();
        assertThat(json.get("steady").get("state").asText()).isEqualTo("not-settled");
        assertThat(json.get("okPerSecond").toString()).isEqualTo("[98,100,102]");
        assertThat(json.get("tpsHalfWidth").asDouble()).isEqualTo(2.1);
        assertThat(json.get("label").asString()).isEqualTo("mvc-virtual-jdk21-mysql-8.1.0");
        assertThat(json.get("cell").toString())
                .isEqualTo("{\"model\":\"mvc-virtual\",\"jdk\":21,\"jdbcDriver\":\"mysql-8.1.0\",\"scenario\":\"block-query\",\"round\":2}");
        assertThat(json.has("model")).as("the label is not spelled as a model").isFalse();
        assertThat(json.has("scenario")).as("the scenario is the cell's").isFalse();
        assertThat(json.get("files").toString()).as("the paths of the run folder's files sit together")
                .isEqualTo("{\"hlog\":\"cells/x/block-query-r2.hlog\",\"serverLog\":\"logs/x.server.log\",\"timeseries\":null,\"jfr\":null}");
        assertThat(json.has("hlog")).isFalse();
        assertThat(json.get("findings").toString()).isEqualTo("[{\"rule\":\"pinning\",\"figures\":{\"carriers\":4.0,\"pinnedEvents\":12.0}}]");
        CellResult read = RunFolder.readCell(file);
        assertThat(read).isEqualTo(written);
        assertThat(read.cell().model()).contains(Model.byId("mvc-virtual"));
        assertThat(read.cell().jdbcDriver()).contains(JdbcDriver.MYSQL_8);
    }

    @Test
    void aSchemaOneCellIsReadWithTheIdentityItsLabelAndJdkRecorded() {
        assertThat(schemaOne("mvc-virtual-jdk21-mysql-8.1.0", "21.0.8")).isEqualTo(Cell.of(Model.byId("mvc-virtual"), 21, JdbcDriver.MYSQL_8,
                Scenarios.byId("block"), 1));
        // Without a JDK in the label the cell ran on the JDK it recorded.
        assertThat(schemaOne("legacy-virtual", "21.0.8 (Eclipse Adoptium)")).isEqualTo(Cell.of(Model.byId("legacy-virtual"), 21, null,
                Scenarios.byId("block"), 1));
        assertThat(schemaOne("legacy", "17.0.15+6-Debian-1deb12u1")).isEqualTo(Cell.of(Model.byId("legacy"), 17, null, Scenarios.byId("block"), 1));
        assertThat(schemaOne("mvc-platform-mariadb", "25.0.1").jdbcDriver()).contains(JdbcDriver.MARIADB);
        assertThat(schemaOne("target", null)).isEqualTo(Cell.target(Scenarios.byId("block"), 1));
    }

    private static Cell schemaOne(String label, String serverJdk) {
        // The fixture's mvc-virtual/block-r1.json is a schema-1 file as the lab wrote it; only its label and JDK change.
        ObjectNode fields = (ObjectNode) RunFolder.json().readTree(Golden.fixtureRun().resolve("cells/mvc-virtual/block-r1.json").toFile());
        fields.put("model", label);
        fields.put("serverJdk", serverJdk);
        CellResult c = RunFolder.cell(fields);
        assertThat(c.label()).isEqualTo(label);
        assertThat(c.findings()).as("old sentences are not evidence: today's rules speak for the cell").isEmpty();
        assertThat(c.files()).as("its file paths, kept at the top level in schema 1").isEqualTo(new CellResult.Artifacts(
                "cells/mvc-virtual/block-r1.hlog", "logs/mvc-virtual-block-r1.server.log", "cells/mvc-virtual/block-r1.timeseries.csv",
                "cells/mvc-virtual/block-r1.jfr"));
        return c.cell();
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

        assertThat(folder.readCells()).extracting(c -> c.label() + "/" + CellResult.stem(c.scenario(), c.round()))
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
