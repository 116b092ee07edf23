package dev.loomlab.lab.held;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.database.Databases;
import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.EngineCatalog;
import dev.loomlab.lab.load.LoadProgress;
import dev.loomlab.lab.load.LoadResult;
import dev.loomlab.lab.load.LoadSpec;
import dev.loomlab.lab.metrics.Prometheus;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.run.Preflight;
import dev.loomlab.lab.server.ServerProcess;
import dev.loomlab.lab.server.ServerSpec;
import dev.loomlab.scenario.Dialect;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Load held: 10,000 connections for 60 s, and the requests the driver completed are the
 * requests the server counted ({@code loomlab_requests_total}), give or take those still in
 * flight at the cut-off — at most one per connection. Long: runs with {@code ./loomlab test-long}.
 */
class HeldLoadIT {
    static final int CONNECTIONS = Integer.getInteger("loomlab.held.connections", 10_000);
    static final Duration HOLD = Duration.ofSeconds(Long.getLong("loomlab.held.seconds", 60));

    static RunningDatabase db;

    @BeforeAll
    static void database() {
        db = Databases.startEmbedded(Dialect.POSTGRES);
    }

    @AfterAll
    static void stopDatabase() {
        if (db != null) {
            db.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"webflux", "mvc-virtual"})
    void tenThousandConnectionsForSixtySecondsAndEveryRequestCounted(String modelId, @TempDir Path dir) throws Exception {
        Model model = Model.byId(modelId);
        var limit = Preflight.openFilesLimit();
        assertThat(limit.isEmpty() || limit.getAsLong() >= CONNECTIONS + 1024)
                .as("open-files limit " + limit + ": run through ./loomlab test-long, which raises it").isTrue();
        Jdk jdk = Jdk.current();
        CpuLayout cpus = CpuLayout.forCores(Taskset.machineCores(), Taskset.available());
        // The c10k preset's heap: 10,000 connections' buffers on mvc-virtual outgrew 1g here.
        String heap = PlanLoader.load("c10k", java.util.Map.of()).heap();
        ServerSpec spec = new ServerSpec(model, jdk, heap, 150, db.endpoint(), cpus, 0, dir.resolve("server.log"), null,
                Duration.ofSeconds(120), List.of());
        try (ServerProcess server = ServerProcess.start(spec)) {
            double before = counted(server.managementUrl());
            LoadResult load = EngineCatalog.standard().byId("hyperfoil", jdk, cpus).run(
                    LoadSpec.closed(server.baseUrl() + "/block?ms=1000", CONNECTIONS, Duration.ZERO, HOLD, Duration.ofSeconds(60),
                            dir, "held", dir.resolve("driver.log")),
                    new LoadProgress.Listener() {
                        @Override
                        public void onProgress(LoadProgress p) {
                        }
                    });
            Processes.settle();
            assertThat(server.alive()).as("the server after the load; its log ends:\n" + server.logTail(15)).isTrue();
            double after = counted(server.managementUrl());
            long serverCounted = Math.round(after - before);
            // The driver reports the requests it started in the window: each was answered (2xx, 4xx, 5xx)
            // or still in flight when the window closed (counted as a timeout). At the cut-off a request
            // may also be on its way: sent after the window (the server counts it, the driver does not),
            // or not yet read by the server (the driver counts it, the server does not) — at most one
            // per connection either way.
            long answered = load.ok() + load.errors().getOrDefault("status4xx", 0L) + load.errors().getOrDefault("status5xx", 0L);
            long unanswered = load.requests() - answered;
            System.out.printf("held-load %s: %d connections for %d s: driver sent %d (%d answered, %d in flight at the cut-off; errors %s); "
                            + "server counted %d (sent - counted = %d); %.1f TPS, p99 %.0f ms%n",
                    model, CONNECTIONS, HOLD.toSeconds(), load.requests(), answered, unanswered, load.errors(),
                    serverCounted, load.requests() - serverCounted, load.tps(), load.latency().p99Ms());

            assertThat(load.errors().getOrDefault("connect", 0L)).as("every connection held").isZero();
            assertThat(load.errors().getOrDefault("other", 0L)).as("no request lost otherwise").isZero();
            assertThat(answered).as("the load ran").isGreaterThan(CONNECTIONS);
            assertThat(serverCounted).as("every answered request was counted").isGreaterThanOrEqualTo(answered);
            assertThat(Math.abs(serverCounted - load.requests()))
                    .as("requests sent = requests counted, give or take those in flight at the cut-off (one per connection at most)")
                    .isLessThanOrEqualTo((long) CONNECTIONS);
            assertThat(server.alive()).isTrue();
        }
    }

    private static double counted(String managementUrl) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String text = http.send(HttpRequest.newBuilder(URI.create(managementUrl + "/actuator/prometheus")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        return Prometheus.parse(text).sum("loomlab_requests_total");
    }

    private static final class Processes {
        /** Requests still queued when the driver stopped reach the server's counter within a moment. */
        static void settle() throws InterruptedException {
            Thread.sleep(2_000);
        }
    }
}
