package dev.loomlab.lab.settings;

import dev.loomlab.scenario.Dialect;
import java.time.Duration;

/**
 * Every default of the lab, in one place (as JMH's {@code Defaults} does). Plans override
 * them, CLI flags override plans; nothing else invents a default. The README and
 * {@code --help} quote these values.
 */
public final class Defaults {
    private Defaults() {
    }

    /** The plan {@code loomlab run} runs when none is named. */
    public static final String PLAN = "quick";

    /** Virtual users (closed model: each sends its next request when the previous answers). */
    public static final int VUS = 500;


    /** The measured steady-state window. */
    public static final Duration DURATION = Duration.ofSeconds(10);


    /** Rounds per cell; the seeds ran 3. */
    public static final int ROUNDS = 1;

    /** The seeds' connection pool, for JDBC and R2DBC alike. */
    public static final int POOL_SIZE = 150;

    /** The request threads' maximum on the models whose pool takes the setting: the seeds' value and Tomcat's default. */
    public static final int TOMCAT_MAX_THREADS = 200;

    /** The sleep of block, block-query and slow-query, as in the seeds. */
    public static final long SLEEP_MS = 1000;

    /** Fixed server heap (-Xms = -Xmx): without it the heap defaults to a quarter of RAM. */
    public static final String HEAP = "1g";

    /** The embedded database a run starts when no external one is given. */
    public static final Dialect DATABASE = Dialect.POSTGRES;

    /** The load engine. */
    public static final String ENGINE = "hyperfoil";

    /** Client request timeout: the seeds saw 15–20 s responses on platform threads; never cut them. */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    /** A request's wait for a pooled connection (Hikari connection-timeout, r2dbc max-acquire-time): the seeds' 30 s. */
    public static final Duration POOL_TIMEOUT = Duration.ofSeconds(30);

    /** How long a server may take from launch to its ready line. */
    public static final Duration SERVER_START_TIMEOUT = Duration.ofSeconds(120);

    /** How long a server may take to exit after SIGTERM before it is killed. */
    public static final Duration SERVER_STOP_TIMEOUT = Duration.ofSeconds(30);

    /** Heap of the load driver's JVM. */
    public static final String DRIVER_HEAP = "1g";

    /** Where run folders go, relative to the working directory. */
    public static final String RESULTS_DIR = "results";

    /** File descriptors the lab needs beyond one per virtual user (server + driver sockets, jars, logs). */
    public static final int FD_HEADROOM = 1024;

    /**
     * The crosscheck's cell: a sleep the server answers without CPU, at a load every engine can hold, so that what
     * differs between engines is the engines' own (its model is the catalogue's first on virtual threads).
     */
    public static final String CROSSCHECK_SCENARIO = "block";

    /** The crosscheck's users: 1,000 in flight on a 1 s sleep, 1,000 TPS, far from any engine's limit. */
    public static final int CROSSCHECK_VUS = 1000;

    /** The crosscheck's fixed warm-up: a sleep needs no JIT to settle, and every engine gets the same. */
    public static final Duration CROSSCHECK_WARMUP = Duration.ofSeconds(10);

    /** The crosscheck's window: 20,000 requests a side, enough for ±2 % on p50. */
    public static final Duration CROSSCHECK_DURATION = Duration.ofSeconds(20);

    /** The engines a crosscheck compares, Hyperfoil first: the others are judged against it. */
    public static final String CROSSCHECK_ENGINES = "hyperfoil,k6,wrk";

    /** The objective {@code decide} finds each model's capacity at: its p99 at most this (issue 41's SLO)... */
    public static final Duration OBJECTIVE_P99 = Duration.ofSeconds(1);

    /** ...and its errors under this share of its requests (0.1 %). */
    public static final double OBJECTIVE_ERROR_SHARE = 0.001;

    /** A saturation search's levels of VUs: from, to and how many (seed 001 raised 100 to 3,000). */
    public static final int SEARCH_FROM_VUS = 100;
    public static final int SEARCH_TO_VUS = 3000;
    public static final int SEARCH_STEPS = 6;
}
