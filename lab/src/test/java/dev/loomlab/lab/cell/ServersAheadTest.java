package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.Overlap;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.process.CpuLayout;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.scenario.Scenarios;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When a cell's server may start during the warm-up before its cell, and which cell's server that is. */
class ServersAheadTest {
    private static final Jdk JDK = new Jdk(Path.of("/opt/jdk-25"), "25.0.1", "Test");
    private static final Cell FIRST = Cell.of(Model.byId("mvc-virtual"), 25, null, Scenarios.BLOCK, 1);
    private static final Cell SECOND = Cell.of(Model.byId("webflux"), 25, null, Scenarios.BLOCK, 1);
    private static final Cell THIRD = Cell.of(Model.byId("mvc-platform"), 25, null, Scenarios.BLOCK, 1);

    @TempDir
    Path dir;

    private Bench bench(Optional<String> target) {
        return new Bench(new RunFolder(dir), CpuLayout.forCores(2, false), null, target, null, Optional.empty());
    }

    private static Plan plan(Object... overrides) {
        Map<String, Object> m = new HashMap<>(Map.of("warmup", "20s", "duration", "30s", "overlap", "beside-next"));
        for (int i = 0; i < overrides.length; i += 2) {
            m.put((String) overrides[i], overrides[i + 1]);
        }
        return PlanLoader.load("quick", m);
    }

    @Test
    void aPlanThatDoesNotAskForOverlapRunsEachCellAlone() {
        Plan alone = PlanLoader.load("quick", Map.of("warmup", "20s", "duration", "30s"));
        assertThat(alone.overlap()).isEqualTo(Overlap.NONE);
        assertThat(ServersAhead.whyNot(alone, bench(Optional.empty()))).hasValueSatisfying(why -> assertThat(why).contains("alone"));
        assertThat(ServersAhead.of(alone, bench(Optional.empty()), upcoming(FIRST, SECOND)).active()).isFalse();
    }

    @Test
    void aPlanWithAWarmUpOfTenSecondsOrMoreOnTheEmbeddedDatabaseStartsServersAhead() {
        assertThat(ServersAhead.whyNot(plan(), bench(Optional.empty()))).isEmpty();
        assertThat(ServersAhead.whyNot(plan("warmup", "10s"), bench(Optional.empty()))).isEmpty();
    }

    @Test
    void eachPlanThatCannotSaysWhy() {
        assertThat(ServersAhead.whyNot(plan("warmup", "9s"), bench(Optional.empty()))).hasValueSatisfying(
                why -> assertThat(why).contains("warm-up under 10 s"));
        assertThat(ServersAhead.whyNot(plan("burst", "100"), bench(Optional.empty()))).hasValueSatisfying(
                why -> assertThat(why).contains("burst"));
        assertThat(ServersAhead.whyNot(plan(), bench(Optional.of("http://127.0.0.1:8080")))).hasValueSatisfying(
                why -> assertThat(why).contains("target"));
        assertThat(ServersAhead.whyNot(plan("dbUrl", "jdbc:postgresql://127.0.0.1:5432/x"), bench(Optional.empty())))
                .hasValueSatisfying(why -> assertThat(why).contains("external database"));
        // two pools of 276 and the spare 50 are 602 of the embedded database's 600 connections
        assertThat(ServersAhead.whyNot(plan("poolSize", "276"), bench(Optional.empty()))).hasValueSatisfying(
                why -> assertThat(why).contains("two pools of 276"));
        assertThat(ServersAhead.whyNot(plan("poolSize", "275"), bench(Optional.empty()))).isEmpty();
    }

    @Test
    void theNextCellsServerStartsAtTheWarmUpsFirstReportOnceAndIsTakenOverByThatCellOnly() {
        ServersAhead ahead = ServersAhead.of(plan(), bench(Optional.empty()), upcoming(FIRST, SECOND, THIRD));
        List<Cell> asked = new ArrayList<>();
        ServersAhead.Neighbour neighbour = ahead.neighbour(FIRST, (cell, jdk) -> {
            asked.add(cell);
            return Optional.of(failedStart(cell));
        });

        neighbour.warmup(Duration.ofSeconds(1), Duration.ofSeconds(20));
        neighbour.warmup(Duration.ofSeconds(2), Duration.ofSeconds(20));

        assertThat(asked).containsExactly(SECOND);
        assertThat(ahead.take(FIRST)).isEmpty();
        assertThat(ahead.take(SECOND)).hasValueSatisfying(next -> assertThat(next.cell()).isEqualTo(SECOND));
        assertThat(ahead.take(SECOND)).as("taken once").isEmpty();
    }

    @Test
    void aCellThatStartsNoServerIsPassedOverForTheOneAfterIt() {
        ServersAhead ahead = ServersAhead.of(plan(), bench(Optional.empty()), upcoming(FIRST, SECOND, THIRD));
        List<Cell> asked = new ArrayList<>();
        ahead.neighbour(FIRST, (cell, jdk) -> {
            asked.add(cell);
            return cell.equals(SECOND) ? Optional.empty() : Optional.of(failedStart(cell));
        }).warmup(Duration.ofSeconds(1), Duration.ofSeconds(20));

        assertThat(asked).containsExactly(SECOND, THIRD);
        assertThat(ahead.take(THIRD)).hasValueSatisfying(next -> assertThat(next.cell()).isEqualTo(THIRD));
    }

    @Test
    void aStartStillRunningThreeSecondsBeforeTheWindowIsKept() {
        ServersAhead ahead = ServersAhead.of(plan(), bench(Optional.empty()), upcoming(FIRST, SECOND));
        java.util.concurrent.BlockingQueue<Thread> launchers = new java.util.concurrent.LinkedBlockingQueue<>();
        ServersAhead.Neighbour neighbour = ahead.neighbour(FIRST, (cell, jdk) -> Optional.of(slowStart(cell, launchers)));

        neighbour.warmup(Duration.ofSeconds(1), Duration.ofSeconds(20));
        assertThat(neighbour.warmup(Duration.ofSeconds(17), Duration.ofSeconds(20))).isEmpty();

        Optional<NextServer> taken = ahead.take(SECOND);
        assertThat(taken).isPresent();
        assertThat(neighbour.givenUp()).isEmpty();
        taken.get().close();
    }

    @Test
    void aStartNotUpTwoSecondsBeforeTheWindowIsGivenUpAndItsCellStartsItsOwn() throws Exception {
        ServersAhead ahead = ServersAhead.of(plan(), bench(Optional.empty()), upcoming(FIRST, SECOND));
        java.util.concurrent.BlockingQueue<Thread> launchers = new java.util.concurrent.LinkedBlockingQueue<>();
        java.util.concurrent.atomic.AtomicInteger starts = new java.util.concurrent.atomic.AtomicInteger();
        ServersAhead.Neighbour neighbour = ahead.neighbour(FIRST, (cell, jdk) -> {
            starts.incrementAndGet();
            return Optional.of(slowStart(cell, launchers));
        });

        assertThat(neighbour.warmup(Duration.ofSeconds(1), Duration.ofSeconds(20))).isEmpty();
        assertThat(neighbour.warmup(Duration.ofSeconds(18), Duration.ofSeconds(20))).as("given up now").contains(SECOND);
        assertThat(neighbour.warmup(Duration.ofSeconds(19), Duration.ofSeconds(20))).isEmpty();
        assertThat(neighbour.window()).as("nothing left to give up at the window").isEmpty();

        assertThat(ahead.take(SECOND)).isEmpty();
        assertThat(neighbour.givenUp()).as("what the running cell's record says").contains(SECOND);
        Thread launcher = launchers.poll(10, java.util.concurrent.TimeUnit.SECONDS);
        launcher.join(Duration.ofSeconds(10));
        assertThat(launcher.isAlive()).as("the launch thread ended once interrupted").isFalse();
        assertThat(starts).as("no second start, launched a second before the window to be stopped at its start").hasValue(1);
        neighbour.loadEnded();
        assertThat(neighbour.beside()).as("nothing was up beside the window").isEmpty();
    }

    @Test
    void aStartNotUpTwoSecondsBeforeTheWindowIsPausedThroughItAndGoesOnOnceTheLoadHasEnded() throws Exception {
        ServersAhead ahead = ServersAhead.of(plan(), bench(Optional.empty()), upcoming(FIRST, SECOND));
        // a process standing in for SECOND's server in its start: launched, never up while the test looks
        Process stand = new ProcessBuilder("sleep", "120").start();
        java.util.concurrent.CountDownLatch up = new java.util.concurrent.CountDownLatch(1);
        try {
            ServersAhead.Neighbour neighbour = ahead.neighbour(FIRST, (cell, jdk) -> Optional.of(new NextServer(cell, 1,
                    Optional.empty(), launched -> {
                        launched.accept(stand.pid());
                        try {
                            up.await();
                        } catch (InterruptedException e) {
                            return Stop.failed("abandoned");
                        }
                        return new Launch.Up(standIn(stand.pid()));
                    })));

            neighbour.warmup(Duration.ofSeconds(1), Duration.ofSeconds(20));
            Thread.sleep(100);
            assertThat(neighbour.warmup(Duration.ofSeconds(18), Duration.ofSeconds(20))).as("not given up").isEmpty();
            assertThat(state(stand.pid())).as("frozen in its start").isEqualTo('T');
            assertThat(neighbour.window()).isEmpty();
            neighbour.loadEnded();
            awaitState(stand.pid(), 'S');
            up.countDown();

            assertThat(neighbour.paused()).as("what the running cell's record says").contains(SECOND);
            assertThat(neighbour.givenUp()).isEmpty();
            assertThat(neighbour.beside()).as("what ran beside the window, paused")
                    .hasValueSatisfying(b -> assertThat(b.cell()).isEqualTo(SECOND));
            Optional<NextServer> taken = ahead.take(SECOND);
            assertThat(taken).hasValueSatisfying(next -> assertThat(next.paused()).isTrue());
            assertThat(taken.get().whyNotAdoptable()).isEmpty();
        } finally {
            up.countDown();
            dev.loomlab.lab.process.Freezer.thaw(stand.pid());
            stand.destroyForcibly().waitFor();
            ahead.close();
        }
    }

    @Test
    void aStartIsGivenUpNotPausedWhereTheWarmUpAndWindowOutlastHalfItsTimeOut() throws Exception {
        // 20 s + 45 s: the start, frozen through it, could reach its 120 s time-out before its ready line
        ServersAhead ahead = ServersAhead.of(plan("duration", "45s"), bench(Optional.empty()), upcoming(FIRST, SECOND));
        Process stand = new ProcessBuilder("sleep", "120").start();
        try {
            ServersAhead.Neighbour neighbour = ahead.neighbour(FIRST, (cell, jdk) -> Optional.of(
                    slowStart(cell, new java.util.concurrent.LinkedBlockingQueue<>(), java.util.OptionalLong.of(stand.pid()))));

            neighbour.warmup(Duration.ofSeconds(1), Duration.ofSeconds(20));
            Thread.sleep(100);

            assertThat(neighbour.warmup(Duration.ofSeconds(18), Duration.ofSeconds(20))).contains(SECOND);
            assertThat(neighbour.paused()).isEmpty();
            assertThat(state(stand.pid())).as("never frozen").isNotEqualTo('T');
        } finally {
            stand.destroyForcibly().waitFor();
            ahead.close();
        }
    }

    /** A start that would take five minutes, unless it is given up: its launch thread is then interrupted. */
    private static NextServer slowStart(Cell cell, java.util.Collection<Thread> launchers) {
        return slowStart(cell, launchers, java.util.OptionalLong.empty());
    }

    /** A slow start that says {@code process} is its server's, launched (none: not launched yet). */
    private static NextServer slowStart(Cell cell, java.util.Collection<Thread> launchers, java.util.OptionalLong process) {
        return new NextServer(cell, 1, Optional.empty(), launched -> {
            process.ifPresent(launched::accept);
            launchers.add(Thread.currentThread());
            try {
                Thread.sleep(Duration.ofMinutes(5));
                throw new AssertionError("the start was not given up");
            } catch (InterruptedException e) {
                return Stop.failed("abandoned");
            }
        });
    }

    private static List<ServersAhead.Upcoming> upcoming(Cell... cells) {
        return java.util.Arrays.stream(cells).map(c -> new ServersAhead.Upcoming(c, JDK)).toList();
    }

    /** A server whose start fails at once: nothing to stop. */
    private static NextServer failedStart(Cell cell) {
        return new NextServer(cell, 1, Optional.empty(), launched -> Stop.failed("not started in this test"));
    }

    @Test
    void whereThreePoolsDoNotFitNoServerStartsAheadWhileThePreviousCellIsStillEndingAndAWindowItReachesSaysSo() {
        // three pools of 200 and the spare 50 are 650 of the embedded database's 600 connections; two fit
        ServersAhead ahead = ServersAhead.of(plan("poolSize", "200"), bench(Optional.empty()), upcoming(FIRST, SECOND, THIRD));
        java.util.concurrent.CompletableFuture<Void> firstEnding = new java.util.concurrent.CompletableFuture<>();
        ahead.ending(firstEnding);
        List<Cell> asked = new ArrayList<>();
        ServersAhead.Neighbour neighbour = ahead.neighbour(SECOND, (cell, jdk) -> {
            asked.add(cell);
            return Optional.of(failedStart(cell));
        });

        neighbour.warmup(Duration.ofSeconds(1), Duration.ofSeconds(20));
        assertThat(asked).as("while the first cell is ending").isEmpty();
        neighbour.window();
        assertThat(neighbour.previousEndingInWindow()).isTrue();

        firstEnding.complete(null);
        ServersAhead.Neighbour after = ahead.neighbour(SECOND, (cell, jdk) -> {
            asked.add(cell);
            return Optional.of(failedStart(cell));
        });
        after.warmup(Duration.ofSeconds(2), Duration.ofSeconds(20));
        after.window();
        assertThat(asked).containsExactly(THIRD);
        assertThat(after.previousEndingInWindow()).isFalse();
        ahead.close();
    }

    @Test
    void aDrainRunsBesideTheNextCellOnlyWhereThereIsOneAndNeitherWrites() {
        Cell writes = Cell.of(Model.byId("webflux"), 25, null, Scenarios.WRITE, 1);
        ServersAhead ahead = ServersAhead.of(plan(), bench(Optional.empty()), upcoming(FIRST, SECOND, writes, THIRD));

        assertThat(ahead.neighbour(FIRST, (cell, jdk) -> Optional.empty()).besideDrain())
                .hasValueSatisfying(next -> assertThat(next.cell()).isEqualTo(SECOND));
        assertThat(ahead.neighbour(SECOND, (cell, jdk) -> Optional.empty()).besideDrain())
                .as("the next cell counts its rows").isEmpty();
        assertThat(ahead.neighbour(writes, (cell, jdk) -> Optional.empty()).besideDrain())
                .as("this cell counts its rows").isEmpty();
        assertThat(ahead.neighbour(THIRD, (cell, jdk) -> Optional.empty()).besideDrain()).as("the last cell").isEmpty();
        assertThat(ServersAhead.NONE.neighbour(FIRST, (cell, jdk) -> Optional.empty()).besideDrain())
                .as("each cell starts its own server after the one before has ended").isEmpty();
    }

    @Test
    void aCellHandingOverStopsItsServerOnlyOnceTheNextCellsWarmUpHasBegun() {
        ServersAhead ahead = ServersAhead.of(plan(), bench(Optional.empty()), upcoming(FIRST, SECOND));
        java.util.concurrent.CompletableFuture<Void> begun = ahead.handOver();
        ServersAhead.Neighbour next = ahead.neighbour(SECOND, (cell, jdk) -> Optional.empty());

        assertThat(begun).as("the next cell checks its contract and starts its driver").isNotDone();
        next.warmup(Duration.ofSeconds(1), Duration.ofSeconds(20));
        assertThat(begun).isDone();
    }

    @Test
    void whereThreePoolsFitAServerStartsAheadBesideThePreviousCellsEnd() {
        ServersAhead ahead = ServersAhead.of(plan("poolSize", "150"), bench(Optional.empty()), upcoming(FIRST, SECOND, THIRD));
        ahead.ending(new java.util.concurrent.CompletableFuture<Void>());
        List<Cell> asked = new ArrayList<>();
        ahead.neighbour(SECOND, (cell, jdk) -> {
            asked.add(cell);
            return Optional.of(failedStart(cell));
        }).warmup(Duration.ofSeconds(1), Duration.ofSeconds(20));

        assertThat(asked).containsExactly(THIRD);
        ahead.close();
    }

    @Test
    void aServerStartedForTheCellAfterTheNextStaysFrozenThroughTheNextCellsWindow() throws Exception {
        ServersAhead ahead = ServersAhead.of(plan(), bench(Optional.empty()), upcoming(FIRST, SECOND, THIRD));
        // a process standing in for THIRD's server: frozen once up, as a server started ahead is
        Process stand = new ProcessBuilder("sleep", "120").start();
        try {
            // SECOND starts its own server (its start-up cache is not recorded yet): THIRD's is started instead
            ServersAhead.Neighbour first = ahead.neighbour(FIRST, (cell, jdk) -> cell.equals(THIRD)
                    ? Optional.of(new NextServer(cell, 1, Optional.empty(), launched -> new Launch.Up(standIn(stand.pid()))))
                    : Optional.empty());
            first.warmup(Duration.ofSeconds(1), Duration.ofSeconds(20));
            awaitState(stand.pid(), 'T');

            first.loadEnded();
            assertThat(ahead.take(SECOND)).isEmpty();
            Thread.sleep(200);
            assertThat(state(stand.pid())).as("frozen through SECOND's cell").isEqualTo('T');

            ServersAhead.Neighbour second = ahead.neighbour(SECOND, (cell, jdk) -> Optional.empty());
            second.warmup(Duration.ofSeconds(1), Duration.ofSeconds(20));
            second.window();
            second.loadEnded();
            awaitState(stand.pid(), 'S');
            assertThat(second.beside()).hasValueSatisfying(b -> assertThat(b.cell()).isEqualTo(THIRD));
        } finally {
            dev.loomlab.lab.process.Freezer.thaw(stand.pid());
            stand.destroyForcibly().waitFor();
            ahead.close();
        }
    }

    private static char state(long pid) throws java.io.IOException {
        String stat = java.nio.file.Files.readString(Path.of("/proc/" + pid + "/stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).charAt(0);
    }

    private static void awaitState(long pid, char wanted) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (state(pid) != wanted && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(state(pid)).isEqualTo(wanted);
    }

    /** A server handle on a process of the test's: closing it is the test's to do. */
    static dev.loomlab.lab.process.ServerHandle standIn(long pid) {
        return new dev.loomlab.lab.process.ServerHandle() {
            @Override
            public String baseUrl() {
                return "http://127.0.0.1:1";
            }

            @Override
            public String managementUrl() {
                return "http://127.0.0.1:1";
            }

            @Override
            public long pid() {
                return pid;
            }

            @Override
            public boolean alive() {
                return true;
            }

            @Override
            public String logTail(int lines) {
                return "";
            }

            @Override
            public void close() {
            }
        };
    }
}
