package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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

    private static LoadEngine k6() {
        return EngineCatalog.standard().byId("k6", Jdk.current(), CpuLayout.forCores(2, false));
    }

    @Test
    void closedModelCountsTheWindowOnly(@TempDir Path out) throws Exception {
        List<LoadProgress> progress = new ArrayList<>();
        LoadResult r = k6().run(ClosedModelChecks.onFast(target, out), progress::add);

        System.out.println("k6 closed: " + r);
        // k6 counts the requests started in the window.
        ClosedModelChecks.countsTheWindowOnly(r, progress, out);
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
        LoadResult r = k6().run(ClosedModelChecks.onMixed(target, out), p -> { });

        System.out.println("k6 mixed: " + r);
        ClosedModelChecks.countsErrorsByKind(r);
        assertThat(r.errors().get("status4xx")).isZero();
        long errors = r.errors().values().stream().mapToLong(Long::longValue).sum();
        assertThat(r.ok() + errors).isEqualTo(r.requests());
        // A quarter of the requests is slow, a quarter fails: about as many 500s as 200s / 2.
        assertThat((double) r.errors().get("status5xx")).isCloseTo(r.ok() / 2.0, within(r.ok() * 0.3));
    }

    @Test
    void openModelKeepsItsRate(@TempDir Path out) {
        double rate = 200;
        LoadResult r = k6().run(LoadSpec.open(target.url("/fast"), rate, Duration.ofSeconds(2), Duration.ofSeconds(3),
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
