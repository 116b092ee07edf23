package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real wrk binary against a real server on loopback. wrk missing is a failure that says how
 * to install it ({@code tools/install-engines.sh wrk}), never a skip: CI installs the engines.
 */
class WrkEngineTest {
    @RegisterExtension
    static final TestTarget target = new TestTarget();

    @Test
    void closedModelCountsTheWindowOnly(@TempDir Path out) {
        // wrk counts the responses completed in the window, not in the warm-up, ramp or tail.
        LoadResult r = ClosedModelChecks.fastRunCountingTheWindowOnly(ClosedModelChecks.engine("wrk"), target, out);
        assertThat(r.engineVersion()).startsWith("wrk 4.").endsWith("(" + WrkEngine.CO_NOTE + ")");
        assertThat(out.resolve("fast.wrk.driver.json")).isNotEmptyFile();
        assertThat(out.resolve("fast.wrk-warmup.driver.json")).isNotEmptyFile();
    }

    @Test
    void errorsAreCountedByKind(@TempDir Path out) {
        ClosedModelChecks.mixedRunCountingErrorsByKind(ClosedModelChecks.engine("wrk"), target, out);
    }

    @Test
    void theOpenModelIsRefusedWithTheAlternatives(@TempDir Path out) {
        assertThatThrownBy(() -> ClosedModelChecks.engine("wrk").run(LoadSpec.open(target.url("/fast"), 100, Duration.ofSeconds(1), Duration.ofSeconds(1),
                Duration.ofSeconds(1), out, "open", out.resolve("open.driver.log")), p -> { }))
                .isInstanceOf(LoadException.class)
                .hasMessage("wrk has no open model: use --engine hyperfoil or k6");
    }
}
