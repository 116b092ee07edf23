package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.plan.Plan;
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
        Map<String, Object> m = new HashMap<>(Map.of("warmup", "20s", "duration", "30s"));
        for (int i = 0; i < overrides.length; i += 2) {
            m.put((String) overrides[i], overrides[i + 1]);
        }
        return PlanLoader.load("quick", m);
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
        neighbour.warmup(Duration.ofSeconds(17), Duration.ofSeconds(20));

        Optional<NextServer> taken = ahead.take(SECOND);
        assertThat(taken).isPresent();
        taken.get().close();
    }

    @Test
    void aStartNotUpTwoSecondsBeforeTheWindowIsGivenUpAndItsCellStartsItsOwn() throws Exception {
        ServersAhead ahead = ServersAhead.of(plan(), bench(Optional.empty()), upcoming(FIRST, SECOND));
        java.util.concurrent.BlockingQueue<Thread> launchers = new java.util.concurrent.LinkedBlockingQueue<>();
        ServersAhead.Neighbour neighbour = ahead.neighbour(FIRST, (cell, jdk) -> Optional.of(slowStart(cell, launchers)));

        neighbour.warmup(Duration.ofSeconds(1), Duration.ofSeconds(20));
        neighbour.warmup(Duration.ofSeconds(18), Duration.ofSeconds(20));

        assertThat(ahead.take(SECOND)).isEmpty();
        Thread launcher = launchers.poll(10, java.util.concurrent.TimeUnit.SECONDS);
        launcher.join(Duration.ofSeconds(10));
        assertThat(launcher.isAlive()).as("the launch thread ended once interrupted").isFalse();
        neighbour.loadEnded();
        assertThat(neighbour.beside()).as("nothing was up beside the window").isEmpty();
    }

    /** A start that would take five minutes, unless it is given up: its launch thread is then interrupted. */
    private static NextServer slowStart(Cell cell, java.util.Collection<Thread> launchers) {
        return new NextServer(cell, 1, Optional.empty(), () -> {
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
        return new NextServer(cell, 1, Optional.empty(), () -> Stop.failed("not started in this test"));
    }

    @Test
    void noServerStartsAheadWhileThePreviousCellIsStillEndingAndAWindowItReachesSaysSo() {
        ServersAhead ahead = ServersAhead.of(plan(), bench(Optional.empty()), upcoming(FIRST, SECOND, THIRD));
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
}
