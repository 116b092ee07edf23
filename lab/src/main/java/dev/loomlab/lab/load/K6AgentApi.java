package dev.loomlab.lab.load;

import dev.loomlab.lab.load.agents.UnixHttp;
import dev.loomlab.lab.os.process.Children;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The agents' k6 REST API, as the lab drives it for one cell: each instance waited for until it is paused with its VUs
 * made, all resumed at one instant, stopped early when another failed. Reached through each agent's ssh forward to a
 * Unix socket in a folder of the cell's own ({@link #folder()}).
 */
final class K6AgentApi {
    static final String STATUS = "/v1/status";
    private static final Duration POLL = Duration.ofMillis(50);
    /**
     * k6's execution status "paused before run" ({@code lib.ExecutionStatusPausedBeforeRun}): its VUs are made. The API
     * answers {@code paused: true} earlier, while it still makes them, and an agent resumed then would start late.
     */
    static final int PAUSED_BEFORE_RUN = 4;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private K6AgentApi() {
    }

    /** The cell's folder for the agents' API sockets: 0700 (a temporary folder's mode), so no other local user reaches k6. */
    static Path folder() {
        try {
            Path folder = Files.createTempDirectory("loomlab-k6-api-");
            Children.sweepOnDeath(folder);
            return folder;
        } catch (IOException e) {
            throw new LoadException("cannot make a folder for the agents' k6 API sockets: " + e.getMessage());
        }
    }

    static void deleteFolder(Path folder) {
        try (Stream<Path> sockets = Files.list(folder)) {
            for (Path socket : sockets.toList()) {
                Files.deleteIfExists(socket);
            }
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            // a socket ssh has just removed itself: the folder goes with the next sweep of /tmp
        }
    }

    /** Every agent's k6 up, paused, its VUs made and its REST API reachable through the tunnel. */
    static void awaitPaused(List<K6Agent> agents, int[] vus, ConcurrentLinkedQueue<String> failures) {
        long deadline = System.nanoTime() + EngineWatch.STARTUP.toNanos();
        for (K6Agent a : agents) {
            while (true) {
                if (!failures.isEmpty()) {
                    throw new LoadException(String.join("; ", failures));
                }
                if (!a.ssh().isAlive()) {
                    sleep(Duration.ofMillis(500)); // its exit code and last lines are on their way
                    throw new LoadException(failures.isEmpty() ? a.name() + ": ssh exited with " + a.ssh().exitValue() + " before k6 was ready — "
                            + a.tail() : String.join("; ", failures));
                }
                if (System.nanoTime() > deadline) {
                    throw new LoadException(a.name() + ": k6 was not ready (paused, REST API up) within " + EngineWatch.STARTUP.toSeconds() + " s");
                }
                try {
                    UnixHttp.Response r = a.status("GET", null, Duration.ofSeconds(2));
                    JsonNode status = JSON.readTree(r.body()).path("data").path("attributes");
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
    static void resumeTogether(List<K6Agent> agents, long[] resumedAt) {
        CountDownLatch ready = new CountDownLatch(agents.size());
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<Void>> patches = new ArrayList<>();
        for (K6Agent a : agents) {
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
        } catch (CompletionException e) {
            throw e.getCause() instanceof LoadException le ? le : new LoadException(String.valueOf(e.getCause()));
        }
    }

    /** Best effort: the agents still running stop their tests (k6 would run to the end of its window otherwise). */
    static void stopAll(List<K6Agent> agents) {
        for (K6Agent a : agents) {
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

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadException("interrupted");
        }
    }
}
