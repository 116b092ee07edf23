package dev.loomlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ParamTest {
    private final Param ms = Param.sleepMs(1000);

    @Test
    void missingOrBlankMeansTheDefault() {
        assertThat(ms.parse(null)).isEqualTo(1000);
        assertThat(ms.parse(" ")).isEqualTo(1000);
    }

    @Test
    void acceptsTheBoundsThemselves() {
        assertThat(ms.parse("0")).isZero();
        assertThat(ms.parse("60000")).isEqualTo(60_000);
    }

    @Test
    void refusesNegativeValuesWithOneLine() {
        assertThatThrownBy(() -> ms.parse("-1"))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("ms must be between 0 and 60000 ms, got -1");
    }

    @Test
    void refusesMoreThanSixtySeconds() {
        assertThatThrownBy(() -> ms.parse("60001")).isInstanceOf(BadParameterException.class);
    }

    @Test
    void refusesTextAndKeepsTheEchoShortAndOnOneLine() {
        assertThatThrownBy(() -> ms.parse("1;drop table x\n" + "y".repeat(100)))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("ms must be a whole number of ms, got '1;drop table x y")
                .hasMessageNotContaining("\n")
                .hasMessageEndingWith("…'");
    }
}
