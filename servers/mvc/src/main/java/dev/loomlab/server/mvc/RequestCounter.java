package dev.loomlab.server.mvc;

import dev.loomlab.server.shared.RequestCount;
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

/** Feeds every request on the request port to the shared {@link RequestCount}, first of all filters. */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestCounter implements Filter {
    private final RequestCount count;

    RequestCounter(MeterRegistry registry) {
        this.count = new RequestCount(registry);
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        count.received(request instanceof HttpServletRequest http ? http.getRequestURI() : "");
        chain.doFilter(request, response);
    }
}
