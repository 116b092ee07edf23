package dev.loomlab.database;

import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What every embedded server shares: a pid, a temporary instance directory that holds its data, a JVM shutdown hook
 * and an {@link OrphanGuard} so that it never outlives the JVM, and an idempotent {@link #close()}.
 */
abstract class EmbeddedServer implements RunningDatabase {

    static final System.Logger LOG = System.getLogger("dev.loomlab.database");

    static final String DATABASE = "loomlab";
    static final String USER = "loomlab";

    /**
     * A password for one start's accounts: 24 random bytes as hex, valid in any config file and SQL literal. Every start
     * has its own (a fixed one let any local user log in and change the data a benchmark reads), and it reaches the
     * servers through their environment with the rest of the endpoint.
     */
    static String newPassword() {
        byte[] bytes = new byte[24];
        new java.security.SecureRandom().nextBytes(bytes);
        return java.util.HexFormat.of().formatHex(bytes);
    }

    private final DatabaseEndpoint endpoint;
    private final String description;
    private final long pid;
    private final Path instanceDir;
    private final OrphanGuard guard;
    private final Thread shutdownHook;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final java.util.concurrent.CountDownLatch closeDone = new java.util.concurrent.CountDownLatch(1);

    EmbeddedServer(DatabaseEndpoint endpoint, String description, long pid, Path instanceDir,
            OrphanGuard guard) {
        this.endpoint = endpoint;
        this.description = description;
        this.pid = pid;
        this.instanceDir = instanceDir;
        this.guard = guard;
        this.shutdownHook = new Thread(this::close, "loomlab-db-shutdown-" + endpoint.dialect().id() + "-" + pid);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    @Override
    public final DatabaseEndpoint endpoint() {
        return endpoint;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final OptionalLong pid() {
        return OptionalLong.of(pid);
    }

    /** The temporary directory that holds this server's data (deleted on close). */
    final Path instanceDir() {
        return instanceDir;
    }

    @Override
    public final void close() {
        if (!closed.compareAndSet(false, true)) {
            awaitClosed(); // e.g. the shutdown hook while close() runs: let the JVM exit only once it is done
            return;
        }
        try {
            doClose();
        } finally {
            closeDone.countDown();
        }
    }

    private void awaitClosed() {
        try {
            closeDone.await(60, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void doClose() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shutdownInProgress) {
            // we are the hook, or the JVM is going down anyway
        }
        guard.close();
        long start = System.nanoTime();
        try {
            stopServer();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "stopping " + description + " failed, killing pid " + pid + ": " + Jdbc.oneLine(e));
        }
        ServerProcesses.ensureGone(pid, Duration.ofSeconds(30));
        afterStop();
        if (!TempDirs.deleteQuietly(instanceDir)) {
            LOG.log(Level.WARNING, "could not delete " + instanceDir);
        }
        LOG.log(Level.DEBUG, () -> "stopped " + description + " in " + (System.nanoTime() - start) / 1_000_000 + " ms");
    }

    /** Asks the server to stop (it need not wait: close() waits for the pid and kills it if need be). */
    abstract void stopServer();

    /** Cleanup after the process is gone and before the instance directory is deleted. */
    void afterStop() {
    }

    @Override
    public String toString() {
        return description + " pid " + pid + " at " + endpoint.describe();
    }

    static void logStarted(String what, long startNanos, int port, long pid) {
        LOG.log(Level.INFO, "started embedded " + what + " in " + (System.nanoTime() - startNanos) / 1_000_000
                + " ms on port " + port + " (pid " + pid + ")");
    }

    /**
     * Starts with {@code start(port)} on the requested port, or on a free one if it is 0 (retrying twice on another
     * if the one picked got taken meanwhile). A port in use fails at once: the servers' own start-up checks would
     * otherwise talk to whatever listens there.
     */
    static <T> T onFreePort(String what, int requestedPort, java.util.function.IntFunction<T> start) {
        int attempts = requestedPort == 0 ? 3 : 1;
        for (int attempt = 1; ; attempt++) {
            int port = requestedPort == 0 ? Ports.freePort() : requestedPort;
            boolean free = Ports.isFree(port);
            if (free) {
                try {
                    return start.apply(port);
                } catch (RuntimeException e) {
                    if (attempt >= attempts || Ports.isFree(port)) {
                        throw e;
                    }
                }
            } else if (attempt >= attempts) {
                throw new IllegalStateException("cannot start embedded " + what + " on 127.0.0.1:" + port
                        + ": the port is in use");
            }
            LOG.log(Level.INFO, "port " + port + " was taken meanwhile, retrying on another one");
        }
    }
}
