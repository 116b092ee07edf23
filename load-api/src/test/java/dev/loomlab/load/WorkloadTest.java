package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WorkloadTest {
    @Test
    void sharesOfAClosedLoadAddUpToTheWhole() {
        Workload.Closed whole = new Workload.Closed(41);
        int sum = IntStream.range(0, 3).map(i -> ((Workload.Closed) whole.share(i, 3)).vus()).sum();
        assertThat(sum).isEqualTo(41);
    }

    @Test
    void outOfRangeValuesAreRefusedInOneLine() {
        assertThatThrownBy(() -> new Workload.Closed(0)).hasMessage("vus must be between 1 and 100000, got 0");
        assertThatThrownBy(() -> new Workload.Open(Double.NaN)).hasMessageStartingWith("rate must be above 0");
        assertThatThrownBy(() -> new Workload.Burst(10_001)).hasMessage("burst must be between 1 and 10000, got 10001");
    }
}
