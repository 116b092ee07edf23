package dev.loomlab.server.quarkus;

import dev.loomlab.database.DatabaseEndpoint;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The built jar, started as the lab starts it: a JVM of its own, the lab's arguments, the database
 * in the environment, ready once it prints its ready line. The tests run after {@code package}
 * (see the pom), so they test the jar the lab runs, not an in-process Quarkus test application.
 */
final class RunningJar implements AutoCloseable {
    static final Path JAR = Path.of("target/loomlab-server-quarkus-runner.jar");
    private static final Pattern READY = Pattern.compile("loomlab-ready (http://\\S+) management=(http://\\S+)");

    private final Process process;
    private final String baseUrl;
    private final String managementUrl;

    private RunningJar(Process process, String baseUrl, String managementUrl) {
        this.process = process;
        this.baseUrl = baseUrl;
        this.managementUrl = managementUrl;
    }

    /** The jar on this test's JDK in {@code mode}, against {@code db}, with a small pool (the test databases are shared). */
    static RunningJar start(Mode mode, DatabaseEndpoint db, String... extraArgs) throws IOException {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException(JAR.toAbsolutePath() + " is missing: these tests run after package");
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-jar", JAR.toString(),
                "--server.port=0", "--server.shutdown=immediate", "--loomlab.pool-size=10",
                "--loomlab.mode=" + mode.name().toLowerCase(java.util.Locale.ROOT)));
        command.addAll(List.of(extraArgs));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("SPRING_DATASOURCE_URL", db.jdbcUrl());
        builder.environment().put("SPRING_DATASOURCE_USERNAME", db.user());
        builder.environment().put("SPRING_DATASOURCE_PASSWORD", db.password());
        Process process = builder.start();
        StringBuilder output = new StringBuilder();
        CompletableFuture<Matcher> ready = new CompletableFuture<>();
        // One reader for the server's whole life: it finds the ready line, then keeps draining,
        // or a full pipe would block the server's logging.
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    Matcher m = READY.matcher(line);
                    if (m.find()) {
                        ready.complete(m);
                    } else if (!ready.isDone()) {
                        synchronized (output) {
                            output.append(line).append('\n');
                        }
                    }
                }
            } catch (IOException e) {
                // The process ended.
            }
            ready.complete(null);
        });
        try {
            Matcher m = ready.get(60, TimeUnit.SECONDS);
            if (m == null) {
                throw new IllegalStateException("the server exited before it was ready:\n" + output);
            }
            return new RunningJar(process, m.group(1), m.group(2));
        } catch (Exception e) {
            process.destroyForcibly();
            throw new IllegalStateException("the server was not ready: " + e + "\n" + output, e);
        }
    }

    String baseUrl() {
        return baseUrl;
    }

    String prometheusUrl() {
        return managementUrl + "/actuator/prometheus";
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
