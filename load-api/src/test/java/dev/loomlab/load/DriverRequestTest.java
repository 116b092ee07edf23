package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The one validation of a driver run, whoever built the request (the lab's engine, the driver's flags, a request file). */
class DriverRequestTest {
    private static final Window WINDOW = new Window(Duration.ofSeconds(5), Duration.ofSeconds(30));
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private static DriverRequest request(String method, String body, Workload workload, Window window, Duration timeout, Integer maxSessions) {
        return new DriverRequest("http://127.0.0.1:8080/", method, body, null, workload, window, timeout, maxSessions, null, null, false,
                "out", "cell");
    }

    @Test
    void aSteadyLoadNeedsAWindowOfAtLeastASecond() {
        assertThatThrownBy(() -> request("GET", null, new Workload.Closed(5), new Window(Duration.ZERO, Duration.ofMillis(500)), TIMEOUT, null))
                .isInstanceOf(InvalidLoadException.class).hasMessage("duration must be at least 1s (statistics are kept per second), got 500ms");
        assertThatThrownBy(() -> request("GET", null, new Workload.Open(5), null, TIMEOUT, null)).hasMessage("window is required");
    }

    @Test
    void aBurstHasNoWindowAndOneSessionPerRequest() {
        assertThat(request("GET", null, new Workload.Burst(5), null, TIMEOUT, null).window()).isEqualTo(Window.NONE);
        assertThatThrownBy(() -> request("GET", null, new Workload.Burst(5), WINDOW, TIMEOUT, null)).hasMessageStartingWith("window: a burst has no");
        assertThatThrownBy(() -> request("GET", null, new Workload.Burst(5), null, TIMEOUT, 10)).hasMessageStartingWith("maxSessions: does not apply");
    }

    @Test
    void theTimeoutIsBoundedByWhatTheHistogramsHold() {
        assertThatThrownBy(() -> request("GET", null, new Workload.Closed(5), WINDOW, Duration.ofMinutes(2), null))
                .hasMessage("timeout must be between 1s and 1m, got 2m");
        assertThat(request("GET", null, new Workload.Burst(5), null, Duration.ofMinutes(10), null).requestTimeout()).isEqualTo(Duration.ofMinutes(10));
        assertThatThrownBy(() -> request("GET", null, new Workload.Closed(5), WINDOW, Duration.ofMillis(999), null))
                .hasMessage("timeout must be between 1s and 1m, got 999ms");
    }

    @Test
    void theMethodDecidesTheBody() {
        assertThat(request("post", null, new Workload.Closed(5), WINDOW, TIMEOUT, null).method()).isEqualTo("POST");
        assertThat(request("POST", null, new Workload.Closed(5), WINDOW, TIMEOUT, null).body()).isEmpty();
        assertThat(request("GET", null, new Workload.Closed(5), WINDOW, TIMEOUT, null).body()).isNull();
        assertThatThrownBy(() -> request("GET", "{}", new Workload.Closed(5), WINDOW, TIMEOUT, null)).hasMessageStartingWith("body: needs a method");
        assertThatThrownBy(() -> request("BREW", null, new Workload.Closed(5), WINDOW, TIMEOUT, null)).hasMessageStartingWith("method: unsupported 'BREW'");
    }

    @Test
    void theOpenModelAloneTakesASessionCap() {
        assertThat(request("GET", null, new Workload.Open(50), WINDOW, TIMEOUT, 100).maxSessions()).isEqualTo(100);
        assertThatThrownBy(() -> request("GET", null, new Workload.Closed(5), WINDOW, TIMEOUT, 100)).hasMessage("maxSessions: applies to the open model only");
        assertThatThrownBy(() -> request("GET", null, new Workload.Open(50), WINDOW, TIMEOUT, 0)).hasMessage("maxSessions must be at least 1, got 0");
    }

    @Test
    void theFilesStemCannotLeaveTheOutputFolder() {
        assertThatThrownBy(() -> new DriverRequest("http://127.0.0.1/", "GET", null, null, new Workload.Closed(1), WINDOW, TIMEOUT, null, null,
                null, false, "out", "../escape")).hasMessageStartingWith("name must be a file-name-safe word");
    }

    @Test
    void theWindowReadsBackFromItsText() {
        Window w = new Window(Duration.ofMillis(1500), Duration.ofSeconds(90));
        assertThat(Window.fromWire(w.toWire())).isEqualTo(w);
        assertThat(w.toWire()).isEqualTo(new Window.Wire("1s500ms", "1m30s", null));
        Window settling = Window.settling(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofSeconds(10));
        assertThat(settling.toWire()).isEqualTo(new Window.Wire("5s", "10s", "30s"));
        assertThat(Window.fromWire(settling.toWire())).isEqualTo(settling);
        assertThat(settling.total()).isEqualTo(Duration.ofSeconds(40));
    }

    @Test
    void aSettlingWarmUpIsJudgedInWholeSecondsAndEndsNoEarlierThanItsFloor() {
        assertThatThrownBy(() -> Window.settling(Duration.ofMillis(5500), Duration.ofSeconds(30), Duration.ofSeconds(10)))
                .hasMessageContaining("whole seconds");
        assertThatThrownBy(() -> new Window(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(5)))
                .hasMessageContaining("warmupMax");
    }
}
