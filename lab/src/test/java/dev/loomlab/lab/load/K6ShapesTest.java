package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.PerSecondSeries;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Spike;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The real k6 binary stepping its load against a real server on loopback, its window kept second by second. */
class K6ShapesTest {
    @RegisterExtension
    static final TestTarget target = new TestTarget();

    @Test
    void aSpikeIsCountedInTheWindowSecondBySecond(@TempDir Path out) {
        LoadSpec spec = LoadSpec.closed(target.url("/fast"), 10, Duration.ofSeconds(1), Duration.ofSeconds(6), Duration.ofSeconds(2), out,
                "spiked", out.resolve("spiked.driver.log")).spiking(new Spike(2, Duration.ofSeconds(2), Duration.ofSeconds(2)));

        LoadResult r = ClosedModelChecks.engine("k6").run(spec, p -> { });

        List<Long> ok = PerSecondSeries.readDriverJson(out.resolve("spiked.driver.json")).orElseThrow();
        List<Long> errors = PerSecondSeries.readDriverJson(out.resolve("spiked.driver.json"), "errorsPerSecond").orElseThrow();
        double[] p50 = HlogMerge.perSecond(out.resolve("spiked.hlog"), 50);
        System.out.println("k6 spiked: " + r + " ok/s " + ok + " errors/s " + errors + " p50/s " + Arrays.toString(p50));
        assertThat(ok).hasSize(6);
        assertThat(errors).containsOnly(0L);
        assertThat(p50).hasSize(6);
        assertThat(Arrays.stream(p50).min().orElseThrow()).as("p50 per second").isGreaterThanOrEqualTo(TestTarget.FAST_MS);
        assertThat(r.latency().p50Ms()).isGreaterThanOrEqualTo(TestTarget.FAST_MS);
        // ten users of a 50 ms answer: 200 a second, twice as many in the step's seconds
        long steady = ok.get(0) + ok.get(1) + ok.get(4) + ok.get(5);
        long step = ok.get(2) + ok.get(3);
        assertThat((double) step).as("ok per second %s", ok).isGreaterThan(1.5 * steady / 2);
        assertThat(r.ok()).isEqualTo(r.requests());
    }

    @Test
    void aRampRaisesItsUsersOneLevelASecond(@TempDir Path out) {
        // from 4 to 12 users over 4 s: 4, 6, 8, 10, then 12 held; each user of a 50 ms answer sends about 20 a second
        Ramp ramp = new Ramp(4, Duration.ofSeconds(4));
        LoadSpec spec = LoadSpec.closed(target.url("/fast"), 12, Duration.ofSeconds(2), Duration.ofSeconds(7), Duration.ofSeconds(2), out,
                "ramped", out.resolve("ramped.driver.log")).ramping(ramp);

        LoadResult r = ClosedModelChecks.engine("k6").run(spec, p -> { });

        List<Long> ok = PerSecondSeries.readDriverJson(out.resolve("ramped.driver.json")).orElseThrow();
        System.out.println("k6 ramped: " + r + " ok/s " + ok);
        assertThat(ok).hasSize(7);
        assertThat(HlogMerge.perSecond(out.resolve("ramped.hlog"), 99)).hasSize(7);
        // each second's answers follow its users: the top's (12) twice the second level's (6). Neighbouring levels are not
        // compared: on a loaded machine a second's answers stood 20 % off its users' share (128 for 8 users, 228 for 12,
        // 190 for 10 against 168 for 12); the cell test on a one-second sleep holds the levels exactly
        double second = ok.get(1);
        double top = (ok.get(5) + ok.get(6)) / 2.0;
        assertThat(top / second).as("ok per second %s", ok).isBetween(1.5, 2.5);
    }

    @Test
    void aSteadyLoadAskedForItsSecondsKeepsThem(@TempDir Path out) {
        // a soak's load: steady, its p99 trend read from the seconds of its latency log
        LoadSpec spec = LoadSpec.closed(target.url("/fast"), 5, Duration.ofSeconds(1), Duration.ofSeconds(4), Duration.ofSeconds(2), out,
                "soaked", out.resolve("soaked.driver.log")).keepingSeconds(true);

        ClosedModelChecks.engine("k6").run(spec, p -> { });

        assertThat(PerSecondSeries.readDriverJson(out.resolve("soaked.driver.json")).orElseThrow()).hasSize(4);
        assertThat(HlogMerge.perInterval(out.resolve("soaked.hlog"), 99)).hasSize(4);
    }
}
