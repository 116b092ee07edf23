package dev.loomlab.lab.os.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The guard is started and stopped outside the lock that keeps the children's books: children started at once share
 * one guard, it lives while one of them does, and goes with the last.
 */
class ChildrenBooksTest {

    @Test
    void childrenStartedAtOnceShareOneGuardThatGoesWithTheLast() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        CompletableFuture<Process> first = CompletableFuture.supplyAsync(() -> startAfter(go), task -> Thread.ofPlatform().start(task));
        CompletableFuture<Process> second = CompletableFuture.supplyAsync(() -> startAfter(go), task -> Thread.ofPlatform().start(task));
        go.countDown();
        Process a = first.get(30, TimeUnit.SECONDS);
        Process b = second.get(30, TimeUnit.SECONDS);
        ProcessHandle guard = Children.guardProcess().orElseThrow();

        Children.stop(a, Duration.ofSeconds(1));
        assertThat(a.onExit().thenApply(p -> guard.isAlive()).get(10, TimeUnit.SECONDS)).as("the guard, one child left").isTrue();
        Children.stop(b, Duration.ofSeconds(1));

        assertThat(guard.onExit().get(10, TimeUnit.SECONDS).isAlive()).as("the guard, its last child gone").isFalse();
    }

    private static Process startAfter(CountDownLatch go) {
        try {
            go.await();
            return Children.start(new ProcessBuilder("sleep", "30"));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
