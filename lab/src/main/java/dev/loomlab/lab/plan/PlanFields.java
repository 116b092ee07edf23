package dev.loomlab.lab.plan;

import dev.loomlab.lab.catalog.AppJar;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.load.EngineCatalog;
import dev.loomlab.lab.load.agents.LoadAgent;
import dev.loomlab.lab.server.JdbcDriver;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.lab.settings.Topology;
import dev.loomlab.load.Durations;
import dev.loomlab.load.Protocol;
import dev.loomlab.load.Window;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * A {@link PlanDocument}'s fields resolved one by one into a {@link Plan}: each missing field from {@link Defaults},
 * ids to their types, each field's own rule (its allowed values, its range, nothing listed twice). The rules between
 * the resolved fields are {@link PlanRules}'.
 */
final class PlanFields {
    /** The load engines (docs/engines.md); whether k6 or wrk is installed is checked when a run builds its engine. */
    private static final List<String> ENGINES = EngineCatalog.standard().ids();

    private PlanFields() {
    }

    /** The plan {@code f} makes (a load shape out of range: {@link dev.loomlab.load.InvalidLoadException}). */
    static Plan build(PlanDocument f) {
        refuseOverlap(f);
        String dbUrl = blankToNull(f.dbUrl());
        Dialect database = dbUrl != null && f.database() == null
                ? dialectOfUrl(dbUrl)
                : choice("database", f.database(), Defaults.DATABASE, Dialect::byId, Dialect.ids());
        if (dbUrl != null && dialectOfUrl(dbUrl) != database) {
            throw new PlanException("dbUrl " + PlanDocument.maskUrl(dbUrl) + " is not a " + database + " URL");
        }
        Optional<AppJar> app = ForeignService.app(f);
        return new Plan(
                f.name() == null ? "custom" : f.name(),
                f.description() == null ? "" : f.description(),
                app.isPresent() ? ForeignService.appModels(app.get(), f.models())
                        : list("models", f.models(), Model.idList(), Model::byId),
                scenarios(f),
                orElse(f.sleepMs(), Defaults.SLEEP_MS),
                workload(f),
                window(f),
                orElse(f.rounds(), Defaults.ROUNDS),
                orElse(f.poolSize(), Defaults.POOL_SIZE),
                heap(f.heap()),
                database,
                dbUrl,
                blankToNull(f.dbUser()),
                blankToNull(f.dbPassword()),
                choice("engine", f.engine(), Defaults.ENGINE, e -> {
                    if (!ENGINES.contains(e)) {
                        throw new IllegalArgumentException();
                    }
                    return e;
                }, String.join(", ", ENGINES)),
                orElse(f.requestTimeout(), Defaults.REQUEST_TIMEOUT),
                orElse(f.poolTimeout(), Defaults.POOL_TIMEOUT),
                orElse(f.serverStartTimeout(), Defaults.SERVER_START_TIMEOUT),
                jdks(f.jdks()),
                orElse(f.tomcatThreads(), Defaults.TOMCAT_MAX_THREADS),
                jdbcDrivers(f.jdbcDrivers(), database),
                topology(f),
                order(f),
                f.agents() == null ? List.of() : LoadAgent.parseAll(f.agents()),

                ForeignService.requests(f.requests()),
                f.slo(),
                ForeignService.trust(f.tls()),
                app,
                f.shape() == null ? LoadShape.STEADY : f.shape());
    }

    /** The contract's scenarios, or the one scenario of a plan's own requests. */
    private static List<Scenario> scenarios(PlanDocument f) {
        if (f.requests() == null || f.requests().isEmpty()) {
            return list("scenarios", f.scenarios(), Scenarios.idList(), Scenarios::byId);
        }
        if (f.scenarios() != null && !f.scenarios().equals(List.of(Scenarios.REQUESTS.id()))) {
            throw new PlanException("scenarios and requests: a plan measures the contract's scenarios or requests of its own, give one of them");
        }
        return List.of(Scenarios.REQUESTS);
    }

    private static <T> T orElse(T value, T fallback) {
        return value == null ? fallback : value;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    /** The load shape: a burst, else an open rate, else closed VUs (the plan's or the default). */
    private static Workload workload(PlanDocument f) {
        if (f.burst() != null) {
            if (f.rate() != null) {
                throw new PlanException("burst and rate are two different load shapes: give one of them");
            }
            return new Workload.Burst(f.burst());
        }
        return f.rate() != null ? new Workload.Open(f.rate()) : new Workload.Closed(orElse(f.vus(), Defaults.VUS));
    }

    private static Topology topology(PlanDocument f) {
        return new Topology(choice("topology", f.topology(), Topology.LOCAL_MODE, t -> {
            if (!t.equals(Topology.LOCAL_MODE) && !t.equals(Topology.SPLIT_MODE)) {
                throw new IllegalArgumentException();
            }
            return t;
        }, "local, split"), orElse(f.appLatency(), Duration.ZERO), orElse(f.appJitter(), Duration.ZERO),
                orElse(f.dbLatency(), Duration.ZERO), orElse(f.dbJitter(), Duration.ZERO));
    }

    /**
     * The JDBC driver axis of the mvc models (the driver-pinning pitfall): ids of
     * {@code server.JdbcDriver}; every one talks MySQL's protocol, so the database must be MariaDB.
     */
    private static List<String> jdbcDrivers(List<String> ids, Dialect database) {
        if (ids == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String id : ids) {
            JdbcDriver.byId(id);
            if (out.contains(id)) {
                throw new PlanException("jdbcDrivers: " + id + " is listed twice");
            }
            out.add(id);
        }
        if (out.isEmpty()) {
            throw new PlanException("jdbcDrivers: give at least one driver (" + JdbcDriver.ids()
                    + ") or leave the field out");
        }
        if (database != Dialect.MARIADB) {
            throw new PlanException("jdbcDrivers: every driver of the axis speaks MySQL's protocol: set database: mariadb (got "
                    + database.id() + ")");
        }
        return out;
    }

    /** " (legacy's" — the models the oldest JDK is there for, as their descriptors say — or " (the lab's". */
    private static String oldestModels() {
        List<String> oldest = Model.values().stream().filter(m -> m.minJdk() == MIN_SERVER_JDK).map(Model::id).toList();
        return oldest.isEmpty() ? " (the lab's" : " (" + String.join(", ", oldest) + "'s";
    }

    /** The JDK axis: feature versions, e.g. [21, 25]; absent = each model's default JDK. */
    private static List<Integer> jdks(List<Integer> features) {
        if (features == null) {
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        for (int feature : features) {
            if (feature < MIN_SERVER_JDK || feature > 99) {
                throw new PlanException("jdks: JDK " + feature + " cannot run a server here: the oldest is " + MIN_SERVER_JDK
                        + oldestModels() + "; JDK 8 is not installable on this machine)");
            }
            if (out.contains(feature)) {
                throw new PlanException("jdks: " + feature + " is listed twice");
            }
            out.add(feature);
        }
        if (out.isEmpty()) {
            throw new PlanException("jdks: give at least one feature version (e.g. jdks: [21, 25]) or leave the field out");
        }
        return out;
    }

    /** The oldest JDK any model's server runs on (legacy, on JDK 17). */
    static final int MIN_SERVER_JDK = 17;

    static Dialect dialectOfUrl(String jdbcUrl) {
        if (jdbcUrl.startsWith("jdbc:postgresql:")) {
            return Dialect.POSTGRES;
        }
        if (jdbcUrl.startsWith("jdbc:mariadb:") || jdbcUrl.startsWith("jdbc:mysql:")) {
            return Dialect.MARIADB;
        }
        throw new PlanException("dbUrl must start with jdbc:postgresql: or jdbc:mariadb:");
    }

    private static <T> List<T> list(String key, List<String> given, List<String> all, Function<String, T> byId) {
        List<String> ids = given == null ? all : given;
        if (ids.isEmpty()) {
            throw new PlanException(key + ": at least one is needed (allowed: " + String.join(", ", all) + ")");
        }
        List<T> out = new ArrayList<>();
        for (String id : ids) {
            try {
                T item = byId.apply(id);
                if (out.contains(item)) {
                    throw new PlanException(key + ": '" + id + "' is listed twice");
                }
                out.add(item);
            } catch (IllegalArgumentException e) {
                throw new PlanException(key + ": " + e.getMessage());
            }
        }
        return out;
    }

    private static String heap(String given) {
        String heap = (given == null ? Defaults.HEAP : given).trim().toLowerCase(Locale.ROOT);
        if (!heap.matches("\\d{1,6}[mg]")) {
            throw new PlanException("heap must look like 512m or 2g, got '" + heap + "'");
        }
        return heap;
    }

    private static <T> T choice(String key, String given, T fallback, Function<String, T> byId, String allowed) {
        if (given == null) {
            return fallback;
        }
        try {
            return byId.apply(given.trim());
        } catch (IllegalArgumentException e) {
            throw new PlanException(key + ": unknown value " + PlanValues.quoted(given) + " (allowed: " + allowed + ")");
        }
    }

    /**
     * Every cell runs alone: {@code overlap} is recorded as {@code none} and a plan may say no more. The opt-in
     * {@code beside-next} (the next cell's server started during a warm-up, a cell's end beside the next one's start) was
     * taken out (issue 37): an interleaved A/B showing it changes no figure was never made.
     */
    private static void refuseOverlap(PlanDocument f) {
        if (f.overlap() != null && !f.overlap().trim().equals(PlanDocument.ALONE)) {
            throw new PlanException("overlap: " + PlanValues.quoted(f.overlap()) + " is no longer offered: every cell runs alone"
                    + " (allowed: " + PlanDocument.ALONE + ", or leave the field out)");
        }
    }

    /** The warm-up and window: a settling warm-up ({@code auto}, the default) up to {@code warmupMax}, or a fixed one. */
    private static Window window(PlanDocument f) {
        Duration measure = orElse(f.duration(), Defaults.DURATION);
        return switch (orElse(f.warmup(), Warmup.AUTO)) {
            case Warmup.Fixed fixed -> new Window(fixed.length(), measure);
            case Warmup.Auto auto -> {
                Duration cap = orElse(f.warmupMax(), Protocol.WARMUP_MAX);
                if (cap.toMillis() % 1000 != 0 || cap.compareTo(Protocol.WARMUP_FLOOR) <= 0) {
                    throw new PlanException("warmupMax must be whole seconds above the " + Durations.format(Protocol.WARMUP_FLOOR)
                            + " floor of warmup: auto, got " + Durations.format(cap));
                }
                yield Window.settling(Protocol.WARMUP_FLOOR, cap, measure);
            }
        };
    }

    /**
     * The models' order: shuffled (the default) from the plan's seed, or a new one drawn now and then recorded with the
     * plan in the manifest (a resumed run reads it back); or fixed, which takes no seed.
     */
    private static CellOrder order(PlanDocument f) {
        String order = choice("order", f.order(), "shuffled", text -> {
            if (!text.equals("shuffled") && !text.equals("fixed")) {
                throw new IllegalArgumentException();
            }
            return text;
        }, "shuffled, fixed");
        return switch (order) {
            case "fixed" -> {
                if (f.seed() != null) {
                    throw new PlanException("seed applies to order: shuffled; order: fixed runs the plan's own order");
                }
                yield CellOrder.FIXED;
            }
            case "shuffled" -> new CellOrder.Shuffled(f.seed() != null ? f.seed()
                    : ThreadLocalRandom.current().nextLong(0, Long.MAX_VALUE));
            default -> throw new IllegalStateException(order);
        };
    }
}
