package dev.loomlab.server.webflux;

import dev.loomlab.server.shared.RequestCount;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Feeds every request to the shared {@link RequestCount}, first of all filters; the management
 * context may share this filter, and the count leaves its scrapes out.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestCounter implements WebFilter {
    private final RequestCount count;

    RequestCounter(MeterRegistry registry) {
        this.count = new RequestCount(registry);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        count.received(exchange.getRequest().getPath().value());
        return chain.filter(exchange);
    }
}
