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
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A cell's server, and its driver, started while the cell before it warms up. The server starts on a thread of its
 * own, at the lowest priority ({@link Launch#aside}); once up, it runs on there until shortly before the running cell's
 * window ({@link #rest}), then it and its driver (unconnected) wait frozen until that cell's load ends ({@link #wake})
 * or their cell takes them over, the server raised to the normal priority first, still frozen. Whatever is not taken
 * over is stopped on {@link #close}, and a start still running then is abandoned (its launch thread interrupted, its
 * process stopped).
 */
final class NextServer implements AutoCloseable {
    /** Long enough for a stop and its port check after an abandoned start: only then is the launch thread done. */
    private static final Duration LAUNCH_END_BOUND = Duration.ofSeconds(30);

    private final Cell cell;
    private final int port;
    private final Optional<PreparedLoad> driver;
    private final CompletableFuture<Launch.Outcome> launched = new CompletableFuture<>();
    /** Whether its contract check, run once it was up, held; false when it did not, or was cut short by the freeze. */
    private final CompletableFuture<Boolean> checkedAhead = new CompletableFuture<>();
    /** Its start, then its contract check. */
    private final Thread launcher;
    private boolean takenOver;
    /** Whether the server, up, and its driver are frozen now ({@link #rest}), waiting for their cell. */
    private boolean frozen;
    /** Whether the server, up, has been raised to the normal priority, or tried to be: {@link #notRaised} says which. */
    private boolean raiseTried;
    private Optional<String> notRaised = Optional.empty();

    /**
     * @param port   the port the server was told to listen on, the one its driver will load
     * @param driver its driver, started and waiting for the server, or empty when its engine starts with the load
     * @param launch the server's start, to its ready line
     * @param check  its contract check, run as soon as it is up (beside the warm-up, while it runs on): whether it held
     */
    NextServer(Cell cell, int port, Optional<PreparedLoad> driver, Supplier<Launch.Outcome> launch, Predicate<ServerHandle> check) {
        this.cell = cell;
        this.port = port;
        this.driver = driver;
        this.launcher = Thread.ofPlatform().daemon().name("loomlab-next-server").start(() -> {
            Launch.Outcome outcome;
            try {
                outcome = launch.get();
            } catch (Throwable t) {
                launched.completeExceptionally(t);
                checkedAhead.complete(false);
                return;
            }
            launched.complete(outcome);
            try {
                checkedAhead.complete(outcome instanceof Launch.Up up && check.test(up.server()));
            } catch (RuntimeException e) {
                checkedAhead.complete(false);
            }
        });
    }

    /**
     * Whether its contract check held before its cell began: then the cell need not check it again. False while the
     * check still runs (the cell checks it itself, not waiting for it).
     */
    boolean contractHeldAhead() {
        return checkedAhead.getNow(false);
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
        Duration total = server().flatMap(s -> cpuOf(s.pid())).orElse(Duration.ZERO);
        return driverPid().flatMap(NextServer::cpuOf).map(total::plus).orElse(total);
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
     * The running cell's window is about to begin: the server, up, and its driver freeze, to wait for their cell.
     * Whatever their threads would do next (the server's pool upkeep, its recording's samples, what it still has to
     * compile) cannot take CPU from the window. Until now a server up ran on at the lowest priority: the compilations its
     * start queued ran in the warm-up's spare CPU instead of beside its own cell's contract check. Nothing while it is not
     * up (a start not up by then is given up) or once frozen.
     */
    synchronized void rest() {
        if (!frozen && ready()) {
            frozen = true;
            if (!checkedAhead.isDone()) {
                // A check still running would wait on the frozen server for its time-out: cut short, it did not hold.
                launcher.interrupt();
            }
            Freezer.freeze(server().orElseThrow().pid());
            driverPid().ifPresent(Freezer::freeze);
        }
    }

    /** Thaws the server and its driver, frozen or not. */
    private synchronized void thaw() {
        frozen = false;
        server().ifPresent(s -> Freezer.thaw(s.pid()));
        driverPid().ifPresent(Freezer::thaw);
    }

    /**
     * The running cell's load is over: the server and its driver thaw and connect, their first seconds of catching up
     * (compilations still queued, the driver's connections) beside the ending cell's stop instead of after it.
     * The server is raised to the normal priority first, still frozen: once its driver connects, a web server grows
     * its pool of threads, and a thread created while the others are being raised would stay at the lowest. One that
     * cannot be raised stays frozen, for its cell to stop ({@link #whyNotAdoptable}).
     */
    void wake() {
        if (raise().isPresent()) {
            return;
        }
        thaw();
        if (ready()) {
            driver.ifPresent(PreparedLoad::targetUp);
        }
    }

    /**
     * Raises the server, once it is up, to the normal priority, once, frozen first if it is not yet (a cell that took
     * it over without a wake): empty if it runs there now, else why not.
     */
    private synchronized Optional<String> raise() {
        if (!raiseTried && ready()) {
            rest();
            raiseTried = true;
            notRaised = Priority.normal(server().orElseThrow().pid()).map(why -> "its priority could not be raised: " + why);
        }
        return notRaised;
    }

    /**
     * Why its cell cannot take it over, or empty when it can: this waits for its start to end; a server that is up must
     * run at the normal priority again, raised while it was still frozen. One that cannot be raised is stopped, and its
     * cell starts its own (a start that failed is the cell's to report: {@link #takeOver}).
     */
    Optional<String> whyNotAdoptable() {
        try {
            launched.join();
        } catch (CompletionException e) {
            return Optional.empty();
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
        thaw();
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
