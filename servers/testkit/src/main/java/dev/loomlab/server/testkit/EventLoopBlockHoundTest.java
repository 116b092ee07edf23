package dev.loomlab.server.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;
import reactor.netty.resources.LoopResources;

/**
 * The detector detects: without this, "BlockHound saw no blocking call" could mean BlockHound
 * saw nothing at all (e.g. if its instrumentation silently failed on this JDK). Abstract: each
 * reactive server's module runs it in its own test JVM, under its own surefire flags.
 */
public abstract class EventLoopBlockHoundTest {

    @BeforeAll
    static void install() {
        BlockHoundSupport.install();
    }

    @Test
    void aSleepOnAReactorNettyEventLoopIsCaught() throws Exception {
        // The same kind of thread (DefaultLoopResources' EventLoop) as the server's reactor-http-* loops.
        LoopResources loops = LoopResources.create(BlockHoundSupport.PROBE_THREAD_PREFIX, 1, true);
        try {
            var task = loops.onServer(true).next().submit(() -> {
                Thread.sleep(1);
                return Thread.currentThread().getName();
            });
            assertThatThrownBy(() -> task.get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(BlockingOperationError.class);
            assertThat(BlockHoundSupport.probeViolations()).anyMatch(v -> v.method().contains("Thread.sleep"));
        } finally {
            loops.disposeLater().block();
        }
    }
}
