package dev.loomlab.lab.load;

import dev.loomlab.lab.result.AtomicWrite;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.load.Workload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.HdrHistogram.Histogram;

/**
 * One cell's load from several drivers at once ({@code --drivers N}): each driver — a hyperfoil
 * JVM of its own, in a network namespace of its own in the split topology — gets VUs / N (the
 * remainder one each to the first drivers) or rate / N, the same warm-up and window, and all are
 * launched together; each, once connected, waits at a start gate, so that all start their load — and open their
 * windows — at one instant. Their results are merged as one driver's would be: counts, errors and TPS
 * summed; every percentile from the sum of their HdrHistogram logs ({@link HlogMerge}), never an
 * average of their percentiles.
 *
 * <p>The lab is the controller: Hyperfoil's own controller and agents would need an SSH or
 * Kubernetes deployment, would run the benchmark on their own clock and report percentiles the lab
 * could not merge from histograms; the lab already owns the timing, the namespaces and the
 * processes, so N of its one-JVM drivers give the same load with the files it already reads.
 */
public final class DistributedLoad implements LoadEngine {
    private final List<LoadEngine> drivers;
    private volatile List<Map<String, Object>> lastShares = List.of();

    public DistributedLoad(List<LoadEngine> drivers) {
        if (drivers.size() < 2) {
            throw new IllegalArgumentException("a distributed load needs at least two drivers");
        }
        this.drivers = List.copyOf(drivers);
    }

    @Override
    public String id() {
        return drivers.getFirst().id();
    }

    public int size() {
        return drivers.size();
    }

    /** Each driver's share of the last cell: VUs or rate, requests, ok, TPS, p50 and p99 (its own). */
    public List<Map<String, Object>> lastShares() {
        return lastShares;
    }

    @Override
    public LoadResult run(LoadSpec spec, LoadProgress.Listener listener) {
        if (spec.workload() instanceof Workload.Burst) {
            throw new LoadException("a burst is one driver's: it is timed from its first send to its last answer");
        }
        int n = drivers.size();
        StartGate gate = StartGate.open(spec.outDir().resolve(spec.name() + ".start"), n);
        List<LoadSpec> specs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            specs.add(spec.share(i, n).startingAt(gate.file()));
        }
        // The window opens and closes by the first driver's progress; the console shows all of them summed.
        AtomicReferenceArray<LoadProgress> latest = new AtomicReferenceArray<>(n);
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<LoadResult>> running = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = i;
            LoadProgress.Listener own = new LoadProgress.Listener() {
                @Override
                public void onProgress(LoadProgress p) {
                    if (p.phase().equals(StartGate.READY)) {
                        gate.ready(k);
                        return;
                    }
                    latest.set(k, p);
                    if (k == 0) {
                        double tps = 0;
                        long requests = 0;
                        long errors = 0;
                        for (int j = 0; j < n; j++) {
                            LoadProgress q = latest.get(j);
                            if (q != null) {
                                tps += q.tps();
                                requests += q.requests();
                                errors += q.errors();
                            }
                        }
                        listener.onProgress(new LoadProgress(p.phase(), p.elapsedS(), tps, requests, errors));
                    }
                }

                @Override
                public void engineStarted(long pid) {
                    // every driver's CPU counts: the sampler sums them
                    listener.engineStarted(pid);
                }
            };
            running.add(CompletableFuture.supplyAsync(() -> {
                await(go);
                return drivers.get(k).run(specs.get(k), own);
            }, r -> Thread.ofPlatform().name("loomlab-driver-" + (k + 1)).start(r)));
        }
        go.countDown();
        List<LoadResult> results = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        // Each driver's own wait is bounded; this one too, so that no driver can hold the cell for ever.
        long boundS = EngineWatch.STARTUP.plus(EngineWatch.bound(spec)).plusSeconds(30).toSeconds();
        for (int i = 0; i < n; i++) {
            try {
                results.add(running.get(i).get(boundS, java.util.concurrent.TimeUnit.SECONDS));
            } catch (java.util.concurrent.TimeoutException e) {
                failures.add("driver " + (i + 1) + ": no result within " + boundS + " s");
            } catch (ExecutionException e) {
                failures.add("driver " + (i + 1) + ": " + (e.getCause() == null ? e.getMessage() : e.getCause().getMessage()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LoadException("interrupted");
            }
        }
        if (!failures.isEmpty()) {
            throw new LoadException(String.join("; ", failures));
        }
        List<Path> hlogs = specs.stream().map(s -> s.outDir().resolve(s.name() + ".hlog")).toList();
        Histogram merged = HlogMerge.merge(hlogs);
        HlogMerge.write(merged, spec.outDir().resolve(spec.name() + ".hlog"),
                "loomlab: units=nanoseconds (response time); the sum of " + n + " drivers' logs " + hlogs.stream().map(p -> p.getFileName().toString()).toList());
        LoadResult result = merge(results, merged);
        List<Map<String, Object>> shares = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            LoadResult r = results.get(i);
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("driver", i + 1);
            switch (specs.get(i).workload()) {
                case Workload.Open o -> s.put("rate", o.ratePerSec());
                case Workload.Closed c -> s.put("vus", c.vus());
                case Workload.Burst b -> throw new IllegalStateException("a burst is never shared");
            }
            s.put("requests", r.requests());
            s.put("ok", r.ok());
            s.put("tps", r.tps());
            s.put("p50Ms", r.latency().p50Ms());
            s.put("p99Ms", r.latency().p99Ms());
            s.put("driverCpuS", r.driverCpuS());
            // when this driver's measured window opened: all of them at one instant, give or take their clocks' waking
            s.put("measureStartEpochMs",
                    HyperfoilEngine.result(specs.get(i).outDir().resolve(specs.get(i).name() + ".driver.json")).measureStartEpochMs());
            s.put("hlog", specs.get(i).name() + ".hlog");
            shares.add(s);
        }
        lastShares = List.copyOf(shares);
        writeMergedJson(spec, result, specs, shares);
        return result;
    }

    /** Counts summed; latencies from the merged histogram (ns); the window is the drivers' common one. */
    static LoadResult merge(List<LoadResult> results, Histogram merged) {
        long requests = 0;
        long ok = 0;
        double tps = 0;
        double achieved = 0;
        long unsent = 0;
        double cpu = 0;
        double duration = 0;
        Double requestedRate = null;
        Map<String, Long> errors = new LinkedHashMap<>();
        for (LoadResult r : results) {
            requests += r.requests();
            ok += r.ok();
            tps += r.tps();
            achieved += r.achievedRate();
            unsent += r.unsent();
            cpu += r.driverCpuS();
            duration = Math.max(duration, r.durationS());
            if (r.requestedRate() != null) {
                requestedRate = (requestedRate == null ? 0 : requestedRate) + r.requestedRate();
            }
            r.errors().forEach((k, v) -> errors.merge(k, v, Long::sum));
        }
        LoadResult first = results.getFirst();
        return new LoadResult(first.engine(), first.engineVersion(), duration, requests, ok, tps,
                new Latencies(ms(merged.getValueAtPercentile(50)), ms(merged.getValueAtPercentile(90)), ms(merged.getValueAtPercentile(99)),
                        ms(merged.getValueAtPercentile(99.9)), ms(merged.getMaxValue()), merged.getMean() / 1e6),
                errors, requestedRate, achieved, unsent, cpu, first.driverJvm(), null);
    }

    private static double ms(long ns) {
        return Math.round(ns / 1e3) / 1e3;
    }

    /**
     * {@code <name>.driver.json} as one driver would write it (what the write check reads:
     * {@code okWholeRun}, summed), plus each driver's share.
     */
    private static void writeMergedJson(LoadSpec spec, LoadResult r, List<LoadSpec> specs, List<Map<String, Object>> shares) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", r.engine());
        m.put("engineVersion", r.engineVersion());
        m.put("url", spec.url());
        m.put("drivers", shares.size());
        m.put("durationS", r.durationS());
        m.put("requests", r.requests());
        m.put("ok", r.ok());
        m.put("tps", r.tps());
        Latencies l = r.latency();
        m.put("p50Ms", l.p50Ms());
        m.put("p90Ms", l.p90Ms());
        m.put("p99Ms", l.p99Ms());
        m.put("p999Ms", l.p999Ms());
        m.put("maxMs", l.maxMs());
        m.put("meanMs", l.meanMs());
        m.put("errors", r.errors());
        m.put("requestedRate", r.requestedRate());
        m.put("achievedRate", r.achievedRate());
        m.put("unsent", r.unsent());
        m.put("driverCpuS", r.driverCpuS());
        m.put("driverJvm", r.driverJvm());
        long okWholeRun = 0;
        for (LoadSpec s : specs) {
            okWholeRun += HyperfoilEngine.result(s.outDir().resolve(s.name() + ".driver.json")).okWholeRun();
        }
        m.put("okWholeRun", okWholeRun);
        m.put("shares", shares);
        try {
            AtomicWrite.write(spec.outDir().resolve(spec.name() + ".driver.json"),
                    RunFolder.json().writerWithDefaultPrettyPrinter().writeValueAsString(m));
        } catch (java.io.UncheckedIOException e) {
            throw new LoadException("cannot write the merged driver result: " + e.getMessage());
        }
    }

    private static void await(CountDownLatch go) {
        try {
            go.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadException("interrupted");
        }
    }
}
