package dev.loomlab.lab.cli;

import dev.loomlab.lab.catalog.AppServer;
import dev.loomlab.lab.catalog.ModelIds;
import dev.loomlab.lab.os.SecretMask;
import dev.loomlab.lab.plan.PlanBinding;
import dev.loomlab.lab.plan.PlanDocument;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.lab.settings.PlanException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Flags that override a plan's fields; a flag not given leaves the plan's value. Each flag is
 * declared from the plan field it sets: named after it in kebab case ({@code sleepMs} is
 * {@code --sleep-ms}), split at commas when the field is a list, and read back by that field's
 * name, so a field is spelled once here, in {@link #HELP}, beside what a person reads. A verb
 * takes all of them with this mixin, or a group of them ({@link ServerFlags}, {@link LoadFlags}) as
 * its model transformer.
 */
@Command(modelTransformer = PlanOptions.AllFlags.class)
public final class PlanOptions {
    @Option(names = "--plan", paramLabel = "NAME|FILE", description = "a preset (see 'loomlab plans') or a plan .yaml file; default: " + Defaults.PLAN)
    String plan = Defaults.PLAN;

    /** The command this mixin is part of: the flags {@link AllFlags} added to the mixin are its own. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** Where the database password comes from when neither {@code --db-password} nor {@code --db-password-file} is given. */
    static final String PASSWORD_ENV = "LOOMLAB_DB_PASSWORD";
    /** The password's file flag: a command line every local user can read in {@code ps} holds its path, not the secret. */
    static final String PASSWORD_FILE_FLAG = "--db-password-file";
    /**
     * The launcher moves {@link #PASSWORD_ENV} out of the environment before the lab starts (every child — the user's
     * jar, k6, ssh, the driver — would inherit it) into a descriptor the lab's children do not get, and names it here.
     */
    static final String PASSWORD_FILE_PROPERTY = "loomlab.dbPasswordFile";

    /** Each plan field a flag sets, in the order the flags are bound: the value's label, then the help line. */
    private static final Map<String, String[]> HELP = table(
            "models", "ID", "models, comma-separated: ${COMPLETION-CANDIDATES}",
            "scenarios", "ID", "scenarios, comma-separated: thread-name, block, block-query, slow-query",
            "vus", "N", "virtual users (closed model); default " + Defaults.VUS,
            "rate", "R", "open model: R requests/s on a fixed schedule instead of VUs; latency counts from each request's intended send time",
            "burst", "N", "burst: N requests at once, timed until the last answer (seeds 002 and 004)",
            "shape", "SHAPE", "how the load runs over the window: steady (default); soak (a long window: the slopes of RSS, heap "
                    + "and p99 fitted, a finding when memory grows); spike Kx for T at S (K times the load for T, S into the "
                    + "window, then back: errors during it and the time p99 takes to recover; hyperfoil); ramp from A over T "
                    + "(A users rising to --vus over T of the window, then held: where throughput stopped rising and p99 doubled; hyperfoil)",
            "warmup", "auto|DURATION", "warm-up before the measured window: auto (default) until the load has settled, at least "
                    + "5s and at most --warmup-max; or a fixed time, e.g. 20s",
            "warmupMax", "DURATION", "warmup auto: the longest it may last (whole seconds); a cell unsettled by then is measured "
                    + "and marked not settled; default 60s",
            "duration", "DURATION", "measured window, e.g. 30s",
            "rounds", "N", "rounds per cell",
            "sleepMs", "MS", "the sleep of block, block-query and slow-query; default " + Defaults.SLEEP_MS,
            "poolSize", "N", "connection pool (JDBC and R2DBC); default " + Defaults.POOL_SIZE,
            "heap", "SIZE", "server heap, fixed (-Xms = -Xmx), e.g. 1g; default " + Defaults.HEAP,
            "database", "postgres|mariadb", "database (embedded unless --db-url); default postgres",
            "dbUrl", "JDBC_URL", "an external database instead of the embedded one",
            "dbUser", "USER", "user of the external database",
            "dbPassword", "PASSWORD", "password of the external database (or env " + PASSWORD_ENV + ")",
            "engine", "ID", "load engine; default " + Defaults.ENGINE,
            "requestTimeout", "DURATION", "client request timeout; default 60s",
            "poolTimeout", "DURATION", "how long a request waits for a pooled connection; default 30s",
            "serverStartTimeout", "DURATION", "how long a server may take to start and answer before its cell fails; default "
                    + Defaults.SERVER_START_TIMEOUT.toSeconds() + "s",
            "jdks", "N", "the JDK axis: run each model's server on these JDK feature versions, e.g. 21,25; default: each model's own "
                    + "({ownJdks})",
            "tomcatThreads", "N", "{requestThreads}; default " + Defaults.TOMCAT_MAX_THREADS,
            "jdbcDrivers", "ID", "the JDBC driver axis of the models whose server swaps its driver (the driver-pinning pitfall, on --db mariadb): "
                    + "mariadb (the server's own), mysql-8.1.0 (seed 000's era: synchronized around socket reads), mysql-9.5.0; default: the server's own",
            "topology", "local|split", "local: driver, server and database on loopback (default); split: each in a network namespace of its own "
                    + "(needs root and iproute2)",
            "order", "shuffled|fixed", "the models' order within each round and scenario: shuffled (default) from --seed, so that "
                    + "a model does not always follow the same neighbour; fixed: the plan's order",
            "seed", "N", "the shuffled order's seed (default: drawn at the start and recorded in the manifest)",
            "appLatency", "DELAY", "split topology: one-way delay between the load driver and the server, e.g. 2ms, 0.5ms, 500us",
            "appJitter", "DELAY", "split topology: uniform jitter around --app-latency, e.g. 0.2ms",
            "dbLatency", "DELAY", "split topology: one-way delay between the server and the database, e.g. 1ms",
            "dbJitter", "DELAY", "split topology: uniform jitter around --db-latency, e.g. 0.1ms",
            "agents", "AGENTS", "load agents that run each cell's k6 test together, each its execution segment (latency merged from "
                    + "their samples): N namespaces of the split topology (netns agents), or ssh://user@host,… real machines; default none",
            "slo", "THRESHOLD", "thresholds every cell must meet, comma-separated, e.g. 'p99 < 250ms,errors < 0.1%%,tps > 900': "
                    + "a failed one makes the run exit 99 and fail its JUnit report (slo-junit.xml)",
            "tls", "insecure|FILE.pem", "whom an https service's certificate must come from: a PEM certificate file (e.g. a self-signed "
                    + "server's), or insecure (any certificate); default: the JDK's certificate authorities",
            "app", "JAR", "your Spring Boot jar: the lab runs it as " + AppServer.PLATFORM + " and " + AppServer.VIRTUAL
                    + " (spring.threads.virtual.enabled) per cell",
            "appArgs", "ARG", "arguments for your jar, comma-separated (e.g. --spring.profiles.active=bench)",
            "appReady", "PATH", "the path that answers 200 once your jar serves; default: Actuator's /actuator/health when it answers, else /");

    private static Map<String, String[]> table(String... rows) {
        Map<String, String[]> help = new LinkedHashMap<>();
        for (int i = 0; i < rows.length; i += 3) {
            help.put(rows[i], new String[] {rows[i + 1], rows[i + 2]});
        }
        return help;
    }

    /** The flag that sets {@code field}: its name in kebab case, but {@code --db} for the database. */
    static String flag(String field) {
        return field.equals("database") ? "--db" : "--" + field.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
    }

    /** Adds the flags of {@code fields} (plan field names) to a command. */
    private static CommandSpec addFlags(CommandSpec command, List<String> fields) {
        for (String field : fields) {
            String[] help = HELP.get(field);
            OptionSpec.Builder option = OptionSpec.builder(flag(field)).paramLabel(help[0]).description(CatalogHelp.fill(help[1]));
            boolean list = Arrays.stream(PlanDocument.class.getRecordComponents())
                    .filter(c -> c.getName().equals(field)).map(RecordComponent::getType).findFirst().orElseThrow() == List.class;
            option = list ? option.type(List.class).auxiliaryTypes(String.class).splitRegex(",") : option.type(String.class);
            if (field.equals("models")) {
                option.completionCandidates(new ModelIds());
            }
            command.addOption(option.build());
            if (field.equals("dbPassword")) {
                command.addOption(OptionSpec.builder(PASSWORD_FILE_FLAG).paramLabel("FILE").type(String.class)
                        .description("a file whose first line is the external database's password (kept off the command line)")
                        .build());
            }
        }
        return command;
    }

    /**
     * Some of the plan's flags on a verb: a subclass names the fields, and picocli, which builds a model transformer
     * from its class, adds their flags when it builds the verb; the verb reads them back with {@link #given}.
     */
    abstract static class Flags implements IModelTransformer {
        private final List<String> fields;

        Flags(List<String> fields) {
            this.fields = fields;
        }

        @Override
        public CommandSpec transform(CommandSpec command) {
            return addFlags(command, fields);
        }
    }

    /** Every plan field as a flag. */
    static final class AllFlags extends Flags {
        AllFlags() {
            super(List.copyOf(HELP.keySet()));
        }
    }

    /** What a server is started with: its database, its pool and its heap ({@code serve}). */
    static final class ServerFlags extends Flags {
        ServerFlags() {
            super(List.of("database", "dbUrl", "dbUser", "dbPassword", "poolSize", "heap", "serverStartTimeout"));
        }
    }

    /** The load one cell puts on its server ({@code k8s-manifest}). */
    static final class LoadFlags extends Flags {
        LoadFlags() {
            super(List.of("vus", "rate", "sleepMs", "warmup", "duration", "requestTimeout"));
        }
    }

    /**
     * The plan flags a command was given, by plan field, as picocli read them (the password from
     * {@link #PASSWORD_ENV} when its flag was not given): {@code PlanLoader} binds them to a
     * {@code PlanDocument} through the same binding as a plan file, so a flag and a field are
     * refused alike.
     */
    static Map<String, Object> given(CommandSpec command) {
        Map<String, Object> o = new LinkedHashMap<>();
        for (String field : HELP.keySet()) {
            OptionSpec option = command.findOption(flag(field));
            Object value = option == null ? null : option.getValue();
            if (option != null && field.equals("dbPassword")) {
                value = password(command, (String) value);
            }
            if (value instanceof List<?> args && field.equals("appArgs")
                    && args.stream().anyMatch(a -> !SecretMask.argument(String.valueOf(a)).equals(a))) {
                warn(command, "loomlab: warning: --app-args puts a credential on the command line, where every local user can"
                        + " read it (ps): give it as appArgs in a plan file (the lab hands it to your jar in its environment)");
            }
            if (value != null) {
                o.put(field, value);
            }
        }
        return o;
    }

    private static void warn(CommandSpec command, String warning) {
        if (command.commandLine() != null) {
            command.commandLine().getErr().println(warning);
        } else {
            System.err.println(warning);
        }
    }

    /**
     * The database password: {@code --db-password} (with a warning: every local user reads it in {@code ps}), else the
     * first line of {@code --db-password-file}, else {@link #PASSWORD_ENV} as the launcher handed it over, else as
     * the environment has it (the lab started without the launcher); null when none is given.
     */
    private static String password(CommandSpec command, String flag) {
        if (flag != null) {
            warn(command, "loomlab: warning: --db-password puts the password on the command line, where every local user can"
                    + " read it (ps): prefer " + PASSWORD_FILE_FLAG + " FILE or " + PASSWORD_ENV);
            return flag;
        }
        OptionSpec fileOption = command.findOption(PASSWORD_FILE_FLAG);
        String file = fileOption == null ? null : fileOption.getValue();
        if (file != null) {
            return firstLine(Path.of(file), PASSWORD_FILE_FLAG + " " + file);
        }
        if (System.getProperty(PASSWORD_FILE_PROPERTY) == null) {
            return System.getenv(PASSWORD_ENV);
        }
        if (HandedOver.FAILURE != null) {
            throw new PlanException(HandedOver.FAILURE);
        }
        return HandedOver.PASSWORD;
    }

    /** The launcher's descriptor may be a pipe, readable once: read at the first need and kept for the process. */
    private static final class HandedOver {
        static final String PASSWORD;
        static final String FAILURE;

        static {
            String password = null;
            String failure = null;
            try {
                password = firstLine(Path.of(System.getProperty(PASSWORD_FILE_PROPERTY)), PASSWORD_ENV);
            } catch (PlanException e) {
                failure = e.getMessage();
            }
            PASSWORD = password;
            FAILURE = failure;
        }
    }

    private static String firstLine(Path file, String source) {
        try {
            return Files.readString(file).lines().findFirst().orElse("");
        } catch (IOException | UncheckedIOException e) {
            throw new PlanException(source + ": cannot read the database password: " + e.getMessage());
        }
    }

    /** True when {@code --plan} names another plan than the default (a preset holds no secret, the default included). */
    boolean planGiven() {
        return !Defaults.PLAN.equals(plan);
    }

    /** The plan flags given to this command. */
    Map<String, Object> overrides() {
        return given(command);
    }

    /** The flags as a document of overrides. */
    PlanDocument document() {
        return PlanBinding.bind("command line", overrides());
    }
}
