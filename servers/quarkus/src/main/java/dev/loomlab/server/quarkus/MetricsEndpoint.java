package dev.loomlab.server.quarkus;

import io.micrometer.prometheus.PrometheusMeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.vertx.http.ManagementInterface;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The Prometheus scrape the lab's sampler reads, at {@value #PATH} on the management port, on a
 * thread of its own. Quarkus's own endpoint runs the scrape as blocking work on the worker pool:
 * on quarkus-worker a scrape then queued behind the requests waiting for the 200 worker threads
 * and missed its 0.9 s deadline in every second of the window, as the Spring servers' would on
 * the request port (they scrape on Actuator's own port and threads). Nor does it take an event
 * loop from quarkus-reactive's requests.
 */
@ApplicationScoped
public class MetricsEndpoint {
    static final String PATH = "/actuator/prometheus";

    private final PrometheusMeterRegistry registry;
    private final ExecutorService scrapes = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().name("loomlab-metrics").daemon().factory());

    MetricsEndpoint(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    void route(@Observes ManagementInterface management) {
        management.router().get(PATH).handler(request -> scrapes.execute(() -> {
            String text = registry.scrape();
            request.response().putHeader("Content-Type", "text/plain; version=0.0.4; charset=utf-8").end(text);
        }));
    }

    void stop(@Observes ShutdownEvent stopping) {
        scrapes.shutdownNow();
    }
}
