package dev.loomlab.lab.catalog;

import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * A concurrency model loomlab compares: a server application plus the arguments that make it that
 * model (mvc-platform and mvc-virtual are the same application, differing only by
 * {@code spring.threads.virtual.enabled}). Its values come from the server's descriptor
 * ({@link ServerCatalog}); two models are equal when their ids are.
 */
public final class Model {
    private final ServerDescriptor server;
    private final ServerDescriptor.ModelDescriptor model;

    Model(ServerDescriptor server, ServerDescriptor.ModelDescriptor model) {
        this.server = server;
        this.model = model;
    }

    public String id() {
        return model.id();
    }

    /** The server module (application) that serves this model. */
    public String server() {
        return server.server();
    }

    public String description() {
        return model.description();
    }

    public Threading threading() {
        return model.threading();
    }

    public boolean virtualThreads() {
        return model.threading() == Threading.VIRTUAL;
    }

    /** Whether requests are served from a bounded pool of platform request threads (a servlet container's max threads). */
    public boolean threadPerRequestPool() {
        return model.threading() == Threading.PLATFORM_POOL;
    }

    /** Served by a blocking stack with JDBC; the others run on event loops with R2DBC. */
    public boolean servletStack() {
        return server.pool() == PoolKind.JDBC;
    }

    /** Reaches the database through R2DBC on event loops. */
    public boolean r2dbc() {
        return server.pool() == PoolKind.R2DBC;
    }

    public PoolKind pool() {
        return server.pool();
    }

    /**
     * The connection pool's name for people: the descriptor's when it names one (a server whose models reach the
     * database through different pools, such as Agroal and the Vert.x client in one application), else the kind's.
     */
    public String poolName() {
        return model.poolName().orElse(server.pool().poolName());
    }

    /** The oldest JDK the model's server runs on. */
    public int minJdk() {
        return model.jdk().min();
    }

    /** The JDK the model runs on when the plan names none (if installed; see {@link #defaultJdkOrNewest()}). */
    public int defaultJdk() {
        return model.jdk().preferred();
    }

    /** Whether, without its {@link #defaultJdk()} installed, the newest installed JDK ≥ {@link #minJdk()} will do. */
    public boolean defaultJdkOrNewest() {
        return model.jdk().orNewestInstalled();
    }

    /**
     * The carrier threads its virtual threads get on a server of {@code serverCores} cores: what its
     * launcher sets, else the JDK's default of one per core.
     */
    public int carriers(int serverCores) {
        return Math.max(serverCores, model.carriers().map(ServerDescriptor.CarrierRule::atLeast).orElse(1));
    }

    /** What findings call this model's request threads, for example "Tomcat threads". */
    public String requestThreadsName() {
        return server.requestThreads().map(ServerDescriptor.RequestThreads::name).orElse(ServerDescriptor.RequestThreads.DEFAULT_NAME);
    }

    /** Whether the lab's request-thread setting (the plan's {@code tomcatThreads}) reaches its pool: its server takes a flag for it. */
    public boolean takesRequestThreadsSetting() {
        return threadPerRequestPool() && server.requestThreads().flatMap(ServerDescriptor.RequestThreads::flag).isPresent();
    }

    /** What the summary calls the pool of its request threads, for example "Tomcat"; empty without such a pool. */
    public Optional<String> requestThreadsPoolName() {
        return threadPerRequestPool() ? server.requestThreads().map(ServerDescriptor.RequestThreads::poolName) : Optional.empty();
    }

    /** What goes before a figure of its request threads, "Tomcat" as in "Tomcat max 200"; empty without a pool. */
    public Optional<String> requestThreadsShortName() {
        return threadPerRequestPool() ? server.requestThreads().map(ServerDescriptor.RequestThreads::shortName) : Optional.empty();
    }

    /**
     * The bounded request-thread pool a platform-thread model serves from, given the lab's
     * {@code --tomcat-threads} setting: the setting where it reaches the server, the server's own
     * limit where it does not; empty for a model without such a pool (virtual threads, event loops).
     */
    public OptionalInt requestThreads(int tomcatThreadsSetting) {
        if (!threadPerRequestPool()) {
            return OptionalInt.empty();
        }
        ServerDescriptor.RequestThreads threads = server.requestThreads().orElseThrow();
        return OptionalInt.of(threads.flag().isPresent() ? tomcatThreadsSetting : threads.limit());
    }

    /** The arguments that set {@code tomcatThreadsSetting} request threads, where the server takes the setting and it differs. */
    public List<String> requestThreadsArgs(int tomcatThreadsSetting) {
        return server.requestThreads()
                .filter(t -> t.flag().isPresent() && t.limit() != tomcatThreadsSetting)
                .map(t -> List.of(t.flag().orElseThrow() + tomcatThreadsSetting))
                .orElse(List.of());
    }

    /** The arguments that make the server this model. */
    public List<String> args() {
        return model.args();
    }

    /** The server's jar, relative to the checkout. */
    public Path jar() {
        return Path.of(server.jar());
    }

    /** Whether the lab can run the server on another JDBC driver than its own. */
    public boolean swapsJdbcDriver() {
        return server.swapsJdbcDriver();
    }

    public ServerDescriptor.Metrics metrics() {
        return server.metrics();
    }

    /** The user's jar this model runs, or empty for a server of the lab's own. */
    public Optional<AppJar> app() {
        return server.server().equals(AppServer.SERVER) ? ServerCatalog.current().app() : Optional.empty();
    }

    /** Why the model does not serve {@code scenario}, or empty when it does. */
    public Optional<String> notServed(Scenario scenario) {
        if (scenario.equals(Scenarios.REQUESTS) || server.server().equals(AppServer.SERVER)) {
            // the plan's own requests go to the user's application, and only there
            return scenario.equals(Scenarios.REQUESTS) == server.server().equals(AppServer.SERVER) ? Optional.empty()
                    : Optional.of(scenario.equals(Scenarios.REQUESTS) ? "the plan's own requests go to your application (--app or --target)"
                            : "your application serves your plan's requests, not the lab's scenarios");
        }
        ServerDescriptor.ServedScenarios served = server.scenarios();
        boolean inGroup = served.groups().stream().anyMatch(g -> g.scenarios().contains(scenario));
        if (!inGroup) {
            return served.othersReason();
        }
        return Optional.ofNullable(served.except().get(scenario.id()));
    }

    /** The scenarios the model's server answers, in the scenarios' order. */
    public List<Scenario> served() {
        return Scenarios.all().stream().filter(s -> notServed(s).isEmpty()).toList();
    }

    public static Model byId(String id) {
        if ((id.equals(AppServer.PLATFORM) || id.equals(AppServer.VIRTUAL)) && ServerCatalog.current().app().isEmpty()) {
            // a run folder of a user's jar read back (report, compare, resume) in a JVM that never ran it: its models
            // are known by their settings; the jar itself is the manifest's business
            ServerCatalog.withApp(new AppJar(Path.of("app.jar"), List.of(), Map.of(), Optional.empty()));
        }
        return ServerCatalog.current().model(id).orElseThrow(
                () -> new IllegalArgumentException("unknown model '" + id + "' (allowed: " + ids() + ")"));
    }

    /** Every model of the lab's own servers (a user's jar runs only when a plan gives it: its models are not listed). */
    public static List<Model> values() {
        return ServerCatalog.current().models().stream().filter(m -> !m.server().equals(AppServer.SERVER)).toList();
    }

    /** The first model of the lab's own servers, in the catalogue's order, that runs on {@code threading}. */
    public static Optional<Model> firstOn(Threading threading) {
        return values().stream().filter(m -> m.threading() == threading).findFirst();
    }

    public static List<String> idList() {
        return values().stream().map(Model::id).toList();
    }

    public static String ids() {
        return values().stream().map(Model::id).collect(Collectors.joining(", "));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Model other && other.id().equals(id());
    }

    @Override
    public int hashCode() {
        return id().hashCode();
    }

    @Override
    public String toString() {
        return id();
    }
}
