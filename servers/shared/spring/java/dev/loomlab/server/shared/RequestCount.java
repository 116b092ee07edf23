package dev.loomlab.server.shared;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Every request the server received on its request port ({@code loomlab_requests_total} on the
 * management port's Prometheus endpoint), so a run can check that the requests its driver sent
 * are the requests the server saw. One lock-free increment per request: nothing blocks, on an
 * event loop or a request thread. Each server's web filter feeds it.
 */
public final class RequestCount {
    private final Counter requests;

    public RequestCount(MeterRegistry registry) {
        this.requests = Counter.builder("loomlab.requests")
                .description("requests received on the request port")
                .register(registry);
    }

    /** Counts a request for {@code path}; scrapes have a port of their own, and should one arrive here it is not load. */
    public void received(String path) {
        if (!path.startsWith("/actuator")) {
            requests.increment();
        }
    }
}
