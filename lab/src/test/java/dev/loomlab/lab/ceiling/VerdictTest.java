package dev.loomlab.lab.ceiling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.scenario.Scenarios;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class VerdictTest {
    private static final Ceiling THREADS_200 = Ceiling.of(Model.byId("mvc-platform"), Scenarios.BLOCK, Duration.ofSeconds(1), 500, 200, 150);
    private static final Ceiling NONE = Ceiling.of(Model.byId("mvc-platform"), Scenarios.THREAD_NAME, Duration.ZERO, 500, 200, 150);
    private static final Map<String, Long> NO_ERRORS = Map.of("connect", 0L, "status5xx", 0L);

    /**
     * A cell's verdict from its TPS, requests, errors and server CPU (cores used, of how many): the
     * limit it names, and how its note ends — the note says the arithmetic, then why.
     */
    static Stream<Arguments> verdicts() {
        return Stream.of(
                arguments("at the ceiling the ceiling's limit is named",
                        Verdict.of(THREADS_200, 197.2, 1972, NO_ERRORS, 0.04, 1), "threads",
                        "197.2 TPS = 98.6 % of min(500 VUs, 200 threads) / 1.000 s = 200.0 TPS"
                                + " — capped by the request thread pool; server CPU 0.04 of 1 core"),
                arguments("more than 1 % errors dominate, even at the ceiling",
                        Verdict.of(THREADS_200, 197.0, 1000, Map.of("status5xx", 11L), 0.04, 1), "errors",
                        "11 of 1000 requests failed (11 status5xx); server CPU 0.04 of 1 core"),
                arguments("below the ceiling with a saturated server CPU",
                        Verdict.of(THREADS_200, 100.0, 1000, NO_ERRORS, 1.7, 2), "cpu",
                        "server CPU 1.70 of 2 cores — CPU-bound below the ceiling"),
                arguments("below the ceiling with nothing saturated: unexplained, not a guess",
                        Verdict.of(THREADS_200, 100.0, 1000, NO_ERRORS, 0.3, 1), "unexplained",
                        "server CPU 0.30 of 1 core — below the ceiling with no saturated resource measured"),
                arguments("without a sleep",
                        Verdict.of(NONE, 8123.4, 81234, NO_ERRORS, 0.97, 1), "cpu",
                        "8123.4 TPS with no sleep to bound it; server CPU 0.97 of 1 core — CPU-bound"));
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("verdicts")
    void theVerdictNamesTheLimitAndSaysWhy(String behaviour, Verdict v, String limitedBy, String noteEnd) {
        assertThat(v.limitedBy()).isEqualTo(limitedBy);
        assertThat(v.note()).endsWith(noteEnd);
    }

    @Test
    void ninetyPercentCountsAsAtTheCeiling() {
        assertThat(Verdict.of(THREADS_200, 180.0, 1800, NO_ERRORS, null, 1).limitedBy()).isEqualTo("threads");
        assertThat(Verdict.of(THREADS_200, 179.9, 1799, NO_ERRORS, null, 1).limitedBy()).isEqualTo("unexplained");
    }

    @Test
    void exactlyOnePercentErrorsDoesNotDominate() {
        assertThat(Verdict.of(THREADS_200, 197.0, 1000, Map.of("timeout", 10L), 0.04, 1).limitedBy()).isEqualTo("threads");
    }

    @Test
    void eightyFivePercentOfTheServersCoresIsSaturated() {
        assertThat(Verdict.of(THREADS_200, 100.0, 1000, NO_ERRORS, 0.85, 1).limitedBy()).isEqualTo("cpu");
        assertThat(Verdict.of(THREADS_200, 100.0, 1000, NO_ERRORS, 0.84, 1).limitedBy()).isEqualTo("unexplained");
    }

    @Test
    void belowTheCeilingWithoutACpuMeasurementIsUnexplained() {
        assertThat(Verdict.of(THREADS_200, 100.0, 1000, NO_ERRORS, null, 1).note()).contains("server CPU not measured");
    }

    @Test
    void noRequestsIsNotAnErrorVerdict() {
        assertThat(Verdict.of(THREADS_200, 0.0, 0, NO_ERRORS, null, 1).limitedBy()).isEqualTo("unexplained");
    }
}
