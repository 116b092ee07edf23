package dev.loomlab.lab.metrics;

import dev.loomlab.lab.metrics.SampleReader.Snapshot;
import dev.loomlab.lab.os.AtomicWrite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The 1-second time series of one cell, kept inside the measured window only: rows start when
 * the engine reports its first "measure" second ({@link #openWindow()}) and end with the window.
 * Each sample is one Actuator scrape (on the server's management port, which the load cannot
 * queue) plus the server's, the driver's and the database's CPU from /proc.
 *
 * <p>Scraping itself starts with the warm-up ({@link #start()}), and those rows are dropped: a
 * scrape costs the server CPU on its one core, and the first ones are cold (class loading, JIT).
 * Begun at the window, they took mvc-virtual's core to 100 % for the window's first 5 s at 3,000
 * VUs and cost 4 % of its throughput; begun with the warm-up, the window sees a steady observer.
 */
public final class Sampler implements AutoCloseable {
    private static final Duration EVERY = Duration.ofSeconds(1);

    /** Where the sampler is: each call moves it on at most once, and only forward. */
    private enum State { IDLE, WARMING, WINDOW, STOPPED }

    private final long serverPid;
    private final SampleReader reader;
    private final List<SeriesRow> rows = new ArrayList<>();
    /** Guarded by {@code this}, which is held only to move the state: every scrape and /proc read happens outside it. */
    private State state = State.IDLE;
    private ScheduledExecutorService timer;
    // The fields below are the timer thread's, which takes every snapshot in order.
    private long startNanos;
    private volatile boolean windowOpen;
    private Snapshot previous;
    /** The last scrape that answered: counters are differenced against it, never against a missed one. */
    private Prometheus lastScrape;
    /** The scrape and the kernel's listen-queue counters when the window opened: window totals start there. */
    private volatile Prometheus windowBaseline;
    private volatile long[] listenBaseline;
    private volatile long[] listenEnd;
    /** CPU clocks read at the instant the window opened and the instant it closed. */
    private volatile CpuReading windowCpuStart;
    private volatile CpuReading windowCpuEnd;

    /**
     * @param managementUrl the server's Actuator base URL, or null (then only /proc figures)
     * @param databasePid   the embedded database's pid, or -1 for an external one
     */
    public Sampler(long serverPid, String managementUrl, long databasePid) {
        this.serverPid = serverPid;
        this.reader = new SampleReader(serverPid, managementUrl, databasePid);
    }

    /** Adds a load driver's process; called once per driver. */
    public void driverPid(long pid) {
        reader.driverPid(pid);
    }

    /** Starts scraping now, keeping no rows until {@link #openWindow()}. */
    public void start() {
        ScheduledExecutorService started;
        synchronized (this) {
            if (state != State.IDLE) {
                return;
            }
            state = State.WARMING;
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "loomlab-sampler");
                t.setDaemon(true);
                return t;
            });
            started = timer;
        }
        onTimer(started, () -> {
            startNanos = System.nanoTime();
            previous = reader.snapshot();
            lastScrape = previous.scraped() ? previous.metrics() : null;
        });
        try {
            started.scheduleAtFixedRate(this::sample, EVERY.toMillis(), EVERY.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException stopped) {
            // stopped meanwhile: nothing to sample
        }
    }

    public synchronized boolean started() {
        return state != State.IDLE;
    }

    /**
     * Keeps rows from now on (starting the scrapes first if needed); the first row covers the
     * time since this call, never a stretch of the warm-up.
     */
    public void openWindow() {
        start();
        ScheduledExecutorService opened;
        synchronized (this) {
            if (state != State.WARMING) {
                return;
            }
            state = State.WINDOW;
            opened = timer;
        }
        // Read here, at the window's opening, not on the timer thread after a scrape that may take most of a second.
        windowCpuStart = reader.cpuNow();
        // On the timer's own thread, so the baseline and every later row are taken in order.
        onTimer(opened, () -> {
            startNanos = System.nanoTime();
            previous = reader.snapshot();
            if (previous.scraped()) {
                lastScrape = previous.metrics();
                windowBaseline = previous.metrics();
            }
            listenBaseline = ListenQueue.read(serverPid);
            windowOpen = true;
        });
    }

    /** Stops sampling; returns the rows taken. */
    public List<SeriesRow> stop() {
        State was;
        ScheduledExecutorService stopped;
        synchronized (this) {
            was = state;
            stopped = timer;
            state = State.STOPPED;
        }
        if (was == State.WINDOW) {
            windowCpuEnd = reader.cpuNow();
            if (windowOpen) {
                listenEnd = ListenQueue.read(serverPid);
            }
        }
        if (stopped != null && was != State.STOPPED) {
            stopped.shutdownNow();
            try {
                stopped.awaitTermination(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (rows) {
            return List.copyOf(rows);
        }
    }

    private static void onTimer(ScheduledExecutorService timer, Runnable step) {
        try {
            timer.execute(step);
        } catch (RejectedExecutionException stopped) {
            // the sampler was stopped between the state's move and this step: nothing left to read
        }
    }

    /**
     * Totals over the window that the per-second rows cannot carry: the server's, the drivers', the database's and the
     * lab's CPU in cores, time-weighted over exactly the window ({@code serverCpuCoresMean} …), and the rest of the
     * machine's ({@code otherCpuCoresMean}; a cell keeps all but the server's apart, as its typed
     * {@code result/Beside}); the server's errors by kind
     * ({@code serverErrors.pool-timeout} …, from the server's own counter) and the kernel's
     * listen-queue overflows and drops (TCP counters of the server's network namespace, read from
     * /proc/PID/net: machine-wide in the local topology; during a cell only the server under test
     * accepts connections at this rate). Call after {@link #stop()}; kinds the server
     * does not count are absent, never zero.
     */
    public Map<String, Double> windowTotals() {
        return new WindowEdges(windowBaseline, lastScrape, windowCpuStart, windowCpuEnd, listenBaseline, listenEnd).totals();
    }

    /**
     * The whole machine's busy cores over the window, every process's, read at the same two edges as the totals; empty
     * without {@code /proc/stat} or before {@link #stop()}. Kept out of the totals, which a cell records: a crosscheck
     * weighs it against the server and its engine ({@link WindowClock}), a run keeps only the rest of the machine ({@code otherCpuCoresMean}).
     */
    public OptionalDouble windowMachineCores() {
        return WindowClock.machineCores(windowCpuStart, windowCpuEnd);
    }

    @Override
    public void close() {
        stop();
    }

    private void sample() {
        if (!windowOpen) {
            // Warming the scrape path: the rows of the warm-up are not the window's.
            previous = reader.snapshot();
            if (previous.scraped()) {
                lastScrape = previous.metrics();
            }
            return;
        }
        Snapshot now = reader.snapshot();
        Snapshot before = previous;
        previous = now;
        // After a missed scrape, a counter's difference is taken from the last scrape that answered;
        // with none yet it is unknown (NaN) — never the cumulative value since the server started.
        Prometheus answered = lastScrape;
        if (now.scraped()) {
            lastScrape = now.metrics();
        }
        SeriesRow row = reader.row(before, now, answered, startNanos);
        synchronized (rows) {
            rows.add(row);
        }
    }

    /** Writes the rows as CSV (header first), atomically. */
    public static void writeCsv(Path file, List<SeriesRow> rows) {
        StringBuilder sb = new StringBuilder(SeriesRow.CSV_HEADER).append('\n');
        rows.forEach(r -> sb.append(r.csv()).append('\n'));
        AtomicWrite.write(file, sb.toString());
    }

    public static List<SeriesRow> readCsv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        return lines.stream().skip(1).filter(l -> !l.isBlank()).map(SeriesRow::parseCsv).toList();
    }
}
