package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.process.Children;
import dev.loomlab.lab.process.Freezer;
import dev.loomlab.lab.process.Priority;
import dev.loomlab.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A server started ahead at the lowest priority is taken over by its cell at the normal one. */
class NextServerTest {
    private static final Cell CELL = Cell.of(Model.byId("mvc-platform"), 25, null, Scenarios.BLOCK_QUERY, 1);

    /**
     * A web server as its driver connects: its main thread creates a thread every millisecond, each kept (a worker
     * added to its pool), up to 3,000 (a few seconds at nice 19 on a quiet machine, longer on a busy one).
     */
    private static final String GROWING_POOL = "import threading, time\n"
            + "threading.stack_size(64 * 1024)\n"
            + "print('started', flush=True)\n"
            + "for _ in range(3000):\n"
            + "    threading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n"
            + "    time.sleep(0.001)\n"
            + "time.sleep(60)\n";

    private Process process;

    @AfterEach
    void stop() {
        if (process != null) {
            Freezer.thaw(process.pid());
            Children.stop(process, Duration.ofSeconds(1));
        }
    }

    @Test
    void aServerWokenAtThePreviousLoadsEndWhileItsPoolGrowsIsTakenOverWithEveryThreadAtTheNormalPriority() throws Exception {
        List<String> command = new ArrayList<>(Priority.lowest());
        command.addAll(List.of("python3", "-c", GROWING_POOL));
        process = Children.start(new ProcessBuilder(command));
        assertThat(new String(process.getInputStream().readNBytes("started".length()))).isEqualTo("started");
        long pid = process.pid();
        NextServer next = new NextServer(CELL, 1, Optional.empty(), launched -> new Launch.Up(ServersAheadTest.standIn(pid)));
        awaitReady(next);

        next.wake();
        // the cell begins a moment after the previous load's end: its server meanwhile runs, creating threads
        Thread.sleep(100);
        Optional<String> whyNot = next.whyNotAdoptable();

        assertThat(whyNot).isEmpty();
        assertThat(threads(pid)).hasSizeGreaterThan(1)
                .allSatisfy(tid -> assertThat(niceOf(pid, tid)).as("thread %s", tid).isZero());
    }

    @Test
    void aServerThatIsGoneWhenItsCellBeginsIsNotTakenOverAndTheCellIsToldWhy() throws Exception {
        List<String> command = new ArrayList<>(Priority.lowest());
        command.addAll(List.of("sleep", "60"));
        process = Children.start(new ProcessBuilder(command));
        long pid = process.pid();
        NextServer next = new NextServer(CELL, 1, Optional.empty(), launched -> new Launch.Up(ServersAheadTest.standIn(pid)));
        awaitReady(next);
        Freezer.thaw(pid);
        process.destroyForcibly().waitFor();

        assertThat(next.whyNotAdoptable()).hasValueSatisfying(why -> assertThat(why).contains("could not be raised")
                .contains("gone"));
    }

    /** A start of three seconds' work in 30 steps, then its ready line. */
    private static final String THREE_SECOND_START = "import time\n"
            + "print('started', flush=True)\n"
            + "for _ in range(30):\n"
            + "    time.sleep(0.1)\n"
            + "print('ready', flush=True)\n"
            + "time.sleep(60)\n";

    @Test
    void aStartPausedBeforeItsReadyLineGoesOnOnlyOnceWokenAndIsTakenOverAtTheNormalPriority() throws Exception {
        List<String> command = new ArrayList<>(Priority.lowest());
        command.addAll(List.of("python3", "-c", THREE_SECOND_START));
        process = Children.start(new ProcessBuilder(command));
        long pid = process.pid();
        java.util.concurrent.atomic.AtomicLong readyAt = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.CountDownLatch launchedLatch = new java.util.concurrent.CountDownLatch(1);
        NextServer next = new NextServer(CELL, 1, Optional.empty(), launched -> {
            launched.accept(pid);
            launchedLatch.countDown();
            try {
                java.io.BufferedReader out = process.inputReader();
                while (!"ready".equals(out.readLine())) {
                    // the start's own lines
                }
            } catch (java.io.IOException e) {
                return Stop.failed(e.getMessage());
            }
            readyAt.set(System.nanoTime());
            return new Launch.Up(ServersAheadTest.standIn(pid));
        });
        launchedLatch.await();

        assertThat(next.pause()).isTrue();
        // longer than the whole start: a start that was not frozen would be up by now
        Thread.sleep(4_000);
        assertThat(next.ready()).as("frozen in its start").isFalse();
        long wokenAt = System.nanoTime();
        next.wake();
        Optional<String> whyNot = next.whyNotAdoptable();

        assertThat(whyNot).isEmpty();
        assertThat(readyAt.get()).as("its ready line came after the wake").isGreaterThan(wokenAt);
        assertThat(next.paused()).isTrue();
        assertThat(threads(pid)).allSatisfy(tid -> assertThat(niceOf(pid, tid)).as("thread %s", tid).isZero());
    }

    @Test
    void aStartThatFailsAfterItsPauseIsNotTakenOverAndTheCellIsToldWhy() throws Exception {
        process = Children.start(new ProcessBuilder("sleep", "60"));
        long pid = process.pid();
        java.util.concurrent.CountDownLatch woken = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch launchedLatch = new java.util.concurrent.CountDownLatch(1);
        NextServer next = new NextServer(CELL, 1, Optional.empty(), launched -> {
            launched.accept(pid);
            launchedLatch.countDown();
            try {
                woken.await();
            } catch (InterruptedException e) {
                return Stop.failed("abandoned");
            }
            return Stop.failed("a pool connection was reset");
        });
        launchedLatch.await();
        assertThat(next.pause()).isTrue();
        next.wake();
        woken.countDown();

        assertThat(next.whyNotAdoptable()).hasValueSatisfying(why -> assertThat(why).contains("paused through the window")
                .contains("a pool connection was reset"));
    }

    private static void awaitReady(NextServer next) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!next.ready() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(next.ready()).isTrue();
    }

    private static List<String> threads(long pid) throws Exception {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.map(t -> t.getFileName().toString()).toList();
        }
    }

    /** Field 19 of the thread's stat, read here rather than by the lab's reader it checks; 0 for a thread gone. */
    private static int niceOf(long pid, String tid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "task", tid, "stat"));
            return Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]);
        } catch (Exception e) {
            return 0;
        }
    }
}
