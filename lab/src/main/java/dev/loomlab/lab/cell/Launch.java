package dev.loomlab.lab.cell;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.ServerStart;
import dev.loomlab.lab.server.CacheUse;
import dev.loomlab.lab.server.ServerHandle;
import dev.loomlab.lab.server.ServerProcess;
import dev.loomlab.lab.server.ServerSpec;
import dev.loomlab.lab.server.ServerStartException;
import dev.loomlab.lab.topology.Namespaces;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The first stage of a cell: its server. A fresh server JVM for the cell's model, configured from
 * the plan (the fan-out downstream's URL, Tomcat's threads, the pool timeout, the namespace's
 * address), or the running target the run measures.
 */
public final class Launch {
    private Launch() {
    }

    /** The server up, or why it is not. */
    public sealed interface Outcome permits Up, Stop {
    }

    public record Up(ServerHandle server) implements Outcome {
    }

    /** A run's cell: the target, or a server on {@code port} (0: its own choice) logging and recording where the cell's files go. */
    static Outcome cell(Plan plan, Bench bench, Cell cell, Jdk jdk, CellFiles files, int port) {
        if (cell.target()) {
            return new Up(ServerHandle.target(bench.target().orElseThrow(
                    () -> new IllegalStateException("a target cell in a run without a target"))));
        }
        Path root = bench.folder().root();
        return server(plan, bench, cell, jdk, root.resolve(files.serverLog().orElseThrow()), files.jfr().map(root::resolve), port);
    }

    /** The URL a server the lab starts on {@code port} answers at: the namespace's address in the split topology. */
    static String baseUrl(Bench bench, int port) {
        return "http://" + bench.namespaces().map(Namespaces::appAddress).orElse("127.0.0.1") + ":" + port;
    }

    /**
     * A fresh server for {@code cell}'s model.
     *
     * @param serverLog where the server's output goes
     * @param jfr       where its flight recording goes, or empty for none
     */
    public static Outcome server(Plan plan, Bench bench, Cell cell, Jdk jdk, Path serverLog, Optional<Path> jfr) {
        return server(plan, bench, cell, jdk, serverLog, jfr, 0);
    }

    private static Outcome server(Plan plan, Bench bench, Cell cell, Jdk jdk, Path serverLog, Optional<Path> jfr, int port) {
        ServerSpec spec;
        try {
            spec = spec(plan, bench, cell, jdk, serverLog, jfr, port,
                    bench.namespaces().map(ns -> ns.exec(ns.appNamespace(), List.of())).orElse(List.of()));
        } catch (ServerStartException e) {
            return Stop.failed(e.getMessage() + tailNote(e.logTail()));
        }
        return start(spec);
    }

    private static ServerSpec spec(Plan plan, Bench bench, Cell cell, Jdk jdk, Path serverLog, Optional<Path> jfr, int port,
                                   List<String> launchPrefix) {
        Model model = cell.model().orElseThrow(() -> new IllegalArgumentException("a target's server is not started by the lab"));
        return new ServerSpec(model, jdk, plan.heap(), plan.poolSize(), bench.db().endpoint(), bench.cpus(), port, serverLog,
                jfr.orElse(null), plan.serverStartTimeout(), serverArguments(plan, bench, model), cell.jdbcDriver().orElse(null),
                launchPrefix);
    }

    private static Outcome start(ServerSpec spec) {
        try {
            return new Up(ServerProcess.start(spec));
        } catch (ServerStartException e) {
            return Stop.failed("server did not start: " + e.getMessage() + tailNote(e.logTail()));
        }
    }

    /** The plan's settings as the server's own arguments; starts the fan-out downstream on first need. */
    private static List<String> serverArguments(Plan plan, Bench bench, Model model) {
        // Every server of a plan with a fan-out scenario gets the URL: the contract check calls them all.
        List<String> args = new ArrayList<>(FanOutDownstream.needed(plan.scenarios())
                ? List.of(bench.downstream().get().serverArgument()) : List.of());
        args.addAll(model.requestThreadsArgs(plan.tomcatThreads()));
        args.add((model.app().isPresent() ? "--spring.datasource.hikari.connection-timeout=" : "--loomlab.pool-timeout-ms=")
                + plan.poolTimeout().toMillis());
        if (bench.namespaces().isPresent()) {
            Namespaces ns = bench.namespaces().get();
            // Both ports on the app namespace's address: the drivers reach the server through the bridge
            // (and the delayed link), the lab its management port from the root namespace.
            args.add("--server.address=" + ns.appAddress());
            args.add("--management.server.address=" + ns.appAddress());
        }
        return args;
    }

    /**
     * How {@code server} started, as its cell records it: a server the lab started says what its start did with its
     * start-up cache; a target's start is not the lab's to know.
     */
    static ServerStart serverStart(ServerHandle server) {
        return server instanceof ServerProcess started ? serverStart(started.start().cacheUse()) : ServerStart.UNKNOWN;
    }

    static ServerStart serverStart(CacheUse use) {
        return switch (use) {
            case FROM_CACHE -> ServerStart.CACHE;
            case TRAINED -> ServerStart.TRAINING;
            case NONE -> ServerStart.COLD;
        };
    }

    /** The line a person reads once the server answers. */
    static String readyLine(ServerHandle server) {
        return (server instanceof ServerProcess started ? "server ready in " + started.start().time().toMillis() + " ms at " : "target ")
                + server.baseUrl();
    }

    /**
     * The line of a failed start's log a person needs: the last cause of a stack trace where one ends it (its last line
     * is then "... 67 common frames omitted"), else the last line.
     */
    static String tailNote(String tail) {
        if (tail == null || tail.isBlank()) {
            return "";
        }
        List<String> lines = tail.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        String said = lines.getLast().startsWith("...")
                ? lines.reversed().stream().filter(l -> l.startsWith("Caused by:")).findFirst().orElse(lines.getLast())
                : lines.getLast();
        return " — log: " + said;
    }
}
