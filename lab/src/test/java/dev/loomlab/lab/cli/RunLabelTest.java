package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.settings.PlanException;
import org.junit.jupiter.api.Test;

/** A run's label is one line of the user's words, refused in one line when it is not. */
class RunLabelTest {
    @Test
    void aLabelIsKeptTrimmedAndNoneIsNone() {
        assertThat(RunLabel.parse("  shop 1.4.2, pool 120 ")).hasValue("shop 1.4.2, pool 120");
        assertThat(RunLabel.parse(null)).isEmpty();
    }

    @Test
    void blankLongOrSeveralLinesAreBadInput() {
        assertThatThrownBy(() -> RunLabel.parse("   ")).isInstanceOf(PlanException.class).hasMessageContaining("give some text");
        assertThatThrownBy(() -> RunLabel.parse("x".repeat(121))).isInstanceOf(PlanException.class)
                .hasMessage("--label: at most 120 characters, got 121");
        assertThatThrownBy(() -> RunLabel.parse("v2\nv3")).isInstanceOf(PlanException.class).hasMessageContaining("one line");
    }
}
