package dev.loomlab.lab.plan;

import dev.loomlab.lab.catalog.AppJar;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.load.agents.LoadAgent;
import dev.loomlab.lab.settings.Topology;
import dev.loomlab.load.HttpCall;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Spike;
import dev.loomlab.load.TlsTrust;
import dev.loomlab.load.Window;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Scenario;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A resolved plan: presets, then CLI overrides, already validated. A run is the matrix
 * models × scenarios × rounds, every cell measured the same way.
 *
 * @param workload the load shape of every cell: closed VUs, an open rate or a burst
 * @param window   the warm-up and the measured window of a steady load
 * @param dbUrl external database JDBC URL, or null to start the embedded {@code database}
 * @param poolTimeout how long a request waits for a pooled connection before the server fails it
 * @param serverStartTimeout how long a server may take from its launch to its first ready answer before its cell fails: a
 *              real service can start slowly, and a machine a quarter as fast as ours starts a Spring Boot jar in about
 *              the default's 120 s
 * @param jdks  the JDK axis: feature versions each model's server runs on (e.g. [21, 25]); empty
 *              = one run per model on its default JDK (see {@code ServerJdks})
 * @param tomcatThreads the request threads' maximum on the models whose server takes it (see RequestThreadsSetting; the seeds' 200)
 * @param jdbcDrivers the JDBC driver axis of the mvc models (ids of {@code server.JdbcDriver}, e.g.
 *              [mariadb, mysql-8.1.0]); empty = the server's bundled driver, no axis
 * @param topology where driver, server and database run: one namespace (local) or one each, with delays (split)
 * @param order    the models' order within each round and scenario: shuffled from a recorded seed (the default) or fixed
 * @param agents  the load agents that run each cell's k6 test together, each its execution segment; empty: one engine on
 *                this machine
 * @param requests a foreign service's request mix, sent instead of a scenario's request (then the one scenario is
 *              {@code Scenarios.REQUESTS}); empty for the contract's scenarios
 * @param slos  the thresholds every cell must meet (a failed one makes the run exit 99)
 * @param tls   whom an https server's certificate must come from
 * @param app   a user's Spring Boot jar the lab runs as the models' server, or empty
 * @param shape how the load runs over the window: steady, a soak (its trends fitted), a spike inside it or a ramp
 */
public record Plan(
        String name,
        String description,
        List<Model> models,
        List<Scenario> scenarios,
        long sleepMs,
        Workload workload,
        Window window,
        int rounds,
        int poolSize,
        String heap,
        Dialect database,
        String dbUrl,
        String dbUser,
        String dbPassword,
        String engine,
        Duration requestTimeout,
        Duration poolTimeout,
        Duration serverStartTimeout,
        List<Integer> jdks,
        int tomcatThreads,
        List<String> jdbcDrivers,
        Topology topology,
        CellOrder order,
        List<LoadAgent> agents,
        List<HttpCall> requests,
        List<Threshold> slos,
        TlsTrust tls,
        Optional<AppJar> app,
        LoadShape shape) {

    public Plan {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(window, "window");
        topology = topology == null ? Topology.LOCAL : topology;
        order = order == null ? CellOrder.FIXED : order;
        agents = agents == null ? List.of() : List.copyOf(agents);
        models = List.copyOf(models);
        scenarios = List.copyOf(scenarios);
        jdks = jdks == null ? List.of() : List.copyOf(jdks);
        jdbcDrivers = jdbcDrivers == null ? List.of() : List.copyOf(jdbcDrivers);
        requests = requests == null ? List.of() : List.copyOf(requests);
        slos = slos == null ? List.of() : List.copyOf(slos);
        tls = tls == null ? TlsTrust.AUTHORITIES : tls;
        app = app == null ? Optional.empty() : app;
        shape = shape == null ? LoadShape.STEADY : shape;
    }

    /**
     * The JDK feature versions {@code model} runs on in this plan: one null (its default JDK) when
     * the plan has no JDK axis, else the axis' versions the model's server can run on.
     */
    public List<Integer> jdksFor(Model model) {
        if (jdks.isEmpty()) {
            return Collections.singletonList(null);
        }
        return jdks.stream().filter(f -> f >= model.minJdk()).toList();
    }

    /** Whether cells must say which JDK they ran on: the axis has more than one value. */
    public boolean jdkAxis() {
        return jdks.size() > 1;
    }

    /** The same plan in the closed model at another number of virtual users (a saturation level). */
    public Plan withVus(int newVus) {
        return new Plan(name, description, models, scenarios, sleepMs, new Workload.Closed(newVus), window, rounds, poolSize,
                heap, database, dbUrl, dbUser, dbPassword, engine, requestTimeout, poolTimeout, serverStartTimeout, jdks, tomcatThreads,
                jdbcDrivers, topology, order, agents, requests, slos, tls, app, shape);
    }

    /**
     * The JDBC drivers {@code model}'s server runs with: one null (its bundled driver, unnamed)
     * without a driver axis or on a server that cannot swap its driver (its descriptor says).
     */
    public List<String> jdbcDriversFor(Model model) {
        if (jdbcDrivers.isEmpty() || model == null || !model.swapsJdbcDriver()) {
            return Collections.singletonList(null);
        }
        return jdbcDrivers;
    }

    public int cellCount() {
        return models.stream().mapToInt(m -> jdksFor(m).size() * jdbcDriversFor(m).size()).sum() * scenarios.size() * rounds;
    }

    /** The rise of a ramped load ({@code shape: ramp …}); empty for any other shape. */
    public Optional<Ramp> ramp() {
        return shape instanceof LoadShape.Ramped ramped ? Optional.of(ramped.ramp()) : Optional.empty();
    }

    /** The step of a spiked load ({@code shape: spike …}); empty for any other shape. */
    public Optional<Spike> spike() {
        return shape instanceof LoadShape.Spiked spiked ? Optional.of(spiked.spike()) : Optional.empty();
    }

    public boolean externalDatabase() {
        return dbUrl != null;
    }
}
