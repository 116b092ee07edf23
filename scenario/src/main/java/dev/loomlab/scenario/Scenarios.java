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

    /** The named parameter every database sleep binds; SQL is never built from request text. */
    public static final String SECONDS = "seconds";

    public static final Scenario THREAD_NAME = new Scenario(
            "thread-name", "GET", "/thread-name", List.of(), Map.of(), false,
            Pattern.compile("(VirtualThread|Thread)\\[.+"),
            "returns the handling thread's toString(): no I/O, the cost of the stack itself");

    public static final Scenario BLOCK = new Scenario(
            "block", "GET", "/block", List.of(Param.sleepMs(1000)), Map.of(), false,
            Pattern.compile("slept \\d+ ms"),
            "sleeps ms (default 1000) then returns: a blocking call that holds a request thread");

    public static final Scenario BLOCK_QUERY = new Scenario(
            "block-query", "GET", "/block-query", List.of(Param.sleepMs(1000)),
            Map.of(Dialect.POSTGRES, "select now()", Dialect.MARIADB, "select now()"), false,
            Pattern.compile("slept \\d+ ms, db now .+"),
            "sleeps ms, then runs a fast query (select now())");

    public static final Scenario SLOW_QUERY = new Scenario(
            "slow-query", "GET", "/slow-query", List.of(Param.sleepMs(1000)),
            Map.of(Dialect.POSTGRES, "select pg_sleep(:" + SECONDS + ")",
                    Dialect.MARIADB, "select sleep(:" + SECONDS + ")"), true,
            Pattern.compile("db slept \\d+ ms"),
            "the database sleeps ms: a pooled connection is held for the whole request");

    // Seed 003's fan-out: two calls to the downstream server (see FanOut for the calls each makes).
    private static final Pattern FANNED_OUT = Pattern.compile("called downstream 2 x \\d+ ms: .+");

    public static final Scenario FAN_OUT_SEQUENTIAL = new Scenario(
            "fan-out-sequential", "GET", "/fan-out-sequential", List.of(Param.sleepMs(1000)), Map.of(), false, FANNED_OUT,
            "calls the downstream's /sleep?ms= twice, one after the other (RestClient / WebClient flatMap): S = 2 x ms");

    public static final Scenario FAN_OUT_PARALLEL = new Scenario(
            "fan-out-parallel", "GET", "/fan-out-parallel", List.of(Param.sleepMs(1000)), Map.of(), false, FANNED_OUT,
            "calls the downstream's /sleep?ms= twice at once (CompletableFuture on virtual threads / Mono.zip): S = ms");

    public static final Scenario FAN_OUT_UNSUBSCRIBED = new Scenario(
            "fan-out-unsubscribed", "GET", "/fan-out-unsubscribed", List.of(Param.sleepMs(1000)), Map.of(), false, FANNED_OUT,
            "seed 003's bug on purpose: meant as fan-out-parallel, but the first call is built and never made"
                    + " (a Mono never subscribed); answers as if both ran — only the downstream's count tells");

    private static final List<Scenario> ALL = List.of(THREAD_NAME, BLOCK, BLOCK_QUERY, SLOW_QUERY,
            FAN_OUT_SEQUENTIAL, FAN_OUT_PARALLEL, FAN_OUT_UNSUBSCRIBED);

    public static List<Scenario> all() {
        return ALL;
    }

    public static Scenario byId(String id) {
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
