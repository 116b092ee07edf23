package dev.loomlab.lab.topology;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.lab.os.process.Children;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The server's delayed port on the bridge of the split topology ({@link Namespaces}): the kernels this lab runs on
 * have no netem qdisc ({@code CONFIG_NET_SCH_NETEM} not set, no modules to load), so the server's port on the bridge
 * is not a veth but a user-space cable ({@code tools/netns-wire.py}: a TAP device in the server's namespace, one on
 * the bridge) that holds every frame between the server and a driver for the app latency ± jitter, and between the
 * server and the database for the db latency ± jitter, each way — what {@code tc netem delay} on both ends' egress
 * does. Both TAP devices live as long as its process.
 */
final class DelayedLink {
    /** How long the delayed link may take to open its devices and say "ready". */
    private static final Duration START = Duration.ofSeconds(30);

    private final Process process;

    private DelayedLink(Process process) {
        this.process = process;
    }

    /**
     * Starts the cable between {@code inside} (a device of {@code namespace}) and {@code rootSide} in the root
     * namespace, holding the frames to and from each peer as {@code delays} ({@link #delay}) say.
     */
    static DelayedLink start(CpuLayout cpus, String namespace, String inside, String rootSide, List<String> delays) {
        List<String> command = new ArrayList<>(List.of(python().toString(), script().toString(),
                "/run/netns/" + namespace, inside, rootSide));
        command.addAll(delays);
        try {
            // On the driver's CPUs: moving frames is the load's cost, not the server's.
            return new DelayedLink(Children.start(new ProcessBuilder(Taskset.prefix(cpus, cpus.driver(), command)).redirectErrorStream(true)));
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the delayed link (" + script() + "): " + e.getMessage());
        }
    }

    /** The frames to and from {@code peer} held for {@code latency} ± {@code jitter}, as the cable takes it. */
    static String delay(String peer, Duration latency, Duration jitter) {
        return peer + "=" + micros(latency) + "/" + micros(jitter);
    }

    private static long micros(Duration d) {
        return d.toNanos() / 1_000;
    }

    /** Returns once the cable said "ready", its devices open; an exception when it said otherwise or nothing in time. */
    void awaitReady() {
        // Read on a thread of its own, so that a wire that hangs before its first line is given up on in time; the
        // thread keeps reading so that a message of the wire never blocks it on a full pipe.
        CompletableFuture<String> firstLine = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("loomlab-wire-output").start(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                firstLine.complete(out.readLine());
                out.lines().forEach(l -> { });
            } catch (IOException | UncheckedIOException e) {
                firstLine.complete(null);
            }
        });
        String first;
        try {
            first = firstLine.get(START.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("the delayed link said nothing within " + START.toSeconds() + " s");
        } catch (ExecutionException | InterruptedException e) {
            first = null;
        }
        if (!"ready".equals(first)) {
            throw new IllegalStateException("the delayed link did not start: " + (first == null ? "no output" : first));
        }
    }

    /** Stops the cable, which takes both its devices along. */
    void stop() {
        Children.stop(process, Duration.ofSeconds(5));
    }

    /** The python3 that runs the cable, null when this machine has none. */
    static Path python() {
        return List.of(Path.of("/usr/bin/python3"), Path.of("/usr/local/bin/python3")).stream()
                .filter(Files::isExecutable).findFirst().orElse(null);
    }

    private static Path script() {
        return LabHome.root().resolve("tools").resolve("netns-wire.py");
    }
}
