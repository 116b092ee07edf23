package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.load.HyperfoilEngine;
import dev.loomlab.lab.result.Steadiness;
import dev.loomlab.load.DriverResult;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SteadyCheckTest {
    private static final List<Long> FLAT_WINDOW = List.of(500L, 498L, 503L, 501L, 499L, 500L, 502L, 497L, 500L, 501L);

    private static Optional<HyperfoilEngine.Warmed> warmed(String ended, List<Long> warmup) {
        return Optional.of(new HyperfoilEngine.Warmed(warmup.size(), new DriverResult.Settling(ended, warmup)));
    }

    @Test
    void aWarmUpThatSettledBeforeAFlatWindowIsSettled() {
        Steadiness s = SteadyCheck.of(warmed("settled", List.of(100L, 300L, 500L, 500L, 500L, 500L, 500L, 500L, 500L, 500L, 500L)),
                Optional.of(FLAT_WINDOW), List.of());
        assertThat(s.state()).isEqualTo(Steadiness.State.SETTLED);
        assertThat(s.warmupEnded()).isEqualTo("settled");
    }

    @Test
    void aWarmUpCutAtItsCapIsNotSettledWhateverTheWindowLooksLike() {
        List<Long> climbing = LongStream.range(0, 10).map(i -> 100 + 50 * i).boxed().toList();
        Steadiness s = SteadyCheck.of(warmed("cap", climbing), Optional.of(FLAT_WINDOW), List.of());
        assertThat(s.state()).isEqualTo(Steadiness.State.NOT_SETTLED);
        // 200 … 550 over the last 8 s: a line rising by 350 over a mean of 375
        assertThat(s.why()).isEqualTo("its warm-up reached its cap of 10 s before the load settled, its 2xx per second still changing by +93 % over its last 8 s");
    }

    @Test
    void aWarmUpCutAtItsCapWhileTheServerStillCompiledSaysSo() {
        List<Long> flat = LongStream.range(0, 30).map(i -> 4_500).boxed().toList();
        Steadiness s = SteadyCheck.of(Optional.of(new HyperfoilEngine.Warmed(30, new DriverResult.Settling("cap", flat, new dev.loomlab.load.SteadyState.Compiler(0.19, 1.0)))),
                Optional.of(FLAT_WINDOW), List.of());
        assertThat(s.state()).isEqualTo(Steadiness.State.NOT_SETTLED);
        assertThat(s.why()).isEqualTo("its warm-up reached its cap of 30 s before the load settled, its 2xx per second still changing by +0 % "
                + "over its last 8 s, the server's JIT compiler still taking 19 % of its CPUs (at most 5 % counts as quiet)");
    }

    @Test
    void aFixedWarmUpEndingOnAClimbIsNotSettledAndOneEndingFlatIs() {
        List<Long> climbing = LongStream.range(0, 10).map(i -> 100 + 50 * i).boxed().toList();
        assertThat(SteadyCheck.of(warmed("fixed", climbing), Optional.of(FLAT_WINDOW), List.of()).why())
                .startsWith("its fixed 10 s warm-up ended before the load settled");
        List<Long> flat = LongStream.range(0, 10).map(i -> 500).boxed().toList();
        assertThat(SteadyCheck.of(warmed("fixed", flat), Optional.of(FLAT_WINDOW), List.of()).state()).isEqualTo(Steadiness.State.SETTLED);
    }

    @Test
    void aWindowWhoseCompletionsOrWhoseOpenModelLatencyClimbIsNotSettled() {
        List<Long> rising = LongStream.range(0, 12).map(i -> 477 + 90 * i).boxed().toList();
        assertThat(SteadyCheck.of(Optional.empty(), Optional.of(rising), List.of()).why()).startsWith("in its window its 2xx per second went from");
        // an open load at its rate whose server falls behind: completions flat, the median latency doubling
        List<Double> latency = List.of(5.0, 5.5, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0);
        Steadiness s = SteadyCheck.of(Optional.empty(), Optional.of(FLAT_WINDOW), latency);
        assertThat(s.state()).isEqualTo(Steadiness.State.NOT_SETTLED);
        assertThat(s.why()).startsWith("in its window its median latency (ms) went from 5.5 to 12.0");
    }

    @Test
    void anEngineWithNoPerSecondSeriesIsNotJudged() {
        assertThat(SteadyCheck.of(Optional.empty(), Optional.empty(), List.of()).state()).isEqualTo(Steadiness.State.NOT_JUDGED);
    }
}
