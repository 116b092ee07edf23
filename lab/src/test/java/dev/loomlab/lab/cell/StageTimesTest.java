package dev.loomlab.lab.cell;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.load.LoadProgress;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.result.StageTimes.Stage;
import dev.loomlab.lab.result.StageTimes;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** How a cell's stages are timed on a clock the test moves, read back from JSON, and summed into a run's overhead. */
class StageTimesTest {
    private final AtomicLong now = new AtomicLong();

    private void pass(long millis) {
        now.addAndGet(Duration.ofMillis(millis).toNanos());
    }

    /** Begins each stage on the clock in turn and lets its milliseconds pass before the next. */
    @SafeVarargs
    private void run(StageClock clock, Map.Entry<Stage, Integer>... stages) {
        for (Map.Entry<Stage, Integer> stage : stages) {
            clock.begin(stage.getKey());
            pass(stage.getValue());
        }
    }

    @SafeVarargs
    private static void assertTook(StageTimes times, Map.Entry<Stage, Integer>... stages) {
        for (Map.Entry<Stage, Integer> stage : stages) {
            assertThat(times.of(stage.getKey())).as(stage.getKey().id()).isEqualTo(Duration.ofMillis(stage.getValue()));
        }
    }

    private static String compactJson(StageTimes times) throws Exception {
        return RunFolder.json().writeValueAsString(times).replaceAll("\\s", "");
    }

    @Test
    void eachStageEndsWhereTheNextBeginsSoTheStagesAddUpToTheWallTime() {
        StageClock clock = new StageClock(now::get);
        pass(12_000);
        run(clock, entry(Stage.VERIFY, 900), entry(Stage.DRIVER_START, 2_500), entry(Stage.WARMUP, 20_000), entry(Stage.WINDOW, 30_000),
                entry(Stage.DRAIN, 1_100), entry(Stage.STOP, 700), entry(Stage.JUDGE, 300));

        StageTimes times = clock.finish();

        assertThat(times.stages().keySet()).containsExactly(Stage.values());
        assertTook(times, entry(Stage.READY, 12_000), entry(Stage.DRAIN, 1_100));
        assertThat(times.wall()).isEqualTo(Duration.ofMillis(67_500)).isEqualTo(times.sum());
        assertThat(times.overhead()).isEqualTo(Duration.ofMillis(17_500));
    }

    @Test
    void aLateReportNeverMovesTheClockBackAndABackDatedStageStopsAtTheRunningStagesStart() {
        StageClock clock = new StageClock(now::get);
        pass(5_000);
        clock.begin(Stage.DRIVER_START);
        pass(3_000);
        // the first warm-up report, 4 s into the warm-up, but the driver began only 3 s ago
        clock.begin(Stage.WARMUP, Duration.ofSeconds(4));
        pass(1_000);
        clock.begin(Stage.DRIVER_START);
        clock.begin(Stage.WARMUP);

        StageTimes times = clock.finish();

        assertThat(times.of(Stage.DRIVER_START)).isZero();
        assertThat(times.of(Stage.WARMUP)).isEqualTo(Duration.ofMillis(4_000));
        assertThat(times.stages()).doesNotContainKey(Stage.VERIFY);
        assertThat(times.wall()).isEqualTo(Duration.ofMillis(9_000));
    }

    @Test
    void theEnginesOwnInstantsDateTheLoadsStagesWhereItsLateReportsLeftThem() {
        Instant t0 = Instant.parse("2026-11-27T04:00:00Z");
        StageClock clock = new StageClock(now::get, () -> t0);
        pass(5_000);
        // the load began at 6.0 s; its first report, a second in, came 0.7 s late and said so
        run(clock, entry(Stage.DRIVER_START, 2_700));
        clock.begin(Stage.WARMUP, Duration.ofSeconds(1));
        // the window's first report came 0.4 s after the window opened at 26.0 s, the drain's 0.1 s after it closed at 56.0 s
        pass(18_700);
        run(clock, entry(Stage.WINDOW, 29_700), entry(Stage.DRAIN, 1_500), entry(Stage.STOP, 500));

        clock.dateStart(Stage.DRAIN, t0.plusMillis(56_000));
        clock.dateStart(Stage.WINDOW, t0.plusMillis(26_000));
        clock.dateStart(Stage.WARMUP, t0.plusMillis(6_000));
        // an instant before the cell began (a wrong clock) moves nothing before the cell's start
        clock.dateStart(Stage.READY, t0.minusSeconds(60));
        StageTimes times = clock.finish();

        assertTook(times, entry(Stage.DRIVER_START, 1_000), entry(Stage.WARMUP, 20_000), entry(Stage.WINDOW, 30_000),
                entry(Stage.DRAIN, 1_600));
        assertThat(times.wall()).isEqualTo(Duration.ofMillis(58_100)).isEqualTo(times.sum());
        assertThat(times.overhead()).isEqualTo(Duration.ofMillis(8_100));
    }

    @Test
    void aDatedStartStaysBetweenItsNeighboursSoNoStageIsNegative() {
        Instant t0 = Instant.parse("2026-11-27T04:00:00Z");
        StageClock clock = new StageClock(now::get, () -> t0);
        run(clock, entry(Stage.DRIVER_START, 1_000), entry(Stage.WARMUP, 1_000), entry(Stage.WINDOW, 1_000));

        clock.dateStart(Stage.WARMUP, t0.plusSeconds(10));
        clock.dateStart(Stage.WINDOW, t0.minusSeconds(10));
        StageTimes times = clock.finish();

        assertThat(times.stages().values()).allSatisfy(d -> assertThat(d.isNegative()).isFalse());
        assertThat(times.of(Stage.DRIVER_START)).isEqualTo(Duration.ofMillis(2_000));
        assertThat(times.of(Stage.WARMUP)).isZero();
        assertThat(times.wall()).isEqualTo(times.sum());
    }

    @Test
    void theLoadsReportsMoveTheStagesAndAreStillShown() {
        StageClock clock = new StageClock(now::get);
        clock.begin(Stage.DRIVER_START);
        List<String> shown = new java.util.ArrayList<>();
        CellProgress watched = new CellProgress() {
            @Override
            public void phase(String phase) {
                shown.add(phase);
            }

            @Override
            public LoadProgress.Listener loadListener(Duration warmup, Duration duration) {
                return p -> shown.add(p.phase());
            }
        };
        LoadProgress.Listener listener = new TimedProgress(watched, clock).loadListener(Duration.ofSeconds(20), Duration.ofSeconds(30));
        pass(3_000);
        listener.onProgress(new LoadProgress("warmup", 1.0, 0, 0, 0));
        pass(19_000);
        listener.onProgress(new LoadProgress("measure", 20.0, 0, 0, 0));
        pass(30_000);
        listener.onProgress(new LoadProgress("measure", 50.0, 0, 0, 0));
        listener.onProgress(new LoadProgress("drain", 50.2, 0, 0, 0));
        pass(2_000);
        listener.onProgress(new LoadProgress("done", 52.0, 0, 0, 0));

        StageTimes times = clock.finish();

        assertTook(times, entry(Stage.DRIVER_START, 2_000), entry(Stage.WARMUP, 20_000), entry(Stage.WINDOW, 30_000),
                entry(Stage.DRAIN, 2_000));
        assertThat(shown).containsExactly("warmup", "measure", "measure", "drain", "done");
    }

    @Test
    void aCellFilesStagesAreSecondsInStageOrderAndReadBackTheSame() throws Exception {
        StageTimes times = new StageTimes(Map.of(Stage.WINDOW, Duration.ofMillis(30_004), Stage.READY, Duration.ofMillis(11_250)),
                Duration.ofMillis(41_300));

        String json = compactJson(times);

        assertThat(json).isEqualTo("{\"ready\":11.25,\"window\":30.004,\"wall\":41.3}");
        assertThat(RunFolder.json().readValue(json, StageTimes.class)).isEqualTo(times);
    }

    @Test
    void aRunsOverheadIsTheSumAndTheMedianOfItsTimedCells() {
        StageTimes a = new StageTimes(Map.of(Stage.WARMUP, Duration.ofSeconds(20), Stage.WINDOW, Duration.ofSeconds(30)), Duration.ofSeconds(54));
        StageTimes b = new StageTimes(Map.of(Stage.WARMUP, Duration.ofSeconds(20), Stage.WINDOW, Duration.ofSeconds(30)), Duration.ofSeconds(60));
        StageTimes c = new StageTimes(Map.of(Stage.READY, Duration.ofSeconds(5)), Duration.ofSeconds(5));

        Overhead overhead = Overhead.of(List.of(a, b, c, StageTimes.NONE));

        assertThat(overhead.perCell()).containsExactly(Duration.ofSeconds(4), Duration.ofSeconds(5), Duration.ofSeconds(10));
        assertThat(overhead.total()).isEqualTo(Duration.ofSeconds(19));
        assertThat(overhead.median()).isEqualTo(Duration.ofSeconds(5));
        assertThat(overhead.describe()).isEqualTo("overhead 19.0 s over 3 cells, median 5.0 s per cell (wall time beyond warm-up and window)");
    }

    @Test
    void anOlderRunsCellThatEndedBesideTheNextStillCountsThatPartOutOfItsOverhead() throws Exception {
        // written by a run of before issue 37, when a cell's stop and judging ran beside the next cell's warm-up
        String older = "{\"warmup\":20.0,\"window\":30.0,\"drain\":1.5,\"stop\":1.8,\"judge\":0.2,\"wall\":53.5,\"besideNext\":2.0}";

        StageTimes read = RunFolder.json().readValue(older, StageTimes.class);

        assertThat(read.besideNext()).isEqualTo(Duration.ofSeconds(2));
        assertThat(read.overhead()).isEqualTo(Duration.ofMillis(1_500));
        assertThat(compactJson(read)).isEqualTo(older);
    }

    @Test
    void aCellOfTodayRunsAloneAndCountsItsStopAndJudgingAsOverhead() throws Exception {
        StageTimes alone = new StageTimes(Map.of(Stage.WARMUP, Duration.ofSeconds(20), Stage.WINDOW, Duration.ofSeconds(30),
                Stage.DRAIN, Duration.ofMillis(1_500), Stage.STOP, Duration.ofMillis(1_800), Stage.JUDGE, Duration.ofMillis(200)),
                Duration.ofMillis(53_500));

        assertThat(alone.besideNext()).isZero();
        assertThat(alone.overhead()).isEqualTo(Duration.ofMillis(3_500));
        assertThat(RunFolder.json().writeValueAsString(alone)).doesNotContain("besideNext");
    }

    @Test
    void timesOnTheClocksNanosecondsSumTheSameInTheRunAsWhenReadBackFromItsCellFile() throws Exception {
        // READY 4,399.6 ms + VERIFY 405.4 ms is 4,805.0 ms on the clock, but 4,399 + 405 = 4,804 ms as the file holds
        // them: the run and a report rebuilt from its folder must print the same first answer.
        StageTimes timed = new StageTimes(Map.of(Stage.READY, Duration.ofNanos(4_399_600_000L),
                Stage.VERIFY, Duration.ofNanos(405_400_000L)), Duration.ofNanos(4_805_000_000L));

        StageTimes readBack = RunFolder.json().readValue(RunFolder.json().writeValueAsString(timed), StageTimes.class);

        assertThat(readBack).isEqualTo(timed);
        assertThat(timed.of(Stage.READY).plus(timed.of(Stage.VERIFY))).isEqualTo(Duration.ofMillis(4_804));
    }
}
