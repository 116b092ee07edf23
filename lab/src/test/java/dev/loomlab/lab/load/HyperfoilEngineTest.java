package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpServer;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.server.FreePort;
import dev.loomlab.load.DriverRequest;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The lab and the driver JVM end to end: the lab's request file in, the driver's result file out (needs the driver jar). */
class HyperfoilEngineTest {
    @RegisterExtension
    static final TestTarget target = new TestTarget();

    @Test
    void theDriverRunsTheRequestTheLabWrote(@TempDir Path out) throws Exception {
        LoadEngine hyperfoil = EngineCatalog.standard().byId("hyperfoil", Jdk.current(), CpuLayout.forCores(2, false));
        LoadSpec spec = LoadSpec.closed(target.url("/fast"), 4, Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(5),
                out.resolve("cell"), "fast", out.resolve("logs/fast.driver.log"));

        LoadResult r = hyperfoil.run(spec, p -> { });

        DriverRequest asked = HyperfoilEngine.WIRE.readValue(out.resolve("logs/fast.driver-request.json").toFile(), DriverRequest.class);
        assertThat(asked.workload()).isEqualTo(spec.workload());
        assertThat(asked.window()).isEqualTo(spec.window());
        assertThat(r.engine()).isEqualTo("hyperfoil");
        assertThat(r.durationS()).isCloseTo(2.0, within(0.5));
        // 4 VUs on 50 ms answers: about 80 requests a second
        assertThat(r.tps()).isBetween(40.0, 90.0);
        assertThat(r.requestedRate()).isNull();
        assertThat(Files.exists(out.resolve("cell/fast.hlog"))).isTrue();
    }

    @Test
    void aDriverStartedBeforeItsServerConnectsWhenToldAndStartsWithoutItsJvmStart(@TempDir Path out) throws Exception {
        LoadEngine hyperfoil = EngineCatalog.standard().byId("hyperfoil", Jdk.current(), CpuLayout.forCores(2, false));
        // what a driver started after its server costs on this machine now: its JVM's start, its load built, connected
        LoadSpec cold = LoadSpec.closed(target.url("/fast"), 4, Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(5),
                out.resolve("cell"), "cold", out.resolve("logs/cold.driver.log"));
        long coldNs = untilFirstWarmup(listener -> hyperfoil.run(cold, listener));

        int port = FreePort.pick().orElseThrow();
        LoadSpec spec = LoadSpec.closed("http://127.0.0.1:" + port + "/ok", 4, Duration.ofSeconds(1), Duration.ofSeconds(2),
                Duration.ofSeconds(5), out.resolve("cell"), "ahead", out.resolve("logs/ahead.driver.log"));
        try (PreparedLoad ahead = hyperfoil.prepare(spec)) {
            // the server starts later, on the port its driver was given
            Thread.sleep(Math.max(2_000, 2 * coldNs / 1_000_000));
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 128);
            server.createContext("/ok", ex -> {
                ex.sendResponseHeaders(200, 2);
                ex.getResponseBody().write("ok".getBytes());
                ex.close();
            });
            server.start();
            try {
                ahead.targetUp();
                LoadResult[] result = new LoadResult[1];
                long aheadNs = untilFirstWarmup(listener -> result[0] = ahead.run(listener));

                assertThat(result[0].ok()).isPositive();
                assertThat(result[0].durationS()).isCloseTo(2.0, within(0.5));
                // connecting four connections, against a JVM's start: an order of magnitude apart on this machine
                assertThat(aheadNs).isLessThan(coldNs / 2);
            } finally {
                server.stop(0);
            }
        }
    }

    @Test
    void aDriverStartedAheadOfAServerThatNeverCameUpIsStopped(@TempDir Path out) {
        LoadEngine hyperfoil = EngineCatalog.standard().byId("hyperfoil", Jdk.current(), CpuLayout.forCores(2, false));
        LoadSpec spec = LoadSpec.closed("http://127.0.0.1:" + FreePort.pick().orElseThrow() + "/", 4, Duration.ofSeconds(1),
                Duration.ofSeconds(1), Duration.ofSeconds(5), out.resolve("cell"), "unused", out.resolve("logs/unused.driver.log"));

        PreparedLoad ahead = hyperfoil.prepare(spec);
        assertThat(drivers()).isNotEmpty();
        ahead.close();

        assertThat(drivers()).isEmpty();
    }

    private static List<ProcessHandle> drivers() {
        return ProcessHandle.current().descendants()
                .filter(p -> p.isAlive() && p.info().commandLine().orElse("").contains("loomlab-driver.jar"))
                .toList();
    }

    /** Nanoseconds from the call to the load's first warm-up report; the load runs to its end. */
    private static long untilFirstWarmup(java.util.function.Consumer<LoadProgress.Listener> load) {
        long t0 = System.nanoTime();
        AtomicLong firstWarmup = new AtomicLong();
        load.accept(p -> {
            if (p.phase().equals("warmup")) {
                firstWarmup.compareAndSet(0, System.nanoTime());
            }
        });
        assertThat(firstWarmup.get()).as("a warm-up report").isPositive();
        return firstWarmup.get() - t0;
    }
}
