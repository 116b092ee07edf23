package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.process.CpuLayout;
import dev.loomlab.load.DriverRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
}
