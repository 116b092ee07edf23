package dev.loomlab.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** The catalogue: every scenario a server must serve and the lab may measure. */
public final class Scenarios {
    private Scenarios() {
    }

    /**
     * The most common shape: a GET at /{id} with the sleep parameter ms (default 1000) and no
     * database, answering {@code response}.
     */
    private static Scenario sleeping(String id, Pattern response, String description) {
        return new Scenario(id, "GET", "/" + id, List.of(Param.sleepMs(1000)), Map.of(), false, response, description);
    }

    /** The named parameter every database sleep binds; SQL is never built from request text. */
    public static final String SECONDS = "seconds";

    /** The database's own sleep of {@link #SECONDS}: what slow-query and its bulkhead variant run. */
    private static final Map<Dialect, String> DB_SLEEP = Map.of(
            Dialect.POSTGRES, "select pg_sleep(:" + SECONDS + ")",
            Dialect.MARIADB, "select sleep(:" + SECONDS + ")");

    /** One statement that both dialects run as it is. */
    private static Map<Dialect, String> everyDialect(String sql) {
        return Map.of(Dialect.POSTGRES, sql, Dialect.MARIADB, sql);
    }

    public static final Scenario THREAD_NAME = new Scenario(
            "thread-name", "GET", "/thread-name", List.of(), Map.of(), false,
            Pattern.compile("(VirtualThread|Thread)\\[.+"),
            "returns the handling thread's toString(): no I/O, the cost of the stack itself");

    public static final Scenario BLOCK = sleeping("block", Pattern.compile("slept \\d+ ms"),
            "sleeps ms (default 1000) then returns: a blocking call that holds a request thread");

    public static final Scenario BLOCK_QUERY = new Scenario(
            "block-query", "GET", "/block-query", List.of(Param.sleepMs(1000)),
            everyDialect("select now()"), false,
            Pattern.compile("slept \\d+ ms, db now .+"),
            "sleeps ms, then runs a fast query (select now())");

    public static final Scenario SLOW_QUERY = new Scenario(
            "slow-query", "GET", "/slow-query", List.of(Param.sleepMs(1000)), DB_SLEEP, true,
            Pattern.compile("db slept \\d+ ms"),
            "the database sleeps ms: a pooled connection is held for the whole request");

    // Seed 003's fan-out: two calls to the downstream server (see FanOut for the calls each makes).
    private static final Pattern FANNED_OUT = Pattern.compile("called downstream 2 x \\d+ ms: .+");

    public static final Scenario FAN_OUT_SEQUENTIAL = sleeping("fan-out-sequential", FANNED_OUT,
            "calls the downstream's /sleep?ms= twice, one after the other (RestClient / WebClient flatMap): S = 2 x ms");

    public static final Scenario FAN_OUT_PARALLEL = sleeping("fan-out-parallel", FANNED_OUT,
            "calls the downstream's /sleep?ms= twice at once (CompletableFuture on virtual threads / Mono.zip): S = ms");

    public static final Scenario FAN_OUT_UNSUBSCRIBED = sleeping("fan-out-unsubscribed", FANNED_OUT,
            "seed 003's bug on purpose: meant as fan-out-parallel, but the first call is built and never made"
                    + " (a Mono never subscribed); answers as if both ran — only the downstream's count tells");

    // --- the seeds' pitfalls (issue 6); their endpoints live in each server's PitfallController ---

    /** HTTP status of a pitfall endpoint this server's JDK cannot serve (FFM before JDK 22). */
    public static final int NOT_IMPLEMENTED = 501;
    /** HTTP status of a request the bulkhead turned away instead of queueing it for the pool. */
    public static final int BULKHEAD_FULL = 503;
    /** The table {@link #WRITE} inserts into and {@link #READ} counts; created by the servers at start. */
    public static final String WRITES_TABLE = "loomlab_writes";

    public static final Scenario PINNED = sleeping("pinned", Pattern.compile("slept \\d+ ms inside synchronized"),
            "sleeps ms while holding a monitor: on JDK 21 a virtual thread cannot unmount and pins its carrier");

    public static final Scenario LOCKED = sleeping("locked", Pattern.compile("slept \\d+ ms holding a ReentrantLock"),
            "the same sleep under a ReentrantLock: the virtual thread unmounts on every JDK");

    public static final Scenario NATIVE_PINNED = sleeping("native-pinned", Pattern.compile("slept \\d+ ms in native usleep"),
            "sleeps ms inside libc usleep called through the FFM API: a native frame pins the carrier even on JDK 24+"
                    + " (501 on JDK 21, where FFM is not final)");

    public static final Scenario THREADLOCAL = new Scenario(
            "threadlocal", "GET", "/threadlocal", List.of(Param.sleepMs(1000), new Param("kb", "KB", 64, 1, 1024)), Map.of(), false,
            Pattern.compile("slept \\d+ ms, formatted .+ with a \\d+ KB per-thread cache \\((fresh|reused)\\)"),
            "sleeps ms, then formats a date with an expensive object (a SimpleDateFormat and a kb scratch buffer) cached"
                    + " in a ThreadLocal: pooled threads reuse it, a virtual thread per request allocates it every time");

    public static final Scenario CPU = new Scenario(
            "cpu", "GET", "/cpu", List.of(new Param("work", "units", 20, 1, 10_000)), Map.of(), false,
            Pattern.compile("worked \\d+ units, digest [0-9a-f]{16}"),
            "CPU only: work units of SHA-256 hashing (1 unit = " + CpuWork.ROUNDS_PER_UNIT + " digests of 64 bytes), no blocking");

    public static final Scenario SLOW_QUERY_BULKHEAD = new Scenario(
            "slow-query-bulkhead", "GET", "/slow-query-bulkhead", List.of(Param.sleepMs(1000)), DB_SLEEP, true,
            Pattern.compile("db slept \\d+ ms"),
            "slow-query behind a bulkhead of pool-size permits: a request that finds none within "
                    + Bulkhead.WAIT_MS + " ms gets a fast 503 instead of queueing for the pool's 30 s timeout");

    public static final Scenario WRITE = new Scenario(
            "write", "POST", "/write", List.of(Param.sleepMs(1000)),
            everyDialect("insert into " + WRITES_TABLE + " (slept_ms) values (:ms)"), false,
            Pattern.compile("slept \\d+ ms, wrote 1 row"),
            "seed 004's POST: sleeps ms, then inserts one row; the lab checks rows written = successful responses");

    public static final Scenario READ = new Scenario(
            "read", "GET", "/read", List.of(),
            everyDialect("select count(*) from " + WRITES_TABLE), false,
            Pattern.compile("rows \\d+"),
            "the read matching write: counts the rows written");

    /** The statement that creates {@link #WRITES_TABLE} if it is missing, per dialect. */
    public static final Map<Dialect, String> WRITES_DDL = Map.of(
            Dialect.POSTGRES, "create table if not exists " + WRITES_TABLE
                    + " (id bigserial primary key, slept_ms bigint not null, written_at timestamp not null default now())",
            Dialect.MARIADB, "create table if not exists " + WRITES_TABLE
                    + " (id bigint auto_increment primary key, slept_ms bigint not null, written_at timestamp(6) not null default current_timestamp(6))");

    private static final List<Scenario> SEEDS = List.of(THREAD_NAME, BLOCK, BLOCK_QUERY, SLOW_QUERY);
    private static final List<Scenario> PITFALLS = List.of(PINNED, LOCKED, NATIVE_PINNED, THREADLOCAL, CPU,
            SLOW_QUERY_BULKHEAD, WRITE, READ);
    private static final List<Scenario> FAN_OUTS = List.of(FAN_OUT_SEQUENTIAL, FAN_OUT_PARALLEL, FAN_OUT_UNSUBSCRIBED);
    private static final List<Scenario> ALL = java.util.stream.Stream.of(SEEDS, PITFALLS, FAN_OUTS).flatMap(List::stream).toList();
    /**
     * A service of the user's own, loaded with the plan's {@code requests}: no endpoint of the contract (no model of
     * the lab's own serves it, and a plan never lists it), but the one scenario of every cell of such a run.
     */
    public static final Scenario REQUESTS = new Scenario("requests", "GET", "/", List.of(), Map.of(), false,
            Pattern.compile("(?s).*"), "the plan's own requests, on a service of yours");

    /** The four scenarios of seed 000, in the seeds' order. */
    public static List<Scenario> seeds() {
        return SEEDS;
    }

    /** The pitfalls: what goes wrong with virtual threads, and its fixes. */
    public static List<Scenario> pitfalls() {
        return PITFALLS;
    }

    /** The fan-outs to the downstream service. */
    public static List<Scenario> fanOuts() {
        return FAN_OUTS;
    }

    public static List<Scenario> all() {
        return ALL;
    }

    public static Scenario byId(String id) {
        if (id.equals(REQUESTS.id())) {
            return REQUESTS;
        }
        return ALL.stream().filter(s -> s.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown scenario '" + id + "' (allowed: " + ids() + ")"));
    }

    public static String ids() {
        return ALL.stream().map(Scenario::id).collect(Collectors.joining(", "));
    }

    public static List<String> idList() {
        return Arrays.asList(ALL.stream().map(Scenario::id).toArray(String[]::new));
    }
}
