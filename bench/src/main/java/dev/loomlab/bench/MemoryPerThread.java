package dev.loomlab.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;

/**
 * Memory per blocked thread, virtual vs platform (seed 002: "~2 MB" vs "~50 KB"). Not a JMH
 * benchmark: JMH times code, and this is a footprint. Starts N threads that each block on one
 * latch, waits until all N are really WAITING, and reports the growth of the process's resident
 * set (VmRSS), its reserved address space (VmSize: a platform thread's whole stack is reserved,
 * only the touched pages are resident) and the heap after a GC (a virtual thread's stack lives
 * on the heap while it is parked). Run each kind in a fresh JVM:
 * {@code java -cp bench/target/benchmarks.jar dev.loomlab.bench.MemoryPerThread virtual 100000}.
 */
public final class MemoryPerThread {
    private MemoryPerThread() {
    }

    /** Per-thread growth, in bytes. */
    public record Footprint(String kind, int threads, int waiting, double rssPerThread, double reservedPerThread,
                            double heapPerThread) {
        String describe() {
            return String.format(Locale.ROOT,
                    "%s: %,d threads blocked (%,d seen WAITING): RSS +%,.1f KB/thread, reserved +%,.1f KB/thread, heap +%,.2f KB/thread",
                    kind, threads, waiting, rssPerThread / 1024, reservedPerThread / 1024, heapPerThread / 1024);
        }
    }

    public static Footprint measure(String kind, int count) throws InterruptedException {
        Thread.Builder builder = switch (kind) {
            case "virtual" -> Thread.ofVirtual();
            case "platform" -> Thread.ofPlatform();
            default -> throw new IllegalArgumentException("kind is virtual or platform, got " + kind);
        };
        CountDownLatch release = new CountDownLatch(1);
        Runnable blocked = () -> {
            try {
                // A few frames deep, like a request waiting on I/O, not an empty stack.
                deep(8, release);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        settle();
        long rss0 = status("VmRSS");
        long size0 = status("VmSize");
        long heap0 = heapUsed();
        List<Thread> threads = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            threads.add(builder.start(blocked));
        }
        int waiting = awaitWaiting(threads);
        settle();
        long rss1 = status("VmRSS");
        long size1 = status("VmSize");
        long heap1 = heapUsed();
        release.countDown();
        for (Thread t : threads) {
            t.join();
        }
        return new Footprint(kind, count, waiting, (rss1 - rss0) / (double) count, (size1 - size0) / (double) count,
                (heap1 - heap0) / (double) count);
    }

    private static void deep(int frames, CountDownLatch release) throws InterruptedException {
        if (frames == 0) {
            release.await();
        } else {
            deep(frames - 1, release);
        }
    }

    /** Waits (bounded: 120 s) until every thread is parked on the latch; returns how many are. */
    static int awaitWaiting(List<Thread> threads) throws InterruptedException {
        long deadline = System.nanoTime() + 120_000_000_000L;
        int waiting = 0;
        while (System.nanoTime() < deadline) {
            waiting = 0;
            for (Thread t : threads) {
                if (t.getState() == Thread.State.WAITING) {
                    waiting++;
                }
            }
            if (waiting == threads.size()) {
                break;
            }
            Thread.sleep(50);
        }
        return waiting;
    }

    private static void settle() throws InterruptedException {
        System.gc();
        Thread.sleep(200);
    }

    private static long heapUsed() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** A /proc/self/status field in bytes (Linux). */
    static long status(String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc/self/status (Linux only): " + e.getMessage(), e);
        }
        throw new IllegalStateException("no " + field + " in /proc/self/status");
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: MemoryPerThread virtual|platform COUNT   (one kind per JVM)");
            System.exit(2);
        }
        System.out.println("JDK " + Runtime.version() + ", -Xss default, " + Runtime.getRuntime().availableProcessors() + " CPUs");
        System.out.println(measure(args[0], Integer.parseInt(args[1])).describe());
    }
}
