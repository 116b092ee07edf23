package dev.loomlab.lab.load;

import dev.loomlab.lab.load.agents.AgentHost;
import dev.loomlab.lab.load.agents.UnixHttp;
import dev.loomlab.lab.os.AtomicWrite;
import dev.loomlab.lab.process.Children;
import dev.loomlab.load.CpuTimeline;
import dev.loomlab.load.Workload;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.regex.Matcher;
import org.HdrHistogram.Histogram;

/**
 * One cell's load from several machines: the same k6 test on every load agent, each instance running its
 * execution segment ({@code --execution-segment i/n:(i+1)/n} of one {@code --execution-segment-sequence}, k6's own way
 * of splitting a test, the one its Kubernetes operator uses), so VUs or arrivals are shared out exactly as k6 shares
 * them. The lab reaches every agent over SSH (a namespace of this machine as a real host), copies the k6 binary once per
 * run and the cell's script per cell, and starts every instance paused with its REST API forwarded to the lab
 * ({@code ssh -L} to a socket in a folder only the lab's user enters); once all are ready it resumes them together, each PATCH on its own connection, so every agent's
 * scenario — and its measured window — starts at one instant. Each instance writes one sample per request
 * ({@link AgentSamples}); the lab builds one HdrHistogram per agent and adds them ({@link HlogMerge}), and counts
 * requests, errors and the throughput by completion second as the other engines do. An agent that fails fails the cell
 * with its reason; the other agents are stopped.
 */
public final class K6Agents implements LoadEngine, AutoCloseable {
    /** k6's REST answers read, and the merged result written, as the lab writes its own records (indented). */
    private static final tools.jackson.databind.json.JsonMapper JSON = tools.jackson.databind.json.JsonMapper.builder()
            .enable(tools.jackson.databind.SerializationFeature.INDENT_OUTPUT).build();

    /** The REST port of agent i's k6 on its host: several agents may share one host. */
    static final int REST_PORT = 6565;
    private static final Duration POLL = Duration.ofMillis(50);
    /**
     * k6's execution status "paused before run" ({@code lib.ExecutionStatusPausedBeforeRun}): its VUs are made. The API
     * answers {@code paused: true} earlier, while it still makes them, and an agent resumed then would start late.
     */
    static final int PAUSED_BEFORE_RUN = 4;
    private static final Duration FETCH = Duration.ofMinutes(5);

    private final Path k6;
    private final String version;
    private final List<AgentHost> hosts;
    /** Each agent's folder, made by {@code mktemp -d} on its host when first prepared (null until then). */
    private final java.util.concurrent.atomic.AtomicReferenceArray<String> dirs;
    private final boolean[] prepared;
    private volatile List<Map<String, Object>> lastShares = List.of();

    /** @param version the local binary's version, which every agent runs (the binary is copied) */
    public K6Agents(Path k6, String version, List<AgentHost> hosts) {
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("no load agents");
        }
        this.k6 = k6;
        this.version = version;
        this.hosts = List.copyOf(hosts);
        this.dirs = new java.util.concurrent.atomic.AtomicReferenceArray<>(hosts.size());
        this.prepared = new boolean[hosts.size()];
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
        return hosts;
    }

    /** Agent {@code i}'s folder on its host (hosts may be this machine: one folder per agent), once prepared. */
    private String dir(int i) {
        String dir = dirs.get(i);
        if (dir == null) {
            throw new IllegalStateException("agent " + (i + 1) + " has no folder yet");
        }
        return dir;
    }

    /**
     * What {@code mktemp -d} prints: a folder of a random name, made with exclusive creation, 0700 and the lab user's.
     * A name derived from the lab's PID (as before) could be made first by another local user, world-writable, and its
     * {@code k6} replaced between two cells — then run as the lab's user, root in the split topology.
     */
    static final java.util.regex.Pattern AGENT_DIR = java.util.regex.Pattern.compile("/tmp/loomlab-agent-[A-Za-z0-9]{10}");

    /** The script every agent runs for {@code spec} (the same the lab copies to its agents). */
    public static String script(LoadSpec spec) {
        return K6Engine.agentScript(spec);
    }

    /** {@code i/n:(i+1)/n}: k6 reads fractions exactly, so the segments tile the test. */
    static String segment(int i, int n) {
        return fraction(i, n) + ":" + fraction(i + 1, n);
    }

    static String sequence(int n) {
        List<String> points = new ArrayList<>();
        for (int i = 0; i <= n; i++) {
            points.add(fraction(i, n));
        }
        return String.join(",", points);
    }

    private static String fraction(int i, int n) {
        return i == 0 ? "0" : i == n ? "1" : i + "/" + n;
    }

    /** An agent under way: {@code api} is the socket its k6's REST API is forwarded to, in a folder only the lab's user enters. */
    private record Agent(int index, AgentHost host, Path api, Process ssh, Path log) {
        String name() {
            return "agent " + (index + 1) + " (" + host.label() + ")";
        }

        UnixHttp.Response status(String method, String body, Duration timeout) throws IOException {
            return UnixHttp.send(api, method, STATUS, body, timeout);
        }
    }

    private static final String STATUS = "/v1/status";

    @Override
    public LoadResult run(LoadSpec spec, LoadProgress.Listener listener) {
        if (!spec.method().equals("GET")) {
            throw new LoadException("k6 is driven with GET only in loomlab: use --engine hyperfoil for " + spec.method() + " " + spec.url());
        }
        if (spec.workload() instanceof Workload.Burst) {
            throw new LoadException("a burst is one driver's: it is timed from its first send to its last answer");
        }
        int n = hosts.size();
        Path script = spec.outDir().resolve(spec.name() + ".k6.js");
        try {
            Files.createDirectories(spec.outDir());
            Files.writeString(script, K6Engine.agentScript(spec));
        } catch (IOException e) {
            throw new LoadException("cannot write the k6 script " + script + ": " + e.getMessage());
        }
        forEach(n, i -> prepare(i, script, spec.name()));
        List<Agent> agents = new ArrayList<>();
        Path api = apiFolder();
        try {
            for (int i = 0; i < n; i++) {
                agents.add(launch(i, n, spec, api));
            }
            return measure(spec, listener, agents);
        } finally {
            for (Agent a : agents) {
                Children.stop(a.ssh(), Duration.ofSeconds(5));
            }
            deleteFolder(api);
        }
    }

    /** The cell's folder for the agents' API sockets: 0700 (a temporary folder's mode), so no other local user reaches k6. */
    private static Path apiFolder() {
        try {
            Path folder = Files.createTempDirectory("loomlab-k6-api-");
            Children.sweepOnDeath(folder);
            return folder;
        } catch (IOException e) {
            throw new LoadException("cannot make a folder for the agents' k6 API sockets: " + e.getMessage());
        }
    }

    private static void deleteFolder(Path folder) {
        try (java.util.stream.Stream<Path> sockets = Files.list(folder)) {
            for (Path socket : sockets.toList()) {
                Files.deleteIfExists(socket);
            }
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            // a socket ssh has just removed itself: the folder goes with the next sweep of /tmp
        }
    }

    private LoadResult measure(LoadSpec spec, LoadProgress.Listener listener, List<Agent> agents) {
        int n = agents.size();
        AtomicLongArray pids = new AtomicLongArray(n);
        AtomicLongArray complete = new AtomicLongArray(n);
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        List<CompletableFuture<Integer>> exits = new ArrayList<>();
        for (Agent a : agents) {
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
                        failures.add(a.name() + ": k6 exited with " + exit + (exit == 137 ? " (killed)" : "") + " — " + tail(a.log()));
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
            awaitPaused(agents, vus, failures);
            resumeTogether(agents, resumedAt);
            Thread ticker = progress(spec, listener, resumedAt, complete);
            CompletableFuture<Void> firstFailure = new CompletableFuture<>();
            for (CompletableFuture<Integer> e : exits) {
                e.thenAccept(code -> {
                    if (code != 0) {
                        firstFailure.complete(null);
                    }
                });
            }
            CompletableFuture.anyOf(CompletableFuture.allOf(exits.toArray(CompletableFuture[]::new)), firstFailure).join();
            ticker.interrupt();
            if (!failures.isEmpty()) {
                stopAll(agents);
                throw new LoadException(String.join("; ", failures));
            }
        } catch (LoadException e) {
            stopAll(agents);
            throw new LoadException(failures.isEmpty() ? e.getMessage() : String.join("; ", failures));
        }
        return collect(spec, listener, agents, resumedAt, vus);
    }

    /** Every agent's k6 up, paused, its VUs made and its REST API reachable through the tunnel. */
    private static void awaitPaused(List<Agent> agents, int[] vus, ConcurrentLinkedQueue<String> failures) {
        long deadline = System.nanoTime() + EngineWatch.STARTUP.toNanos();
        for (Agent a : agents) {
            while (true) {
                if (!failures.isEmpty()) {
                    throw new LoadException(String.join("; ", failures));
                }
                if (!a.ssh().isAlive()) {
                    sleep(Duration.ofMillis(500)); // its exit code and last lines are on their way
                    throw new LoadException(failures.isEmpty() ? a.name() + ": ssh exited with " + a.ssh().exitValue() + " before k6 was ready — "
                            + tail(a.log()) : String.join("; ", failures));
                }
                if (System.nanoTime() > deadline) {
                    throw new LoadException(a.name() + ": k6 was not ready (paused, REST API up) within " + EngineWatch.STARTUP.toSeconds() + " s");
                }
                try {
                    UnixHttp.Response r = a.status("GET", null, Duration.ofSeconds(2));
                    tools.jackson.databind.JsonNode status = JSON.readTree(r.body()).path("data").path("attributes");
                    if (r.status() == 200 && status.path("paused").asBoolean(false) && status.path("status").asInt() == PAUSED_BEFORE_RUN) {
                        vus[a.index()] = status.path("vus-max").asInt();
                        break;
                    }
                } catch (IOException | RuntimeException notYet) {
                    // the tunnel or k6's API is not up yet
                }
                sleep(POLL);
            }
        }
    }

    /**
     * Resumes every agent at one instant: one thread per agent, each with its connection already open, released
     * together, so the agents' starts differ by one PATCH's trip, not by N of them in turn.
     */
    private static void resumeTogether(List<Agent> agents, long[] resumedAt) {
        CountDownLatch ready = new CountDownLatch(agents.size());
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<Void>> patches = new ArrayList<>();
        for (Agent a : agents) {
            patches.add(CompletableFuture.runAsync(() -> {
                try (UnixHttp connection = UnixHttp.connect(a.api())) {
                    ready.countDown();
                    go.await();
                    UnixHttp.Response r = connection.exchange("PATCH", STATUS, "{\"data\":{\"attributes\":{\"paused\":false}}}",
                            Duration.ofSeconds(10));
                    resumedAt[a.index()] = System.currentTimeMillis();
                    if (r.status() != 200) {
                        throw new LoadException(a.name() + ": k6 refused to resume: " + r.status() + " " + r.body());
                    }
                } catch (IOException e) {
                    throw new LoadException(a.name() + ": cannot resume k6: " + e.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new LoadException("interrupted");
                }
            }, r -> Thread.ofPlatform().daemon().name("loomlab-agent-resume-" + (a.index() + 1)).start(r)));
        }
        try {
            ready.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadException("interrupted");
        }
        go.countDown();
        try {
            CompletableFuture.allOf(patches.toArray(CompletableFuture[]::new)).join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof LoadException le ? le : new LoadException(String.valueOf(e.getCause()));
        }
    }

    /** Best effort: the agents still running stop their tests (k6 would run to the end of its window otherwise). */
    private static void stopAll(List<Agent> agents) {
        for (Agent a : agents) {
            if (a.ssh().isAlive()) {
                try {
                    a.status("PATCH", "{\"data\":{\"attributes\":{\"stopped\":true}}}", Duration.ofSeconds(3));
                } catch (IOException | RuntimeException e) {
                    // gone meanwhile: its ssh is stopped next
                }
                Children.stop(a.ssh(), Duration.ofSeconds(5));
            }
        }
    }

    /**
     * The console's and the lab's phases by the lab's clock from the common resume: warm-up, then the window, then the
     * drain; requests summed from the agents' own progress lines.
     */
    private static Thread progress(LoadSpec spec, LoadProgress.Listener listener, long[] resumedAt, AtomicLongArray complete) {
        long start = java.util.Arrays.stream(resumedAt).min().orElse(System.currentTimeMillis());
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
    private LoadResult collect(LoadSpec spec, LoadProgress.Listener listener, List<Agent> agents, long[] resumedAt, int[] vus) {
        int n = agents.size();
        long windowMs = spec.duration().toMillis();
        AgentSamples[] samples = new AgentSamples[n];
        double[] cpu = new double[n];
        forEach(n, i -> {
            samples[i] = fetchSamples(agents.get(i), spec.name(), windowMs);
            cpu[i] = fetchCpu(agents.get(i), spec.name(), samples[i].windowStartEpochMs(), windowMs);
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
            share.put("segment", segment(i, n));
            switch (spec.workload()) {
                case Workload.Open o -> share.put("rate", o.ratePerSec() / n);
                case Workload.Closed c -> share.put("vus", vus[i]);
                case Workload.Burst b -> throw new IllegalStateException("a burst is never shared");
            }
            share.put("requests", s.requests());
            share.put("ok", s.ok());
            share.put("tps", s.okCompleted() / w);
            share.put("p50Ms", ms(h.getValueAtPercentile(50)));
            share.put("p99Ms", ms(h.getValueAtPercentile(99)));
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
        LoadResult result = result(spec, samples, merged, java.util.Arrays.stream(cpu).sum(), n);
        lastShares = List.copyOf(shares);
        writeDriverJson(spec, result, samples, shares);
        listener.onProgress(new LoadProgress("done", spec.window().total().toMillis() / 1000.0, result.tps(), result.requests(),
                result.requests() - result.ok()));
        return result;
    }

    private LoadResult result(LoadSpec spec, AgentSamples[] samples, Histogram merged, double cpuS, int n) {
        double w = spec.duration().toMillis() / 1000.0;
        long requests = 0;
        long ok = 0;
        long okCompleted = 0;
        Map<String, Long> errors = new LinkedHashMap<>();
        for (AgentSamples s : samples) {
            requests += s.requests();
            ok += s.ok();
            okCompleted += s.okCompleted();
            s.errors().forEach((k, v) -> errors.merge(k, v, Long::sum));
        }
        Double rate = spec.workload() instanceof Workload.Open o ? o.ratePerSec() : null;
        long unsent = rate == null ? 0 : Math.max(0, Math.round(rate * w) - requests);
        boolean none = merged.getTotalCount() == 0;
        return new LoadResult(K6Engine.ID, version, w, requests, ok, okCompleted / w,
                new Latencies(ms(merged.getValueAtPercentile(50)), ms(merged.getValueAtPercentile(90)), ms(merged.getValueAtPercentile(99)),
                        ms(merged.getValueAtPercentile(99.9)), ms(merged.getMaxValue()), none ? 0 : merged.getMean() / 1e6),
                errors, rate, requests / w, unsent, cpuS, "none (native k6 on " + n + " agent" + (n == 1 ? "" : "s") + ")", null);
    }

    private static double ms(long ns) {
        return Math.round(ns / 1e3) / 1e3;
    }

    /** {@code <name>.driver.json}: the cell's figures, the per-second series and okWholeRun (summed), each agent's share. */
    private static void writeDriverJson(LoadSpec spec, LoadResult r, AgentSamples[] samples, List<Map<String, Object>> shares) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", r.engine());
        m.put("engineVersion", r.engineVersion());
        m.put("url", spec.url());
        m.put("agents", shares.size());
        m.put("durationS", r.durationS());
        m.put("requests", r.requests());
        m.put("ok", r.ok());
        m.put("tps", r.tps());
        m.put("p50Ms", r.latency().p50Ms());
        m.put("p99Ms", r.latency().p99Ms());
        m.put("errors", r.errors());
        m.put("driverCpuS", r.driverCpuS());
        // the window's seconds counted from each agent's own window start: they opened together
        List<Long> perSecond = new ArrayList<>();
        long okWholeRun = 0;
        for (AgentSamples s : samples) {
            for (int k = 0; k < s.okPerSecond().size(); k++) {
                if (perSecond.size() <= k) {
                    perSecond.add(0L);
                }
                perSecond.set(k, perSecond.get(k) + s.okPerSecond().get(k));
            }
            okWholeRun += s.okWholeRun();
        }
        m.put("okPerSecond", perSecond);
        m.put("okWholeRun", okWholeRun);
        m.put("shares", shares);
        AtomicWrite.write(spec.outDir().resolve(spec.name() + ".driver.json"),
                JSON.writerWithDefaultPrettyPrinter().writeValueAsString(m));
    }

    /** The agent's folder and, once per run, the k6 binary; the cell's script every cell. */
    private void prepare(int i, Path script, String name) {
        AgentHost host = hosts.get(i);
        synchronized (prepared) {
            if (!prepared[i]) {
                String out = push(host, k6, "d=$(mktemp -d /tmp/loomlab-agent-XXXXXXXXXX) && cat > \"$d/k6.part\" && chmod 755 \"$d/k6.part\""
                        + " && mv \"$d/k6.part\" \"$d/k6\" && echo \"$d\"");
                String made = out.lines().reduce((a, b) -> b).orElse("").strip();
                if (!AGENT_DIR.matcher(made).matches()) {
                    throw new LoadException("agent " + (i + 1) + " on " + host.label() + ": mktemp -d gave no folder of its own (" + made + ")");
                }
                dirs.set(i, made);
                prepared[i] = true;
                if (host.onThisHost()) {
                    Children.sweepOnDeath(Path.of(made));
                }
            }
        }
        push(host, script, "cat > " + AgentHost.quote(dir(i) + "/" + name + ".js"));
    }

    /** Sends {@code file} to {@code remote}'s stdin on the host; what the command printed. */
    private static String push(AgentHost host, Path file, String remote) {
        try {
            Process p = Children.start(new ProcessBuilder(host.ssh(List.of(), remote)).redirectInput(file.toFile()).redirectErrorStream(true));
            killAfter(p, FETCH);
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(FETCH.toSeconds(), TimeUnit.SECONDS) || p.exitValue() != 0) {
                Children.stop(p, Duration.ofSeconds(1));
                throw new LoadException("cannot copy " + file.getFileName() + " to " + host.label() + ": " + (out.isEmpty() ? "ssh failed" : out));
            }
            return out;
        } catch (IOException e) {
            throw new LoadException("cannot reach " + host.label() + " over ssh: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadException("interrupted");
        }
    }

    /**
     * Agent {@code i}'s k6, paused, its REST API forwarded to a socket in {@code api} (never a TCP port of the lab's
     * loopback, which every local user can reach: k6's API has no authentication); beside it a loop that
     * notes k6's CPU ({@code /proc/PID/stat}) ten times a second into a file on the agent, so that its CPU in the window
     * is known wherever it ran.
     */
    private Agent launch(int i, int n, LoadSpec spec, Path api) {
        AgentHost host = hosts.get(i);
        int remotePort = REST_PORT + i;
        Path socket = api.resolve("agent-" + (i + 1) + ".sock");
        String name = spec.name();
        String k6run = "K6_CSV_TIME_FORMAT=unix_micro K6_NO_USAGE_REPORT=true ./k6 run --no-color --no-usage-report --paused"
                + " --address 127.0.0.1:" + remotePort + " --system-tags= --execution-segment " + segment(i, n)
                + " --execution-segment-sequence " + sequence(n) + " --out " + AgentHost.quote("csv=" + name + ".csv") + " " + AgentHost.quote(name + ".js");
        String cpuFile = AgentHost.quote(name + ".cpu");
        String body = "cd " + AgentHost.quote(dir(i)) + " || exit 2; rm -f " + AgentHost.quote(name + ".csv") + " " + cpuFile + "; "
                + k6run + " & k=$!; echo \"loomlab-agent-pid $k\"; echo \"clk $(getconf CLK_TCK)\" > " + cpuFile + "; "
                + "while { read -r s < /proc/$k/stat; } 2>/dev/null; do case \"$s\" in *\") Z \"*) break;; esac; "
                + "echo \"$(date +%s%3N) $s\" >> " + cpuFile + "; sleep 0.1; done; wait $k";
        // beside the cell's own driver log: <cell>.a<i>.driver.log
        String cellLog = spec.log().getFileName().toString();
        Path log = spec.log().resolveSibling((cellLog.endsWith(".driver.log") ? cellLog.substring(0, cellLog.length() - ".driver.log".length())
                : cellLog) + ".a" + (i + 1) + ".driver.log");
        // the socket 0600 (StreamLocalBindMask) in a 0700 folder
        List<String> command = host.ssh(List.of("-o", "ExitOnForwardFailure=yes", "-o", "StreamLocalBindMask=0177",
                        "-o", "StreamLocalBindUnlink=yes", "-L", socket + ":127.0.0.1:" + remotePort),
                "sh -c " + AgentHost.quote(body));
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Files.writeString(log, "# " + String.join(" ", command) + "\n", StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
            return new Agent(i, host, socket, Children.start(new ProcessBuilder(command).redirectErrorStream(true)), log);
        } catch (IOException e) {
            throw new LoadException("cannot start ssh to " + host.label() + ": " + e.getMessage());
        }
    }

    /** The agent's samples, read as they stream over ssh (never stored whole), then deleted on the agent. */
    private AgentSamples fetchSamples(Agent a, String name, long windowMs) {
        String csv = AgentHost.quote(dir(a.index()) + "/" + name + ".csv");
        return fetch(a, "cat " + csv + " && rm -f " + csv, in -> AgentSamples.read(in, windowMs));
    }

    /** k6's CPU seconds in the agent's window, from the samples its loop noted (ticks of CLK_TCK); -1 when none. */
    private double fetchCpu(Agent a, String name, long windowStart, long windowMs) {
        String file = AgentHost.quote(dir(a.index()) + "/" + name + ".cpu");
        return fetch(a, "cat " + file + " && rm -f " + file, in -> {
            CpuTimeline timeline = new CpuTimeline();
            long ticksPerS = 100;
            for (String line; (line = in.readLine()) != null; ) {
                String[] f = line.strip().split("\\s+");
                if (f.length == 2 && f[0].equals("clk")) {
                    ticksPerS = Long.parseLong(f[1]);
                } else if (f.length > 16) {
                    // epoch ms, then /proc/PID/stat: pid (comm) state … utime (14th) stime (15th)
                    long ticks = Long.parseLong(f[14]) + Long.parseLong(f[15]);
                    timeline.sampleAt(Long.parseLong(f[0]), ticks * 1_000_000_000L / ticksPerS);
                }
            }
            return timeline.cpuSecondsBetween(windowStart, windowStart + windowMs);
        });
    }

    private interface Reading<T> {
        T read(BufferedReader in) throws IOException;
    }

    private static <T> T fetch(Agent a, String remote, Reading<T> reading) {
        try {
            Process p = Children.start(new ProcessBuilder(a.host().ssh(List.of(), remote)).redirectError(ProcessBuilder.Redirect.DISCARD));
            killAfter(p, FETCH);
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8), 1 << 16)) {
                T value = reading.read(in);
                if (!p.waitFor(FETCH.toSeconds(), TimeUnit.SECONDS) || p.exitValue() != 0) {
                    Children.stop(p, Duration.ofSeconds(1));
                    throw new LoadException(a.name() + ": cannot fetch its results (" + remote + ")");
                }
                return value;
            } finally {
                Children.stop(p, Duration.ofSeconds(1));
            }
        } catch (IOException | UncheckedIOException | NumberFormatException e) {
            throw new LoadException(a.name() + ": cannot read its results: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadException("interrupted");
        }
    }

    /** Runs {@code task} for every agent at once; the first failure is thrown once all are done. */
    private static void forEach(int n, java.util.function.IntConsumer task) {
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = i;
            all.add(CompletableFuture.runAsync(() -> task.accept(k), r -> Thread.ofPlatform().daemon().start(r)));
        }
        try {
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof LoadException le ? le : new LoadException(String.valueOf(e.getCause()));
        }
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

    /** The last non-blank lines of an agent's log, for a failure's reason. */
    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
            return lines.isEmpty() ? "no output" : String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
        } catch (IOException e) {
            return "no output";
        }
    }

    /**
     * Kills {@code p} once {@code limit} has passed, which ends a read of its output: an agent that stops answering in
     * the middle of a copy or a fetch (ServerAlive notices a dead link, not a live one that sends nothing) cannot hold
     * the lab.
     */
    private static void killAfter(Process p, Duration limit) {
        CompletableFuture.delayedExecutor(limit.toMillis(), TimeUnit.MILLISECONDS).execute(() -> {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        });
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadException("interrupted");
        }
    }

    /** Deletes every agent's folder (the k6 binary, scripts, leftovers); an agent that cannot be reached keeps it. */
    @Override
    public void close() {
        forEach(hosts.size(), i -> {
            if (prepared[i]) {
                try {
                    Process p = Children.start(new ProcessBuilder(hosts.get(i).ssh(List.of(), "rm -rf " + AgentHost.quote(dir(i))))
                            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD));
                    if (!p.waitFor(30, TimeUnit.SECONDS)) {
                        Children.stop(p, Duration.ofSeconds(1));
                    }
                } catch (IOException e) {
                    // unreachable now: its folder stays under /tmp
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
    }
}
