package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomlab.load.DriverRequest;
import dev.loomlab.load.Window;
import dev.loomlab.load.WireFormatContract;
import dev.loomlab.load.Workload;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The driver's Jackson 2 reads and writes the shared wire files exactly (the round trips of {@link WireFormatContract});
 * the lab's WireFormatTest does the same with Jackson 3 on the same files, so the two sides agree on every key.
 */
class WireFormatTest extends WireFormatContract {
    private static final ObjectMapper LENIENT = new ObjectMapper();

    WireFormatTest() {
        super(new Side(new Mapper(DriverMain.REQUEST_JSON::readValue, DriverMain.REQUEST_JSON::writeValueAsString),
                new Mapper(ResultFiles.JSON::readValue, ResultFiles.JSON::writeValueAsString), LENIENT::readTree));
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
}
