package dev.loomlab.server.quarkus;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The worker pool's maximum as a gauge ({@code loomlab_request_threads_max}), the counterpart of
 * Tomcat's {@code tomcat_threads_config_max_threads}: Quarkus publishes the pool's busy threads
 * ({@code worker_pool_active}) but not its limit, which the lab's {@code --tomcat-threads} can change.
 */
@ApplicationScoped
public class RequestThreads {
    private final MeterRegistry registry;
    private final int max;

    RequestThreads(MeterRegistry registry, @ConfigProperty(name = "quarkus.thread-pool.max-threads") int max) {
        this.registry = registry;
        this.max = max;
    }

    void publish(@Observes StartupEvent started) {
        Gauge.builder("loomlab.request.threads.max", () -> max).description("the worker pool's maximum threads").register(registry);
    }
}
