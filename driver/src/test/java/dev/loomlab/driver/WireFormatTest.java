package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomlab.load.DriverRequest;
import dev.loomlab.load.DriverResult;
import dev.loomlab.load.Window;
import dev.loomlab.load.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The driver's Jackson 2 reads and writes the shared wire files exactly; the lab's WireFormatTest does the same
 * with Jackson 3 on the same files, so the two sides agree on every key.
 */
class WireFormatTest {
    private static final Path WIRE = Path.of("../load-api/src/test/resources/wire");
    private static final ObjectMapper LENIENT = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"request-closed.json", "request-open.json", "request-burst.json", "request-mix.json",
            "request-secrets.json"})
    void aRequestRoundTripsUnchanged(String file) throws IOException {
        String text = Files.readString(WIRE.resolve(file));
        DriverRequest request = DriverMain.REQUEST_JSON.readValue(text, DriverRequest.class);
        assertThat(LENIENT.readTree(DriverMain.REQUEST_JSON.writeValueAsString(request))).isEqualTo(LENIENT.readTree(text));
    }

    @Test
    void aRequestCarriesTheTypedLoad() throws IOException {
        DriverRequest closed = DriverMain.REQUEST_JSON.readValue(WIRE.resolve("request-closed.json").toFile(), DriverRequest.class);
        assertThat(closed.workload()).isEqualTo(new Workload.Closed(500));
        assertThat(closed.window()).isEqualTo(new Window(Duration.ofSeconds(10), Duration.ofSeconds(90)));
        assertThat(closed.requestTimeout()).isEqualTo(Duration.ofSeconds(30));
        DriverRequest open = DriverMain.REQUEST_JSON.readValue(WIRE.resolve("request-open.json").toFile(), DriverRequest.class);
        assertThat(open.workload()).isEqualTo(new Workload.Open(12.5));
        assertThat(open.requestTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(open.allowRemoteTarget()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"result-ramp.json", "result-burst.json"})
    void aResultRoundTripsUnchanged(String file) throws IOException {
        String text = Files.readString(WIRE.resolve(file));
        DriverResult result = ResultFiles.JSON.readValue(text, DriverResult.class);
        assertThat(LENIENT.readTree(ResultFiles.JSON.writeValueAsString(result))).isEqualTo(LENIENT.readTree(text));
    }
}
