package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.TestCell.cell;
import static dev.loomlab.lab.findings.TestCell.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.loomlab.lab.findings.TestCell.Row;
import dev.loomlab.lab.metrics.JfrCounts;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.load.Workload;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One nested class per rule: it fires on hand-made evidence with its numbers in the sentence;
 * one table of the cases where each is silent, without the evidence or when the metrics it reads
 * are missing (NaN).
 */
class FindingsRulesTest {
    private static final List<SeriesRow> NOTHING_MEASURED = rows(10, r -> { });

    /** The sentence of one rule for this cell, if it fired. */
    private static Optional<String> rule(String id, CellResult cell, List<SeriesRow> rows) {
        return Findings.fired(cell, rows, 1).stream().filter(f -> f.rule().equals(id)).map(Finding::text).findFirst();
    }

    private static List<String> ids(CellResult cell, List<SeriesRow> rows) {
        return Findings.fired(cell, rows, 1).stream().map(Finding::rule).toList();
    }

    /** A scenario without a sleep (thread-name): no S, so no ceiling to compare the TPS with. */
    private static TestCell noSleep() {
        return cell().with(x -> {
            x.scenario = "thread-name";
            x.serviceTimeMs = 0;
            x.ceilingTps = null;
        });
    }

    /** Virtual threads at S = 0.5 s and 300 VUs: a load ceiling of 600 TPS. */
    private static TestCell virtualAtHalfASecond() {
        return cell().with(x -> {
            x.model = "mvc-virtual";
            x.serviceTimeMs = 500;
            x.workload = new Workload.Closed(300);
            x.ceilingTps = 600.0;
        });
    }

    /** The open model: requests sent at {@code rate} per second instead of by VUs. */
    private static TestCell open(double rate) {
        return cell().with(x -> {
            x.workload = new Workload.Open(rate);
        });
    }

    /** Every one of Tomcat's 200 threads busy in this second. */
    private static void allThreadsBusy(Row r) {
        busyThreads(r, 200);
    }

    /** {@code busy} of Tomcat's 200 threads busy in this second. */
    private static void busyThreads(Row r, double busy) {
        r.tomcatBusy = busy;
        r.tomcatMax = 200;
    }

    /** All 150 connections of the pool in use, {@code pending} requests waiting for one. */
    private static void poolExhausted(Row r, double pending) {
        r.poolActive = 150;
        r.poolIdle = 0;
        r.poolPending = pending;
    }

    /**
     * Every rule is silent without its evidence: below its threshold, for only part of the window,
     * where it does not apply, or when the metrics it reads are missing (NaN).
     */
    static Stream<Arguments> silences() {
        return Stream.of(
                arguments("thread-pool", "threads at max in only 70 % of the window", cell().tps(197.2),
                        rows(10, (i, r) -> busyThreads(r, i < 7 ? 200 : 150))),
                // slow-query on platform threads: all 200 busy, 50 of them waiting for one of 150 connections.
                arguments("thread-pool", "threads busy, throughput far below threads / S",
                        cell().on("mvc-platform", "slow-query").tps(148.9), rows(10, FindingsRulesTest::allThreadsBusy)),
                arguments("thread-pool", "virtual threads: Tomcat has no pool", cell().on("mvc-virtual", "block"), NOTHING_MEASURED),
                arguments("thread-pool", "no sleep", noSleep(), rows(10, FindingsRulesTest::allThreadsBusy)),
                arguments("connection-pool", "requests waited in only half the window", cell().on("mvc-platform", "slow-query"),
                        rows(10, (i, r) -> poolExhausted(r, i < 5 ? 20 : 0))),
                arguments("connection-pool", "no request waited", cell().on("mvc-platform", "slow-query"), rows(10, r -> {
                    r.poolActive = 90;
                    r.poolIdle = 60;
                    r.poolPending = 0;
                })),
                arguments("connection-pool", "the pool not measured", cell().on("mvc-platform", "slow-query"), NOTHING_MEASURED),
                arguments("cpu", "below 85 % of the cores", cell(), rows(10, r -> r.serverCpuCores = 0.80)),
                arguments("cpu", "not measured", cell(), NOTHING_MEASURED),
                arguments("beside", "the rest of the machine near idle (interrupts, kernel threads)",
                        cell().metric("otherCpuCoresMean", 0.04), NOTHING_MEASURED),
                arguments("beside", "not measured (a cell recorded before the figure)", cell(), NOTHING_MEASURED),
                arguments("load-driver", "below 90 % of its cores", cell(), rows(10, r -> r.driverCpuCores = 0.5)),
                arguments("load-driver", "its cores unknown", cell().with(x -> x.cpus = Map.of()), rows(10, r -> r.driverCpuCores = 0.99)),
                arguments("load-driver", "not measured", cell(), NOTHING_MEASURED),
                arguments("load-ceiling", "below VUs / S", cell().tps(400), NOTHING_MEASURED),
                arguments("load-ceiling", "no sleep", cell().with(x -> x.serviceTimeMs = 0).tps(9000), NOTHING_MEASURED),
                arguments("load-driver", "a few requests sent late (a driver GC)", open(100.0).tps(99.0).requests(3000)
                        .metric("sentLate", 29).metric("lateAfterMs", 10).metric("maxSendDelayMs", 120), NOTHING_MEASURED),
                arguments("load-ceiling", "requests the open model left unsent", open(100.0).with(x -> x.unsent = 5L).tps(99.0),
                        NOTHING_MEASURED),
                arguments("carrier-backlog", "a small queue", virtualAtHalfASecond().tps(378.3),
                        rows(5, (i, r) -> r.virtualQueued = i == 4 ? 31 : 1)),
                arguments("carrier-backlog", "a transient queue", virtualAtHalfASecond().tps(378.3),
                        rows(5, (i, r) -> r.virtualQueued = i < 2 ? 200 : 0)),
                arguments("carrier-backlog", "not measured", virtualAtHalfASecond().tps(378.3), NOTHING_MEASURED),
                arguments("pinning", "no pinned events", cell().on("mvc-virtual", "block"), rows(10, r -> r.pinnedEvents = 0)),
                arguments("pinning", "neither a recording nor a counter", cell().with(x -> x.jfrEvents = null), NOTHING_MEASURED),
                arguments("gc", "pauses of 5 % of the window", cell(), rows(10, r -> r.gcPauseMs = 50)),
                arguments("gc", "not measured", cell(), NOTHING_MEASURED),
                arguments("errors", "no errors", cell(), NOTHING_MEASURED),
                arguments("errors", "no error counts", cell().with(x -> x.errors = null), NOTHING_MEASURED),
                arguments("fan-out-check", "no downstream count", cell(), NOTHING_MEASURED));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("silences")
    void aRuleIsSilentWithoutItsEvidence(String rule, String without, TestCell cell, List<SeriesRow> rows) {
        assertThat(rule(rule, cell.build(), rows)).isEmpty();
    }

    @Nested
    class ThreadPool {
        private final CellResult block = cell().with(c -> c.tps = 197.2).build();

        @Test
        void firesWhenEveryThreadIsBusyForMostOfTheWindowAtThreadsOverS() {
            List<SeriesRow> busy = rows(10, (i, r) -> busyThreads(r, i == 6 ? 198 : 200));

            assertThat(rule("thread-pool", block, busy)).hasValue("mvc-platform / block: 197.2 TPS ≈ 200 Tomcat threads / 1.00 s "
                    + "= 200.0 TPS — capped by the thread pool (busy threads 200/200 for 90 % of the window)");
        }

        @Test
        void namesTheThreadsOfTheModelsOwnServerNotTomcats() {
            CellResult quarkus = cell().on("quarkus-worker", "block").with(c -> c.tps = 197.2).build();
            List<SeriesRow> busy = rows(10, (i, r) -> busyThreads(r, 200));

            assertThat(rule("thread-pool", quarkus, busy)).hasValueSatisfying(s -> assertThat(s)
                    .contains("197.2 TPS ≈ 200 Quarkus worker threads / 1.00 s").doesNotContain("Tomcat"));
        }
    }

    @Nested
    class ConnectionPool {
        /** mvc-platform on slow-query at {@code tps}, under a ceiling of {@code ceiling}. */
        private static CellResult platformSlowQuery(double tps, double ceiling) {
            return cell().on("mvc-platform", "slow-query").tps(tps).ceiling(ceiling).build();
        }

        /** Ten seconds of every Tomcat thread busy and the pool exhausted, {@code waiters} of second i waiting, none timing out. */
        private static List<SeriesRow> threadsWaitingForThePool(java.util.function.IntToDoubleFunction waiters) {
            return rows(10, (i, r) -> {
                allThreadsBusy(r);
                poolExhausted(r, waiters.applyAsDouble(i));
                r.poolTimeouts = 0;
            });
        }

        @Test
        void platformThreadsAtThePoolCapSayHowManyWaitedAndWhy() {
            CellResult platform = platformSlowQuery(148.9, 150.0);
            List<SeriesRow> waiting = threadsWaitingForThePool(i -> i == 3 ? 40 : 50);

            assertThat(rule("connection-pool", platform, waiting)).hasValue("mvc-platform / slow-query: 148.9 TPS ≈ 150 connections "
                    + "/ 1.00 s = 150.0 TPS — capped by the connection pool (up to 50 requests, mean 49, waited for 150 connections "
                    + "in 100 % of the window; 50 = 200 busy Tomcat threads − 150 connections)");
        }

        /**
         * A waiter handed a connection still counts as waiting while the connection no longer counts as in use: on a
         * CPU-bound server more wait than threads − pool (57 with 200 threads and 150 connections, measured), and the
         * threads are still where they come from.
         */
        @Test
        void waitersOnAHandedOverConnectionStillComeFromTheThreads() {
            CellResult platform = platformSlowQuery(290.8, 300.0);
            List<SeriesRow> waiting = rows(10, (i, r) -> {
                allThreadsBusy(r);
                poolExhausted(r, i == 3 ? 57 : 55);
                r.poolActive = i == 3 ? 143 : 145;
                r.poolIdle = i == 5 ? 5 : 0;
                r.poolTimeouts = 0;
            });

            assertThat(rule("connection-pool", platform, waiting)).hasValueSatisfying(s -> assertThat(s)
                    .contains("up to 57 requests, mean 55, waited for 150 connections")
                    .endsWith("; 57 waiting + 143 in use = 200 busy Tomcat threads)"));
        }

        @Test
        void aWaiterCountThatNoThreadOrUserExplainsNamesNoOrigin() {
            CellResult platform = platformSlowQuery(290.8, 300.0);
            List<SeriesRow> waiting = threadsWaitingForThePool(i -> 90);

            assertThat(rule("connection-pool", platform, waiting)).hasValueSatisfying(s -> assertThat(s)
                    .doesNotContain("Tomcat").doesNotContain("VUs").contains("up to 90 requests waited"));
        }

        /** block-query holds a connection for its fast select only: pool / S (1 s of sleep) would be no ceiling at all. */
        @Test
        void aScenarioThatHoldsItsConnectionBrieflyGetsNoPoolOverSCap() {
            CellResult query = cell().on("mvc-virtual", "block-query").tps(1988.3).build();
            List<SeriesRow> waiting = rows(10, (i, r) -> {
                poolExhausted(r, i == 3 ? 1369 : 500);
                r.poolTimeouts = 0;
            });

            assertThat(rule("connection-pool", query, waiting)).hasValueSatisfying(s -> assertThat(s)
                    .doesNotContain("150 connections / 1.00 s").doesNotContain("capped by")
                    .endsWith("the connection pool is the bottleneck"));
        }

        @Test
        void timeoutsAnd5xxAreCountedAndConcurrencyCappedAtThePoolSize() {
            CellResult virtual = cell().on("mvc-virtual", "slow-query").tps(100).requests(1264).ceiling(150.0)
                    .error("status5xx", 264).build();
            List<SeriesRow> collapse = rows(10, (i, r) -> {
                poolExhausted(r, 350);
                r.poolTimeouts = i < 2 ? 0 : 33;
            });

            assertThat(rule("connection-pool", virtual, collapse)).hasValue("mvc-virtual / slow-query: up to 350 requests waited for "
                    + "150 connections in 100 % of the window (350 = 500 VUs − 150 connections) → 264 Hikari connection timeouts "
                    + "(waited longer than the pool allows), 264 HTTP 5xx; cap concurrency at the pool size (150), e.g. a semaphore "
                    + "of 150 permits around the query — the seeds' virtual-thread collapse");
        }

        @Test
        void belowThePoolCapItSaysTheShare() {
            // The pool, not the VUs, sets slow-query's ceiling: 150 connections / 0.5 s.
            CellResult slow = virtualAtHalfASecond().on("mvc-virtual", "slow-query").tps(225).ceiling(300.0).build();
            List<SeriesRow> waiting = rows(4, r -> poolExhausted(r, 150));

            assertThat(rule("connection-pool", slow, waiting)).hasValueSatisfying(s -> assertThat(s)
                    .startsWith("mvc-virtual / slow-query: 225.0 TPS = 75.0 % of 150 connections / 0.50 s = 300.0 TPS — the connection pool is the bottleneck")
                    .contains("150 = 300 VUs − 150 connections"));
        }
    }

    @Nested
    class Beside {
        @Test
        void aWindowBesideSomebodyElsesWorkIsSaidNotToHaveRunAloneWithItsCpuSeconds() {
            // a test suite beside a 10 s window: 1.2 cores of the machine were neither the cell's nor the lab's
            CellResult besideASuite = cell().metric("otherCpuCoresMean", 1.2).build();

            assertThat(rule("beside", besideASuite, NOTHING_MEASURED)).hasValueSatisfying(s -> assertThat(s)
                    .contains("used 1.20 cores of the machine on average through the window (12.0 CPU-s): the cell did not run alone"));
            assertThat(Findings.fired(besideASuite, NOTHING_MEASURED, 1).stream().filter(f -> f.rule().equals("beside")).findFirst()
                    .orElseThrow().figures()).containsEntry("otherCpuCoresMean", 1.2);
        }
    }

    @Nested
    class Cpu {
        @Test
        void firesAtOrAbove85PercentOfTheServersCores() {
            CellResult c = noSleep().with(x -> x.model = "webflux").build();

            assertThat(rule("cpu", c, rows(10, r -> r.serverCpuCores = 1.0)))
                    .hasValue("webflux / thread-name: server CPU at 100 % of its core (1.00 cores on average) — CPU-bound");
            assertThat(Findings.fired(c, rows(10, r -> r.serverCpuCores = 1.8), 2)).extracting(Finding::text)
                    .contains("webflux / thread-name: server CPU at 90 % of its 2 cores (1.80 cores on average) — CPU-bound");
        }

        @Test
        void usesTheCellsCpuWhenTheSeriesHasNone() {
            CellResult c = cell().with(x -> x.serverCpuCores = 0.9).build();
            assertThat(rule("cpu", c, NOTHING_MEASURED)).hasValueSatisfying(s -> assertThat(s).contains("90 % of its core"));
        }
    }

    @Nested
    class LoadDriver {
        @Test
        void firesWhenTheDriverUsedAtLeast90PercentOfItsCpus() {
            CellResult c = noSleep().with(x -> x.model = "webflux").build();

            assertThat(rule("load-driver", c, rows(10, r -> r.driverCpuCores = 0.95))).hasValue("webflux / thread-name: the load "
                    + "driver used 0.95 of its core (95 %) — load-driver-bound: the driver, not the server, set this cell's pace, "
                    + "so its figures understate the server");
        }

        @Test
        void firesWhenTheOpenModelCouldNotSendWhatItScheduled() {
            CellResult open = open(500.0).with(x -> {
                x.achievedRate = 420.3;
                x.unsent = 1234L;
            }).build();

            assertThat(rule("load-driver", open, NOTHING_MEASURED)).hasValueSatisfying(s -> assertThat(s)
                    .contains("could not send 1,234 of the scheduled requests (requested 500.0/s, achieved 420.3/s)"));
        }

        @Test
        void firesWhenTheOpenModelSentOneRequestInAHundredLate() {
            CellResult open = open(300.0).tps(299.0).requests(9000).metric("sentLate", 600).metric("lateAfterMs", 10)
                    .metric("maxSendDelayMs", 2122).build();

            assertThat(rule("load-driver", open, NOTHING_MEASURED)).hasValueSatisfying(s -> assertThat(s)
                    .contains("sent 600 of the 9,000 requests more than 10 ms after they were due (the latest 2122 ms late;"));
        }

        @Test
        void usesTheDriversCpuSecondsWhenTheSeriesHasNone() {
            CellResult c = cell().with(x -> x.driverCpuS = 9.5).build();
            assertThat(rule("load-driver", c, NOTHING_MEASURED)).hasValueSatisfying(s -> assertThat(s).contains("0.95 of its core"));
        }

        @Test
        void firesWhenTheDatabaseOnTheDriversCoreKeepsItBusy() {
            CellResult c = noSleep().with(x -> x.model = "webflux").build();
            List<SeriesRow> shared = rows(10, r -> {
                r.driverCpuCores = 0.40;
                r.dbCpuCores = 0.55;
            });

            assertThat(rule("load-driver", c, shared)).hasValue("webflux / thread-name: the load driver's core was 95 % busy: the driver "
                    + "0.40 and the database sharing it 0.55 — load-driver-bound: the driver, not the server, set this cell's pace, "
                    + "so its figures understate the server");
            CellResult apart = noSleep().with(x -> x.cpus = Map.of("server", "1", "driver", "0", "database", "2")).build();
            assertThat(rule("load-driver", apart, shared)).isEmpty();
        }

        @Test
        void countsTheDriversCpusFromTheTasksetList() {
            CellResult twoCpus = cell().with(x -> x.cpus = Map.of("server", "2-3", "driver", "0,1")).build();
            assertThat(rule("load-driver", twoCpus, rows(10, r -> r.driverCpuCores = 0.99))).isEmpty();
            assertThat(rule("load-driver", twoCpus, rows(10, r -> r.driverCpuCores = 1.9)))
                    .hasValueSatisfying(s -> assertThat(s).contains("1.90 of its 2 cores (95 %)"));
        }
    }

    @Nested
    class LoadCeiling {
        @Test
        void firesWhenTheClosedModelIsWithin10PercentOfVusOverS() {
            CellResult c = cell().on("mvc-virtual", "block").tps(496.3).ceiling(500.0).build();

            assertThat(rule("load-ceiling", c, NOTHING_MEASURED)).hasValue("mvc-virtual / block: 496.3 TPS ≈ 500 VUs / 1.00 s = "
                    + "500.0 TPS — at the VU ceiling: the load itself was the limit, not the server (raise --vus to find the server's)");
        }

        @Test
        void firesWhenTheOpenModelGotItsOfferedRate() {
            CellResult open = open(100.0).with(x -> {
                x.unsent = 0L;
                x.tps = 99.0;
                x.ceilingTps = 100.0;
            }).build();

            assertThat(rule("load-ceiling", open, NOTHING_MEASURED)).hasValueSatisfying(s -> assertThat(s)
                    .startsWith("mvc-platform / block: 99.0 TPS of the offered 100.0/s — at the rate ceiling"));
        }
    }

    @Nested
    class CarrierBacklog {
        private final CellResult virtual = virtualAtHalfASecond().with(x -> x.tps = 378.3).build();

        @Test
        void queuedVirtualThreadsAreTimeWaitingToRunByLittlesLaw() {
            // A real cell: a 1.1 s GC pause on a contended core, then 248 of 300 threads runnable at once.
            double[] queued = {248, 219, 142, 133, 0};
            List<SeriesRow> backlog = rows(5, (i, r) -> {
                r.virtualQueued = queued[i];
                r.virtualMounted = 1;
                r.serverCpuCores = 0.25;
                r.gcPauseMs = i == 0 ? 1107 : 0;
            });

            assertThat(rule("carrier-backlog", virtual, backlog)).hasValue("mvc-virtual / block: up to 248 virtual threads (mean "
                    + "148) were queued for its 4 carrier threads on the server's only core in 80 % of the window: ≈ 392 ms of each request spent "
                    + "waiting to run (mean queued / TPS, Little's law) — the carrier was the bottleneck: GC pauses stopped it; and "
                    + "the server used only 25 % of its core, so the core was likely busy with other work (other processes on this "
                    + "machine, or CPU throttling)");
            assertThat(ids(virtual, backlog)).containsExactly("carrier-backlog", "gc");
        }

        @Test
        void aSaturatedCpuIsNamedAsTheCause() {
            List<SeriesRow> busy = rows(10, r -> {
                r.virtualQueued = 40;
                r.serverCpuCores = 1.9;
            });
            assertThat(Findings.fired(virtual, busy, 2)).filteredOn(f -> f.rule().equals("carrier-backlog")).singleElement()
                    .satisfies(f -> assertThat(f.text()).contains("queued for its 4 carrier threads on 2 cores")
                            .endsWith("the carriers were the bottleneck: the CPU is saturated"));
        }

        /** legacy-virtual's launcher runs max(cores, 4) carriers, as mvc-virtual's does. */
        @Test
        void legacyVirtualQueuesForItsLaunchersFourCarriers() {
            CellResult legacyVirtual = virtualAtHalfASecond().on("legacy-virtual", "block").tps(378.3).build();
            List<SeriesRow> backlog = rows(5, r -> {
                r.virtualQueued = 150;
                r.serverCpuCores = 0.95;
            });

            assertThat(rule("carrier-backlog", legacyVirtual, backlog)).hasValueSatisfying(s -> assertThat(s)
                    .contains("queued for its 4 carrier threads on the server's only core"));
        }
    }

    @Nested
    class Pinning {
        // The pinned scenario: the whole 1 s request blocks pinned, so carriers / S is its cap.
        private final TestCell virtual = cell().with(x -> {
            x.model = "mvc-virtual";
            x.scenario = "pinned";
            x.jfrEvents = Map.of(JfrCounts.PINNED, 12L, JfrCounts.SUBMIT_FAILED, 0L);
        });

        @Test
        void countsThePinnedEventsAndSaysWhatTheyCostInCarriers() {
            assertThat(rule("pinning", virtual.with(x -> x.serverJdk = "21.0.5").build(), NOTHING_MEASURED)).hasValue(
                    "mvc-virtual / pinned: 12 pinning events (jdk.VirtualThreadPinned in the window): a virtual thread that blocks "
                            + "while pinned holds one of the server's 4 carrier threads, so requests that"
                            + " pin run at most 4 carriers / 1.00 s = 4.0 TPS — synchronized around a blocking call pins (JEP 444): use a ReentrantLock there; "
                            + "stack traces: jfr print --events jdk.VirtualThreadPinned cells/mvc-virtual/pinned-r1.jfr");
        }

        @Test
        void onJdk24AndLaterSynchronizedIsNotTheSuspect() {
            assertThat(Findings.fired(virtual.build(), NOTHING_MEASURED, 2)).filteredOn(f -> f.rule().equals("pinning"))
                    .singleElement().satisfies(f -> assertThat(f.text())
                            .contains("one of the server's 4 carrier threads")
                            .contains("4 carriers / 1.00 s = 4.0 TPS")
                            .contains("on JDK 25 synchronized no longer pins (JEP 491)"));
        }

        @Test
        void fallsBackToThePerSecondCounterWhenTheRecordingWasNotRead() {
            CellResult noJfr = virtual.with(x -> x.jfrEvents = Map.of()).build();
            assertThat(rule("pinning", noJfr, rows(10, (i, r) -> r.pinnedEvents = i == 2 ? 4 : 0)))
                    .hasValueSatisfying(s -> assertThat(s).startsWith("mvc-virtual / pinned: 4 pinning events"));
        }
    }

    @Nested
    class SubmitFailed {
        @Test
        void firesOnAnySubmitFailedEventAndOnlyThen() {
            CellResult failed = cell().with(x -> x.jfrEvents = Map.of(JfrCounts.PINNED, 0L, JfrCounts.SUBMIT_FAILED, 2L)).build();
            assertThat(rule("submit-failed", failed, NOTHING_MEASURED)).hasValue("mvc-platform / block: 2 virtual threads could not "
                    + "be started or resumed (jdk.VirtualThreadSubmitFailed in the window) — read logs/mvc-platform-block-r1.server.log");
            assertThat(rule("submit-failed", cell().build(), NOTHING_MEASURED)).isEmpty();
        }
    }

    @Nested
    class Gc {
        @Test
        void firesAbove5PercentOfTheWindow() {
            List<SeriesRow> paused = rows(10, (i, r) -> {
                r.gcPauseMs = i == 4 ? 350 : 30;
                r.heapUsedMb = 200 + i;
            });

            assertThat(rule("gc", cell().build(), paused)).hasValue("mvc-platform / block: GC paused the server for 620 ms = 6.2 % "
                    + "of the 10.0 s window (up to 350 ms in one second, heap in use up to 209 MB) — GC pressure: each pause stops "
                    + "every request; raise --heap or allocate less");
        }
    }

    @Nested
    class Errors {
        @Test
        void countsEachKindAndSaysWhatItMeans() {
            CellResult c = cell().with(x -> x.requests = 1264).error("status5xx", 264).error("timeout", 5).error("connect", 3).build();

            assertThat(rule("errors", c, NOTHING_MEASURED)).hasValue("mvc-platform / block: 272 of 1,264 requests failed (21.5 %): "
                    + "5 client timeouts (no answer within the request timeout); "
                    + "264 HTTP 5xx (the server answered with an error); "
                    + "3 connect errors (refused or reset before the request was sent: accept queue or open-files limit)");
        }

        @Test
        void theServersOwnCountSaysWhichFailuresWerePoolTimeouts() {
            CellResult c = cell().with(x -> x.requests = 1264).error("status5xx", 264)
                    .with(x -> x.metrics.putAll(Map.of("serverErrors.pool-timeout", 260.0, "serverErrors.db-error", 4.0,
                            "serverErrors.other", 0.0, "listenOverflows", 0.0)))
                    .build();

            assertThat(rule("errors", c, NOTHING_MEASURED)).hasValue("mvc-platform / block: 264 of 1,264 requests failed (20.9 %): "
                    + "264 HTTP 5xx (the server answered with an error); "
                    + "the server counted 260 pool-timeout (no database connection within the pool's wait), "
                    + "4 db-error (database error)");
        }

        @Test
        void acceptQueueOverflowsAreReportedEvenWithoutFailedRequests() {
            CellResult c = cell().with(x -> x.metrics.put("listenOverflows", 12.0)).build();

            assertThat(rule("errors", c, NOTHING_MEASURED)).hasValue("mvc-platform / block: no request failed, but "
                    + "the kernel overflowed the accept queue 12 times (connections the server never saw)");
        }

        @Test
        void aHandfulOfErrorsIsReportedButDoesNotExplainTheThroughput() {
            CellResult few = cell().with(x -> x.requests = 1492).error("connect", 3).build();
            assertThat(Findings.fired(few, NOTHING_MEASURED, 1)).filteredOn(f -> f.rule().equals("errors"))
                    .singleElement().satisfies(f -> assertThat(f.explains()).isFalse());
            CellResult many = cell().with(x -> x.requests = 1264).error("status5xx", 264).build();
            assertThat(Findings.fired(many, NOTHING_MEASURED, 1)).filteredOn(f -> f.rule().equals("errors"))
                    .singleElement().satisfies(f -> assertThat(f.explains()).isTrue());
        }
    }

    @Nested
    class Unexplained {
        private final CellResult below = virtualAtHalfASecond().tps(508.8).latencyMs(541, null, null).build();

        @Test
        void belowTheCeilingWithNothingSaturatedItSaysSoAndPointsAtTheServerLog() {
            List<SeriesRow> calm = rows(5, r -> {
                r.serverCpuCores = 0.44;
                r.driverCpuCores = 0.18;
                r.gcPauseMs = 0;
                r.poolActive = 0;
                r.poolIdle = 150;
                r.poolPending = 0;
            });

            assertThat(Findings.fired(below, calm, 1)).extracting(Finding::text).containsExactly("mvc-virtual / block: 508.8 TPS = "
                    + "84.8 % of the 600.0 TPS ceiling, and no measured resource explains the gap (server CPU 44 % of 1 core, "
                    + "driver CPU 18 % of 1 core, GC 0.0 % of the window, no errors, p50 541 ms against S = 500 ms) — unexplained: "
                    + "read logs/mvc-virtual-block-r1.server.log");
        }

        @Test
        void withoutACeilingAndWithoutASaturatedCpuItIsUnexplainedToo() {
            CellResult noSleep = noSleep().with(x -> x.tps = 5000).build();
            assertThat(ids(noSleep, rows(10, r -> r.serverCpuCores = 0.6))).containsExactly("unexplained");
            assertThat(rule("unexplained", noSleep, NOTHING_MEASURED)).hasValue("mvc-platform / thread-name: 5000.0 TPS with no sleep "
                    + "to bound it and no measured cause (no errors) — unexplained: read logs/mvc-platform-thread-name-r1.server.log");
        }

        @Test
        void silentAtTheCeilingOrWhenAnotherRuleExplainsTheCell() {
            CellResult atCeiling = cell().tps(196).ceiling(200.0).build();
            assertThat(rule("unexplained", atCeiling, NOTHING_MEASURED)).isEmpty();
            assertThat(ids(below, rows(5, r -> r.serverCpuCores = 0.97))).containsExactly("cpu");
        }

        @Test
        void aFindingThatDoesNotExplainTheThroughputLeavesTheCellUnexplained() {
            CellResult fewErrors = cell().tps(100).requests(1000).error("connect", 3).build();
            assertThat(ids(fewErrors, NOTHING_MEASURED)).containsExactly("errors", "unexplained");
        }
    }

    @Nested
    class FanOutCheck {
        private CellResult fanOut(double callsScaled) {
            return cell().with(x -> {
                x.scenario = "fan-out-parallel";
                x.requests = 40;
                x.metrics.put("downstreamCallsExpectedPerRequest", 2.0);
                x.metrics.put("downstreamCallsScaled", callsScaled);
                x.metrics.put("downstreamCallsFailedRequests", 0.0);
                x.metrics.put("downstreamCallsInFlight", 0.0);
                x.metrics.put("downstreamCallsCutOffs", 0.0);
            }).build();
        }

        @Test
        void judgesTheCallCountTheCellRecordedAgain() {
            assertThat(rule("fan-out-check", fanOut(80), NOTHING_MEASURED)).get().asString()
                    .contains(": fan-out call check passed: 2 calls expected per request, 2.00 observed (80 downstream calls for 40");
            assertThat(rule("fan-out-check", fanOut(40), NOTHING_MEASURED)).get().asString()
                    .contains(": fan-out call check FAILED: 2 calls expected per request, 1.00 observed")
                    .contains("a call was never made");
        }

        @Test
        void storesTheCountsItJudgedAsItsFigures() {
            assertThat(Findings.evaluate(fanOut(40), NOTHING_MEASURED, 1)).filteredOn(f -> f.rule().equals("fan-out-check"))
                    .singleElement().satisfies(f -> assertThat(f.figures()).containsEntry("calls", 40.0)
                            .containsEntry("callsPerRequest", 2.0).containsEntry("ok", 40.0).containsEntry("allowed", 0.0));
        }
    }

    @Test
    void aFailedCellHasNoFindings() {
        assertThat(Findings.evaluate(cell().with(x -> x.status = "failed").build(), NOTHING_MEASURED, 1)).isEmpty();
        assertThat(Findings.evaluate(null, null, 1)).isEmpty();
    }

    @Test
    void findingsComeInRuleOrder() {
        CellResult everything = cell().with(x -> {
            x.model = "mvc-virtual";
            x.scenario = "slow-query";
            x.tps = 100;
            x.requests = 1264;
            x.driverCpuS = 9.9;
            x.jfrEvents = Map.of(JfrCounts.PINNED, 30L, JfrCounts.SUBMIT_FAILED, 1L);
        }).error("status5xx", 264).build();
        List<SeriesRow> rows = rows(10, r -> {
            r.serverCpuCores = 0.99;
            r.virtualQueued = 25;
            r.gcPauseMs = 100;
            poolExhausted(r, 350);
        });

        List<String> fired = ids(everything, rows);

        assertThat(fired).containsExactly("load-driver", "connection-pool", "cpu", "carrier-backlog", "pinning", "submit-failed", "gc",
                "errors");
        assertThat(Findings.ruleIds()).containsSubsequence(fired);
        assertThat(Findings.ruleIds()).last().isEqualTo("unexplained");
    }

    @Test
    void theDefaultLocaleDoesNotChangeTheSentences() {
        CellResult c = cell().with(x -> x.requests = 12_640).error("status5xx", 2_640).build();
        List<SeriesRow> gc = rows(10, r -> r.gcPauseMs = 1234.5);
        List<String> root = Findings.sentences(c, gc, 1);
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(Findings.sentences(c, gc, 1)).isEqualTo(root);
        } finally {
            Locale.setDefault(before);
        }
        assertThat(root).anyMatch(s -> s.contains("2,640 of 12,640 requests failed (20.9 %)"))
                .anyMatch(s -> s.contains("12,345 ms = 123.5 %"));
    }
}
