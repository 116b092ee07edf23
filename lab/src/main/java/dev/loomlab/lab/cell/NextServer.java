package dev.loomlab.lab.cell;

import dev.loomlab.lab.load.PreparedLoad;
import dev.loomlab.lab.process.Freezer;
import dev.loomlab.lab.process.Priority;
import dev.loomlab.lab.process.ServerHandle;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A cell's server, and its driver, started while the cell before it warms up. The server starts on a thread of its
 * own, at the lowest priority ({@link Launch#aside}); once up, it and its driver (unconnected) wait frozen until the
 * running cell's load ends ({@link #wake}) or their cell takes them over, the server raised to the normal priority
 * first, still frozen. A start not over when the window begins is frozen where it is ({@link #pause}) and goes on from
 * there once woken: what it had done beside the warm-up is kept, where a start given up began again from nothing.
 * Whatever is not taken over is stopped on {@link #close}, and a start still running then is abandoned (its launch
 * thread interrupted, its process stopped).
 */
final class NextServer implements AutoCloseable {
    /** Long enough for a stop and its port check after an abandoned start: only then is the launch thread done. */
    private static final Duration LAUNCH_END_BOUND = Duration.ofSeconds(30);

    private final Cell cell;
    private final int port;
    private final Optional<PreparedLoad> driver;
    private final CompletableFuture<Launch.Outcome> launched = new CompletableFuture<>();
    private final Thread launcher;
    /** The server's process from its launch on, before its ready line (0 until launched). */
    private long launchedPid;
    /** Frozen before its ready line, for the window: woken, its start goes on. */
    private boolean paused;
    /** Woken at the running cell's load end: a start that reaches its ready line after that is not frozen. */
    private boolean woken;
    private boolean takenOver;
    /** Whether the server, up, has been raised to the normal priority, or tried to be: {@link #notRaised} says which. */
    private boolean raiseTried;
    private Optional<String> notRaised = Optional.empty();

    /**
     * @param port   the port the server was told to listen on, the one its driver will load
     * @param driver its driver, started and waiting for the server, or empty when its engine starts with the load
     * @param launch the server's start, to its ready line
     */
    NextServer(Cell cell, int port, Optional<PreparedLoad> driver, Launch.Aside launch) {
        this.cell = cell;
        this.port = port;
        this.driver = driver;
        this.launcher = Thread.ofPlatform().daemon().name("loomlab-next-server").start(() -> {
            try {
                Launch.Outcome outcome = launch.start(this::onLaunch);
                if (outcome instanceof Launch.Up up) {
                    frozenUntilWoken(up.server().pid());
                }
                launched.complete(outcome);
            } catch (Throwable t) {
                launched.completeExceptionally(t);
            }
        });
    }

    Cell cell() {
        return cell;
    }

    int port() {
        return port;
    }

    Optional<PreparedLoad> driver() {
        return driver;
    }

    private synchronized void onLaunch(long pid) {
        launchedPid = pid;
    }

    /**
     * Up, it waits for its cell frozen: whatever its threads would do next (the compilations its start queued, its pool's
     * upkeep, its recording's samples) cannot take CPU from the running cell's window. One woken before its ready line
     * (its start paused through the window) goes on at once.
     */
    private synchronized void frozenUntilWoken(long pid) {
        if (!woken) {
            Freezer.freeze(pid);
            driverPid().ifPresent(Freezer::freeze);
        }
    }

    /**
     * The window begins and the start is not over: the server is frozen where its start is, with its driver, and goes on
     * from there when woken. False when there was nothing to pause: the start is over (up and frozen, or failed), or its
     * process is not launched yet.
     */
    synchronized boolean pause() {
        if (launched.isDone() || launchedPid == 0 || paused) {
            return paused;
        }
        paused = Freezer.freeze(launchedPid);
        if (paused) {
            driverPid().ifPresent(Freezer::freeze);
        }
        return paused;
    }

    /** Whether its start was frozen before its ready line. */
    synchronized boolean paused() {
        return paused;
    }

    /** Whether the server has printed its ready line. */
    boolean ready() {
        return server().isPresent();
    }

    /** The started server, once it is up. */
    Optional<ServerHandle> server() {
        return launched.isDone() && !launched.isCompletedExceptionally() && launched.join() instanceof Launch.Up up
                ? Optional.of(up.server()) : Optional.empty();
    }

    /** CPU the server and its driver have used since they started (what /proc says of each process still running). */
    Duration cpu() {
        Duration total = serverPid().flatMap(NextServer::cpuOf).orElse(Duration.ZERO);
        return driverPid().flatMap(NextServer::cpuOf).map(total::plus).orElse(total);
    }

    /** The server's process: the one up, or the one paused in its start. */
    private synchronized Optional<Long> serverPid() {
        return server().map(ServerHandle::pid).or(() -> paused ? Optional.of(launchedPid) : Optional.empty());
    }

    /** The driver's process while it waits (an engine that starts with its load has none yet). */
    private Optional<Long> driverPid() {
        return driver.flatMap(d -> d.pid().stream().boxed().findFirst());
    }

    private static Optional<Duration> cpuOf(long pid) {
        return ProcessHandle.of(pid).flatMap(h -> h.info().totalCpuDuration());
    }

    /** Gives up a start still running now; what it started is stopped by its own thread, or by {@link #close}. */
    void abandon() {
        if (!launched.isDone()) {
            launcher.interrupt();
        }
    }

    /**
     * The running cell's load is over: the server and its driver thaw and connect, their first seconds of catching up
     * (compilations queued at the start, the driver's connections) beside the ending cell's stop instead of after it.
     * The server is raised to the normal priority first, still frozen: once its driver connects, a web server grows
     * its pool of threads, and a thread created while the others are being raised would stay at the lowest. One that
     * cannot be raised stays frozen, for its cell to stop ({@link #whyNotAdoptable}). A start paused through the window
     * goes on, at the normal priority, to its ready line.
     */
    synchronized void wake() {
        woken = true;
        if (raise().isPresent()) {
            return;
        }
        serverPid().ifPresent(Freezer::thaw);
        driverPid().ifPresent(Freezer::thaw);
        if (ready()) {
            driver.ifPresent(PreparedLoad::targetUp);
        }
    }

    /**
     * Raises the server, once it is up or paused in its start, to the normal priority, once: empty if it runs there now,
     * else why not.
     */
    private synchronized Optional<String> raise() {
        Optional<Long> pid = serverPid();
        if (!raiseTried && pid.isPresent()) {
            raiseTried = true;
            notRaised = Priority.normal(pid.get()).map(why -> "its priority could not be raised: " + why);
        }
        return notRaised;
    }

    /**
     * Why its cell cannot take it over, or empty when it can: this waits for its start to end; a server that is up must
     * run at the normal priority again, raised while it was still frozen. One that cannot be raised is stopped, and its
     * cell starts its own (a start that failed is the cell's to report: {@link #takeOver}), and so does one whose start,
     * paused through the window, failed after it: a connection its pool was opening may have timed out meanwhile.
     */
    Optional<String> whyNotAdoptable() {
        Optional<String> pausedNotRaised;
        synchronized (this) {
            if (paused && !woken) {
                // still frozen in its start (no load ended beside it since): its start goes on now, or it never ends
                wake();
            }
            pausedNotRaised = paused ? notRaised : Optional.empty();
        }
        if (pausedNotRaised.isPresent()) {
            // still frozen in its start, which would wait for its time-out
            close();
            return pausedNotRaised;
        }
        Launch.Outcome outcome;
        try {
            outcome = launched.join();
        } catch (CompletionException e) {
            return Optional.empty();
        }
        if (paused() && outcome instanceof Stop failed) {
            close();
            return Optional.of("its start, paused through the window, failed after it (" + failed.reason() + ")");
        }
        Optional<String> why = raise();
        if (why.isPresent()) {
            close();
        }
        return why;
    }

    /** The cell takes the server over: waits for the end of its start, and thaws what waited frozen. */
    Launch.Outcome takeOver() {
        takenOver = true;
        Launch.Outcome outcome;
        try {
            outcome = launched.join();
        } catch (CompletionException e) {
            driver.ifPresent(PreparedLoad::close);
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
        if (outcome instanceof Launch.Up up) {
            Freezer.thaw(up.server().pid());
        }
        driverPid().ifPresent(Freezer::thaw);
        return outcome;
    }

    /** Stops the server and its driver unless a cell took them over. */
    @Override
    public void close() {
        if (takenOver) {
            return;
        }
        abandon();
        driver.ifPresent(PreparedLoad::close);
        try {
            if (launched.get(LAUNCH_END_BOUND.toSeconds(), TimeUnit.SECONDS) instanceof Launch.Up up) {
                up.server().close();
            }
        } catch (ExecutionException e) {
            // the start failed: it left nothing running
        } catch (TimeoutException e) {
            throw new IllegalStateException("the server started ahead for " + cell.stem() + " did not stop within "
                    + LAUNCH_END_BOUND.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
