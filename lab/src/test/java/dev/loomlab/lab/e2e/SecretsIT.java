package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.database.Databases;
import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.testing.MachineSpeed;
import dev.loomlab.lab.testing.SampleShop;
import dev.loomlab.load.SecretHeaders;
import dev.loomlab.load.SecretValues;
import dev.loomlab.scenario.Dialect;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database password given to the real {@code ./loomlab} launcher by flag, by file, by environment
 * and inside the URL reaches the database (the cells succeed) and nothing else: no file of the run
 * folder (the servers' binary flight recordings included), not the lab's console, not the command
 * line or the environment of any Java process the lab starts (nor the lab's own environment once
 * the launcher has handed the variable over), looked at while they run. Four runs of a few cells,
 * about five minutes: a long test ({@code ./loomlab test-long}).
 */
class SecretsIT {
    private static RunningDatabase db;

    @TempDir
    Path out;

    @BeforeAll
    static void database() {
        db = Databases.startEmbedded(Dialect.POSTGRES);
    }

    @AfterAll
    static void stopDatabase() {
        db.close();
    }

    @Test
    void aPasswordGivenByFlagIsInNoFileLogOrChildCommandLine() throws Exception {
        String password = newPassword();
        // one model: the URL's test below takes the password to webflux's R2DBC as well
        Path run = launch(password, Map.of(), "--models", "mvc-virtual", "--db-url", db.endpoint().jdbcUrl(),
                "--db-password", password);
        assertNowhere(password, run);
        // the lab's own command line holds it: the user is told where else to give it
        assertThat(Files.readString(out.resolve("console.txt"))).contains("warning: --db-password puts the password on the command line")
                .contains("--db-password-file");
    }

    @Test
    void aPasswordGivenByFileIsInNoFileLogChildCommandLineOrEnvironment() throws Exception {
        String password = newPassword();
        // beside the run, not in it: the test searches every file under out for the password
        Path file = Files.createTempDirectory("loomlab-secret").resolve("db-password");
        Files.writeString(file, password + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        Path run = launch(password, Map.of(), "--models", "mvc-virtual", "--db-url", db.endpoint().jdbcUrl(),
                "--db-password-file", file.toString());
        assertNowhere(password, run);
        assertThat(Files.readString(out.resolve("console.txt"))).doesNotContain("warning");
        Files.delete(file);
        Files.delete(file.getParent());
    }

    @Test
    void aPasswordGivenByEnvironmentIsInNoFileLogOrChildCommandLine() throws Exception {
        String password = newPassword();
        Path run = launch(password, Map.of("LOOMLAB_DB_PASSWORD", password), "--models", "mvc-virtual",
                "--db-url", db.endpoint().jdbcUrl());
        assertNowhere(password, run);
    }

    @Test
    void aPasswordInsideTheUrlIsInNoFileLogOrChildCommandLine() throws Exception {
        String password = newPassword();
        String url = db.endpoint().jdbcUrl();
        // webflux reads the database through R2DBC, whose URL carries no query: the password must reach it all the same.
        Path run = launch(password, Map.of(), "--models", "mvc-virtual,webflux",
                "--db-url", url + (url.contains("?") ? "&" : "?") + "password=" + password);
        assertNowhere(password, run);
    }

    @Test
    void theUsersSecretsInHeadersEnvironmentAndJarArgumentsAreInNoFileLogConsoleOrCommandLine() throws Exception {
        String secret = newPassword();
        Path jar = SampleShop.jar(Files.createTempDirectory("loomlab-shop-build"));
        // The plan holds the secrets, so it lies beside the run, not in it: the test searches every file under out.
        Path plans = Files.createTempDirectory("loomlab-secret-plan");
        Path plan = plans.resolve("shop.yaml");
        Files.writeString(plan, Files.readString(SampleShop.plan())
                // the order's key drawn from its values (masked by value), the product's written in its header
                .replace("headers: {Content-Type: application/json}", "headers: {Content-Type: application/json, X-Api-Key: '{key}'}")
                .replace("    values: {id: 1..1000}\n    status: 201", "    values: {id: 1..1000, key: [" + secret + "]}\n    status: 201")
                .replace("  - name: product\n", "  - name: product\n    headers: {Authorization: Bearer " + secret + "}\n")
                + "  - name: keyless\n    method: POST\n    path: /orders\n    headers: {Content-Type: application/json}\n"
                + "    body: '{\"productId\": 1, \"quantity\": 1}'\n    status: 401\n"
                + "appEnv: {API_KEY: " + secret + "}\n");
        Path passwordFile = plans.resolve("db-password");
        Files.writeString(passwordFile, secret + "\n");
        // The shop answers a write without its key with 401 once it has a key: the lab checks each request's status before
        // the load, so the cell succeeds only if the key (an argument) reached the shop (keyless: 401, not 201) and the
        // masked key, drawn from the order's values, reached it whole (order: 201).
        List<String> args = List.of(SampleShop.withStartTimeout(
                "--plan", plan.toString(), "--app", jar.toString(), "--models", "app-virtual",
                "--db-url", db.endpoint().jdbcUrl(), "--db-password-file", passwordFile.toString(),
                "--app-args=--spring.datasource.password=" + secret + ",--shop.api-key=" + secret));
        Path run = launch(secret, Map.of(), Set.of(SecretHeaders.ENV, SecretValues.ENV, "SPRING_APPLICATION_JSON", "API_KEY"), args);
        assertNowhere(secret, run, "loomlab-driver");
        assertThat(Files.readString(run.resolve(RunFolder.MANIFEST))).as("the manifest keeps the names")
                .contains("X-Api-Key", "Authorization", "API_KEY", "--spring.datasource.password=****", "--shop.api-key=****");
        Files.delete(passwordFile);
        Files.delete(plan);
        Files.delete(plans);
    }

    /** A distinctive password, set on the database's role (a role may change its own). */
    private static String newPassword() throws Exception {
        String password = "pw" + UUID.randomUUID().toString().replace("-", "");
        DatabaseEndpoint endpoint = db.endpoint();
        try (Connection c = DriverManager.getConnection(endpoint.jdbcUrl(), endpoint.user(),
                currentPassword == null ? endpoint.password() : currentPassword);
             Statement s = c.createStatement()) {
            s.execute("alter role " + endpoint.user() + " password '" + password + "'");
        }
        currentPassword = password;
        return password;
    }

    private static String currentPassword;

    private final Set<String> childCommandLines = ConcurrentHashMap.newKeySet();
    private final List<String> leakingChildren = new ArrayList<>();

    /** Runs {@code ./loomlab run} with one short cell per model, watching its children's command lines; returns its run folder. */
    private Path launch(String password, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("--scenarios", "block-query", "--sleep-ms", "50"));
        command.addAll(List.of(args));
        return launch(password, env, Set.of(), command);
    }

    /**
     * Runs {@code ./loomlab run} with {@code args} and short cells, watching its children's command lines and
     * environments ({@code ownVariables} may hold the password by design: the children it is for); returns its run folder.
     */
    private Path launch(String password, Map<String, String> env, Set<String> ownVariables, List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of(LabHome.root().resolve("loomlab").toString(), "run",
                "--vus", "5", "--warmup", "1s", "--duration", "2s",
                "--heap", "256m", "--db-user", db.endpoint().user(), "--out", out.resolve("results").toString()));
        command.addAll(args);
        Path console = out.resolve("console.txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile());
        builder.environment().put("LOOMLAB_LAB_CLASSPATH", System.getProperty("java.class.path"));
        builder.environment().remove("LOOMLAB_DB_PASSWORD");
        builder.environment().putAll(env);
        Process lab = builder.start();
        byte[] secret = password.getBytes(StandardCharsets.UTF_8);
        AtomicBoolean running = new AtomicBoolean(true);
        Path labCmdline = Path.of("/proc", String.valueOf(lab.pid()), "cmdline");
        Set<String> ownCommandLines = ConcurrentHashMap.newKeySet();
        Thread watcher = Thread.ofPlatform().start(() -> {
            while (running.get()) {
                // A child forked but not yet exec'd (the launcher's subshells, the lab's children in their first
                // microseconds) still shows its parent's command line: the user's own command, not one the lab
                // made. The launcher's, then the lab's once it has exec'd, read before and after the children.
                readInto(labCmdline, ownCommandLines);
                Map<String, byte[]> seen = new java.util.HashMap<>();
                lab.toHandle().descendants().forEach(child -> {
                    try {
                        byte[] cmdline = Files.readAllBytes(Path.of("/proc", String.valueOf(child.pid()), "cmdline"));
                        seen.put(new String(cmdline, StandardCharsets.UTF_8).replace('\0', ' '), cmdline);
                    } catch (IOException gone) {
                        // Ended between the listing and the read.
                    }
                });
                // Environments: the lab's own once the launcher has exec'd it (the launcher itself was given the
                // variable), and every child's — a child inherits what the lab has.
                // Only once the launcher has exec'd the lab: before, its own helpers (a `java -version` to find a JDK)
                // are the user's processes, with the user's environment.
                String labShown;
                try {
                    labShown = new String(Files.readAllBytes(labCmdline), StandardCharsets.UTF_8);
                } catch (IOException ended) {
                    labShown = "";
                }
                Stream<ProcessHandle> javaProcesses = labShown.contains("dev.loomlab.lab.cli.Loomlab") || labShown.contains("loomlab-lab.jar")
                        ? Stream.concat(Stream.of(lab.toHandle()), lab.toHandle().descendants()) : Stream.empty();
                javaProcesses.forEach(process -> {
                    try {
                        String shown = new String(Files.readAllBytes(Path.of("/proc", String.valueOf(process.pid()), "cmdline")),
                                StandardCharsets.UTF_8).replace('\0', ' ');
                        if (!shown.contains("java")) {
                            return;
                        }
                        // A server gets the database's credentials in its environment, by design (SPRING_DATASOURCE_*,
                        // SPRING_R2DBC_*: never argv); any other variable holding the password, or the lab's own
                        // variable at all, is a leak to every child below.
                        String environ = new String(Files.readAllBytes(Path.of("/proc", String.valueOf(process.pid()), "environ")),
                                StandardCharsets.ISO_8859_1);
                        for (String entry : environ.split("\0")) {
                            String name = entry.contains("=") ? entry.substring(0, entry.indexOf('=')) : entry;
                            boolean serversOwn = name.startsWith("SPRING_DATASOURCE_") || name.startsWith("SPRING_R2DBC_")
                                    || ownVariables.contains(name);
                            if (name.equals("LOOMLAB_DB_PASSWORD") || (entry.contains(new String(secret, StandardCharsets.ISO_8859_1)) && !serversOwn)) {
                                synchronized (leakingChildren) {
                                    leakingChildren.add(name + " in the environment of " + shown);
                                }
                            }
                        }
                    } catch (IOException gone) {
                        // Ended between the listing and the read.
                    }
                });
                readInto(labCmdline, ownCommandLines);
                seen.forEach((shown, cmdline) -> {
                    if (ownCommandLines.contains(shown)) {
                        return;
                    }
                    childCommandLines.add(shown);
                    if (contains(cmdline, secret)) {
                        synchronized (leakingChildren) {
                            leakingChildren.add(shown);
                        }
                    }
                });
                sleep(50);
            }
        });
        try {
            // 240 s for two models' short cells on the reference machine, as long as this one needs: at --slow 4 the
            // two-model run outlasted a fixed 240 s, where this class's one-model runs ended within it.
            long endsWithinS = MachineSpeed.scaled(java.time.Duration.ofSeconds(240)).toSeconds();
            assertThat(lab.waitFor(endsWithinS, TimeUnit.SECONDS)).as("the run ends within %d s (%s)", endsWithinS, MachineSpeed.describe())
                    .isTrue();
        } finally {
            running.set(false);
            watcher.join();
            lab.destroyForcibly();
        }
        assertThat(lab.exitValue()).as(Files.readString(console)).isZero();
        try (Stream<Path> runs = Files.list(out.resolve("results"))) {
            Path run = runs.filter(Files::isDirectory).findFirst().orElseThrow();
            assertThat(new RunFolder(run).readCells()).as("the password reached the database").allMatch(CellResult::succeeded);
            return run;
        }
    }

    private void assertNowhere(String password, Path run) throws IOException {
        assertThat(childCommandLines).as("the watcher saw the servers").anyMatch(c -> c.contains("loomlab-server-"));
        assertNowhere(password, run, "loomlab-driver");
    }

    private void assertNowhere(String password, Path run, String child) throws IOException {
        byte[] secret = password.getBytes(StandardCharsets.UTF_8);
        assertThat(childCommandLines).as("the watcher saw the children").anyMatch(c -> c.contains(child));
        assertThat(leakingChildren).as("children whose command line or environment holds the password").isEmpty();

        List<Path> files;
        try (Stream<Path> walk = Files.walk(out)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertThat(files).as("the run wrote its flight recordings, logs and reports")
                .anyMatch(f -> f.toString().endsWith(".jfr")).anyMatch(f -> f.startsWith(run.resolve("logs")))
                .anyMatch(f -> f.endsWith("report.html")).anyMatch(f -> f.endsWith("manifest.json"));
        List<Path> leaking = new ArrayList<>();
        for (Path file : files) {
            if (contains(Files.readAllBytes(file), secret)) {
                leaking.add(out.relativize(file));
            }
        }
        assertThat(leaking).as("files holding the password (the console is console.txt)").isEmpty();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(run))).isEqualTo("rwx------");
    }

    private static void readInto(Path cmdline, Set<String> commandLines) {
        try {
            commandLines.add(new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8).replace('\0', ' '));
        } catch (IOException ended) {
            // The lab has exited.
        }
    }

    // Byte for byte (Latin-1 maps each byte to one char): JFR keeps ASCII strings as their bytes
    // (UTF-8, Latin-1 or one-byte varints), so this finds the password in a binary recording too.
    private static boolean contains(byte[] haystack, byte[] needle) {
        return new String(haystack, StandardCharsets.ISO_8859_1).contains(new String(needle, StandardCharsets.ISO_8859_1));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
