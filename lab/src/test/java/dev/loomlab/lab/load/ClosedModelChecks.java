package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;

/**
 * What a native engine's closed model must show on a real run against {@link TestTarget}, whichever engine it is:
 * the runs and checks {@link K6EngineTest} and {@link WrkEngineTest} share; each adds what only its engine shows.
 */
final class ClosedModelChecks {
    static final int VUS = 20;

    private ClosedModelChecks() {
    }

    /** The engine of {@code id}, as the lab builds it on 2 cores. */
    static LoadEngine engine(String id) {
        return EngineCatalog.standard().byId(id, Jdk.current(), CpuLayout.forCores(2, false));
    }

    /** The engine's {@link #onFast} run, shown on the test's output, that {@link #countsTheWindowOnly}. */
    static LoadResult fastRunCountingTheWindowOnly(LoadEngine engine, TestTarget target, Path out) {
        List<LoadProgress> progress = new ArrayList<>();
        LoadResult r = engine.run(onFast(target, out), progress::add);
        System.out.println(engine.id() + " closed: " + r);
        countsTheWindowOnly(r, progress, out);
        return r;
    }

    /** The engine's {@link #onMixed} run, shown on the test's output, that {@link #countsErrorsByKind}. */
    static LoadResult mixedRunCountingErrorsByKind(LoadEngine engine, TestTarget target, Path out) {
        LoadResult r = engine.run(onMixed(target, out), p -> { });
        System.out.println(engine.id() + " mixed: " + r);
        countsErrorsByKind(r);
        return r;
    }

    /** {@value #VUS} VUs on {@code /fast}: 2 s warm-up, 3 s window, 5 s timeout. */
    static LoadSpec onFast(TestTarget target, Path out) {
        return LoadSpec.closed(target.url("/fast"), VUS, Duration.ofSeconds(2), Duration.ofSeconds(3),
                Duration.ofSeconds(5), out, "fast", out.resolve("fast.driver.log"));
    }

    /** 8 VUs on {@code /mixed} with a 1 s timeout: 1 s warm-up, 3 s window. */
    static LoadSpec onMixed(TestTarget target, Path out) {
        return LoadSpec.closed(target.url("/mixed"), 8, Duration.ofSeconds(1), Duration.ofSeconds(3),
                Duration.ofSeconds(1), out, "mixed", out.resolve("mixed.driver.log"));
    }

    /** The {@link #onFast} run counted over its 3 s window only, not the warm-up or what ran after the window. */
    static void countsTheWindowOnly(LoadResult r, List<LoadProgress> progress, Path out) {
        // Little's law: 20 users / 0.05 s = 400/s at most (2 % for rounding). How far below depends on what else this
        // 2-core machine runs (the Hyperfoil driver's 500/s cell measured 383/s under other builds' load), so the
        // bounds are orderings: the sleep at least, and a median within the mean response time the measured TPS
        // gives by Little's law (VUs / TPS), plus 10 % for the engine's own time between requests.
        assertThat(r.tps()).isPositive().isLessThanOrEqualTo(1.02 * VUS / 0.050);
        assertThat(r.latency().p50Ms()).isGreaterThanOrEqualTo(50.0).isLessThanOrEqualTo(1.10 * 1000 * VUS / r.tps());
        assertThat(r.durationS()).isEqualTo(3.0);
        // The 3 s window's requests, not the 5 s run's: 3 × TPS within 10 % (the whole run would be 67 % more).
        assertThat((double) r.requests()).isCloseTo(3 * r.tps(), within(0.10 * 3 * r.tps()));
        assertThat(r.ok()).isEqualTo(r.requests());
        assertThat(r.errors()).containsOnlyKeys("connect", "timeout", "status4xx", "status5xx", "other");
        assertThat(r.errors().values()).allMatch(n -> n == 0);
        assertThat(r.driverCpuS()).as("the engine's CPU over the window, sampled").isGreaterThan(0.0).isLessThan(3.0);
        assertThat(progress).extracting(LoadProgress::phase).contains("warmup", "measure", "done");
        assertThat(out.resolve("fast.hlog")).isNotEmptyFile();
    }

    /** The {@link #onMixed} run: its 500s and its timeouts counted apart, no connection errors, the 200s still counted. */
    static void countsErrorsByKind(LoadResult r) {
        assertThat(r.errors().get("status5xx")).isPositive();
        assertThat(r.errors().get("timeout")).as("1.5 s answers against a 1 s timeout").isPositive();
        assertThat(r.errors().get("connect")).isZero();
        assertThat(r.ok()).isPositive();
    }
}
