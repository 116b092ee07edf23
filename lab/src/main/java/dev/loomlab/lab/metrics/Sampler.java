package dev.loomlab.lab.metrics;

import dev.loomlab.lab.catalog.ServerCatalog;
import dev.loomlab.lab.catalog.ServerDescriptor;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

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
    /** {@code loomlab.server.errors} (ServerErrorKind.METRIC) as Prometheus names it. */
    static final String SERVER_ERRORS = "loomlab_server_errors_total";

    private final String prometheusUrl;
    private final long serverPid;
    private final CpuClock server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private final List<SeriesRow> rows = new ArrayList<>();
    /** The metric names of every server in the catalogue: the server sampled (or a target) may be any of them. */
    private final List<ServerDescriptor.Metrics> known = ServerCatalog.current().servers().stream()
            .map(ServerDescriptor::metrics).distinct().toList();
    /** Every load driver's process: with several drivers their CPU is summed. */
    private final List<CpuClock> drivers = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final CpuClock database;
    private ScheduledExecutorService timer;
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
        this.server = new CpuClock(serverPid, false);
        this.prometheusUrl = managementUrl == null ? null : managementUrl + "/actuator/prometheus";
        this.database = databasePid > 0 ? new CpuClock(databasePid, true) : null;
    }

    /** Adds a load driver's process; called once per driver. */
    public void driverPid(long pid) {
        drivers.add(new CpuClock(pid, false));
    }

    /** Starts scraping now, keeping no rows until {@link #openWindow()}. */
    public synchronized void start() {
        if (timer != null) {
            return;
        }
        startNanos = System.nanoTime();
        previous = snapshot();
        lastScrape = previous.scraped ? previous.metrics : null;
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "loomlab-sampler");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::sample, EVERY.toMillis(), EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    public synchronized boolean started() {
        return timer != null;
    }

    /**
     * Keeps rows from now on (starting the scrapes first if needed); the first row covers the
     * time since this call, never a stretch of the warm-up.
     */
    public synchronized void openWindow() {
        start();
        if (windowOpen || windowCpuStart != null) {
            return;
        }
        // Read here, at the window's opening, not on the timer thread after a scrape that may take most of a second.
        windowCpuStart = cpuNow();
        // On the timer's own thread, so the baseline and every later row are taken in order.
        timer.execute(() -> {
            startNanos = System.nanoTime();
            previous = snapshot();
            if (previous.scraped) {
                lastScrape = previous.metrics;
                windowBaseline = previous.metrics;
            }
            listenBaseline = ListenQueue.read(serverPid);
            windowOpen = true;
        });
    }

    /** Stops sampling; returns the rows taken. */
    public synchronized List<SeriesRow> stop() {
        if (windowCpuStart != null && windowCpuEnd == null) {
            windowCpuEnd = cpuNow();
        }
        if (timer != null && windowOpen && listenEnd == null) {
            listenEnd = ListenQueue.read(serverPid);
        }
        if (timer != null) {
            timer.shutdownNow();
            try {
                timer.awaitTermination(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (rows) {
            return List.copyOf(rows);
        }
    }

    /**
     * Totals over the window that the per-second rows cannot carry: the server's, the drivers', the database's and the
     * lab's CPU in cores, time-weighted over exactly the window ({@code serverCpuCoresMean} …), and the rest of the
     * machine's ({@code otherCpuCoresMean}); the server's errors by kind
     * ({@code serverErrors.pool-timeout} …, from the server's own counter) and the kernel's
     * listen-queue overflows and drops (TCP counters of the server's network namespace, read from
     * /proc/PID/net: machine-wide in the local topology; during a cell only the server under test
     * accepts connections at this rate). Call after {@link #stop()}; kinds the server
     * does not count are absent, never zero.
     */
    public java.util.Map<String, Double> windowTotals() {
        java.util.Map<String, Double> totals = new java.util.LinkedHashMap<>();
        Prometheus from = windowBaseline;
        Prometheus to = lastScrape;
        if (from != null && to != null) {
            for (Prometheus.Sample s : to.samples()) {
                if (s.name().equals(SERVER_ERRORS) && s.labels().containsKey("kind")) {
                    String kind = s.labels().get("kind");
                    double before = from.sum(SERVER_ERRORS, "kind", kind);
                    totals.merge("serverErrors." + kind, s.value() - (Double.isNaN(before) ? 0 : before), Double::sum);
                }
            }
        }
        CpuReading start = windowCpuStart;
        CpuReading end = windowCpuEnd;
        if (start != null && end != null) {
            putIfKnown(totals, "serverCpuCoresMean", start.coresUntil(end, CpuReading::server));
            putIfKnown(totals, "driverCpuCoresMean", start.coresUntil(end, CpuReading::driver));
            putIfKnown(totals, "dbCpuCoresMean", start.coresUntil(end, CpuReading::db));
            putIfKnown(totals, "labCpuCoresMean", start.coresUntil(end, CpuReading::lab));
            putIfKnown(totals, "otherCpuCoresMean", otherCores(start, end));
        }
        long[] before = listenBaseline;
        long[] after = listenEnd;
        if (before != null && after != null) {
            totals.put("listenOverflows", (double) (after[0] - before[0]));
            totals.put("listenDrops", (double) (after[1] - before[1]));
        }
        return totals;
    }

    @Override
    public void close() {
        stop();
    }

    private static void putIfKnown(java.util.Map<String, Double> totals, String key, double value) {
        if (!Double.isNaN(value)) {
            totals.put(key, Math.round(value * 1000) / 1000.0);
        }
    }

    /**
     * The processes' CPU seconds at one instant. The window's mean CPU is the difference of two of them over the wall
     * time between: weighted by time over exactly the window, where a mean of the per-second rows would weigh rows of
     * unequal length alike and leave out the stretches before the first row and after the last.
     */
    private record CpuReading(long nanos, double server, double driver, double db, double lab, Optional<MachineCpu> machine) {
        double coresUntil(CpuReading end, ToDoubleFunction<CpuReading> clock) {
            double dt = (end.nanos - nanos) / 1e9;
            return dt <= 0 ? Double.NaN : (clock.applyAsDouble(end) - clock.applyAsDouble(this)) / dt;
        }

        /** The whole machine's busy cores between the two readings; NaN without {@code /proc/stat}. */
        double machineCoresUntil(CpuReading end) {
            return machine.isPresent() && end.machine.isPresent() ? end.machine.get().busyCoresSince(machine.get()) : Double.NaN;
        }
    }

    private CpuReading cpuNow() {
        return new CpuReading(System.nanoTime(), server.seconds(), driverSeconds(), database == null ? Double.NaN : database.seconds(),
                LAB.seconds(), MachineCpu.now());
    }

    /** This JVM: the lab itself (its sampler, its progress, a fan-out downstream it serves). */
    private static final CpuClock LAB = new CpuClock(ProcessHandle.current().pid(), false);

    /**
     * What the rest of the machine used in the window, in cores: its busy CPU less the server's, the drivers', the
     * database's and the lab's own. Pinning keeps the lab's processes apart from one another, not from anybody else's; a
     * build, a test suite or a browser beside a window shows here (and in a finding), where the cell's own figures cannot
     * show it. Kernel work not charged to a process (interrupts) is in it too.
     */
    private static double otherCores(CpuReading start, CpuReading end) {
        double machine = start.machineCoresUntil(end);
        if (Double.isNaN(machine)) {
            return Double.NaN;
        }
        double own = 0;
        for (ToDoubleFunction<CpuReading> clock : List.<ToDoubleFunction<CpuReading>>of(CpuReading::server, CpuReading::driver,
                CpuReading::db, CpuReading::lab)) {
            double cores = start.coresUntil(end, clock);
            own += Double.isNaN(cores) ? 0 : cores;
        }
        // /proc/stat counts in ticks and the processes in nanoseconds: a few hundredths either way are rounding
        return Math.max(0, machine - own);
    }

    /** All drivers' CPU seconds summed; NaN when none is known yet. */
    private double driverSeconds() {
        return drivers.isEmpty() ? Double.NaN : drivers.stream().mapToDouble(CpuClock::seconds).sum();
    }

    private void sample() {
        if (!windowOpen) {
            // Warming the scrape path: the rows of the warm-up are not the window's.
            previous = snapshot();
            if (previous.scraped) {
                lastScrape = previous.metrics;
            }
            return;
        }
        Snapshot now = snapshot();
        Snapshot before = previous;
        previous = now;
        double dt = (now.nanos - before.nanos) / 1e9;
        Prometheus p = now.metrics;
        // After a missed scrape, a counter's difference is taken from the last scrape that answered;
        // with none yet it is unknown (NaN) — never the cumulative value since the server started.
        Prometheus q = lastScrape;
        if (now.scraped) {
            lastScrape = p;
        }
        double poolActive = first(m -> Optional.of(m.pool().active()), p::sum);
        double poolIdle = first(m -> Optional.of(m.pool().idle()), p::sum);
        double poolPending = first(m -> Optional.of(m.pool().pending()), p::sum);
        SeriesRow row = new SeriesRow(
                (now.nanos - startNanos) / 1e9,
                rate(now.serverCpu, before.serverCpu, dt),
                rssMb(serverPid),
                p.sum("jvm_memory_used_bytes", "area", "heap") / 1024 / 1024,
                counter(p, q, "jvm_gc_pause_seconds_sum") * 1000,
                p.sum("jvm_threads_live_threads"),
                p.sum("jvm_threads_virtual_live_threads", "scheduling_status", "mounted"),
                p.sum("jvm_threads_virtual_live_threads", "scheduling_status", "queued"),
                counter(p, q, "jvm_threads_virtual_pinned_seconds_count"),
                nonNegative(first(m -> m.requestThreads().map(ServerDescriptor.ThreadMetrics::busy), p::sum)),
                nonNegative(first(m -> m.requestThreads().map(ServerDescriptor.ThreadMetrics::max), p::sum)),
                poolActive,
                poolIdle,
                poolPending,
                first(m -> m.pool().timeouts(), name -> counter(p, q, name)),
                rate(now.driverCpu, before.driverCpu, dt),
                rate(now.dbCpu, before.dbCpu, dt));
        synchronized (rows) {
            rows.add(row);
        }
    }

    private Snapshot snapshot() {
        Prometheus metrics = Prometheus.parse("");
        boolean scraped = false;
        if (prometheusUrl != null) {
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(prometheusUrl))
                        .timeout(Duration.ofMillis(900)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    metrics = Prometheus.parse(r.body());
                    scraped = true;
                }
            } catch (IOException e) {
                // A missed scrape is a gap in the series (NaN), not a made-up value.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return new Snapshot(System.nanoTime(), metrics, scraped, server.seconds(),
                driverSeconds(), database == null ? Double.NaN : database.seconds());
    }

    private record Snapshot(long nanos, Prometheus metrics, boolean scraped, double serverCpu, double driverCpu, double dbCpu) {
    }

    private static double rate(double now, double before, double dt) {
        return dt <= 0 ? Double.NaN : (now - before) / dt;
    }

    /** A counter's change since {@code before}; NaN when this scrape or every earlier one missed. */
    private static double counter(Prometheus now, Prometheus before, String name) {
        return before == null ? Double.NaN : delta(now.sum(name), before.sum(name));
    }

    private static double delta(double now, double before) {
        if (Double.isNaN(now)) {
            return Double.NaN;
        }
        return Double.isNaN(before) ? now : now - before;
    }

    /** The first figure a known server's metric of this kind has in the scrape: a server exposes its own names only. */
    private double first(Function<ServerDescriptor.Metrics, Optional<String>> kind, ToDoubleFunction<String> read) {
        for (ServerDescriptor.Metrics m : known) {
            Optional<String> name = kind.apply(m);
            if (name.isPresent()) {
                double v = read.applyAsDouble(name.get());
                if (!Double.isNaN(v)) {
                    return v;
                }
            }
        }
        return Double.NaN;
    }

    // Tomcat reports -1 for its pool gauges when requests run on virtual threads (no pool).
    private static double nonNegative(double v) {
        return v < 0 ? Double.NaN : v;
    }

    private static double rssMb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024.0;
                }
            }
        } catch (IOException | RuntimeException e) {
            // The process may have exited.
        }
        return Double.NaN;
    }

    /** Writes the rows as CSV (header first), atomically. */
    public static void writeCsv(Path file, List<SeriesRow> rows) {
        StringBuilder sb = new StringBuilder(SeriesRow.CSV_HEADER).append('\n');
        rows.forEach(r -> sb.append(r.csv()).append('\n'));
        dev.loomlab.lab.os.AtomicWrite.write(file, sb.toString());
    }

    public static List<SeriesRow> readCsv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        return lines.stream().skip(1).filter(l -> !l.isBlank()).map(SeriesRow::parseCsv).toList();
    }
}
