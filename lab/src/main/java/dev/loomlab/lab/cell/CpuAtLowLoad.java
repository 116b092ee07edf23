package dev.loomlab.lab.cell;

import dev.loomlab.load.Protocol;
import dev.loomlab.load.TlsTrust;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A server's CPU per request at low load, for the utilization law's ceiling (cores / CPU per request): once its window
 * is over, the warm server is left idle for {@link Protocol#LOW_LOAD_IDLE}, then sent {@link Protocol#LOW_LOAD_IN_FLIGHT} requests at a time for
 * {@link Protocol#LOW_LOAD_SENDING}; its CPU over the second interval, less what it spent idle over as long, over the requests answered.
 * CPU is read per thread from {@code /proc/<pid>/task/<tid>/schedstat} (nanoseconds; {@code /proc/<pid>/stat}
 * counts 10 ms ticks, as coarse as a thread-name request's whole cost over a second).
 */
final class CpuAtLowLoad {

    private CpuAtLowLoad() {
    }

    /**
     * The CPU per request of the server {@code pid} answering {@code request}, or empty when it cannot be measured (no
     * process, too few answers, a CPU delta below the idle background's).
     */
    static Optional<Duration> measure(long pid, Supplier<HttpRequest> request, int inFlight, TlsTrust trust) {
        if (pid <= 0 || !Files.isDirectory(Path.of("/proc", String.valueOf(pid), "task"))) {
            return Optional.empty();
        }
        try {
            long idleFrom = cpuNanos(pid);
            Thread.sleep(Protocol.LOW_LOAD_IDLE.toMillis());
            long idle = cpuNanos(pid) - idleFrom;
            AtomicLong answered = new AtomicLong();
            long from = cpuNanos(pid);
            long start = System.nanoTime();
            try (HttpClient client = HttpClient.newBuilder().sslContext(TlsContexts.of(trust)).connectTimeout(Duration.ofSeconds(5)).build();
                 ExecutorService senders = Executors.newVirtualThreadPerTaskExecutor()) {
                long until = start + Protocol.LOW_LOAD_SENDING.toNanos();
                List<Future<?>> running = new ArrayList<>();
                for (int i = 0; i < inFlight; i++) {
                    running.add(senders.submit(() -> {
                        while (System.nanoTime() < until) {
                            try {
                                HttpResponse<Void> r = client.send(request.get(), HttpResponse.BodyHandlers.discarding());
                                if (r.statusCode() / 100 == 2) {
                                    answered.incrementAndGet();
                                }
                            } catch (IOException e) {
                                return null;
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : running) {
                    f.get();
                }
            }
            long elapsed = System.nanoTime() - start;
            long used = cpuNanos(pid) - from - Math.round((double) idle * elapsed / Protocol.LOW_LOAD_IDLE.toNanos());
            long n = answered.get();
            return n < Protocol.LOW_LOAD_MIN_REQUESTS || used <= 0 ? Optional.empty() : Optional.of(Duration.ofNanos(used / n));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (ExecutionException | IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Requests in flight for an endpoint that takes {@code serviceTime}: enough for twice {@link Protocol#LOW_LOAD_MIN_REQUESTS} answers
     * in {@link Protocol#LOW_LOAD_SENDING} (50 on a 1 s sleep), at least {@link Protocol#LOW_LOAD_IN_FLIGHT}, at most the cell's own users.
     */
    static int inFlight(Duration serviceTime, int users) {
        long needed = (long) Math.ceil(2.0 * Protocol.LOW_LOAD_MIN_REQUESTS * serviceTime.toNanos() / Protocol.LOW_LOAD_SENDING.toNanos());
        return (int) Math.max(1, Math.min(users, Math.max(Protocol.LOW_LOAD_IN_FLIGHT, Math.min(needed, 200))));
    }

    /** The process's CPU so far, summed over its threads (a thread that has exited is no longer counted). */
    private static long cpuNanos(long pid) throws IOException {
        long total = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
            for (Path task : tasks.toList()) {
                try {
                    String line = Files.readString(task.resolve("schedstat")).trim();
                    total += Long.parseLong(line.substring(0, line.indexOf(' ')));
                } catch (IOException | RuntimeException gone) {
                    // the thread ended between the listing and the read
                }
            }
        }
        return total;
    }
}
