package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.process.ServerHandle;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Against small in-process servers that keep the contract, or break one scenario of it: what each cell's check asks. */
class ContractChecksTest {
    private static final Plan PLAN = PlanLoader.load("seed-talk", Map.of("scenarios", "thread-name,block,block-query,slow-query"));
    private static final Model VIRTUAL = Model.byId("mvc-virtual");
    private static final Model WEBFLUX = Model.byId("webflux");

    /** Requests each server answered, by scenario path. */
    private final Map<String, AtomicInteger> asked = new ConcurrentHashMap<>();
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private static Cell cell(Model model, Scenario scenario, int round) {
        return Cell.of(model, 25, null, scenario, round);
    }

    @Test
    void theFirstServerOfABuildIsCheckedOnThePlansScenariosAndItsTwinsOnTheirOwnOnly() throws IOException {
        ServerHandle twin = ServerHandle.target(start(Optional.empty()));
        ContractChecks checks = new ContractChecks();

        assertThat(checks.check(twin, cell(VIRTUAL, Scenarios.BLOCK, 1), PLAN)).isEmpty();
        assertThat(asked.keySet()).containsExactlyInAnyOrder("/thread-name", "/block", "/block-query", "/slow-query");

        asked.clear();
        assertThat(checks.check(twin, cell(VIRTUAL, Scenarios.SLOW_QUERY, 1), PLAN)).isEmpty();
        assertThat(checks.check(twin, cell(VIRTUAL, Scenarios.BLOCK, 2), PLAN)).isEmpty();
        // the thread kind is read from /thread-name on every check
        assertThat(asked.keySet()).containsExactlyInAnyOrder("/thread-name", "/slow-query", "/block");
        assertThat(asked.get("/block-query")).isNull();

        asked.clear();
        assertThat(checks.check(twin, cell(WEBFLUX, Scenarios.BLOCK, 1), PLAN)).as("another build").isEmpty();
        assertThat(asked.keySet()).containsExactlyInAnyOrder("/thread-name", "/block", "/block-query", "/slow-query");
    }

    @Test
    void aBuildWhoseContractBrokeOnOneScenarioFailsEveryCellOfItWithThatReason() throws IOException {
        ServerHandle broken = ServerHandle.target(start(Optional.of(Scenarios.SLOW_QUERY)));
        ContractChecks checks = new ContractChecks();

        Optional<Stop> first = checks.check(broken, cell(VIRTUAL, Scenarios.BLOCK, 1), PLAN);
        asked.clear();
        Optional<Stop> later = checks.check(broken, cell(VIRTUAL, Scenarios.THREAD_NAME, 2), PLAN);

        assertThat(first).hasValueSatisfying(stop -> {
            assertThat(stop.skipped()).isFalse();
            assertThat(stop.reason()).startsWith("contract check failed: ").contains("slow-query");
        });
        assertThat(later).isEqualTo(first);
        assertThat(asked).as("nothing asked again").isEmpty();
        assertThat(checks.check(broken, cell(WEBFLUX, Scenarios.BLOCK, 1), PLAN)).as("another build is checked").isPresent();
    }

    /** A server keeping the seed contract on virtual threads; {@code broken} answers 500. */
    private String start(Optional<Scenario> broken) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        for (Scenario s : Scenarios.seeds()) {
            server.createContext(s.path(), exchange -> answer(exchange, s, broken.filter(s::equals).isPresent()));
        }
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void answer(HttpExchange exchange, Scenario s, boolean broken) throws IOException {
        asked.computeIfAbsent(s.path(), p -> new AtomicInteger()).incrementAndGet();
        int status = broken ? 500 : 200;
        String body;
        try {
            String query = URI.create(exchange.getRequestURI().toString()).getQuery();
            String raw = query == null ? null : query.replaceFirst("^ms=", "");
            long ms = s.parse(name -> raw).getOrDefault("ms", 0L);
            body = switch (s.id()) {
                case "thread-name" -> Responses.threadName(Thread.currentThread());
                case "block" -> Responses.slept(ms);
                case "block-query" -> Responses.sleptThenQueried(ms, "now");
                default -> Responses.dbSlept(ms);
            };
        } catch (RuntimeException e) {
            status = 400;
            body = "bad parameter";
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
