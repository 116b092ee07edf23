package dev.loomlab.lab.load;

import com.sun.net.httpserver.HttpServer;
import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.lab.os.process.Once;
import dev.loomlab.lab.server.StartupCache;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The load driver's start-up cache: the classes of Hyperfoil, vert.x and netty loaded and linked once, then read by
 * every driver JVM of that build on that JDK. A driver starts alongside its cell's server and both start on the same
 * two cores; without the cache the driver spent 3.2–3.7 s of CPU (half of it compiling) before it could connect, CPU
 * the server's start waited for. The cache holds classes only, no method profiles: how the driver's code is compiled
 * during its load is what it was.
 *
 * <p>It is recorded by one short real load (a second of warm-up and one measured, 20 sessions) against an endpoint
 * inside the lab on 127.0.0.1, by the driver JVM as the cells start it (same options, same CPU), never against a
 * server being measured.
 */
final class DriverStartupCache {
    private static final int TRAINING_VUS = 20;
    /** The trainings by the cache's archive: made once each, whichever cell asks first. */
    private static final ConcurrentMap<Path, Once<Boolean>> TRAINING = new ConcurrentHashMap<>();

    private DriverStartupCache() {
    }

    /**
     * The arguments that start the driver's jar ({@code -jar} and the jar, the cache's option before them when there is
     * one), its cache recorded under {@code root} first if it has none yet: {@code jvm} is the command up to the jar, as
     * every cell runs it.
     */
    static List<String> launch(Jdk jdk, CpuLayout cpus, List<String> jvm, Path root) {
        Path jar = LabHome.driverJar();
        Optional<StartupCache> cache = StartupCache.ofPlainJar(jar, jdk, root);
        // One training per cache, run by the first cell that needs it with no lock held; a cell that comes meanwhile
        // waits for that training's end (the map only hands out the cache's Once: nothing blocks inside it).
        cache.filter(c -> !c.trained()).ifPresent(c -> TRAINING.computeIfAbsent(c.archive(), archive -> new Once<>()).get(() -> {
            if (!c.trained()) {
                train(c, cpus, jvm);
            }
            return Boolean.TRUE;
        }));
        return cache.filter(StartupCache::trained).map(StartupCache::launch).orElseGet(() -> List.of("-jar", jar.toString()));
    }

    private static void train(StartupCache cache, CpuLayout cpus, List<String> jvm) {
        Path dir = cache.archive().getParent();
        HttpServer endpoint = null;
        ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        try {
            Files.createDirectories(dir);
            endpoint = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
            byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
            endpoint.setExecutor(executor);
            endpoint.createContext("/", exchange -> {
                try (exchange; OutputStream out = exchange.getResponseBody()) {
                    exchange.sendResponseHeaders(200, body.length);
                    out.write(body);
                }
            });
            endpoint.start();
            LoadSpec load = LoadSpec.closed("http://127.0.0.1:" + endpoint.getAddress().getPort() + "/training", TRAINING_VUS,
                    Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(5), dir.resolve("training"), "training",
                    dir.resolve("training.driver.log"));
            Path request = dir.resolve("training-request.json");
            Files.writeString(request, HyperfoilEngine.WIRE.writeValueAsString(HyperfoilEngine.request(load)));
            List<String> command = new ArrayList<>(jvm);
            command.addAll(cache.recording());
            command.addAll(List.of("-jar", cache.extractedJar().toString(), "--request", request.toString()));
            cache.train(Taskset.prefix(cpus, cpus.driver(), command), Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot train the load driver's start-up cache in " + dir, e);
        } finally {
            if (endpoint != null) {
                endpoint.stop(0);
            }
            executor.shutdownNow();
        }
    }
}
