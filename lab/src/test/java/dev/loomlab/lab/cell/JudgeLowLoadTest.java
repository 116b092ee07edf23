package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The low-load CPU per request bounds a window only where it describes that window's load. */
class JudgeLowLoadTest {
    @Test
    void aLowLoadFigureFiveTimesTheWindowsOwnDoesNotBoundIt() {
        // the quick plan's mvc-virtual thread-name: 0.785 ms at low load, 1.0 core at 6,420.2 TPS = 0.156 ms under load
        assertThat(Judge.describesTheLoad(Duration.ofNanos(785_027), 1.0, 6420.2)).isFalse();
    }

    @Test
    void aLowLoadFigureCloseToTheWindowsOwnBoundsIt() {
        // 0.180 ms at low load against 1.0 core at 6,000 TPS = 0.167 ms
        assertThat(Judge.describesTheLoad(Duration.ofNanos(180_000), 1.0, 6000)).isTrue();
        // and the other way: 0.12 ms against 0.167 ms
        assertThat(Judge.describesTheLoad(Duration.ofNanos(120_000), 1.0, 6000)).isTrue();
        assertThat(Judge.describesTheLoad(Duration.ofNanos(100_000), 1.0, 6000)).isFalse();
    }
}
