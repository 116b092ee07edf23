package dev.loomlab.lab.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.loomlab.scenario.Scenarios;
import dev.loomlab.scenario.ThreadNames;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One server module as its {@code loomlab-server.yaml} describes it: how the lab launches it and
 * what it serves. Bound strictly by {@link ServerCatalog}; the checks here are those a descriptor
 * can fail on its own (the catalogue checks what needs several).
 *
 * @param server          the module's name (its folder under {@code servers/})
 * @param order           where its models come in lists (and in a plan's default models): lowest first
 * @param jar             the built jar, relative to the checkout
 * @param swapsJdbcDriver whether the lab can put another JDBC driver on its class path
 * @param requestThreads  the bounded request-thread pool of its platform-thread models; empty when it has none
 * @param threadNames     what it names its pool's and its event loops' threads, by which its tests and {@code verify}
 *                        tell them apart; empty when it serves on virtual threads only
 */
public record ServerDescriptor(
        String server,
        int order,
        String description,
        String jar,
        PoolKind pool,
        boolean swapsJdbcDriver,
        Optional<RequestThreads> requestThreads,
        Optional<ThreadNames> threadNames,
        Metrics metrics,
        ServedScenarios scenarios,
        List<ModelDescriptor> models) {

    public ServerDescriptor {
        required(server, "server");
        if (order < 1) {
            throw new IllegalArgumentException("order: a number from 1, where the server's models come in lists");
        }
        required(description, "description");
        required(jar, "jar");
        required(pool, "pool");
        required(metrics, "metrics");
        required(scenarios, "scenarios");
        requestThreads = requestThreads == null ? Optional.empty() : requestThreads;
        threadNames = threadNames == null ? Optional.empty() : threadNames;
        models = List.copyOf(required(models, "models"));
        if (models.isEmpty()) {
            throw new IllegalArgumentException("models: a server serves at least one model");
        }
        if (swapsJdbcDriver && pool != PoolKind.JDBC) {
            throw new IllegalArgumentException("swapsJdbcDriver: only a jdbc server can swap its JDBC driver");
        }
        boolean platformPool = models.stream().anyMatch(m -> m.threading() == Threading.PLATFORM_POOL);
        if (platformPool != requestThreads.isPresent()) {
            throw new IllegalArgumentException("requestThreads: needed exactly when a model runs on a platform-pool"
                    + (platformPool ? " (one does)" : " (none does)"));
        }
        namesThreadsOf(models, threadNames.orElse(ThreadNames.NONE));
    }

    /** A platform-pool or event-loop model is known by its threads' names only: its descriptor must give them. */
    private static void namesThreadsOf(List<ModelDescriptor> models, ThreadNames names) {
        for (ModelDescriptor m : models) {
            boolean named = switch (m.threading()) {
                case PLATFORM_POOL -> names.pool().isPresent();
                case EVENT_LOOP -> names.eventLoop().isPresent();
                case VIRTUAL -> true;
            };
            if (!named) {
                boolean pool = m.threading() == Threading.PLATFORM_POOL;
                throw new IllegalArgumentException("threadNames." + (pool ? "pool" : "eventLoop") + ": needed, models[" + m.id()
                        + "] runs on " + (pool ? "a platform-pool" : "an event-loop") + ": a part of the names its threads have in"
                        + " /thread-name's answer");
            }
        }
    }

    /**
     * The request threads of a platform-thread pool.
     *
     * @param limit the server's own maximum
     * @param flag  the argument that sets another maximum (the value appended); empty when the lab's
     *              {@code --tomcat-threads} cannot reach this server
     * @param name  what findings call these threads; {@value #DEFAULT_NAME} when not given (a Spring Boot server's)
     * @param poolName what the summary calls the pool they belong to ("the worker pool"); the name without "threads"
     *              when not given
     */
    public record RequestThreads(int limit, Optional<String> flag, String name, String poolName) {
        /** The name of the request threads of a descriptor that gives none, and of a target the lab knows no model of. */
        public static final String DEFAULT_NAME = "Tomcat threads";

        public RequestThreads {
            if (limit < 1) {
                throw new IllegalArgumentException("requestThreads.limit: at least 1, not " + limit);
            }
            flag = flag == null ? Optional.empty() : flag;
            name = name == null || name.isBlank() ? DEFAULT_NAME : name;
            poolName = poolName == null || poolName.isBlank() ? shortName(name) : poolName;
        }

        /** The name without "threads", to put before a figure: "Tomcat" of "Tomcat threads", as in "Tomcat max 200". */
        public String shortName() {
            return shortName(name);
        }

        private static String shortName(String name) {
            return name.replaceFirst("\\s*threads$", "");
        }
    }

    /** The Prometheus names the sampler reads from this server's Actuator. */
    public record Metrics(PoolMetrics pool, Optional<ThreadMetrics> requestThreads) {
        public Metrics {
            required(pool, "metrics.pool");
            requestThreads = requestThreads == null ? Optional.empty() : requestThreads;
        }
    }

    /** The request-thread pool's gauges (busy threads, its configured maximum). */
    public record ThreadMetrics(String busy, String max) {
        public ThreadMetrics {
            required(busy, "metrics.requestThreads.busy");
            required(max, "metrics.requestThreads.max");
        }
    }

    /** The connection pool's gauges, and its timeout counter where the pool has one. */
    public record PoolMetrics(String active, String idle, String pending, Optional<String> timeouts) {
        public PoolMetrics {
            required(active, "metrics.pool.active");
            required(idle, "metrics.pool.idle");
            required(pending, "metrics.pool.pending");
            timeouts = timeouts == null ? Optional.empty() : timeouts;
        }
    }

    /**
     * The scenarios the server implements: whole groups, minus the exceptions (scenario id → why not).
     *
     * @param othersReason why the groups it does not list are not served; needed when it leaves one out
     */
    public record ServedScenarios(List<ScenarioGroup> groups, Optional<String> othersReason, Map<String, String> except) {
        public ServedScenarios {
            groups = List.copyOf(required(groups, "scenarios.groups"));
            othersReason = othersReason == null ? Optional.empty() : othersReason;
            except = except == null ? Map.of() : Map.copyOf(except);
            boolean leavesOut = !groups.containsAll(List.of(ScenarioGroup.values()));
            if (leavesOut && othersReason.isEmpty()) {
                throw new IllegalArgumentException("scenarios.othersReason: say why the groups not listed are not served");
            }
            for (String id : except.keySet()) {
                if (!Scenarios.idList().contains(id)) {
                    throw new IllegalArgumentException("scenarios.except: unknown scenario '" + id + "' (allowed: "
                            + Scenarios.ids() + ")");
                }
            }
        }
    }

    /**
     * One model the server serves: the server plus the arguments that make it that model.
     *
     * @param carriers how many carrier threads its virtual threads get; empty: the JDK's default, one per core
     * @param args     what the lab passes to select the model
     */
    public record ModelDescriptor(
            String id,
            String description,
            Threading threading,
            JdkRule jdk,
            Optional<CarrierRule> carriers,
            List<String> args,
            Optional<String> poolName) {
        public ModelDescriptor {
            required(id, "models.id");
            required(description, "models[" + id + "].description");
            required(threading, "models[" + id + "].threading");
            required(jdk, "models[" + id + "].jdk");
            carriers = carriers == null ? Optional.empty() : carriers;
            args = args == null ? List.of() : List.copyOf(args);
            poolName = poolName == null ? Optional.empty() : poolName;
            if (threading == Threading.VIRTUAL && jdk.min() < 21) {
                throw new IllegalArgumentException("models[" + id + "].jdk.min: virtual threads need JDK 21+, not " + jdk.min());
            }
        }
    }

    /**
     * The JDKs a model runs on.
     *
     * @param preferred         the default feature release
     * @param orNewestInstalled without the preferred one installed, take the newest installed (≥ min) instead
     */
    public record JdkRule(int min, @JsonProperty("default") int preferred, boolean orNewestInstalled) {
        public JdkRule {
            if (min < 17 || preferred < min) {
                throw new IllegalArgumentException("jdk: min ≥ 17 and default ≥ min, not min " + min + ", default " + preferred);
            }
        }
    }

    /** Carrier threads = max(server cores, atLeast): what the server's launcher sets. */
    public record CarrierRule(int atLeast) {
        public CarrierRule {
            if (atLeast < 1) {
                throw new IllegalArgumentException("carriers.atLeast: at least 1, not " + atLeast);
            }
        }
    }

    private static <T> T required(T value, String field) {
        return Objects.requireNonNull(value, () -> field + ": missing");
    }
}
