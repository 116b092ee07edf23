package dev.loomlab.lab.server;

import dev.loomlab.lab.catalog.AppJar;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.metrics.JfrAllocation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The command line and environment that start one model's server, before CPU pinning: the same
 * settings for every model but what its descriptor says makes it that model.
 *
 * @param environment added to the lab's own; credentials go here, not on the command line that ps shows
 * @param training    the start that records the server's start-up cache, to run before this one; empty
 *                    when the server has no cache or its cache is trained
 * @param fromCache   whether {@code command} starts the server from its trained start-up cache
 */
record ServerLaunch(List<String> command, Map<String, String> environment, Optional<Training> training, boolean fromCache) {

    ServerLaunch {
        command = List.copyOf(command);
        environment = Map.copyOf(environment);
    }

    /** A start that records {@code cache}: the server's own command (without its flight recording), trained. */
    record Training(StartupCache cache, List<String> command) {
    }

    /** How to start {@code spec} from its fat jar; refuses, before any jar is looked for, what the server cannot run. */
    static ServerLaunch of(ServerSpec spec, Function<Model, Path> jars) {
        return of(spec, jars, Caches.NONE);
    }

    /** The same, from the start-up cache {@code caches} gives for the jar on the server's JDK, if any. */
    static ServerLaunch of(ServerSpec spec, Function<Model, Path> jars, Caches caches) {
        Model model = spec.model();
        JdbcDriver driver = swappedDriver(spec);
        List<String> jvm = jvmOptions(spec);
        Path jar = jars.apply(model);
        // A swapped JDBC driver needs Boot's own launcher ({@link #jarArguments}), which reads the fat jar: no cache there.
        Optional<AppJar> app = model.app();
        // A user's jar starts as it is: the lab records no start-up cache of it.
        Optional<StartupCache> cache = driver == null && app.isEmpty() ? caches.of(jar, spec.jdk(), spec.jfr() != null) : Optional.empty();
        List<String> command = new ArrayList<>(jvm);
        command.addAll(cellOptions(spec));
        command.addAll(jarArguments(jar, cache, driver));
        List<String> appArgs = applicationArguments(spec, app);
        command.addAll(appArgs);
        Optional<Training> training = cache.filter(c -> !c.trained()).map(c -> training(c, jvm, spec.jfr() != null, appArgs));
        return new ServerLaunch(command, environment(spec, driver, app), training, cache.filter(StartupCache::trained).isPresent());
    }

    /** The JDBC driver {@code spec} swaps in, null for the bundled one; refuses what the server cannot run. */
    private static JdbcDriver swappedDriver(ServerSpec spec) {
        Model model = spec.model();
        if (model.virtualThreads() && !spec.jdk().hasVirtualThreads()) {
            throw new ServerStartException(model + " needs JDK 21+, but the server JDK is " + spec.jdk().describe(), "");
        }
        JdbcDriver driver = spec.jdbcDriver() == null || spec.jdbcDriver().bundled() ? null : spec.jdbcDriver();
        if (driver != null && !model.swapsJdbcDriver()) {
            throw new ServerStartException(model + " cannot swap its JDBC driver: its server (" + model.server()
                    + ") runs on its own; asked for " + driver, "");
        }
        return driver;
    }

    /** The JVM and its options, the same for the server and its training start. */
    private static List<String> jvmOptions(ServerSpec spec) {
        List<String> jvm = new ArrayList<>(List.of(
                spec.jdk().java().toString(),
                "-Xms" + spec.heap(), "-Xmx" + spec.heap(),
                // G1 on every model, as on the seeds' multi-core servers: on one CPU the JVM would pick
                // the Serial collector, whose young pauses (copying thousands of parked virtual
                // threads' stacks) stopped mvc-virtual for 6 % of a 3,000-VU window here.
                "-XX:+UseG1GC",
                "-XX:+ExitOnOutOfMemoryError"));
        if (spec.cpus().pinned()) {
            // The server starts on every CPU and is pinned to its own at its ready line (a start is class
            // loading and JIT compiling, which a second core nearly halves); told its cores here, it sizes
            // its GC, JIT, carrier and event-loop threads for the CPUs it is measured on, as a pinned start does.
            jvm.add("-XX:ActiveProcessorCount=" + spec.cpus().serverCores());
        }
        return jvm;
    }

    /** The JVM options of the cell's server alone: its temporary files and its flight recording. */
    private static List<String> cellOptions(ServerSpec spec) {
        List<String> options = new ArrayList<>();
        // Its temporary files in a folder of the cell's own, removed when the server stops: Tomcat's tomcat.PORT.*
        // folders are not deleted at its exit (they hold a work/ folder), and a recording's repository is left behind by
        // a JVM that is killed; in /tmp they piled up by the thousand. Not the training's: it starts no Tomcat.
        options.add("-Djava.io.tmpdir=" + temporaryFolder(spec));
        if (spec.jfr() != null) {
            options.add("-XX:FlightRecorderOptions:repository=" + temporaryFolder(spec));
            options.add(flightRecording(spec.jfr()));
        }
        return options;
    }

    /** What starts the server's classes: from its start-up cache, through Boot's launcher, or the jar itself. */
    private static List<String> jarArguments(Path jar, Optional<StartupCache> cache, JdbcDriver driver) {
        if (cache.isPresent()) {
            return cache.get().launch();
        }
        if (driver != null) {
            // The jar's own launcher ignores the class path; PropertiesLauncher adds loader.path to it
            // and still starts the manifest's Start-Class.
            return List.of("-Dloader.path=" + driver.jar(), "-cp", jar.toString(),
                    "org.springframework.boot.loader.launch.PropertiesLauncher");
        }
        return List.of("-jar", jar.toString());
    }

    /** The application's arguments, after the jar: the lab's, the model's, the spec's, then a user's jar's own. */
    private static List<String> applicationArguments(ServerSpec spec, Optional<AppJar> app) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=" + spec.port(),
                // After its window a cell's in-flight requests are not measured: Boot's graceful
                // shutdown waited 30 s for requests stuck on a stopped database before the next cell.
                "--server.shutdown=immediate",
                // the pool size under the lab's own name on its servers, under Boot's on a user's jar
                app.isPresent() ? "--spring.datasource.hikari.maximum-pool-size=" + spec.poolSize() : "--loomlab.pool-size=" + spec.poolSize()));
        // What makes the server this model, as its descriptor says (spring.threads.virtual.enabled on
        // the JDBC servers; the legacy server, Boot 2.7, binds it itself to apply seed 001's recipe).
        args.addAll(spec.model().args());
        args.addAll(spec.extraArgs());
        app.ifPresent(a -> {
            // Boot keeps Tomcat's MBeans (its thread pool's gauges in Actuator) off unless asked; the lab's servers ask
            args.add("--server.tomcat.mbeanregistry.enabled=true");
            if (spec.launchPrefix().isEmpty()) {
                // on the lab's own machine the jar answers the lab alone: Boot binds every interface unless told
                args.add("--server.address=127.0.0.1");
            }
            // the user's own arguments last: where they set what the lab sets too, theirs win
            args.addAll(SecretArguments.of(a.args(), a.env()).commandLine());
        });
        return args;
    }

    /** The server's environment: the database's address and credentials, and a user's jar's own. */
    private static Map<String, String> environment(ServerSpec spec, JdbcDriver driver, Optional<AppJar> app) {
        Map<String, String> env = new LinkedHashMap<>();
        var db = spec.database();
        switch (spec.model().pool()) {
            case R2DBC -> {
                env.put("SPRING_R2DBC_URL", db.r2dbcUrl());
                env.put("SPRING_R2DBC_USERNAME", db.user());
                env.put("SPRING_R2DBC_PASSWORD", db.password());
            }
            case JDBC -> {
                env.put("SPRING_DATASOURCE_URL", driver == null ? db.jdbcUrl() : driver.url(db.jdbcUrl()));
                if (driver != null) {
                    env.put("SPRING_DATASOURCE_DRIVER_CLASS_NAME", driver.driverClass());
                }
                env.put("SPRING_DATASOURCE_USERNAME", db.user());
                env.put("SPRING_DATASOURCE_PASSWORD", db.password());
            }
        }
        app.ifPresent(a -> {
            env.putAll(a.env());
            SecretArguments.of(a.args(), a.env()).environment().ifPresent(json -> env.put(SecretArguments.ENV, json));
        });
        return env;
    }

    /** The start that records {@code cache}: the server's JVM without its cell's options, then the training, then its arguments. */
    private static Training training(StartupCache cache, List<String> jvm, boolean recording, List<String> appArgs) {
        List<String> train = new ArrayList<>(jvm);
        if (recording) {
            // A recording adds the JFR module, and a JVM takes only a cache recorded with the same modules.
            train.add(flightRecording(cache.archive().resolveSibling("training.jfr")));
        }
        train.addAll(cache.training());
        train.addAll(appArgs);
        return new Training(cache, train);
    }

    /**
     * The server's own temporary folder, beside its log ({@code logs/mvc-virtual-block-r1.server.tmp}): made before
     * it starts, removed once it has stopped ({@link ServerProcess}).
     */
    public static Path temporaryFolder(ServerSpec spec) {
        String log = spec.log().getFileName().toString();
        return spec.log().resolveSibling((log.endsWith(".log") ? log.substring(0, log.length() - 4) : log) + ".tmp");
    }

    /** The server's flight recording into {@code file}. */
    static String flightRecording(Path file) {
        // Default settings (~1 % overhead) include jdk.VirtualThreadPinned over 20 ms.
        return "-XX:StartFlightRecording=filename=" + file + ",settings=default,"
                // Every 1 s Thread.sleep of the block scenarios is a sleep event with a stack
                // trace: 3,000 a second on mvc-virtual, none on webflux (which never sleeps a
                // thread) - a cost only one model would pay.
                + "jdk.ThreadSleep#enabled=false,"
                // every thread's allocated bytes each second (default: at chunk ends only): a window's exact
                // allocation, read by JfrAllocation
                + "jdk.ThreadAllocationStatistics#period=" + JfrAllocation.PERIOD.toMillis() + "ms,"
                // The database password reaches the server in its environment: a recording must not carry it.
                + "jdk.InitialEnvironmentVariable#enabled=false,"
                // Nor the command lines of the machine's processes: the lab's own may hold it (--db-password,
                // a URL's password=).
                + "jdk.SystemProcess#enabled=false,"
                // Nor the server's own arguments and system properties: a user's jar takes its appArgs there
                // (--spring.datasource.password=...), and -D properties may hold secrets as well.
                + "jdk.JVMInformation#enabled=false,jdk.InitialSystemProperty#enabled=false,dumponexit=true";
    }

    /** The start-up cache of a server jar on a JDK, with or without a flight recording. */
    @FunctionalInterface
    interface Caches {
        Caches NONE = (jar, jdk, recording) -> Optional.empty();

        Optional<StartupCache> of(Path jar, Jdk jdk, boolean recording);
    }
}
