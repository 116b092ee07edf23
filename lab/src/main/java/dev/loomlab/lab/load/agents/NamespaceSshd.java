package dev.loomlab.lab.load.agents;

import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.ShortCommand;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.lab.os.process.Children;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.lab.topology.Namespaces;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * An OpenSSH server in each agent namespace of the split topology, so that the lab reaches its namespace agents exactly
 * as it reaches real machines: over SSH. The run gets a host key and a client key of its own (in a private temporary
 * folder, never in the results), a known-hosts file naming each namespace's address, and one {@code sshd -D} per
 * namespace listening on that address only; {@link #close()} stops them and deletes the keys. The system's own sshd
 * and its configuration are not touched.
 */
public final class NamespaceSshd implements AutoCloseable {
    static final Path SSHD = Path.of("/usr/sbin/sshd");
    private static final Duration LISTEN = Duration.ofSeconds(20);

    private final Path dir;
    private final List<Process> servers = new ArrayList<>();
    private final List<AgentHost> hosts = new ArrayList<>();

    private NamespaceSshd(Path dir) {
        this.dir = dir;
    }

    /** Exit 2 with one line when this machine cannot run the servers (before anything starts). */
    public static void check() {
        if (!Files.isExecutable(SSHD) || which("ssh") == null || which("ssh-keygen") == null) {
            throw new PlanException("agents: netns agents are reached over SSH: run tools/install-sshd.sh (OpenSSH server and client)");
        }
    }

    /**
     * Starts one sshd in each of the namespaces {@code first}…{@code first + count - 1} of {@code ns} (driver
     * namespaces, 1-based), on the driver's CPUs, so that what the agents run there is pinned as the driver is.
     */
    public static NamespaceSshd start(Namespaces ns, int first, int count, CpuLayout cpus) {
        check();
        Path dir;
        try {
            dir = Files.createTempDirectory("loomlab-ssh-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (IOException e) {
            throw new PlanException("agents: cannot make a folder for the run's SSH keys: " + e.getMessage());
        }
        Children.sweepOnDeath(dir);
        NamespaceSshd sshd = new NamespaceSshd(dir);
        try {
            sshd.startAll(ns, first, count, cpus);
            return sshd;
        } catch (RuntimeException e) {
            sshd.close();
            throw e instanceof PlanException ? e : new PlanException("agents: " + e.getMessage());
        }
    }

    private void startAll(Namespaces ns, int first, int count, CpuLayout cpus) {
        keygen(dir.resolve("host_key"));
        keygen(dir.resolve("client_key"));
        String user = System.getProperty("user.name");
        try {
            Files.copy(dir.resolve("client_key.pub"), dir.resolve("authorized_keys"));
            // Privilege separation needs it; Debian makes it only when its own service starts.
            Files.createDirectories(Path.of("/run/sshd"));
            String hostKey = Files.readString(dir.resolve("host_key.pub")).strip().split("\\s+", 3)[0] + " "
                    + Files.readString(dir.resolve("host_key.pub")).strip().split("\\s+", 3)[1];
            StringBuilder known = new StringBuilder();
            for (int i = first; i < first + count; i++) {
                known.append(ns.driverAddress(i)).append(' ').append(hostKey).append('\n');
            }
            Files.writeString(dir.resolve("known_hosts"), known);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> options = List.of("-i", dir.resolve("client_key").toString(), "-o", "IdentitiesOnly=yes",
                "-o", "UserKnownHostsFile=" + dir.resolve("known_hosts"), "-o", "StrictHostKeyChecking=yes", "-F", "/dev/null");
        for (int i = first; i < first + count; i++) {
            String address = ns.driverAddress(i);
            Path config = dir.resolve("sshd_config." + i);
            try {
                Files.writeString(config, String.join("\n",
                        "Port 22",
                        "ListenAddress " + address,
                        "HostKey " + dir.resolve("host_key"),
                        "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                        "AllowUsers " + user,
                        "PubkeyAuthentication yes",
                        "PasswordAuthentication no",
                        "KbdInteractiveAuthentication no",
                        "PermitRootLogin prohibit-password",
                        // the keys live in a temporary folder, not a home directory
                        "StrictModes no",
                        "UsePAM no",
                        "PidFile none",
                        "AllowTcpForwarding local",
                        "PrintMotd no",
                        "MaxStartups 64",
                        "MaxSessions 64",
                        ""));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<String> command = ns.exec(ns.driverNamespace(i), List.of(SSHD.toString(), "-D", "-e", "-f", config.toString()));
            try {
                servers.add(Children.start(new ProcessBuilder(Taskset.prefix(cpus, cpus.driver(), command))
                        .redirectErrorStream(true).redirectOutput(dir.resolve("sshd." + i + ".log").toFile())));
            } catch (IOException e) {
                throw new IllegalStateException("cannot start sshd in " + ns.driverNamespace(i) + ": " + e.getMessage());
            }
            awaitListening(address, servers.getLast(), dir.resolve("sshd." + i + ".log"));
            hosts.add(new AgentHost("netns " + address, new LoadAgent.Namespace(), user + "@" + address, 22, options, true));
        }
    }

    /** Each namespace agent's way in, in namespace order. */
    public List<AgentHost> hosts() {
        return List.copyOf(hosts);
    }

    private static void awaitListening(String address, Process server, Path log) {
        long deadline = System.nanoTime() + LISTEN.toNanos();
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new IllegalStateException("sshd on " + address + " exited with " + server.exitValue() + ": " + tail(log));
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(address, 22), 200);
                return;
            } catch (IOException notYet) {
                sleep();
            }
        }
        throw new IllegalStateException("sshd on " + address + " did not listen within " + LISTEN.toSeconds() + " s: " + tail(log));
    }

    private static void keygen(Path key) {
        try {
            ShortCommand.Result r = ShortCommand.run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "loomlab-run", "-f", key.toString()),
                    Duration.ofSeconds(30), false);
            if (!r.ok()) {
                throw new IllegalStateException("ssh-keygen failed: " + r.output().strip());
            }
        } catch (ShortCommand.Failed e) {
            throw new IllegalStateException(e.getMessage());
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.isEmpty() ? "no output" : String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
        } catch (IOException e) {
            return "no output";
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }

    private static Path which(String name) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, name))) {
                return Path.of(d, name);
            }
        }
        return null;
    }

    /** Stops every server and deletes the run's keys. */
    @Override
    public void close() {
        for (Process p : servers) {
            Children.stop(p, Duration.ofSeconds(5));
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // A key left in a private temporary folder is the most that can remain.
        }
    }
}
