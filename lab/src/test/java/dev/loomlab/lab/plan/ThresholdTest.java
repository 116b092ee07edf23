package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.settings.PlanException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** k6's threshold grammar, parsed once: the unit is part of the value, and a wrong one is refused in one line. */
class ThresholdTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            p99 < 250ms      | -        | P99    | LT | 250      | p99 < 250ms
            P99<250MS        | -        | P99    | LT | 250      | p99 < 250ms
            p50 <= 2s        | -        | P50    | LE | 2000     | p50 <= 2s
            max >= 500us     | -        | MAX    | GE | 0.5      | max >= 500us
            errors < 0.1%    | -        | ERRORS | LT | 0.1      | errors < 0.1%
            tps > 900        | -        | TPS    | GT | 900      | tps > 900
            p90 > 1.5ms      | -        | P90    | GT | 1.5      | p90 > 1.5ms
            order.p99 < 1s   | order    | P99    | LT | 1000     | order.p99 < 1s
            Big_Item.TPS > 5 | Big_Item | TPS    | GT | 5        | Big_Item.tps > 5
            """)
    void eachMeasureInItsOwnUnitForTheCellOrOneRequest(String text, String request, Threshold.Measure measure,
                                                       Threshold.Comparison comparison, double value, String shown) {
        Threshold t = Threshold.parse(text);
        assertThat(t.request()).isEqualTo(java.util.Optional.ofNullable(request));
        assertThat(t.measure()).isEqualTo(measure);
        assertThat(t.comparison()).isEqualTo(comparison);
        assertThat(t.value()).isEqualTo(value);
        assertThat(t.text()).isEqualTo(shown);
        assertThat(Threshold.parse(t.text())).isEqualTo(t);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            p99 < 250        | slo: 'p99 < 250': a latency needs its unit: ms, s or us
            errors < 0.1     | slo: 'errors < 0.1': errors are a percentage of the requests, e.g. 'errors < 0.1%'
            tps > 900ms      | slo: 'tps > 900ms': tps is requests per second, a plain number, e.g. 'tps > 900'
            p95 < 1s         | slo: 'p95 < 1s': unknown measure 'p95' (allowed: p50, p90, p99, max, errors, tps)
            p99 = 1s         | slo: 'p99 = 1s': expected [REQUEST.]MEASURE OP VALUE, e.g. 'p99 < 250ms', 'errors < 0.1%', 'tps > 900', 'order.p99 < 400ms'
            p99 < 1h         | slo: 'p99 < 1h': unknown unit 'h' (ms, s or us for a latency, % for errors, none for tps)
            """)
    void aMistakeIsOneLine(String text, String message) {
        assertThatThrownBy(() -> Threshold.parse(text)).isInstanceOf(PlanException.class).hasMessage(message);
    }

    @ParameterizedTest
    @CsvSource({"p99 < 250ms, 249.9, true", "p99 < 250ms, 250, false", "p99 <= 250ms, 250, true", "tps > 900, 900, false",
            "tps >= 900, 900, true"})
    void theBoundIsStrictOrNotAsWritten(String text, double measured, boolean holds) {
        Threshold t = Threshold.parse(text);
        assertThat(t.comparison().holds(measured, t.value())).isEqualTo(holds);
    }
}
