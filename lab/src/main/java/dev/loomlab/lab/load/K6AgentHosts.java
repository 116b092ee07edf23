package dev.loomlab.lab.load;

import dev.loomlab.lab.load.agents.AgentHost;
import dev.loomlab.lab.os.process.Children;
import dev.loomlab.load.CpuTimeline;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntConsumer;
import java.util.regex.Pattern;

/**
 * The load agents' hosts as the lab reaches them over SSH: each agent's folder ({@code mktemp -d}) with the k6 binary,
 * copied once per run, and the cell's script; the samples and CPU notes fetched back after a cell; the folders deleted
 * at the end. Every copy and fetch ends at a deadline.
 */
final class K6AgentHosts implements AutoCloseable {
    private static final Duration FETCH = Duration.ofMinutes(5);
    /** The REST port of agent i's k6 on its host: several agents may share one host. */
    static final int REST_PORT = 6565;

    private final Path k6;
    private final List<AgentHost> hosts;
    /**
     * Each agent's folder, made by {@code mktemp -d} on its host when first prepared (null until then). Agent i is
     * prepared by one thread at a time (one per agent, cells one after another), so no lock guards it: the SSH copies
     * that make the folders run side by side, not one after another under a monitor.
     */
    private final AtomicReferenceArray<String> dirs;
    /** The hosts (destination and port) already swept of stale agent folders in this run: several agents may share one. */
    private final Set<String> swept = ConcurrentHashMap.newKeySet();

    K6AgentHosts(Path k6, List<AgentHost> hosts) {
        this.k6 = k6;
        this.hosts = List.copyOf(hosts);
        this.dirs = new AtomicReferenceArray<>(hosts.size());
    }

    List<AgentHost> hosts() {
        return hosts;
    }

    /** Agent {@code i}'s folder on its host (hosts may be this machine: one folder per agent), once prepared. */
    String dir(int i) {
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
    static final Pattern AGENT_DIR = Pattern.compile("/tmp/loomlab-agent-[A-Za-z0-9]{10}");

    /**
     * The agent's folder and, once per run, the k6 binary; the cell's script every cell. A host's first use in the run
     * first removes the folders killed labs left there ({@link StaleAgentFolders}); every use renews the folder's lease,
     * so that no other lab's sweep takes it for one of those.
     */
    void prepare(int i, Path script, String name) {
        AgentHost host = hosts.get(i);
        if (dirs.get(i) == null) {
            // stdin is the k6 binary, which the sweep must leave to cat; a host shared by two agents is swept once, and
            // a sweep beside the other's mktemp takes nothing of it (only folders whose lease is an hour old)
            String sweep = swept.add(host.destination() + ":" + host.port()) ? StaleAgentFolders.command("/tmp") + " </dev/null; " : "";
            String out = push(host, k6, sweep + "d=$(mktemp -d /tmp/" + StaleAgentFolders.PREFIX + "XXXXXXXXXX) && touch \"$d/"
                    + StaleAgentFolders.LEASE + "\" && cat > \"$d/k6.part\" && chmod 755 \"$d/k6.part\""
                    + " && mv \"$d/k6.part\" \"$d/k6\" && echo \"$d\"");
            String made = out.lines().reduce((x, y) -> y).orElse("").strip();
            if (!AGENT_DIR.matcher(made).matches()) {
                throw new LoadException("agent " + (i + 1) + " on " + host.label() + ": mktemp -d gave no folder of its own (" + made + ")");
            }
            dirs.set(i, made);
            if (host.onThisHost()) {
                Children.sweepOnDeath(Path.of(made));
            }
        }
        push(host, script, "cat > " + AgentHost.quote(dir(i) + "/" + name + ".js")
                + " && touch " + AgentHost.quote(dir(i) + "/" + StaleAgentFolders.LEASE));
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
     * The agent's samples, read as they stream over ssh (never stored whole), then deleted on the agent;
     * {@code ratePerSec} is its share of the open model's rate (0 in the closed model).
     */
    AgentSamples fetchSamples(K6Agent a, String name, long windowMs, double ratePerSec) {
        String csv = AgentHost.quote(dir(a.index()) + "/" + name + ".csv");
        return fetch(a, "cat " + csv + " && rm -f " + csv, in -> AgentSamples.read(in, windowMs, ratePerSec));
    }

    /** k6's CPU seconds in the agent's window, from the samples its loop noted (ticks of CLK_TCK); -1 when none. */
    double fetchCpu(K6Agent a, String name, long windowStart, long windowMs) {
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

    private static <T> T fetch(K6Agent a, String remote, Reading<T> reading) {
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
    static void forEach(int n, IntConsumer task) {
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = i;
            all.add(CompletableFuture.runAsync(() -> task.accept(k), r -> Thread.ofPlatform().daemon().start(r)));
        }
        try {
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof LoadException le ? le : new LoadException(String.valueOf(e.getCause()));
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

    /** Deletes every agent's folder (the k6 binary, scripts, leftovers); an agent that cannot be reached keeps it. */
    @Override
    public void close() {
        forEach(hosts.size(), i -> {
            if (dirs.get(i) != null) {
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

    /**
     * Agent {@code i}'s k6, paused, its REST API forwarded to a socket in {@code api} (never a TCP port of the lab's
     * loopback, which every local user can reach: k6's API has no authentication); beside it a loop that
     * notes k6's CPU ({@code /proc/PID/stat}) ten times a second into a file on the agent, so that its CPU in the window
     * is known wherever it ran.
     */
    K6Agent launch(int i, int n, LoadSpec spec, Path api) {
        AgentHost host = hosts.get(i);
        int remotePort = REST_PORT + i;
        Path socket = api.resolve("agent-" + (i + 1) + ".sock");
        String name = spec.name();
        String k6run = "K6_CSV_TIME_FORMAT=unix_micro K6_NO_USAGE_REPORT=true ./k6 run --no-color --no-usage-report --paused"
                + " --address 127.0.0.1:" + remotePort + " --system-tags= --execution-segment " + segment(i, n)
                + " --execution-segment-sequence " + sequence(n) + " --out " + AgentHost.quote("csv=" + name + ".csv") + " " + AgentHost.quote(name + ".js");
        String cpuFile = AgentHost.quote(name + ".cpu");
        // k6 lives no longer than its SSH session: sshd closes the session's stdin when the connection ends (the lab
        // killed, its machine gone, the network cut), and a watcher reading it then stops k6. A remote host is beyond
        // the lab's orphan guard, and k6 is sshd's child there, not the lab's. A background list's stdin is /dev/null
        // in sh, hence the session's stdin kept on fd 3; the watcher holds no session output, so that the session ends
        // with k6.
        String body = "exec 3<&0; cd " + AgentHost.quote(dir(i)) + " || exit 2; touch " + StaleAgentFolders.LEASE + "; "
                + "rm -f " + AgentHost.quote(name + ".csv") + " " + cpuFile + "; "
                + k6run + " & k=$!; echo \"loomlab-agent-pid $k\"; "
                + "( cat <&3 >/dev/null; kill $k ) >/dev/null 2>&1 & w=$!; exec 3<&-; "
                + "echo \"clk $(getconf CLK_TCK)\" > " + cpuFile + "; "
                + "while { read -r s < /proc/$k/stat; } 2>/dev/null; do case \"$s\" in *\") Z \"*) break;; esac; "
                + "echo \"$(date +%s%3N) $s\" >> " + cpuFile + "; sleep 0.1; done; wait $k; r=$?; kill $w 2>/dev/null; exit $r";
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
            return new K6Agent(i, host, socket, Children.start(new ProcessBuilder(command).redirectErrorStream(true)), log);
        } catch (IOException e) {
            throw new LoadException("cannot start ssh to " + host.label() + ": " + e.getMessage());
        }
    }
}
