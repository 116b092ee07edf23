package dev.loomlab.lab.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomlab.database.Databases;
import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.metrics.Prometheus;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.scenario.Dialect;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server starts on every CPU but is measured on its own: from its ready line on, each of its threads, those it
 * starts under load too, may run on the server's CPUs only, and the JVM sized itself for those CPUs alone.
 * The affinities are read back through taskset (the kernel's sched_getaffinity), not the lab's own /proc reading.
 */
class ServerPinningTest {

    @Test
    void aServerStartedOnEveryCpuRunsOnlyOnItsOwnOnceReadyAndSizesItselfForThem(@TempDir Path dir) throws Exception {
        CpuLayout cpus = CpuLayout.forCores(Taskset.machineCores(), Taskset.available());
        assumeTrue(cpus.pinned(), "one CPU or no taskset: nothing is pinned");
        try (RunningDatabase db = Databases.startEmbedded(Dialect.POSTGRES);
             ServerProcess server = ServerProcess.start(new ServerSpec(Model.byId("mvc-platform"), Jdk.current(), "256m", 10,
                     db.endpoint(), cpus, 0, dir.resolve("server.log"), null, Duration.ofSeconds(180), List.of()))) {
            Map<Long, String> atReady = affinities(server.pid());
            assertThat(atReady.values()).as("each thread's CPUs at the ready line").containsOnly(cpus.server());

            // Tomcat starts worker threads on demand: 40 requests held 300 ms each start new ones after the pinning.
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                answers.add(http.sendAsync(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/block?ms=300"))
                        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> answer : answers) {
                assertThat(answer.get().statusCode()).isEqualTo(200);
            }
            Map<Long, String> underLoad = affinities(server.pid());
            assertThat(underLoad.keySet()).as("threads started under load").hasSizeGreaterThan(atReady.size() + 10);
            assertThat(underLoad.values()).as("each thread's CPUs under load").containsOnly(cpus.server());

            String scrape = http.send(HttpRequest.newBuilder(URI.create(server.managementUrl() + "/actuator/prometheus")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            assertThat(Prometheus.parse(scrape).sum("system_cpu_count")).as("the processors the JVM sees")
                    .isEqualTo(cpus.serverCores());
        }
    }

    /** Each thread of {@code pid} and the CPU list it may run on, as {@code taskset -c -p TID} prints it. */
    private static Map<Long, String> affinities(long pid) throws IOException, InterruptedException {
        Map<Long, String> byThread = new TreeMap<>();
        List<Path> tasks;
        try (Stream<Path> listed = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
            tasks = listed.toList();
        }
        for (Path task : tasks) {
            Process p = new ProcessBuilder("taskset", "-c", "-p", task.getFileName().toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            // a thread that ended meanwhile has no affinity left to read
            if (p.waitFor() == 0) {
                byThread.put(Long.parseLong(task.getFileName().toString()), out.substring(out.lastIndexOf(':') + 1).trim());
            }
        }
        return byThread;
    }
}
