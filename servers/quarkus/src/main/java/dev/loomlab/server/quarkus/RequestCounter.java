package dev.loomlab.server.quarkus;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;

/**
 * Every request the server received on its request port ({@code loomlab_requests_total}, as on
 * every server), so a run can check that the requests its driver sent are the requests the server
 * saw; registered at start-up, so the first scrape already shows it. {@link ModeRouting} feeds it;
 * metrics scrapes have a port of their own and are never counted.
 */
@Singleton
@Startup
public class RequestCounter {
    private final Counter requests;

    RequestCounter(MeterRegistry registry) {
        this.requests = Counter.builder("loomlab.requests")
                .description("requests received on the request port")
                .register(registry);
    }

    void received() {
        requests.increment();
    }
}
