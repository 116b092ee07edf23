package dev.loomlab.server.mvc;

import dev.loomlab.scenario.Bulkhead;
import dev.loomlab.scenario.CpuWork;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.NativeSleep;
import dev.loomlab.scenario.PerThreadCache;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import dev.loomlab.server.shared.DatabaseDialect;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Date;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The seeds' pitfalls on Spring MVC (issue 6), kept apart from the seed contract's
 * {@code ScenarioController}. Each handler is the pitfall as the seeds wrote it, or its fix.
 */
@RestController
class PitfallController implements ApplicationRunner {
    private static final String TEXT = MediaType.TEXT_PLAIN_VALUE;
    /**
     * Requests take their monitor or lock from a ring this large, in turn: distinct requests never
     * share one below this many in flight, so what limits pinned and locked is the carrier, not a
     * contended lock. A monitor per request would do too, but C2 may elide a lock on an object
     * that never escapes, and then nothing would pin.
     */
    static final int STRIPES = 8192;

    private final Object[] monitors = new Object[STRIPES];
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];
    private final AtomicInteger next = new AtomicInteger();
    private final NamedParameterJdbcTemplate jdbc;
    private final Dialect dialect;
    private final Bulkhead bulkhead;

    PitfallController(NamedParameterJdbcTemplate jdbc, DatabaseDialect databaseDialect,
                      @Value("${loomlab.pool-size}") int poolSize, MeterRegistry registry) {
        this.jdbc = jdbc;
        this.dialect = databaseDialect.dialect();
        this.bulkhead = new Bulkhead(poolSize);
        for (int i = 0; i < STRIPES; i++) {
            monitors[i] = new Object();
            locks[i] = new ReentrantLock();
        }
        registry.more().counter(Bulkhead.METER, java.util.List.of(), bulkhead, Bulkhead::refused);
        registry.more().counter(PerThreadCache.METER, java.util.List.of(), this, c -> PerThreadCache.created());
    }

    /** The write scenario's table exists before the ready line, on either database. */
    @Override
    public void run(ApplicationArguments args) {
        jdbc.getJdbcTemplate().execute(Scenarios.WRITES_DDL.get(dialect));
    }

    @GetMapping(path = "/pinned", produces = TEXT)
    String pinned(HttpServletRequest request) throws InterruptedException {
        long ms = ms(Scenarios.PINNED, request);
        synchronized (monitors[stripe()]) {
            Thread.sleep(ms);
        }
        return Responses.sleptSynchronized(ms);
    }

    @GetMapping(path = "/locked", produces = TEXT)
    String locked(HttpServletRequest request) throws InterruptedException {
        long ms = ms(Scenarios.LOCKED, request);
        ReentrantLock lock = locks[stripe()];
        lock.lock();
        try {
            Thread.sleep(ms);
        } finally {
            lock.unlock();
        }
        return Responses.sleptLocked(ms);
    }

    @GetMapping(path = "/native-pinned", produces = TEXT)
    ResponseEntity<String> nativePinned(HttpServletRequest request) {
        long ms = ms(Scenarios.NATIVE_PINNED, request);
        if (NativeSleep.unavailable().isPresent()) {
            return ResponseEntity.status(Scenarios.NOT_IMPLEMENTED).contentType(MediaType.TEXT_PLAIN)
                    .body(NativeSleep.unavailable().get());
        }
        NativeSleep.sleep(ms);
        return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body(Responses.sleptNative(ms));
    }

    @GetMapping(path = "/threadlocal", produces = TEXT)
    String threadLocal(HttpServletRequest request) throws InterruptedException {
        Map<String, Long> args = Scenarios.THREADLOCAL.parse(request::getParameter);
        Thread.sleep(args.get("ms"));
        return PerThreadCache.format(args.get("ms"), args.get("kb"), new Date());
    }

    @GetMapping(path = "/cpu", produces = TEXT)
    String cpu(HttpServletRequest request) {
        long units = Scenarios.CPU.parse(request::getParameter).get("work");
        return Responses.worked(units, CpuWork.run(units));
    }

    @GetMapping(path = "/slow-query-bulkhead", produces = TEXT)
    ResponseEntity<String> slowQueryBulkhead(HttpServletRequest request) throws InterruptedException {
        long ms = ms(Scenarios.SLOW_QUERY_BULKHEAD, request);
        if (!bulkhead.tryEnter()) {
            return ResponseEntity.status(Scenarios.BULKHEAD_FULL).contentType(MediaType.TEXT_PLAIN).body(bulkhead.refusal());
        }
        try {
            jdbc.query(Scenarios.SLOW_QUERY_BULKHEAD.sql(dialect), Map.of(Scenarios.SECONDS, Responses.seconds(ms)), rs -> null);
        } finally {
            bulkhead.leave();
        }
        return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body(Responses.dbSlept(ms));
    }

    @PostMapping(path = "/write", produces = TEXT)
    String write(HttpServletRequest request) throws InterruptedException {
        long ms = ms(Scenarios.WRITE, request);
        Thread.sleep(ms);
        int rows = jdbc.update(Scenarios.WRITE.sql(dialect), Map.of("ms", ms));
        if (rows != 1) {
            throw new IllegalStateException("insert wrote " + rows + " rows");
        }
        return Responses.wrote(ms);
    }

    @GetMapping(path = "/read", produces = TEXT)
    String read() {
        Long n = jdbc.queryForObject(Scenarios.READ.sql(dialect), Map.of(), Long.class);
        return Responses.rows(n == null ? 0 : n);
    }

    private int stripe() {
        return Math.floorMod(next.getAndIncrement(), STRIPES);
    }

    private static long ms(Scenario scenario, HttpServletRequest request) {
        return scenario.parse(request::getParameter).get("ms");
    }
}
