package dev.loomlab.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.loomlab.lab.catalog.AppJar;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/** When a user's application serves, asked over real HTTP: Actuator's health, else the declared path, else the root. */
class AppReadinessTest {
    private static final AppJar JAR = new AppJar(Path.of("app.jar"), List.of(), Map.of(), Optional.empty());

    /** A server answering {@code health} at /actuator/health, {@code root} at /, {@code ready} at /ready. */
    private static HttpServer serving(IntSupplier health, IntSupplier root, IntSupplier ready) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            int status = path.equals("/actuator/health") ? health.getAsInt() : path.equals("/ready") ? ready.getAsInt() : root.getAsInt();
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
        return server;
    }

    /** What a test asks of the server on {@code port}. */
    private interface Probes {
        void check(HttpClient http, int port) throws IOException;
    }

    /** Runs {@code probes} against {@code server} with a client of their own, then stops the server. */
    private static void probing(HttpServer server, Probes probes) throws IOException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            probes.check(http, server.getAddress().getPort());
        } finally {
            server.stop(0);
        }
    }

    private static String local(int port) {
        return "http://127.0.0.1:" + port;
    }

    @Test
    void actuatorsHealthMakesItReadyAndItsMetricsAreSampledThere() throws IOException {
        probing(serving(() -> 200, () -> 404, () -> 404), (http, port) ->
                assertThat(AppReadiness.probe(http, port, JAR)).hasValueSatisfying(urls ->
                        assertThat(urls).containsExactly(local(port), local(port))));
    }

    @Test
    void withoutActuatorTheRootAnsweringBelow500MakesItReadyWithNothingToSample() throws IOException {
        probing(serving(() -> 404, () -> 401, () -> 404), (http, port) ->
                assertThat(AppReadiness.probe(http, port, JAR)).hasValueSatisfying(urls ->
                        assertThat(urls).containsExactly(local(port), null)));
    }

    @Test
    void aHealthStillDownOrADeclaredPathNotYet200IsNotReady() throws IOException {
        int[] ready = {503};
        probing(serving(() -> 503, () -> 200, () -> ready[0]), (http, port) -> {
            assertThat(AppReadiness.probe(http, port, JAR)).isEmpty();
            AppJar declared = new AppJar(Path.of("app.jar"), List.of(), Map.of(), Optional.of("/ready"));
            assertThat(AppReadiness.probe(http, port, declared)).isEmpty();
            ready[0] = 200;
            assertThat(AppReadiness.probe(http, port, declared)).hasValueSatisfying(urls ->
                    assertThat(urls).containsExactly(local(port), null));
        });
    }

    @Test
    void nothingListeningIsNotReady() {
        int port = AppReadiness.freePort();
        try (HttpClient http = HttpClient.newHttpClient()) {
            assertThat(AppReadiness.probe(http, port, JAR)).isEmpty();
        }
    }
}
