package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.process.CpuLayout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real wrk binary against a real server on loopback. wrk missing is a failure that says how
 * to install it ({@code tools/install-engines.sh wrk}), never a skip: CI installs the engines.
 */
class WrkEngineTest {
    @RegisterExtension
    static final TestTarget target = new TestTarget();

    private static LoadEngine wrk() {
        return Engines.byId("wrk", Jdk.current(), CpuLayout.forCores(2, false));
    }

    @Test
    void closedModelCountsTheWindowOnly(@TempDir Path out) {
        int vus = 20;
        List<LoadProgress> progress = new ArrayList<>();
        LoadResult r = wrk().run(LoadSpec.closed(target.url("/fast"), vus, Duration.ofSeconds(2), Duration.ofSeconds(3),
                Duration.ofSeconds(5), out, "fast", out.resolve("fast.driver.log")), progress::add);

        System.out.println("wrk closed: " + r);
        assertThat(r.tps()).isCloseTo(vus / 0.050, within(0.10 * vus / 0.050));
        assertThat(r.latency().p50Ms()).isBetween(50.0, 70.0);
        assertThat(r.durationS()).isEqualTo(3.0);
        // Responses completed in the 3 s window, not the warm-up, ramp or tail.
        assertThat(r.requests()).isBetween(1050L, 1250L);
        assertThat(r.ok()).isEqualTo(r.requests());
        assertThat(r.errors()).containsOnlyKeys("connect", "timeout", "status4xx", "status5xx", "other");
        assertThat(r.errors().values()).allMatch(n -> n == 0);
        assertThat(r.engineVersion()).startsWith("wrk 4.").endsWith("(" + WrkEngine.CO_NOTE + ")");
        assertThat(r.driverCpuS()).isGreaterThan(0.0).isLessThan(3.0);
        assertThat(progress).extracting(LoadProgress::phase).contains("warmup", "measure", "done");
        assertThat(out.resolve("fast.hlog")).isNotEmptyFile();
        assertThat(out.resolve("fast.wrk.driver.json")).isNotEmptyFile();
        assertThat(out.resolve("fast.wrk-warmup.driver.json")).isNotEmptyFile();
    }

    @Test
    void errorsAreCountedByKind(@TempDir Path out) {
        LoadResult r = wrk().run(LoadSpec.closed(target.url("/mixed"), 8, Duration.ofSeconds(1), Duration.ofSeconds(3),
                Duration.ofSeconds(1), out, "mixed", out.resolve("mixed.driver.log")), p -> { });

        System.out.println("wrk mixed: " + r);
        assertThat(r.errors().get("status5xx")).isPositive();
        assertThat(r.errors().get("timeout")).as("1.5 s answers against a 1 s timeout").isPositive();
        assertThat(r.errors().get("connect")).isZero();
        assertThat(r.ok()).isPositive();
    }

    @Test
    void theOpenModelIsRefusedWithTheAlternatives(@TempDir Path out) {
        assertThatThrownBy(() -> wrk().run(LoadSpec.open(target.url("/fast"), 100, Duration.ofSeconds(1), Duration.ofSeconds(1),
                Duration.ofSeconds(1), out, "open", out.resolve("open.driver.log")), p -> { }))
                .isInstanceOf(LoadException.class)
                .hasMessage("wrk has no open model: use --engine hyperfoil or k6");
    }
}
