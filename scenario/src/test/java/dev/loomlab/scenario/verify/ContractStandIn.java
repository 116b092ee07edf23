package dev.loomlab.scenario.verify;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.loomlab.scenario.BadParameterException;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;

/**
 * A small in-process server on virtual threads that keeps the seed contract, or breaks it as a test asks: for the
 * tests of what checks a server, the verifier's here and the lab's (through this module's test jar), so that both
 * check against the same server. It notes the paths it was asked.
 */
public final class ContractStandIn implements AutoCloseable {
    private final HttpServer server;
    private final Set<String> asked = ConcurrentHashMap.newKeySet();
    private final boolean lax;
    private final Optional<Scenario> broken;

    private ContractStandIn(boolean lax, Optional<Scenario> broken) throws IOException {
        this.lax = lax;
        this.broken = broken;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        for (Scenario s : Scenarios.seeds()) {
            server.createContext(s.path(), exchange -> answer(exchange, s));
        }
        server.start();
    }

    /** A server that keeps the contract. */
    public static ContractStandIn keeping() throws IOException {
        return new ContractStandIn(false, Optional.empty());
    }

    /** A server that answers 200 to anything, a bad parameter too. */
    public static ContractStandIn lax() throws IOException {
        return new ContractStandIn(true, Optional.empty());
    }

    /** A server that keeps the contract but answers 500 on {@code broken}. */
    public static ContractStandIn breaking(Scenario broken) throws IOException {
        return new ContractStandIn(false, Optional.of(broken));
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The paths asked so far; a test clears it to see what a later step asks. */
    public Set<String> asked() {
        return asked;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void answer(HttpExchange exchange, Scenario s) throws IOException {
        asked.add(s.path());
        int status = broken.filter(s::equals).isPresent() ? 500 : 200;
        String body;
        try {
            String query = exchange.getRequestURI().getQuery();
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
