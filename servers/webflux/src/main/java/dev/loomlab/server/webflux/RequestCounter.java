package dev.loomlab.server.webflux;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Counts every request the server received on its request port ({@code loomlab_requests_total}
 * on the management port's Prometheus endpoint), so a run can check that the requests its
 * driver sent are the requests the server saw. One lock-free increment: nothing blocks the event loop.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestCounter implements WebFilter {
    private final Counter requests;

    RequestCounter(MeterRegistry registry) {
        this.requests = Counter.builder("loomlab.requests")
                .description("requests received on the request port")
                .register(registry);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        // The management context may share this filter: scrapes are not load.
        if (!exchange.getRequest().getPath().value().startsWith("/actuator")) {
            requests.increment();
        }
        return chain.filter(exchange);
    }
}
