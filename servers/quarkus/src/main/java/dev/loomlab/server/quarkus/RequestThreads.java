package dev.loomlab.server.quarkus;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The worker pool's busy threads and maximum as gauges ({@code loomlab_request_threads_busy},
 * {@code loomlab_request_threads_max}), the counterparts of Tomcat's busy and maximum threads.
 * Quarkus publishes neither for the pool its blocking handlers run on: its {@code worker_pool_active}
 * is Vert.x's worker pool ({@code vert.x-worker-thread}), not Quarkus's {@code executor-thread} pool,
 * and read 0 here with 200 handlers blocked (quarkusio/quarkus#37729). The busy count is kept where the
 * work happens, around each worker handler, so it is exact; the maximum follows {@code --tomcat-threads}.
 */
@ApplicationScoped
public class RequestThreads {
    private final MeterRegistry registry;
    private final int max;
    private final AtomicInteger busy = new AtomicInteger();

    RequestThreads(MeterRegistry registry, @ConfigProperty(name = "quarkus.thread-pool.max-threads") int max) {
        this.registry = registry;
        this.max = max;
    }

    void publish(@Observes StartupEvent started) {
        Gauge.builder("loomlab.request.threads.max", () -> max).description("the worker pool's maximum threads").register(registry);
        Gauge.builder("loomlab.request.threads.busy", busy::get).description("worker threads serving a request").register(registry);
    }

    /** Runs a worker handler, counted busy while it runs. */
    <T> T serving(Callable<T> handler) throws Exception {
        busy.incrementAndGet();
        try {
            return handler.call();
        } finally {
            busy.decrementAndGet();
        }
    }
}
