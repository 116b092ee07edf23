package dev.loomlab.lab.load;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.plan.Defaults;
import dev.loomlab.lab.process.Children;
import dev.loomlab.lab.process.CpuLayout;
import dev.loomlab.lab.process.LabHome;
import dev.loomlab.lab.process.Taskset;
import dev.loomlab.lab.result.RunFolder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Hyperfoil, run as its own JVM ({@code driver/}): its netty / vert.x / log4j stack is old and
 * must not share a classpath with anything else, and its CPU must be accounted apart from the
 * server's. The driver prints a JSON progress line a second and writes its result as JSON.
 */
public final class HyperfoilEngine implements LoadEngine {
    private static final JsonMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private final Jdk jdk;
    private final CpuLayout cpus;
    private final List<String> launchPrefix;

    public HyperfoilEngine(Jdk jdk, CpuLayout cpus) {
        this(jdk, cpus, List.of());
    }

    /** @param launchPrefix put before the pinned command, e.g. {@code ip netns exec NAME} for a driver namespace */
    public HyperfoilEngine(Jdk jdk, CpuLayout cpus, List<String> launchPrefix) {
        this.jdk = jdk;
        this.cpus = cpus;
        this.launchPrefix = List.copyOf(launchPrefix);
    }

    @Override
    public String id() {
        return "hyperfoil";
    }

    @Override
    public LoadResult run(LoadSpec spec, LoadProgress.Listener listener) {
        List<String> command = new ArrayList<>(List.of(jdk.java().toString(), "-Xms" + Defaults.DRIVER_HEAP, "-Xmx" + Defaults.DRIVER_HEAP));
        if (jdk.feature() >= 24) {
            // Hyperfoil's netty uses sun.misc.Unsafe and native access; JDK 24+ warns or refuses without these.
            command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow"));
        }
        command.addAll(List.of("-jar", LabHome.driverJar().toString(), "--url", spec.url()));
        if (labNamespaceTarget(spec.url())) {
            // The driver refuses anything but loopback; a server in a namespace the lab made here (the split
            // topology) is checked from the root namespace, where the lab's bridge is, and allowed.
            command.add("--allow-remote-target");
        }
        if (!spec.method().equals("GET")) {
            command.addAll(List.of("--method", spec.method()));
        }
        if (spec.burstShape()) {
            command.addAll(List.of("--burst", String.valueOf(spec.burst())));
        } else {
            command.addAll(List.of(
                    spec.openModel() ? "--rate" : "--vus",
                    spec.openModel() ? String.valueOf(spec.rate()) : String.valueOf(spec.vus()),
                    "--warmup", spec.warmup().toMillis() + "ms",
                    "--duration", spec.duration().toMillis() + "ms"));
        }
        command.addAll(List.of(
                "--timeout", spec.requestTimeout().toMillis() + "ms",
                "--out", spec.outDir().toString(),
                "--name", spec.name()));
        Process process;
        try {
            Files.createDirectories(spec.outDir());
            Files.createDirectories(spec.log().getParent());
            List<String> launch = new ArrayList<>(launchPrefix);
            launch.addAll(Taskset.prefix(cpus, cpus.driver(), command));
            process = Children.track(new ProcessBuilder(launch)
                    .redirectError(spec.log().toFile())
                    .start());
        } catch (IOException e) {
            throw new LoadException("cannot launch the hyperfoil driver: " + e.getMessage());
        }
        listener.engineStarted(process.pid());
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                progress(line, listener);
            }
            int exit = process.waitFor();
            if (exit != 0) {
                throw new LoadException("the hyperfoil driver exited with " + exit + ": " + lastLines(spec.log()));
            }
        } catch (IOException e) {
            throw new LoadException("lost the hyperfoil driver's output: " + e.getMessage());
        } catch (InterruptedException e) {
            Children.stop(process, java.time.Duration.ofSeconds(5));
            Thread.currentThread().interrupt();
            throw new LoadException("interrupted");
        } finally {
            Children.stop(process, java.time.Duration.ofSeconds(5));
        }
        return read(spec.outDir().resolve(spec.name() + ".driver.json"));
    }

    private static boolean labNamespaceTarget(String url) {
        try {
            return dev.loomlab.lab.process.Namespaces.isLabAddress(java.net.InetAddress.getByName(java.net.URI.create(url).getHost()));
        } catch (java.net.UnknownHostException | IllegalArgumentException e) {
            return false;
        }
    }

    static void progress(String line, LoadProgress.Listener listener) {
        if (!line.startsWith("{")) {
            return;
        }
        try {
            JsonNode n = JSON.readTree(line);
            listener.onProgress(new LoadProgress(n.path("phase").asString(""), n.path("elapsedS").asDouble(),
                    n.path("tps").asDouble(), n.path("requests").asLong(), n.path("errors").asLong()));
        } catch (JacksonException e) {
            // A progress line is a courtesy; the result file is what counts.
        }
    }

    static LoadResult read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new LoadException("the hyperfoil driver wrote no result at " + file);
        }
        JsonNode n = JSON.readTree(file.toFile());
        return new LoadResult(
                n.path("engine").asString("hyperfoil"),
                n.path("engineVersion").asString(""),
                n.path("durationS").asDouble(),
                n.path("requests").asLong(),
                n.path("ok").asLong(),
                n.path("tps").asDouble(),
                n.path("p50Ms").asDouble(),
                n.path("p90Ms").asDouble(),
                n.path("p99Ms").asDouble(),
                n.path("p999Ms").asDouble(),
                n.path("maxMs").asDouble(),
                n.path("meanMs").asDouble(),
                RunFolder.json().convertValue(n.path("errors"), new tools.jackson.core.type.TypeReference<java.util.LinkedHashMap<String, Long>>() { }),
                n.path("requestedRate").isNumber() ? n.path("requestedRate").asDouble() : null,
                n.path("achievedRate").asDouble(),
                n.path("unsent").asLong(),
                n.path("driverCpuS").asDouble(),
                n.path("driverJvm").asString(""),
                n.path("wallTimeMs").isNumber() ? n.path("wallTimeMs").asDouble() : null);
    }

    private static String lastLines(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no driver log)";
        }
    }
}
