package dev.loomlab.lab.plan;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Model;
import dev.loomlab.scenario.Scenario;
import java.time.Duration;
import java.util.List;

/**
 * A resolved plan: presets, then CLI overrides, already validated. A run is the matrix
 * models × scenarios × rounds, every cell measured the same way.
 *
 * @param rate  requests per second for the open model, or null for the closed model of {@code vus} users
 * @param burst requests fired at once (the burst shape), or null
 * @param dbUrl external database JDBC URL, or null to start the embedded {@code database}
 * @param tomcatThreads Tomcat's max threads on the mvc server (mvc-platform's request threads; the seeds' 200)
 */
public record Plan(
        String name,
        String description,
        List<Model> models,
        List<Scenario> scenarios,
        long sleepMs,
        int vus,
        Double rate,
        Integer burst,
        Duration warmup,
        Duration duration,
        int rounds,
        int poolSize,
        String heap,
        Dialect database,
        String dbUrl,
        String dbUser,
        String dbPassword,
        String engine,
        Duration requestTimeout,
        int tomcatThreads) {

    public Plan {
        models = List.copyOf(models);
        scenarios = List.copyOf(scenarios);
    }

    /** The same plan in the closed model at another number of virtual users (a saturation level). */
    public Plan withVus(int newVus) {
        return new Plan(name, description, models, scenarios, sleepMs, newVus, null, null, warmup, duration, rounds, poolSize,
                heap, database, dbUrl, dbUser, dbPassword, engine, requestTimeout, tomcatThreads);
    }

    public int cellCount() {
        return models.size() * scenarios.size() * rounds;
    }

    /** The open model (a fixed arrival rate) instead of the closed one (VUs). */
    public boolean openModel() {
        return rate != null;
    }

    /** A burst: N requests at once, timed until the last answer. */
    public boolean burstShape() {
        return burst != null;
    }

    public boolean externalDatabase() {
        return dbUrl != null;
    }
}
