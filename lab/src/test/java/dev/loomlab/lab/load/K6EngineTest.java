package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real k6 binary against a real server on loopback. k6 missing is a failure that says how to
 * install it ({@code tools/install-engines.sh k6}), never a skip: CI installs the engines.
 */
class K6EngineTest {
    @RegisterExtension
    static final TestTarget target = new TestTarget();

    @Test
    void closedModelCountsTheWindowOnly(@TempDir Path out) throws Exception {
        // k6 counts the requests started in the window.
        LoadResult r = ClosedModelChecks.fastRunCountingTheWindowOnly(ClosedModelChecks.engine("k6"), target, out);
        assertThat(r.latency().p90Ms()).isBetween(r.latency().p50Ms(), r.latency().p99Ms());
        assertThat(r.latency().maxMs()).isGreaterThanOrEqualTo(r.latency().p999Ms());
        // TPS counts 2xx completed in the window, ok those started in it: at steady state they agree.
        assertThat(r.tps()).isCloseTo(r.ok() / 3.0, within(0.05 * r.ok() / 3.0));
        assertThat(r.requestedRate()).isNull();
        assertThat(r.unsent()).isZero();
        assertThat(r.engine()).isEqualTo("k6");
        assertThat(r.engineVersion()).matches("k6 \\d+\\.\\d+\\.\\d+");
        assertThat(out.resolve("fast.k6.driver.json")).isNotEmptyFile();
        assertThat(Files.readString(out.resolve("fast.k6.js"))).contains("constant-vus", "\"vus\" : 20");
    }

    @Test
    void errorsAreCountedByKind(@TempDir Path out) {
        LoadResult r = ClosedModelChecks.mixedRunCountingErrorsByKind(ClosedModelChecks.engine("k6"), target, out);
        assertThat(r.errors().get("status4xx")).isZero();
        long errors = r.errors().values().stream().mapToLong(Long::longValue).sum();
        assertThat(r.ok() + errors).isEqualTo(r.requests());
        // A quarter of the requests is slow, a quarter fails: about as many 500s as 200s / 2.
        assertThat((double) r.errors().get("status5xx")).isCloseTo(r.ok() / 2.0, within(r.ok() * 0.3));
    }

    @Test
    void openModelKeepsItsRate(@TempDir Path out) {
        double rate = 200;
        LoadResult r = ClosedModelChecks.engine("k6").run(LoadSpec.open(target.url("/fast"), rate, Duration.ofSeconds(2), Duration.ofSeconds(3),
                Duration.ofSeconds(2), out, "open", out.resolve("open.driver.log")), p -> { });

        System.out.println("k6 open: " + r);
        assertThat(r.requestedRate()).isEqualTo(rate);
        assertThat(r.achievedRate()).isCloseTo(rate, within(0.05 * rate));
        assertThat(r.tps()).isCloseTo(rate, within(0.05 * rate));
        assertThat(r.unsent()).isLessThanOrEqualTo(Math.round(0.05 * rate * 3));
        // The sleep at least; the open model's queue under a loaded machine only lengthens it, so no fixed upper bound.
        assertThat(r.latency().p50Ms()).isGreaterThanOrEqualTo(50.0).isLessThanOrEqualTo(r.latency().p99Ms());
    }
}
