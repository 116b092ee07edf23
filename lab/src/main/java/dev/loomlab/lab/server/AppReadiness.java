package dev.loomlab.lab.server;

import dev.loomlab.lab.catalog.AppJar;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * When a user's application serves: it prints no line of the lab's, so the lab asks it. Actuator's health answering
 * 200 (then its metrics are sampled at the same address), else the plan's declared path answering 200, else any
 * answer below 500 at the root once Actuator is known to be absent.
 */
final class AppReadiness {
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    private AppReadiness() {
    }

    /** The base URL and the Actuator URL (or null without one), once ready; empty while it is not. */
    static Optional<String[]> probe(HttpClient http, int port, AppJar app) {
        String base = "http://127.0.0.1:" + port;
        int health = status(http, base + "/actuator/health");
        if (health < 0) {
            return Optional.empty();
        }
        String management = health == 200 ? base : null;
        if (app.readyPath().isPresent()) {
            return status(http, base + app.readyPath().get()) == 200 ? Optional.of(new String[] {base, management}) : Optional.empty();
        }
        if (health == 200) {
            return Optional.of(new String[] {base, management});
        }
        // no Actuator here (404) or not up yet (503): the root answers once the application serves
        int root = health == 404 ? status(http, base + "/") : -1;
        return root >= 0 && root < 500 ? Optional.of(new String[] {base, null}) : Optional.empty();
    }

    /** The status {@code url} answers, or -1 when nothing answers (not listening yet). */
    private static int status(HttpClient http, String url) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(PROBE_TIMEOUT).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /**
     * A port nothing listens on now, for an application that cannot say which one it took (the lab's servers take 0
     * and print theirs). Another process could take it before the application does: then it fails to start, and says so.
     */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new ServerStartException("no free port for your application: " + e.getMessage(), "");
        }
    }
}
