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
    /** The quick plan's block-query on mvc-virtual: 500 VUs on a 1 s sleep, the pool of 150 not held. */
    private static final Ceiling VUS_500 = Ceiling.of(Model.byId("mvc-virtual"), Scenarios.BLOCK, Duration.ofSeconds(1), 500, 200, 150);
    private static final Ceiling NONE = Ceiling.of(Model.byId("mvc-platform"), Scenarios.THREAD_NAME, Duration.ZERO, 500, 200, 150);
    private static final Map<String, Long> NO_ERRORS = Map.of("connect", 0L, "status5xx", 0L);
    private static final double NO_INTERVAL = Double.NaN;

    /**
     * What was measured, resource by resource; unmeasured (NaN) unless set. The default layout: server on one core,
     * driver and database sharing the other.
     */
    private record Measured(double serverCpu, int serverCores, double gcShare, double queued, double queuedShare, double poolWaitShare,
                            double driverCpu, int driverCores, double driverCoresBusy, long acceptDrops) {
        static Measured server(double cpu) {
            return new Measured(cpu, 1, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 1, Double.NaN, -1);
        }

        Measured gc(double share) {
            return new Measured(serverCpu, serverCores, share, queued, queuedShare, poolWaitShare, driverCpu, driverCores, driverCoresBusy, acceptDrops);
        }

        Measured queued(double mean, double share) {
            return new Measured(serverCpu, serverCores, gcShare, mean, share, poolWaitShare, driverCpu, driverCores, driverCoresBusy, acceptDrops);
        }

        Measured poolWaits(double share) {
            return new Measured(serverCpu, serverCores, gcShare, queued, queuedShare, share, driverCpu, driverCores, driverCoresBusy, acceptDrops);
        }

        Measured driver(double cpu, double coresBusy) {
            return new Measured(serverCpu, serverCores, gcShare, queued, queuedShare, poolWaitShare, cpu, driverCores, coresBusy, acceptDrops);
        }

        Measured drops(long n) {
            return new Measured(serverCpu, serverCores, gcShare, queued, queuedShare, poolWaitShare, driverCpu, driverCores, driverCoresBusy, n);
        }

        Resources resources() {
            return new Resources(serverCpu, serverCores, gcShare, queued, queuedShare, serverCores, poolWaitShare, driverCpu, driverCores,
                    driverCoresBusy, acceptDrops);
        }
    }

    private static Verdict verdict(Ceiling ceiling, double tps, Measured m, double noise) {
        return Verdict.of(ceiling, tps, Math.round(tps * 10), NO_ERRORS, m.resources(), noise);
    }

    /** The 500-VU cell at 400 TPS, a fifth below its ceiling, with no interval measured: what {@code m} saw must explain the gap. */
    private static Verdict fifthBelowTheVus(Measured m) {
        return verdict(VUS_500, 400.0, m, NO_INTERVAL);
    }

    /** Known cells: what they measured, the limit their verdict must name, and how its note ends. */
    static Stream<Arguments> verdicts() {
        return Stream.of(
                arguments("at the ceiling within 2 %, the ceiling's limit is named",
                        verdict(THREADS_200, 197.2, Measured.server(0.04), 0.004), "threads",
                        "197.2 TPS = 98.6 % of min(500 VUs, 200 threads) / 1.000 s = 200.0 TPS"
                                + " — at the ceiling: capped by the request thread pool; server CPU 0.04 of 1 core"),
                arguments("95.6 % of the VU ceiling with GC pausing 366 ms of a 10 s window: GC, not the load itself",
                        verdict(VUS_500, 478.0, Measured.server(0.52).gc(0.0366), 0.005), "gc",
                        "GC paused the server 3.7 % of the window, 83 % of the 4.4 % gap — GC pauses held every request"),
                arguments("the same cell without the GC pauses and a narrow interval: unexplained, not the load itself",
                        verdict(VUS_500, 478.0, Measured.server(0.52).gc(0.001), 0.005), "unexplained",
                        "server CPU 0.52 of 1 core, 95 % interval ± 0.5 % — below the ceiling with no saturated resource measured"),
                arguments("a gap inside the cell's own interval is noise",
                        verdict(VUS_500, 478.0, Measured.server(0.52).gc(0.001), 0.06), "noise",
                        "the 4.4 % gap is inside the cell's own 95 % interval ± 6.0 % — noise: the cell cannot be told apart from its "
                                + "ceiling, the number of virtual users (the load itself) (more rounds or a longer window narrow the interval); "
                                + "server CPU 0.52 of 1 core"),
                arguments("a resource that explains the gap wins over noise",
                        verdict(VUS_500, 478.0, Measured.server(0.52).gc(0.04), 0.06), "gc",
                        "GC paused the server 4.0 % of the window, 91 % of the 4.4 % gap — GC pauses held every request"),
                arguments("below the ceiling with a saturated server CPU",
                        verdict(THREADS_200, 100.0, new Measured(1.7, 2, 0, 0, 0, 0, 0.2, 1, 0.3, 0), NO_INTERVAL), "cpu",
                        "server CPU 1.70 of 2 cores — CPU-bound"),
                arguments("a carrier queue for most of the window on a busy CPU",
                        fifthBelowTheVus(Measured.server(0.8).queued(25, 0.9)), "carriers",
                        "a mean of 25 virtual threads queued for the carriers of 1 core in 90 % of the window — the carriers were the limit"),
                arguments("a carrier queue on a server that hardly ran: its core went to other work",
                        verdict(VUS_500, 24.5, Measured.server(0.113).queued(57, 1.0), NO_INTERVAL), "carriers",
                        "the carriers were the limit, yet the server used only 11 % of its CPU: its core was busy with other work"),
                arguments("connection waits for most of the window",
                        fifthBelowTheVus(Measured.server(0.3).poolWaits(0.8)), "pool",
                        "requests waited for a database connection in 80 % of the window — the connection pool was the limit"),
                arguments("the driver's own CPU",
                        fifthBelowTheVus(Measured.server(0.3).driver(0.95, 0.97)), "driver",
                        "the load driver used 0.95 of its 1 core — the driver, not the server, set the pace"),
                arguments("the driver's core shared with a busy database",
                        fifthBelowTheVus(Measured.server(0.3).driver(0.4, 0.95)), "driver-core",
                        "the driver's 1 core was 95 % busy (driver 0.40 cores, the rest other processes on them) — contention for the "
                                + "driver's CPU delayed the load"),
                arguments("listen-queue drops",
                        fifthBelowTheVus(Measured.server(0.3).drops(12)), "accept-queue",
                        "the server's listen queue dropped 12 connection attempts — each costs its client a SYN retransmit of a second or more"),
                arguments("without a sleep",
                        verdict(NONE, 8123.4, Measured.server(0.97), NO_INTERVAL), "cpu",
                        "8123.4 TPS with no sleep to bound it; server CPU 0.97 of 1 core — CPU-bound"));
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("verdicts")
    void theVerdictNamesTheLimitAndSaysWhy(String behaviour, Verdict v, String limitedBy, String noteEnd) {
        assertThat(v.limitedBy()).isEqualTo(limitedBy);
        assertThat(v.note()).endsWith(noteEnd);
    }

    @Test
    void moreThanOnePercentErrorsDominateEvenAtTheCeiling() {
        Verdict v = Verdict.of(THREADS_200, 197.0, 1000, Map.of("status5xx", 11L), Resources.cpuOnly(0.04, 1), NO_INTERVAL);

        assertThat(v.limitedBy()).isEqualTo("errors");
        assertThat(v.note()).isEqualTo("11 of 1000 requests failed (11 status5xx); server CPU 0.04 of 1 core");
    }

    @Test
    void twoPercentBelowTheCeilingIsAtItAndMoreIsNot() {
        assertThat(Verdict.of(THREADS_200, 196.0, 1960, NO_ERRORS, Resources.cpuOnly(null, 1), NO_INTERVAL).limitedBy()).isEqualTo("threads");
        assertThat(Verdict.of(THREADS_200, 195.9, 1959, NO_ERRORS, Resources.cpuOnly(null, 1), NO_INTERVAL).limitedBy()).isEqualTo("unexplained");
    }

    @Test
    void gcExplainsAGapFromHalfOfIt() {
        assertThat(Verdict.gcExplains(0.02, 0.04)).isTrue();
        assertThat(Verdict.gcExplains(0.0199, 0.04)).isFalse();
        assertThat(Verdict.gcExplains(Double.NaN, 0.04)).isFalse();
    }

    @Test
    void exactlyOnePercentErrorsDoesNotDominate() {
        assertThat(Verdict.of(THREADS_200, 199.0, 1000, Map.of("timeout", 10L), Resources.cpuOnly(0.04, 1), NO_INTERVAL).limitedBy())
                .isEqualTo("threads");
    }

    @Test
    void eightyFivePercentOfTheServersCoresIsSaturated() {
        assertThat(Verdict.of(THREADS_200, 100.0, 1000, NO_ERRORS, Resources.cpuOnly(0.85, 1), NO_INTERVAL).limitedBy()).isEqualTo("cpu");
        assertThat(Verdict.of(THREADS_200, 100.0, 1000, NO_ERRORS, Resources.cpuOnly(0.84, 1), NO_INTERVAL).limitedBy()).isEqualTo("unexplained");
    }

    @Test
    void belowTheCeilingWithoutACpuMeasurementIsUnexplained() {
        assertThat(Verdict.of(THREADS_200, 100.0, 1000, NO_ERRORS, Resources.cpuOnly(null, 1), NO_INTERVAL).note()).contains("server CPU not measured");
    }

    @Test
    void noRequestsIsNotAnErrorVerdict() {
        assertThat(Verdict.of(THREADS_200, 0.0, 0, NO_ERRORS, Resources.cpuOnly(null, 1), NO_INTERVAL).limitedBy()).isEqualTo("unexplained");
    }
}
