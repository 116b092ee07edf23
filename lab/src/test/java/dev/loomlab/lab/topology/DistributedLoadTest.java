package dev.loomlab.lab.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.database.Databases;
import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.DistributedLoad;
import dev.loomlab.lab.load.HlogMerge;
import dev.loomlab.lab.load.HyperfoilEngine;
import dev.loomlab.lab.load.LoadProgress;
import dev.loomlab.lab.load.LoadResult;
import dev.loomlab.lab.load.LoadSpec;
import dev.loomlab.lab.metrics.Prometheus;
import dev.loomlab.lab.process.CpuLayout;
import dev.loomlab.lab.process.ServerProcess;
import dev.loomlab.lab.process.ServerSpec;
import dev.loomlab.lab.process.Taskset;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.lab.catalog.Model;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two real hyperfoil drivers load one server together: each gets half the VUs, the cell's
 * requests are their sum and equal the requests the server counted (give or take those in flight
 * at the cut-off, one per VU at most), and its percentiles come from their merged histograms.
 */
class DistributedLoadTest {
    static final int VUS = 41;

    @Test
    void twoDriversRequestsAddUpToWhatTheServerCounted(@TempDir Path dir) throws Exception {
        Jdk jdk = Jdk.current();
        CpuLayout cpus = CpuLayout.forCores(Runtime.getRuntime().availableProcessors(), Taskset.available());
        try (RunningDatabase db = Databases.startEmbedded(Dialect.POSTGRES);
             ServerProcess server = ServerProcess.start(new ServerSpec(Model.byId("mvc-virtual"), jdk, "256m", 20, db.endpoint(), cpus, 0,
                     dir.resolve("server.log"), null, Duration.ofSeconds(120), List.of()))) {
            DistributedLoad load = new DistributedLoad(List.of(new HyperfoilEngine(jdk, cpus), new HyperfoilEngine(jdk, cpus)));
            double before = counted(server.managementUrl());
            LoadResult merged = load.run(LoadSpec.closed(server.baseUrl() + "/block?ms=50", VUS, Duration.ZERO, Duration.ofSeconds(3),
                    Duration.ofSeconds(10), dir, "cell", dir.resolve("cell.driver.log")), new LoadProgress.Listener() {
                        @Override
                        public void onProgress(LoadProgress p) {
                        }
                    });
            Thread.sleep(1_000); // requests still on their way reach the server's counter
            long serverCounted = Math.round(counted(server.managementUrl()) - before);
            List<Map<String, Object>> shares = load.lastShares();
            System.out.printf("two drivers: %s; merged %d requests, %.1f TPS, p50 %.2f ms, p99 %.2f ms; server counted %d%n",
                    shares, merged.requests(), merged.tps(), merged.latency().p50Ms(), merged.latency().p99Ms(), serverCounted);

            // 41 VUs: 21 and 20, the remainder to the first driver.
            assertThat(shares).extracting(s -> s.get("vus")).containsExactly(21, 20);
            long driverSum = shares.stream().mapToLong(s -> ((Number) s.get("requests")).longValue()).sum();
            assertThat(merged.requests()).isEqualTo(driverSum);
            assertThat(shares).allSatisfy(s -> assertThat(((Number) s.get("requests")).longValue()).isPositive());
            assertThat(merged.errors().values().stream().mapToLong(Long::longValue).sum()).as("errors " + merged.errors())
                    .isLessThanOrEqualTo(VUS);
            assertThat(Math.abs(serverCounted - merged.requests()))
                    .as("requests sent = requests counted, give or take those in flight at the cut-off (one per VU at most)")
                    .isLessThanOrEqualTo(VUS);

            // Percentiles from the drivers' histograms added together, which is what the merged log holds.
            Histogram fromDrivers = HlogMerge.merge(List.of(dir.resolve("cell.d1.hlog"), dir.resolve("cell.d2.hlog")));
            Histogram written = HlogMerge.merge(List.of(dir.resolve("cell.hlog")));
            assertThat(written.getTotalCount()).isEqualTo(fromDrivers.getTotalCount()).isEqualTo(merged.ok());
            assertThat(merged.latency().p99Ms()).isCloseTo(fromDrivers.getValueAtPercentile(99) / 1e6, org.assertj.core.api.Assertions.within(0.01));
            assertThat(dir.resolve("cell.driver.json")).content().contains("\"okWholeRun\"").contains("\"shares\"");

            // Both windows opened at one instant, though each driver's JVM started and connected in its own time.
            List<Long> windowStarts = shares.stream().map(s -> ((Number) s.get("measureStartEpochMs")).longValue()).toList();
            assertThat(Math.abs(windowStarts.get(0) - windowStarts.get(1))).as("window starts %s", windowStarts).isLessThanOrEqualTo(50);
            // and the cell's driver CPU is both drivers', each as its own result file says
            double cpuFromFiles = 0;
            for (String d : List.of("cell.d1", "cell.d2")) {
                cpuFromFiles += JsonMapper.builder().build().readTree(dir.resolve(d + ".driver.json").toFile()).get("driverCpuS").asDouble();
            }
            assertThat(cpuFromFiles).isPositive();
            assertThat(merged.driverCpuS()).isCloseTo(cpuFromFiles, org.assertj.core.api.Assertions.within(1e-9));
        }
    }

    private static double counted(String managementUrl) throws Exception {
        String text = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(managementUrl + "/actuator/prometheus")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        return Prometheus.parse(text).sum("loomlab_requests_total");
    }
}
