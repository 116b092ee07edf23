package dev.loomlab.lab.os.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Work that can block, done once with no lock held: the launch of a process, a version command, a cache's training.
 * A second caller waits for the first one's result, never on a monitor — so no thread that only wanted a lock queues
 * behind a launch.
 */
class OnceTest {
    private final Once<String> once = new Once<>();
    private final AtomicInteger launches = new AtomicInteger();

    @Test
    void twoCallersAtOnceGetOneLaunchAndTheSecondWaitsOnNoMonitor() throws Exception {
        CountDownLatch launching = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> once.get(() -> {
            launching.countDown();
            await(finish);
            return "process " + launches.incrementAndGet();
        }), OnceTest::ownThread);
        assertThat(launching.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<String> secondValue = new CompletableFuture<>();
        Thread second = Thread.ofPlatform().start(() -> secondValue.complete(once.get(() -> "process " + launches.incrementAndGet())));

        Thread.State waiting = stateOnceParked(second);
        finish.countDown();

        // parked on the first caller's future: BLOCKED would be a monitor, as when the launch ran under synchronized
        assertThat(waiting).as("the second caller, while the launch runs").isIn(Thread.State.WAITING, Thread.State.TIMED_WAITING);
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("process 1");
        assertThat(secondValue.get(10, TimeUnit.SECONDS)).isEqualTo("process 1");
        assertThat(launches).hasValue(1);
    }

    @Test
    void aFailedLaunchIsNotKeptTheNextCallerTriesAgain() {
        assertThatThrownBy(() -> once.get(() -> {
            throw new IllegalStateException("cannot start");
        })).hasMessage("cannot start");

        assertThat(once.get(() -> "started")).isEqualTo("started");
        assertThat(once.now()).contains("started");
    }

    @Test
    void aValueNoLongerUsableIsMadeAgainAndATakenOneIsForgotten() {
        String dead = once.get(() -> "process " + launches.incrementAndGet());

        String alive = once.get(() -> "process " + launches.incrementAndGet(), value -> !value.equals(dead));

        assertThat(alive).isEqualTo("process 2");
        assertThat(once.holds(alive)).isTrue();
        assertThat(once.take()).contains("process 2");
        assertThat(once.now()).isEmpty();
        assertThat(once.settled()).as("nothing begun: nothing to wait for").isEmpty();
        assertThat(once.get(() -> "process " + launches.incrementAndGet())).isEqualTo("process 3");
    }

    /** The thread's state once it stopped running (parked, or blocked on a monitor), within ten seconds. */
    private static Thread.State stateOnceParked(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        Thread.State state = thread.getState();
        while ((state == Thread.State.RUNNABLE || state == Thread.State.NEW) && System.nanoTime() < deadline) {
            Thread.sleep(10);
            state = thread.getState();
        }
        return state;
    }

    /** A thread each: the common pool may have a single worker on a small machine, and these tasks wait for each other. */
    private static void ownThread(Runnable task) {
        Thread.ofPlatform().start(task);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
