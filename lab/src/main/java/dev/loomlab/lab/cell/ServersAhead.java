package dev.loomlab.lab.cell;

import dev.loomlab.database.EmbeddedOptions;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.plan.Defaults;
import dev.loomlab.lab.plan.Overlap;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.load.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.function.BiFunction;

/**
 * Starts each cell's server while the cell before it warms up. A server's start is seconds of class loading and
 * compiling on every core; during a warm-up, which is not measured, those seconds cost the run nothing, where between
 * two cells they are most of what a cell costs beyond its load. The started server must be up before the window, or
 * it is paused there, frozen, and goes on once the window's load has ended (or, where a window is too long for a start
 * to wait through, stopped, and its cell starts its own); once up it waits frozen, its pool open ({@link NextServer}), and the
 * CPU it and its driver use during the window is measured all the same and kept with the cell whose window it was
 * ({@link Neighbour}): zero is a figure, not an assumption.
 * Its contract is checked only when its own cell begins: a check sends requests, and some write rows the running cell
 * counts.
 */
public final class ServersAhead implements AutoCloseable {
    /**
     * Shorter warm-ups start their server when their cell begins: a start takes about 5 s alone and longer beside a
     * load, and must end {@link #READY_BEFORE_WINDOW} before the window.
     */
    static final Duration MIN_WARMUP = Duration.ofSeconds(10);
    /**
     * How long before the window the next server must be up: a start given up then has stopped before the window. Two
     * reports of the warm-up (a second apart) look at it within that time.
     */
    static final Duration READY_BEFORE_WINDOW = Duration.ofSeconds(2);
    /**
     * The longest warm-up and window a start may be paused through: it must still reach its ready line within the
     * server's start time-out, which counts on while it is frozen, after the drain and the rest of its start.
     */
    static final Duration PAUSE_THROUGH_AT_MOST = Defaults.SERVER_START_TIMEOUT.dividedBy(2);
    /** Connections left to the lab's own checks and a pool opening late, besides two servers' pools. */
    private static final int SPARE_CONNECTIONS = 50;

    /** A cell the run will start a server for, and the JDK it runs on. */
    public record Upcoming(Cell cell, Jdk jdk) {
    }

    /** No server starts ahead: each cell starts its own. */
    public static final ServersAhead NONE = new ServersAhead(List.of(), false, false);

    private final List<Upcoming> order;
    /** The server started for the cell after the running one, until that cell takes it. */
    private NextServer next;
    /** Servers given up before their window: stopping, and closed before the next cell begins. */
    private final List<NextServer> dropped = new ArrayList<>();
    /** The end of the cell before the running one (its server's stop and its judging), still running beside it or done. */
    private volatile Future<?> previousEnding = CompletableFuture.completedFuture(null);
    /** Completed once the running cell's warm-up has begun: the cell before stops its server only then. */
    private volatile CompletableFuture<Void> warmupBegun = CompletableFuture.completedFuture(null);

    /**
     * Whether a server starts ahead only once the cell before the running one has ended: its server's pool, closing, would
     * be a third on the database beside the running cell's and the new one's, and three do not fit.
     */
    private final boolean waitForEnding;
    /** Whether a start not over at the window is paused through it ({@link #PAUSE_THROUGH_AT_MOST}), not given up. */
    private final boolean pauseStarts;

    private ServersAhead(List<Upcoming> order, boolean waitForEnding, boolean pauseStarts) {
        this.order = List.copyOf(order);
        this.waitForEnding = waitForEnding;
        this.pauseStarts = pauseStarts;
    }

    /** Servers start ahead for the cells of {@code order}, in that order, where {@code plan} and {@code bench} allow it. */
    public static ServersAhead of(Plan plan, Bench bench, List<Upcoming> order) {
        return whyNot(plan, bench).isEmpty()
                ? new ServersAhead(order, 3 * plan.poolSize() + SPARE_CONNECTIONS > EmbeddedOptions.DEFAULT_MAX_CONNECTIONS,
                        plan.window().total().compareTo(PAUSE_THROUGH_AT_MOST) <= 0)
                : NONE;
    }

    /** Whether any server starts ahead: then a cell's end also runs beside the next cell ({@link #ending}). */
    public boolean active() {
        return !order.isEmpty();
    }

    /**
     * The cell that has just handed over ends in {@code ending}, beside the next cell's warm-up ({@link #handOver}). Where
     * three pools do not fit in the database, the next cell starts no server ahead before it is over; a window it
     * reached would say so.
     */
    public void ending(Future<?> ending) {
        if (active()) {
            previousEnding = ending;
        }
    }

    /**
     * The cell that hands over now waits, before it stops its server, for the next cell's warm-up to begin: the stopping
     * JVM (on the same CPU, writing its flight recording) slowed whatever ran beside it by as long as it took, the next
     * cell's contract check and then, once the stop waited for that, its driver's start; in the warm-up it costs
     * nothing. Done when the next cell's warm-up has begun, or the cell has stopped before it.
     */
    public CompletableFuture<Void> handOver() {
        CompletableFuture<Void> begun = new CompletableFuture<>();
        if (active()) {
            warmupBegun = begun;
        }
        return begun;
    }

    /** The running cell's warm-up has begun (or the cell stopped before): the cell before may stop its server. */
    public void warmupBegun() {
        warmupBegun.complete(null);
    }

    /** Why servers cannot start ahead in a run of {@code plan} on {@code bench}, or empty when they can. */
    static Optional<String> whyNot(Plan plan, Bench bench) {
        if (plan.overlap() == Overlap.NONE) {
            return Optional.of("each cell runs alone (overlap: none, the default; overlap: beside-next starts servers ahead)");
        }
        if (bench.target().isPresent()) {
            return Optional.of("the lab does not start the target");
        }
        if (bench.namespaces().isPresent() || !plan.agents().isEmpty()) {
            return Optional.of("the split topology and load agents start each server in its own cell");
        }
        if (plan.workload() instanceof Workload.Burst) {
            return Optional.of("a burst has no warm-up");
        }
        if (plan.window().warmup().compareTo(MIN_WARMUP) < 0) {
            return Optional.of("a warm-up under " + MIN_WARMUP.toSeconds() + " s is too short for a start beside it");
        }
        if (plan.externalDatabase()) {
            return Optional.of("an external database's connection limit is not known");
        }
        if (2 * plan.poolSize() + SPARE_CONNECTIONS > EmbeddedOptions.DEFAULT_MAX_CONNECTIONS) {
            return Optional.of("two pools of " + plan.poolSize() + " exceed the database's " + EmbeddedOptions.DEFAULT_MAX_CONNECTIONS
                    + " connections");
        }
        return Optional.empty();
    }

    /**
     * The server started ahead for {@code cell}, which takes it over; empty when none was (the cell starts its own).
     * A server started for a later cell stays (a cell in between that starts none, such as a scenario its model does
     * not serve, passes it by). Servers given up earlier are stopped first.
     */
    synchronized Optional<NextServer> take(Cell cell) {
        closeDropped();
        if (next == null || !next.cell().equals(cell)) {
            return Optional.empty();
        }
        NextServer mine = next;
        next = null;
        return Optional.of(mine);
    }

    /**
     * What runs beside {@code running}'s load: the server of the cell after it, started by {@code start} (empty when
     * that cell starts none, e.g. a scenario its model does not serve: then the one after it) once the warm-up begins.
     */
    Neighbour neighbour(Cell running, BiFunction<Cell, Jdk, Optional<NextServer>> start) {
        return new Neighbour(running, start);
    }

    private synchronized void startAfter(Cell running, BiFunction<Cell, Jdk, Optional<NextServer>> start) {
        if (next != null || (waitForEnding && !previousEnding.isDone())) {
            return;
        }
        int at = indexOf(running);
        for (int i = at + 1; at >= 0 && i < order.size() && next == null; i++) {
            next = start.apply(order.get(i).cell(), order.get(i).jdk()).orElse(null);
        }
    }

    private int indexOf(Cell cell) {
        for (int i = 0; i < order.size(); i++) {
            if (order.get(i).cell().equals(cell)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether {@code started}'s server is the first a cell after {@code running} starts: no cell in between runs a
     * server of its own (one that serves no request of its scenario starts none). A server started for a cell further
     * on (the one in between could not have its start ahead: it records its start-up cache) stays frozen through that
     * cell's window, and wakes at its end.
     */
    private boolean firstAfter(Cell running, Cell started) {
        int from = indexOf(running);
        int to = indexOf(started);
        if (from < 0 || to <= from) {
            return false;
        }
        return order.subList(from + 1, to).stream().map(Upcoming::cell)
                .allMatch(c -> c.model().flatMap(m -> m.notServed(c.scenario())).isPresent());
    }

    private synchronized Optional<NextServer> current() {
        return Optional.ofNullable(next);
    }

    /** Gives up the next server, not up in time: its start is abandoned, and its cell will start one itself. */
    private synchronized void drop() {
        if (next != null) {
            next.abandon();
            dropped.add(next);
            next = null;
        }
    }

    private void closeDropped() {
        dropped.forEach(NextServer::close);
        dropped.clear();
    }

    /** Stops whatever was started ahead and not taken over. */
    @Override
    public synchronized void close() {
        closeDropped();
        if (next != null) {
            next.close();
            next = null;
        }
    }

    /**
     * The next cell's server as the running cell's load sees it: started at the warm-up's first report, given up if
     * it is not up {@link #READY_BEFORE_WINDOW} before the window, and its CPU read at the last warm-up report and
     * again once the load has ended, so that the figure covers the whole window and a little more.
     */
    final class Neighbour {
        private final Cell running;
        private final BiFunction<Cell, Jdk, Optional<NextServer>> start;
        private Duration cpuBefore;
        private Beside beside;
        private boolean previousEndingInWindow;
        /** The cell whose server, started ahead, was not up in time and was stopped: it starts its own. */
        private Cell givenUp;
        /** The cell whose server, started ahead, was not up in time and was paused: its start goes on after the load. */
        private Cell paused;

        private Neighbour(Cell running, BiFunction<Cell, Jdk, Optional<NextServer>> start) {
            this.running = running;
            this.start = start;
        }

        /**
         * A warm-up report, {@code elapsed} into a warm-up of {@code warmup}: the cell whose server started ahead was
         * given up now, if one was.
         */
        synchronized Optional<Cell> warmup(Duration elapsed, Duration warmup) {
            if (!active()) {
                return Optional.empty();
            }
            ServersAhead.this.warmupBegun();
            if (givenUp == null) {
                // Once one start was given up, another this close to the window would be too, and stopped at its start.
                startAfter(running, start);
            }
            Optional<Cell> dropped = Optional.empty();
            if (current().isPresent() && !current().get().ready() && warmup.minus(elapsed).compareTo(READY_BEFORE_WINDOW) <= 0) {
                dropped = pauseOrGiveUp();
            }
            cpuBefore = current().filter(n -> n.ready() || n.paused()).map(NextServer::cpu).orElse(null);
            return dropped;
        }

        /** The window's first report: the cell whose server started ahead was given up now, if one was. */
        synchronized Optional<Cell> window() {
            previousEndingInWindow = !previousEnding.isDone();
            Optional<Cell> dropped = Optional.empty();
            if (current().isPresent() && !current().get().ready()) {
                dropped = pauseOrGiveUp();
            }
            if (cpuBefore == null) {
                cpuBefore = current().map(NextServer::cpu).orElse(null);
            }
            return dropped;
        }

        /**
         * A start not over before the window is paused where it is, or, where it cannot be (a window too long to wait
         * through, a process not launched yet), given up: the cell given up, if one was.
         */
        private Optional<Cell> pauseOrGiveUp() {
            NextServer unready = current().orElseThrow();
            if (unready.paused()) {
                return Optional.empty();
            }
            if (pauseStarts && unready.pause()) {
                paused = unready.cell();
                return Optional.empty();
            }
            givenUp = unready.cell();
            drop();
            return Optional.of(givenUp);
        }

        /** The cell whose server, started beside this warm-up, was paused through the window: its start went on after it. */
        synchronized Optional<Cell> paused() {
            return Optional.ofNullable(paused);
        }

        /** The cell whose server, started beside this warm-up, was not up in time: that cell starts its own. */
        synchronized Optional<Cell> givenUp() {
            return Optional.ofNullable(givenUp);
        }

        /** The load has returned: the window and its drain are over, and the next server may wake. */
        synchronized void loadEnded() {
            if (cpuBefore != null && current().isPresent()) {
                // kept as it is now: the next cell takes its server over while this one is still ending
                beside = new Beside(current().get().cell(), current().get().cpu().minus(cpuBefore));
            }
            current().filter(n -> firstAfter(running, n.cell())).ifPresent(NextServer::wake);
        }

        /**
         * The next cell, where the rest of the running cell's drain may run beside its start: only where it starts beside
         * it, and where neither writes (a cell that writes counts its rows once its load has ended, and the other's
         * requests would be among them).
         */
        synchronized Optional<Upcoming> besideDrain() {
            if (!active()) {
                return Optional.empty();
            }
            int at = indexOf(running);
            if (at < 0 || !readsOnly(running)) {
                return Optional.empty();
            }
            return order.subList(at + 1, order.size()).stream()
                    .filter(u -> u.cell().model().flatMap(m -> m.notServed(u.cell().scenario())).isEmpty()).findFirst()
                    .filter(u -> readsOnly(u.cell()));
        }

        private static boolean readsOnly(Cell cell) {
            return "GET".equals(cell.scenario().method());
        }

        /** Whether the cell before this one was still ending (stopping its server, being judged) when the window began. */
        synchronized boolean previousEndingInWindow() {
            return previousEndingInWindow;
        }

        /** The next cell's server and driver: which cell, and the CPU they used over the window; empty if none was up. */
        synchronized Optional<Beside> beside() {
            return Optional.ofNullable(beside);
        }
    }

    /**
     * What ran beside a cell's window besides its own server and driver.
     *
     * @param cell the cell whose server (and driver) it was
     * @param cpu  the CPU they used from the last warm-up report to the load's end
     */
    record Beside(Cell cell, Duration cpu) {
    }
}
