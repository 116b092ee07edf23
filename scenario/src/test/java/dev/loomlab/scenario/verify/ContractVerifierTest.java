package dev.loomlab.scenario.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.loomlab.scenario.BadParameterException;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import dev.loomlab.scenario.ThreadKind;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The verifier against small in-process servers that keep, or break, the contract. */
class ContractVerifierTest {
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void aServerThatKeepsTheContractPasses() throws IOException {
        String base = start(false);
        Verification v = new ContractVerifier().verify(base);
        assertThat(v.failures()).isEmpty();
        assertThat(v.checks()).hasSize(4 + 3 * 3);
        assertThat(v.threadKind()).isEqualTo(ThreadKind.VIRTUAL);
    }

    @Test
    void aServerThatIgnoresBadParametersIsCaught() throws IOException {
        String base = start(true);
        Verification v = new ContractVerifier().verify(base);
        assertThat(v.passed()).isFalse();
        assertThat(v.failures()).extracting(Check::request).contains("GET /block?ms=-1", "GET /slow-query?ms=abc");
    }

    @Test
    void aBurstWaitsForTheLastAnswer() throws IOException {
        String base = start(false);
        Burst.Result r = Burst.fire(base + "/block?ms=200", 50, Duration.ofSeconds(10));
        assertThat(r.ok()).isEqualTo(50);
        assertThat(r.wallTime()).isBetween(Duration.ofMillis(200), Duration.ofSeconds(5));
    }

    /** A contract server on virtual threads; {@code lax} answers 200 to anything. */
    private String start(boolean lax) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        for (Scenario s : Scenarios.all()) {
            server.createContext(s.path(), exchange -> answer(exchange, s, lax));
        }
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static void answer(HttpExchange exchange, Scenario s, boolean lax) throws IOException {
        int status = 200;
        String body;
        try {
            String query = URI.create(exchange.getRequestURI().toString()).getQuery();
            String raw = query == null ? null : query.replaceFirst("^ms=", "");
            long ms = lax ? 0 : s.parse(name -> raw).getOrDefault("ms", 0L);
            Thread.sleep(ms);
            body = switch (s.id()) {
                case "thread-name" -> Responses.threadName(Thread.currentThread());
                case "block" -> Responses.slept(ms);
                case "block-query" -> Responses.sleptThenQueried(ms, "now");
                default -> Responses.dbSlept(ms);
            };
        } catch (BadParameterException e) {
            status = 400;
            body = Responses.badParameter(e);
        } catch (InterruptedException e) {
            status = 500;
            body = "interrupted";
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
