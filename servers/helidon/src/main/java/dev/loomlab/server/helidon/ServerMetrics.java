package dev.loomlab.server.helidon;

import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRouting;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmCompilationMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmHeapPressureMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmInfoMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.java21.instrument.binder.jdk.VirtualThreadMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;

/**
 * The metrics the lab's sampler scrapes once a second, under the names the Spring servers'
 * Actuator gives them: the JVM and system binders Spring Boot binds (the same set, so a scrape
 * costs this server what it costs the others), the virtual-thread binder, and whatever the
 * server adds (the Hikari pool, the request and error counters). Served at
 * {@value #PATH}, the path the lab reads, on the management port.
 */
final class ServerMetrics implements AutoCloseable {
    /** Where the lab's sampler reads them: Actuator's path, so no lab code tells the servers apart. */
    static final String PATH = "/actuator/prometheus";

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final List<AutoCloseable> binders;

    ServerMetrics() {
        JvmGcMetrics gc = new JvmGcMetrics();
        JvmHeapPressureMetrics heapPressure = new JvmHeapPressureMetrics();
        VirtualThreadMetrics virtualThreads = new VirtualThreadMetrics();
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        heapPressure.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new JvmInfoMetrics().bindTo(registry);
        new JvmCompilationMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        virtualThreads.bindTo(registry);
        this.binders = List.of(gc, heapPressure, virtualThreads);
    }

    PrometheusMeterRegistry registry() {
        return registry;
    }

    /** The management port's routes: the scrape, and a health answer for people and scripts. */
    void routes(HttpRouting.Builder routing) {
        routing.get(PATH, (req, res) -> {
            res.header(HeaderNames.CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8");
            res.send(registry.scrape());
        }).get("/actuator/health", (req, res) -> ScenarioRoutes.text(res, "UP"));
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable binder : binders) {
            binder.close();
        }
        registry.close();
    }
}
