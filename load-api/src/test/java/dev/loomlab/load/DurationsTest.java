package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void readsTheSpellingsPeopleWrite() {
        assertThat(Durations.parse("warmup", "90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("warmup", "1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("warmup", "500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("warmup", "1s500ms")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("warmup", "2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("warmup", "1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse("warmup", " 30 ")).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void refusesWhatIsNoDurationNamingTheField() {
        for (String bad : new String[] {"", "abc", "30x", "s", "30s1m", "1m1m", "-5s", "1.5s", "99999999999s"}) {
            assertThatThrownBy(() -> Durations.parse("duration", bad))
                    .isInstanceOf(InvalidLoadException.class)
                    .hasMessageStartingWith("duration: cannot read");
        }
    }

    @Test
    void formatReadsBackToTheSameValue() {
        for (long ms : new long[] {0, 1, 500, 1000, 1500, 60_000, 90_000, 3_600_000, 3_723_004}) {
            Duration d = Duration.ofMillis(ms);
            assertThat(Durations.parse("x", Durations.format(d))).isEqualTo(d);
        }
        assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("1m30s");
    }

    @Test
    void boundsNameTheFieldAndTheRange() {
        assertThatThrownBy(() -> Durations.parse("requestTimeout", "2m", Duration.ofSeconds(1), Duration.ofSeconds(60)))
                .hasMessage("requestTimeout must be between 1s and 1m, got 2m");
    }
}
