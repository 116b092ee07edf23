package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.load.DriverRequest;
import dev.loomlab.load.DriverResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The lab's Jackson 3 reads and writes the shared wire files exactly; the driver's WireFormatTest does the same with
 * Jackson 2 on the same files, so what the lab writes is what the driver reads, and back.
 */
class WireFormatTest {
    private static final Path WIRE = Path.of("../load-api/src/test/resources/wire");
    private static final JsonMapper LENIENT = JsonMapper.builder().build();

    @ParameterizedTest
    @ValueSource(strings = {"request-closed.json", "request-open.json", "request-burst.json", "request-mix.json",
            "request-secrets.json"})
    void aRequestRoundTripsUnchanged(String file) throws IOException {
        String text = Files.readString(WIRE.resolve(file));
        DriverRequest request = HyperfoilEngine.WIRE.readValue(text, DriverRequest.class);
        assertThat(LENIENT.readTree(HyperfoilEngine.WIRE.writeValueAsString(request))).isEqualTo(LENIENT.readTree(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"result-ramp.json", "result-burst.json"})
    void aResultRoundTripsUnchanged(String file) throws IOException {
        String text = Files.readString(WIRE.resolve(file));
        DriverResult result = HyperfoilEngine.WIRE.readValue(text, DriverResult.class);
        assertThat(LENIENT.readTree(HyperfoilEngine.WIRE.writeValueAsString(result))).isEqualTo(LENIENT.readTree(text));
    }

    @Test
    void theLabAsksTheDriverForTheCellsLoadAsItIs() throws IOException {
        LoadSpec cell = LoadSpec.closed("http://127.0.0.1:8080/block?ms=100", 500, Duration.ofSeconds(10), Duration.ofSeconds(90),
                Duration.ofSeconds(30), Path.of("/tmp/run/cells/mvc-virtual"), "block", Path.of("/tmp/run/logs/block.driver.log"));
        String written = HyperfoilEngine.WIRE.writeValueAsString(HyperfoilEngine.request(cell));
        assertThat(LENIENT.readTree(written)).isEqualTo(LENIENT.readTree(WIRE.resolve("request-closed.json").toFile()));
        assertThat(HyperfoilEngine.requestFile(cell.log())).isEqualTo(Path.of("/tmp/run/logs/block.driver-request.json"));
    }

    @Test
    void theDriversResultBecomesTheCellsLoadResult() {
        LoadResult r = HyperfoilEngine.read(WIRE.resolve("result-ramp.json"));
        assertThat(r.tps()).isEqualTo(499.0);
        assertThat(r.latency().p999Ms()).isEqualTo(55.125);
        assertThat(r.errors()).containsExactly(Map.entry("connect", 1L), Map.entry("timeout", 2L), Map.entry("status4xx", 3L),
                Map.entry("status5xx", 4L), Map.entry("other", 0L));
        assertThat(r.requestedRate()).isNull();
        assertThat(HyperfoilEngine.read(WIRE.resolve("result-burst.json")).wallTimeMs()).isEqualTo(2113.0);
    }

    @Test
    void theDriversOwnInstantsSayWhenItsLoadAndWindowRan() {
        // the ramp's phase began at ...000, its 2 s warm-up ended at ...002000 and its 10 s of levels at ...012000
        assertThat(HyperfoilEngine.read(WIRE.resolve("result-ramp.json")).timeline()).hasValue(new LoadTimeline(
                Instant.ofEpochMilli(1_764_000_000_000L), Instant.ofEpochMilli(1_764_000_002_000L), Instant.ofEpochMilli(1_764_000_012_000L)));
    }

    @Test
    void theTimelineIsNotPartOfAWrittenResult() {
        LoadResult r = HyperfoilEngine.read(WIRE.resolve("result-ramp.json"));
        assertThat(r.timeline()).isPresent();
        assertThat(LENIENT.readTree(LENIENT.writeValueAsString(r)).has("timeline")).isFalse();
    }

    @Test
    void aResultWithAKeyTheRecordDoesNotKnowIsRefused(@TempDir Path dir) throws IOException {
        Path drifted = dir.resolve("x.driver.json");
        Files.writeString(drifted, Files.readString(WIRE.resolve("result-burst.json")).replaceFirst("\"ok\"", "\"okay\" : 1, \"ok\""));
        assertThatThrownBy(() -> HyperfoilEngine.read(drifted)).isInstanceOf(LoadException.class).hasMessageContaining("okay");
    }

    @Test
    void theOpenModelsScheduleIsReadFromADriversResult(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("open.driver.json"), """
                {"requests": 9000, "schedule": {"due": 9000, "sent": 9000, "sentLate": 600, "notSent": 0,
                 "lateAfterMs": 10.0, "maxSendDelayMs": 2122.0}}""");

        assertThat(HyperfoilEngine.schedule(file)).hasValue(new DriverResult.Schedule(9000, 9000, 600, 0, 10.0, 2122.0));
    }

    @Test
    void severalDriversMergedResultHasNoScheduleAndIsNotAnError(@TempDir Path dir) throws IOException {
        Path merged = Files.writeString(dir.resolve("merged.driver.json"), """
                {"engine": "hyperfoil", "requests": 812, "p50Ms": null, "shares": [{"driver": 1}, {"driver": 2}]}""");

        assertThat(HyperfoilEngine.schedule(merged)).isEmpty();
        assertThat(HyperfoilEngine.schedule(dir.resolve("absent.driver.json"))).isEmpty();
    }
}
