package dev.loomlab.lab.load;

import dev.loomlab.lab.load.agents.AgentHost;
import dev.loomlab.lab.os.process.Children;
import dev.loomlab.load.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.regex.Matcher;
import org.HdrHistogram.Histogram;

/**
 * One cell's load from several machines: the same k6 test on every load agent, each instance running its
 * execution segment ({@code --execution-segment i/n:(i+1)/n} of one {@code --execution-segment-sequence}, k6's own way
 * of splitting a test, the one its Kubernetes operator uses), so VUs or arrivals are shared out exactly as k6 shares
 * them. The lab reaches every agent over SSH (a namespace of this machine as a real host), copies the k6 binary once per
 * run and the cell's script per cell ({@link K6AgentHosts}), and starts every instance paused with its REST API
 * forwarded to the lab; once all are ready it resumes them together ({@link K6AgentApi}), so every agent's scenario —
 * and its measured window — starts at one instant. Each instance writes one sample per request ({@link AgentSamples});
 * the lab builds one HdrHistogram per agent and adds them ({@link HlogMerge}, {@link K6AgentsMerge}), and counts
 * requests, errors and the throughput by completion second as the other engines do. An agent that fails fails the cell
 * with its reason; the other agents are stopped.
 */
public final class K6Agents implements LoadEngine, AutoCloseable {
    private final String version;
    private final K6AgentHosts hosts;
    private volatile List<Map<String, Object>> lastShares = List.of();

    /** @param version the local binary's version, which every agent runs (the binary is copied) */
    public K6Agents(Path k6, String version, List<AgentHost> hosts) {
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("no load agents");
        }
        this.version = version;
        this.hosts = new K6AgentHosts(k6, hosts);
    }

    @Override
    public String id() {
        return K6Engine.ID;
    }

    /** Each agent's part of the last cell: its share, counts, percentiles, CPU and when its window opened. */
    public List<Map<String, Object>> lastShares() {
        return lastShares;
    }

    public List<AgentHost> hosts() {
        return hosts.hosts();
    }

    /** The script every agent runs for {@code spec} (the same the lab copies to its agents). */
    public static String script(LoadSpec spec) {
        return K6Engine.agentScript(spec);
    }


    @Override
    public LoadResult run(LoadSpec spec, LoadProgress.Listener listener) {
        if (!spec.method().equals("GET")) {
            throw new LoadException("k6 is driven with GET only in loomlab: use --engine hyperfoil for " + spec.method() + " " + spec.url());
        }
        if (spec.workload() instanceof Workload.Burst) {
            throw new LoadException("a burst is one driver's: it is timed from its first send to its last answer");
        }
        if (spec.spike() != null || spec.ramp() != null) {
            // execution segments would split the scenarios, but the merge keeps no per-second latencies to read the shape by
            throw new LoadException("a spike or a ramp is driven by one k6: drop --agents");
        }
        int n = hosts.hosts().size();
        Path script = spec.outDir().resolve(spec.name() + ".k6.js");
        try {
            Files.createDirectories(spec.outDir());
            Files.writeString(script, K6Engine.agentScript(spec));
        } catch (IOException e) {
            throw new LoadException("cannot write the k6 script " + script + ": " + e.getMessage());
        }
        K6AgentHosts.forEach(n, i -> hosts.prepare(i, script, spec.name()));
        List<K6Agent> agents = new ArrayList<>();
        Path api = K6AgentApi.folder();
        try {
            for (int i = 0; i < n; i++) {
                agents.add(hosts.launch(i, n, spec, api));
            }
            return measure(spec, listener, agents);
        } finally {
            for (K6Agent a : agents) {
                Children.stop(a.ssh(), Duration.ofSeconds(5));
            }
            K6AgentApi.deleteFolder(api);
        }
    }

    private LoadResult measure(LoadSpec spec, LoadProgress.Listener listener, List<K6Agent> agents) {
        int n = agents.size();
        AtomicLongArray pids = new AtomicLongArray(n);
        AtomicLongArray complete = new AtomicLongArray(n);
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        List<CompletableFuture<Integer>> exits = new ArrayList<>();
        for (K6Agent a : agents) {
            Writer log = openLog(a.log());
            exits.add(CompletableFuture.supplyAsync(() -> {
                try (log) {
                    int exit = EngineWatch.await("k6 " + a.name(), a.ssh(), a.ssh().getInputStream(), spec, line -> {
                        write(log, line);
                        if (line.startsWith("loomlab-agent-pid ")) {
                            long pid = Long.parseLong(line.substring("loomlab-agent-pid ".length()).strip());
                            pids.set(a.index(), pid);
                            if (a.host().onThisHost()) {
                                // the same PID namespace: the lab's sampler sees this k6 as it sees a local engine
                                listener.engineStarted(pid);
                            }
                        }
                        Matcher m = K6Engine.PROGRESS.matcher(line);
                        if (m.find()) {
                            complete.set(a.index(), Long.parseLong(m.group(4)));
                        }
                    });
                    if (exit != 0) {
                        failures.add(a.name() + ": k6 exited with " + exit + (exit == 137 ? " (killed)" : "") + " — " + a.tail());
                    }
                    return exit;
                } catch (LoadException e) {
                    failures.add(a.name() + ": " + e.getMessage());
                    return -1;
                } catch (IOException e) {
                    return 0;
                }
            }, r -> Thread.ofPlatform().daemon().name("loomlab-agent-" + (a.index() + 1)).start(r)));
        }
        long[] resumedAt = new long[n];
        int[] vus = new int[n];
        try {
            K6AgentApi.awaitPaused(agents, vus, failures);
            K6AgentApi.resumeTogether(agents, resumedAt);
            Thread ticker = progress(spec, listener, resumedAt, complete);
            awaitAllOrFirstFailure(exits);
            ticker.interrupt();
            if (!failures.isEmpty()) {
                K6AgentApi.stopAll(agents);
                throw new LoadException(String.join("; ", failures));
            }
        } catch (LoadException e) {
            K6AgentApi.stopAll(agents);
            throw new LoadException(failures.isEmpty() ? e.getMessage() : String.join("; ", failures));
        }
        return collect(spec, listener, agents, resumedAt, vus);
    }

    /** Returns once every agent's k6 has exited, or as soon as one has exited with a failure. */
    private static void awaitAllOrFirstFailure(List<CompletableFuture<Integer>> exits) {
        CompletableFuture<Void> firstFailure = new CompletableFuture<>();
        for (CompletableFuture<Integer> e : exits) {
            e.thenAccept(code -> {
                if (code != 0) {
                    firstFailure.complete(null);
                }
            });
        }
        CompletableFuture.anyOf(CompletableFuture.allOf(exits.toArray(CompletableFuture[]::new)), firstFailure).join();
    }

    /**
     * The console's and the lab's phases by the lab's clock from the common resume: warm-up, then the window, then the
     * drain; requests summed from the agents' own progress lines.
     */
    private static Thread progress(LoadSpec spec, LoadProgress.Listener listener, long[] resumedAt, AtomicLongArray complete) {
        long start = Arrays.stream(resumedAt).min().orElse(System.currentTimeMillis());
        long warmupMs = spec.warmup().toMillis();
        long endMs = warmupMs + spec.duration().toMillis();
        return Thread.ofPlatform().daemon().name("loomlab-agents-progress").start(() -> {
            long lastRequests = 0;
            double lastS = 0;
            String lastPhase = "";
            while (!Thread.currentThread().isInterrupted()) {
                long since = System.currentTimeMillis() - start;
                String phase = since < warmupMs ? "warmup" : since < endMs ? "measure" : "drain";
                long requests = 0;
                for (int i = 0; i < complete.length(); i++) {
                    requests += complete.get(i);
                }
                double s = since / 1000.0;
                double tps = s > lastS ? (requests - lastRequests) / (s - lastS) : 0;
                listener.onProgress(new LoadProgress(phase, s, phase.equals(lastPhase) ? tps : 0, requests, 0));
                lastPhase = phase;
                lastRequests = requests;
                lastS = s;
                // wake at the next phase boundary or second, whichever comes first
                long next = since < warmupMs ? Math.min(warmupMs - since, 1000) : since < endMs ? Math.min(endMs - since, 1000) : 1000;
                try {
                    Thread.sleep(Math.max(1, next));
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    /** Every agent's samples and CPU fetched and counted; the per-agent logs, the merged log and the cell's result written. */
    private LoadResult collect(LoadSpec spec, LoadProgress.Listener listener, List<K6Agent> agents, long[] resumedAt, int[] vus) {
        int n = agents.size();
        long windowMs = spec.duration().toMillis();
        AgentSamples[] samples = new AgentSamples[n];
        double[] cpu = new double[n];
        // each agent's equal segment of the open model's schedule: the slots it drops are a 1 / (rate / n) each
        double agentRate = spec.workload() instanceof Workload.Open o ? o.ratePerSec() / n : 0;
        K6AgentHosts.forEach(n, i -> {
            samples[i] = hosts.fetchSamples(agents.get(i), spec.name(), windowMs, agentRate);
            cpu[i] = hosts.fetchCpu(agents.get(i), spec.name(), samples[i].windowStartEpochMs(), windowMs);
        });
        List<Path> hlogs = new ArrayList<>();
        List<Map<String, Object>> shares = new ArrayList<>();
        double w = windowMs / 1000.0;
        for (int i = 0; i < n; i++) {
            AgentSamples s = samples[i];
            Histogram h = s.histogram();
            h.setStartTimeStamp(s.windowStartEpochMs());
            h.setEndTimeStamp(s.windowStartEpochMs() + windowMs);
            Path hlog = spec.outDir().resolve(spec.name() + ".a" + (i + 1) + ".hlog");
            HlogMerge.write(h, hlog, "loomlab: units=nanoseconds (response time); agent " + (i + 1) + " " + agents.get(i).host().label()
                    + ", every request started in its window that got a status, one sample each");
            hlogs.add(hlog);
            Map<String, Object> share = new LinkedHashMap<>();
            share.put("agent", i + 1);
            share.put("host", agents.get(i).host().label());
            share.put("segment", K6AgentHosts.segment(i, n));
            switch (spec.workload()) {
                case Workload.Open o -> share.put("rate", o.ratePerSec() / n);
                case Workload.Closed c -> share.put("vus", vus[i]);
                case Workload.Burst b -> throw new IllegalStateException("a burst is never shared");
            }
            share.put("requests", s.requests());
            share.put("ok", s.ok());
            share.put("tps", s.okCompleted() / w);
            share.put("p50Ms", K6AgentsMerge.ms(h.getValueAtPercentile(50)));
            share.put("p99Ms", K6AgentsMerge.ms(h.getValueAtPercentile(99)));
            share.put("driverCpuS", cpu[i]);
            // on the agent's clock: when the lab resumed it plus the warm-up
            share.put("measureStartEpochMs", s.windowStartEpochMs());
            // on the lab's clock: when the agent acknowledged its resume
            share.put("resumedAtEpochMs", resumedAt[i]);
            share.put("hlog", hlog.getFileName().toString());
            shares.add(share);
        }
        Histogram merged = HlogMerge.merge(hlogs);
        HlogMerge.write(merged, spec.outDir().resolve(spec.name() + ".hlog"),
                "loomlab: units=nanoseconds (response time); the sum of " + n + " agents' logs " + hlogs.stream().map(p -> p.getFileName().toString()).toList());
        LoadResult result = K6AgentsMerge.result(spec, version, samples, merged, Arrays.stream(cpu).sum(), n);
        lastShares = List.copyOf(shares);
        K6AgentsMerge.writeDriverJson(spec, result, samples, shares);
        listener.onProgress(new LoadProgress("done", spec.window().total().toMillis() / 1000.0, result.tps(), result.requests(),
                result.requests() - result.ok()));
        return result;
    }

    private static Writer openLog(Path log) {
        try {
            return Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new LoadException("cannot write the agent's log " + log + ": " + e.getMessage());
        }
    }

    private static void write(Writer log, String line) {
        try {
            log.write(line);
            log.write('\n');
            log.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes every agent's folder (the k6 binary, scripts, leftovers); an agent that cannot be reached keeps it. */
    @Override
    public void close() {
        hosts.close();
    }
}
