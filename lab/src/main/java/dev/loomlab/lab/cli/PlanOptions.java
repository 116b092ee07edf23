package dev.loomlab.lab.cli;

import dev.loomlab.lab.plan.Defaults;
import dev.loomlab.lab.plan.PlanBinding;
import dev.loomlab.lab.plan.PlanDocument;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** Flags that override a plan's fields; a flag not given leaves the plan's value. */
public final class PlanOptions {
    @Option(names = "--plan", paramLabel = "NAME|FILE", description = "a preset (see 'loomlab plans') or a plan .yaml file; default: " + Defaults.PLAN)
    String plan = Defaults.PLAN;

    @Option(names = "--models", split = ",", paramLabel = "ID", completionCandidates = dev.loomlab.lab.catalog.ModelIds.class,
            description = "models, comma-separated: ${COMPLETION-CANDIDATES}")
    java.util.List<String> models;

    @Option(names = "--scenarios", split = ",", paramLabel = "ID", description = "scenarios, comma-separated: thread-name, block, block-query, slow-query")
    java.util.List<String> scenarios;

    @Option(names = "--vus", paramLabel = "N", description = "virtual users (closed model); default " + Defaults.VUS)
    String vus;

    @Option(names = "--rate", paramLabel = "R", description = "open model: R requests/s on a fixed schedule instead of VUs; latency counts from each request's intended send time")
    String rate;

    @Option(names = "--burst", paramLabel = "N", description = "burst: N requests at once, timed until the last answer (seeds 002 and 004)")
    String burst;

    @Option(names = "--warmup", paramLabel = "DURATION", description = "warm-up before the measured window, e.g. 5s")
    String warmup;

    @Option(names = "--duration", paramLabel = "DURATION", description = "measured window, e.g. 30s")
    String duration;

    @Option(names = "--rounds", paramLabel = "N", description = "rounds per cell")
    String rounds;

    @Option(names = "--sleep-ms", paramLabel = "MS", description = "the sleep of block, block-query and slow-query; default " + Defaults.SLEEP_MS)
    String sleepMs;

    @Option(names = "--pool-size", paramLabel = "N", description = "connection pool (JDBC and R2DBC); default " + Defaults.POOL_SIZE)
    String poolSize;

    @Option(names = "--heap", paramLabel = "SIZE", description = "server heap, fixed (-Xms = -Xmx), e.g. 1g; default " + Defaults.HEAP)
    String heap;

    @Option(names = "--db", paramLabel = "postgres|mariadb", description = "database (embedded unless --db-url); default postgres")
    String database;

    @Option(names = "--db-url", paramLabel = "JDBC_URL", description = "an external database instead of the embedded one")
    String dbUrl;

    @Option(names = "--db-user", paramLabel = "USER", description = "user of the external database")
    String dbUser;

    @Option(names = "--db-password", paramLabel = "PASSWORD", description = "password of the external database (or env LOOMLAB_DB_PASSWORD)")
    String dbPassword;

    @Option(names = "--engine", paramLabel = "ID", description = "load engine; default " + Defaults.ENGINE)
    String engine;

    @Option(names = "--request-timeout", paramLabel = "DURATION", description = "client request timeout; default 60s")
    String requestTimeout;

    @Option(names = "--pool-timeout", paramLabel = "DURATION", description = "how long a request waits for a pooled connection; default 30s")
    String poolTimeout;

    @Option(names = "--jdks", split = ",", paramLabel = "N", description = "the JDK axis: run each model's server on these JDK feature versions, e.g. 21,25; default: each model's own (legacy 17, legacy-virtual 21, others the newest 21+)")
    java.util.List<String> jdks;

    @Option(names = "--jdbc-drivers", split = ",", paramLabel = "ID", description = "the JDBC driver axis of the mvc models (the driver-pinning pitfall, on --db mariadb): "
            + "mariadb (the server's own), mysql-8.1.0 (seed 000's era: synchronized around socket reads), mysql-9.5.0; default: the server's own")
    java.util.List<String> jdbcDrivers;

    @Option(names = "--tomcat-threads", paramLabel = "N", description = "Tomcat's max threads on the mvc server (mvc-platform's request threads); default " + Defaults.TOMCAT_MAX_THREADS)
    String tomcatThreads;

    @Option(names = "--topology", paramLabel = "local|split", description = "local: driver, server and database on loopback (default); split: each in a network namespace of its own (needs root and iproute2)")
    String topology;

    @Option(names = "--app-latency", paramLabel = "DELAY", description = "split topology: one-way delay between the load driver and the server, e.g. 2ms, 0.5ms, 500us")
    String appLatency;

    @Option(names = "--app-jitter", paramLabel = "DELAY", description = "split topology: uniform jitter around --app-latency, e.g. 0.2ms")
    String appJitter;

    @Option(names = "--db-latency", paramLabel = "DELAY", description = "split topology: one-way delay between the server and the database, e.g. 1ms")
    String dbLatency;

    @Option(names = "--db-jitter", paramLabel = "DELAY", description = "split topology: uniform jitter around --db-latency, e.g. 0.1ms")
    String dbJitter;

    @Option(names = "--drivers", paramLabel = "N", description = "load drivers that generate each cell's load together (VUs shared out, latency merged from their histograms); default 1")
    String drivers;

    /**
     * The flags given, by plan field, as picocli read them: {@code PlanLoader} binds them to a
     * {@code PlanDocument} through the same binding as a plan file, so a flag and a field are
     * refused alike.
     */
    Map<String, Object> overrides() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("models", models);
        o.put("scenarios", scenarios);
        o.put("vus", vus);
        o.put("rate", rate);
        o.put("burst", burst);
        o.put("warmup", warmup);
        o.put("duration", duration);
        o.put("rounds", rounds);
        o.put("sleepMs", sleepMs);
        o.put("poolSize", poolSize);
        o.put("heap", heap);
        o.put("database", database);
        o.put("dbUrl", dbUrl);
        o.put("dbUser", dbUser);
        o.put("dbPassword", dbPassword != null ? dbPassword : System.getenv("LOOMLAB_DB_PASSWORD"));
        o.put("engine", engine);
        o.put("requestTimeout", requestTimeout);
        o.put("poolTimeout", poolTimeout);
        o.put("jdks", jdks);
        o.put("tomcatThreads", tomcatThreads);
        o.put("jdbcDrivers", jdbcDrivers);
        o.put("topology", topology);
        o.put("appLatency", appLatency);
        o.put("appJitter", appJitter);
        o.put("dbLatency", dbLatency);
        o.put("dbJitter", dbJitter);
        o.put("drivers", drivers);
        o.values().removeIf(java.util.Objects::isNull);
        return o;
    }

    /** The flags as a document of overrides. */
    PlanDocument document() {
        return PlanBinding.bind("command line", overrides());
    }
}
