package dev.loomlab.server.mvc;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * Counts every request the server received on its request port ({@code loomlab_requests_total}
 * on the management port's Prometheus endpoint), so a run can check that the requests its
 * driver sent are the requests the server saw. One lock-free increment per request.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestCounter implements Filter {
    private final Counter requests;

    RequestCounter(MeterRegistry registry) {
        this.requests = Counter.builder("loomlab.requests")
                .description("requests received on the request port")
                .register(registry);
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        // Scrapes have a port of their own; should one arrive here it is not load.
        if (!(request instanceof HttpServletRequest http && http.getRequestURI().startsWith("/actuator"))) {
            requests.increment();
        }
        chain.doFilter(request, response);
    }
}
