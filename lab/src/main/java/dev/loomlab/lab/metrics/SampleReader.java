package dev.loomlab.lab.metrics;

import dev.loomlab.lab.catalog.ServerCatalog;
import dev.loomlab.lab.catalog.ServerDescriptor;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * What the {@link Sampler} reads of a cell's processes — the server's Actuator scrape, the server's, the drivers' and the
 * database's CPU clocks — and the series row that two snapshots a second apart make.
 */
final class SampleReader {
    /** This JVM: the lab itself (its sampler, its progress, a fan-out downstream it serves). */
    private static final CpuClock LAB = new CpuClock(ProcessHandle.current().pid(), false);

    private final String prometheusUrl;
    private final long serverPid;
    private final CpuClock server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    /** The metric names of every server in the catalogue: the server sampled (or a target) may be any of them. */
    private final List<ServerDescriptor.Metrics> known = ServerCatalog.current().servers().stream()
            .map(ServerDescriptor::metrics).distinct().toList();
    /** Every load driver's process: with several drivers their CPU is summed. */
    private final List<CpuClock> drivers = new CopyOnWriteArrayList<>();
    private final CpuClock database;

    /** The scrape and the processes' CPU seconds at one instant; a missed scrape reads as an empty one. */
    record Snapshot(long nanos, Prometheus metrics, boolean scraped, double serverCpu, double driverCpu, double dbCpu) {
    }

    /** Arguments as {@link Sampler#Sampler(long, String, long)} takes them. */
    SampleReader(long serverPid, String managementUrl, long databasePid) {
        this.serverPid = serverPid;
        this.server = new CpuClock(serverPid, false);
        this.prometheusUrl = managementUrl == null ? null : managementUrl + "/actuator/prometheus";
        this.database = databasePid > 0 ? new CpuClock(databasePid, true) : null;
    }

    void driverPid(long pid) {
        drivers.add(new CpuClock(pid, false));
    }

    CpuReading cpuNow() {
        return new CpuReading(System.nanoTime(), server.seconds(), driverSeconds(), databaseSeconds(), LAB.seconds(), MachineCpu.now());
    }

    /** All drivers' CPU seconds summed; NaN when none is known yet. */
    private double driverSeconds() {
        return drivers.isEmpty() ? Double.NaN : drivers.stream().mapToDouble(CpuClock::seconds).sum();
    }

    private double databaseSeconds() {
        return database == null ? Double.NaN : database.seconds();
    }

    Snapshot snapshot() {
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
        return new Snapshot(System.nanoTime(), metrics, scraped, server.seconds(), driverSeconds(), databaseSeconds());
    }

    /**
     * The row of the second from {@code before} to {@code now}, timed from {@code startNanos}.
     *
     * @param answered the last scrape that answered before {@code now}, or null: counters are differenced against it
     */
    SeriesRow row(Snapshot before, Snapshot now, Prometheus answered, long startNanos) {
        double dt = (now.nanos - before.nanos) / 1e9;
        Prometheus p = now.metrics;
        double poolActive = first(m -> Optional.of(m.pool().active()), p::sum);
        double poolIdle = first(m -> Optional.of(m.pool().idle()), p::sum);
        double poolPending = first(m -> Optional.of(m.pool().pending()), p::sum);
        return new SeriesRow(
                (now.nanos - startNanos) / 1e9,
                rate(now.serverCpu, before.serverCpu, dt),
                rssMb(serverPid),
                p.sum("jvm_memory_used_bytes", "area", "heap") / 1024 / 1024,
                counter(p, answered, "jvm_gc_pause_seconds_sum") * 1000,
                p.sum("jvm_threads_live_threads"),
                p.sum("jvm_threads_virtual_live_threads", "scheduling_status", "mounted"),
                p.sum("jvm_threads_virtual_live_threads", "scheduling_status", "queued"),
                counter(p, answered, "jvm_threads_virtual_pinned_seconds_count"),
                nonNegative(first(m -> m.requestThreads().map(ServerDescriptor.ThreadMetrics::busy), p::sum)),
                nonNegative(first(m -> m.requestThreads().map(ServerDescriptor.ThreadMetrics::max), p::sum)),
                poolActive,
                poolIdle,
                poolPending,
                first(m -> m.pool().timeouts(), name -> counter(p, answered, name)),
                rate(now.driverCpu, before.driverCpu, dt),
                rate(now.dbCpu, before.dbCpu, dt));
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
        return ResidentSet.mb(pid).orElse(Double.NaN);
    }
}
