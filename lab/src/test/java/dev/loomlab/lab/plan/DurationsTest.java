package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {
    @ParameterizedTest
    @CsvSource({"500ms, PT0.5S", "30s, PT30S", "2m, PT2M", "1h, PT1H", "45, PT45S", "' 10 s ', PT10S", "0s, PT0S"})
    void readsWhatPeopleWrite(String text, String iso) {
        assertThat(Durations.parse("warmup", text)).isEqualTo(Duration.parse(iso));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 999, 1000, 1500, 30_000, 59_999, 60_000, 90_000, 3_600_000, 7_200_000})
    void formatThenParseGivesTheSameDuration(long ms) {
        Duration d = Duration.ofMillis(ms);
        assertThat(Durations.parse("x", Durations.format(d))).isEqualTo(d);
    }

    @Test
    void formatsTheShortestSpelling() {
        assertThat(Durations.format(Duration.ofSeconds(30))).isEqualTo("30s");
        assertThat(Durations.format(Duration.ofMinutes(2))).isEqualTo("2m");
        assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
        assertThat(Durations.format(Duration.ZERO)).isEqualTo("0s");
    }

    @ParameterizedTest
    @ValueSource(strings = {"10x", "", "-1s", "1.5s", "s"})
    void refusesWithTheFieldAndExamples(String text) {
        assertThatThrownBy(() -> Durations.parse("duration", text))
                .isInstanceOf(PlanException.class)
                .hasMessage("duration: cannot read '" + text + "' as a duration (examples: 500ms, 30s, 2m)");
    }
}
