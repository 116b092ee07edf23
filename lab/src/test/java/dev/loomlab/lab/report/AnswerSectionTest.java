package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.report.WorkloadAnswer.Claim;
import dev.loomlab.lab.report.WorkloadAnswer.Verdict;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The answer on cases whose answer is known by construction: a model held at its own ceiling against one that is not,
 * rounds that agree within the margin, a CPU-bound workload, and figures that cannot decide (one round, or not settled).
 */
class AnswerSectionTest {
    private static final Manifest RUN = new Manifest.Builder().runId("answer").build();

    /** A settled round of {@code model} on {@code scenario}. */
    private static CellResult round(String model, String scenario, int round, double tps, Map<String, Object> fields) {
        Map<String, Object> f = new LinkedHashMap<>();
        for (String zero : List.of("serviceTimeMs", "warmupS", "durationS", "requests", "ok", "p90Ms", "maxMs")) {
            f.put(zero, 0);
        }
        f.put("round", round);
        f.put("p50Ms", 500);
        f.put("p99Ms", 600);
        f.put("steady", Map.of("state", "settled", "warmupEnded", "settled"));
        f.putAll(fields);
        return TestCells.ok(model, scenario, tps, f);
    }

    /** Rounds of {@code model} at these TPS, each limited by the server's CPU, with the fields given. */
    private static List<CellResult> rounds(String model, String scenario, Map<String, Object> fields, double... tps) {
        List<CellResult> cells = new ArrayList<>();
        for (int i = 0; i < tps.length; i++) {
            cells.add(round(model, scenario, i + 1, tps[i], fields));
        }
        return cells;
    }

    @SafeVarargs
    private static WorkloadAnswer answerOf(List<CellResult>... models) {
        return answerOf(Stream.of(models).flatMap(List::stream).toList());
    }

    private static WorkloadAnswer answerOf(List<CellResult> cells) {
        List<WorkloadAnswer> answers = AnswerSection.answers(new CellFindings(null), new RunFacts(RUN, cells), cells);
        assertThat(answers).hasSize(1);
        return answers.getFirst();
    }

    /** The verdict, and each sentence part somewhere in what the answer says; a pick is only ever a verdict of PICK. */
    private static void assertAnswer(WorkloadAnswer answer, Verdict verdict, String... parts) {
        assertThat(answer.verdict()).as(said(answer)).isEqualTo(verdict);
        assertThat(answer.picked().isEmpty()).isEqualTo(verdict != Verdict.PICK);
        assertThat(said(answer)).contains(parts);
    }

    private static String said(WorkloadAnswer answer) {
        return String.join(" ", answer.claims().stream().map(Claim::text).toList());
    }

    @Test
    void atThreeThousandUsersPlatformThreadsHeldByTheirTwoHundredThreadsLoseToVirtualThreadsOnOneRound() {
        // block at 3,000 VUs and 0.5 s: mvc-platform cannot pass 200 threads / 0.5 s = 400 TPS; mvc-virtual's own
        // ceiling is 6,000 TPS, and on two cores its server's CPU runs out first, at about 2,100.
        List<CellResult> cells = new ArrayList<>();
        cells.add(round("mvc-platform", "block", 1, 399.6, Map.of("ceilingTps", 400.0, "ceilingRatio", 0.999, "limitedBy", "threads",
                "tpsHalfWidth", 0.4, "p50Ms", 7_480, "p99Ms", 7_900)));
        cells.add(round("mvc-virtual", "block", 1, 2_100.0, Map.of("ceilingTps", 6_000.0, "ceilingRatio", 0.35, "limitedBy", "cpu",
                "tpsHalfWidth", 35.0, "serverCpuCores", 0.98, "p50Ms", 1_410, "p99Ms", 1_650)));

        WorkloadAnswer answer = answerOf(cells);

        assertThat(answer.verdict()).isEqualTo(Verdict.PICK);
        assertThat(answer.picked()).containsExactly("mvc-virtual");
        assertThat(said(answer)).contains("mvc-platform sits at its own ceiling of 400.0 TPS (limited by threads)")
                .contains("mvc-virtual 0.47 ms");
    }

    @Test
    void twoModelsBothAtTheLoadsOwnCeilingWereNotSeparatedByIt() {
        Map<String, Object> atVus = Map.of("ceilingTps", 600.0, "ceilingRatio", 0.993, "limitedBy", "vus");
        WorkloadAnswer answer = answerOf(
                rounds("webflux", "block", atVus, 596.0),
                rounds("mvc-virtual", "block", atVus, 595.2));

        assertAnswer(answer, Verdict.NO_DIFFERENCE, "this load does not separate them");
    }

    @Test
    void aWorkloadLimitedByEveryServersCpuIsCalledCpuBoundWithItsCpuPerRequest() {
        Map<String, Object> cpu = Map.of("limitedBy", "cpu", "serverCpuCores", 0.99);
        WorkloadAnswer answer = answerOf(
                rounds("mvc-platform", "thread-name", cpu, 1_000.0, 1_004.0, 998.0),
                rounds("mvc-virtual", "thread-name", cpu, 1_001.0, 1_003.0, 999.0));

        assertAnswer(answer, Verdict.NO_DIFFERENCE, "CPU-bound: every model's server ran out of CPU before anything else",
                "mvc-platform 0.99 ms", "no threading model raises this capacity");
    }

    @Test
    void aServerThatUsedItsWholeCoreIsCpuBoundEvenWhereItsRoundDidNotSettle() {
        // No pick on unsettled rounds, but the CPU each server used in its window is measured all the same.
        Map<String, Object> busy = Map.of("limitedBy", "not-settled", "serverCpuCores", 0.97, "cpus", Map.of("server", "1", "driver", "0"),
                "steady", Map.of("state", "not-settled", "warmupEnded", "fixed", "why", "drifting"));
        WorkloadAnswer answer = answerOf(rounds("mvc-platform", "thread-name", busy, 5_210.0), rounds("mvc-virtual", "thread-name", busy, 5_020.0));

        assertAnswer(answer, Verdict.UNDECIDED, "No pick: no model's cells were settled", "CPU-bound: every model's server ran out of CPU");
        // as busy, but the load driver's core ran out first: not the server's CPU that bounds it
        Map<String, Object> driverFirst = new HashMap<>(busy);
        driverFirst.put("limitedBy", "driver-core");
        assertThat(said(answerOf(rounds("mvc-platform", "thread-name", driverFirst, 5_210.0), rounds("mvc-virtual", "thread-name", busy, 5_020.0))))
                .doesNotContain("CPU-bound: every model's");
    }

    @Test
    void theRoundsCallAGapWithinTwoPercentNoDifferenceAndOneBeyondNoiseAPick() {
        WorkloadAnswer alike = answerOf(
                rounds("mvc-platform", "block-query", Map.of(), 497.0, 499.0, 498.0),
                rounds("mvc-virtual", "block-query", Map.of(), 498.5, 497.5, 499.5));
        WorkloadAnswer apart = answerOf(
                rounds("mvc-platform", "slow-query", Map.of(), 298.0, 300.0, 299.0),
                rounds("webflux", "slow-query", Map.of(), 372.0, 375.0, 371.0));

        assertAnswer(alike, Verdict.NO_DIFFERENCE, "No difference within noise: mvc-virtual, mvc-platform");
        assertAnswer(apart, Verdict.PICK, "Pick webflux (372.7 TPS): ahead of mvc-platform (against webflux: p = ");
        assertThat(apart.picked()).containsExactly("webflux");
    }

    @Test
    void oneRoundWithoutACeilingToDecideItPicksNothing() {
        WorkloadAnswer answer = answerOf(
                rounds("mvc-platform", "slow-query", Map.of(), 298.0),
                rounds("webflux", "slow-query", Map.of(), 372.0));

        assertThat(answer.verdict()).isEqualTo(Verdict.UNDECIDED);
        assertThat(said(answer)).contains("No pick: webflux has the most throughput (372.0 TPS), but this run does not separate it (mvc-platform against webflux: one round")
                .contains("the run-to-run spread (1 round a model");
    }

    @Test
    void aModelWhoseCellsDidNotSettleIsNeverPickedNorComparedOn() {
        WorkloadAnswer answer = answerOf(
                rounds("mvc-platform", "block", Map.of(), 398.0, 399.0),
                rounds("mvc-virtual", "block", Map.of("steady", Map.of("state", "not-settled", "warmupEnded", "cap", "why", "drifting")),
                900.0, 905.0));

        assertThat(answer.verdict()).isEqualTo(Verdict.UNDECIDED);
        assertThat(said(answer)).startsWith("No pick: only mvc-platform's cells were settled").contains("mvc-virtual");
    }

    @Test
    void aBetterMedianWithAWorseTailIsSaidAsTheTradeItIs() {
        // The figures of a real Spring Boot service at 200 VUs on two cores: time-sliced platform threads answer most
        // requests sooner, virtual threads (not time-sliced) cut the slowest ones short.
        List<CellResult> cells = new ArrayList<>(rounds("mvc-platform", "block-query", Map.of("p50Ms", 2_634, "p99Ms", 13_153), 52.6, 52.1));
        cells.addAll(rounds("mvc-virtual", "block-query", Map.of("p50Ms", 4_563, "p99Ms", 7_281), 45.2, 45.9));

        assertThat(said(answerOf(cells))).contains(
                "mvc-platform has the lower median (p50 2634 ms against 4563 ms on mvc-virtual), mvc-virtual the lower tail (p99 7281 ms against 13153 ms)");
    }

    @Test
    void modelsTheRoundsCannotSeparateArePickedTogetherWhenEachIsAheadOfTheRest() {
        // block at 500 VUs and 1 s: platform threads held at 200 threads / 1 s; the others near 500 VUs / 1 s, webflux's
        // two rounds too far apart to tell it from the leader.
        List<CellResult> cells = new ArrayList<>(rounds("mvc-platform", "block", Map.of("ceilingTps", 200.0, "ceilingRatio", 1.0, "limitedBy", "threads"),
                200.0, 200.0));
        cells.addAll(rounds("mvc-virtual", "block", Map.of("ceilingTps", 500.0, "ceilingRatio", 0.993, "limitedBy", "vus"), 496.0, 497.0));
        cells.addAll(rounds("webflux", "block", Map.of("ceilingTps", 500.0, "limitedBy", "noise"), 480.0, 505.0));

        WorkloadAnswer answer = answerOf(cells);

        assertThat(answer.verdict()).isEqualTo(Verdict.PICK);
        assertThat(answer.picked()).containsExactlyInAnyOrder("mvc-virtual", "webflux");
        assertThat(said(answer)).contains("ahead of mvc-platform").contains("between them nothing is picked (");
    }

    @Test
    void modelsAllHeldByThePoolAreTheSameModelHere() {
        Map<String, Object> pool = Map.of("ceilingTps", 150.0, "ceilingRatio", 0.995, "limitedBy", "pool");
        WorkloadAnswer answer = answerOf(
                rounds("mvc-platform", "slow-query", pool, 150.0, 149.0),
                rounds("webflux", "slow-query", pool, 149.5, 147.5));

        assertThat(answer.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(said(answer)).contains("webflux against mvc-platform: held at the same ceiling of 150.0 TPS (limited by pool) as the leader: it, not the threading model, sets the capacity here");
    }

    @Test
    void aRealQuickRunPicksTheModelsPastThePlatformThreadsCeilingAndNoneWhereThePoolHoldsThemAll() {
        // The first run of the real series (the quick plan on this machine kind: 500 VUs, 1 s, pool 150, one round).
        RunFolder folder = new RunFolder(Golden.resources().resolve("runs/series/run-01"));
        List<CellResult> cells = folder.readCells();

        Map<String, WorkloadAnswer> answers = new LinkedHashMap<>();
        AnswerSection.answers(new CellFindings(folder.root()), new RunFacts(folder.readManifest(), cells), cells)
                .forEach(a -> answers.put(a.scenario(), a));

        // 200 threads / 1 s hold mvc-platform at 200 TPS; the others reach 500 VUs / 1 s, which this load does not pass.
        assertThat(answers.get("block").verdict()).isEqualTo(Verdict.PICK);
        assertThat(answers.get("block").picked()).containsExactlyInAnyOrder("mvc-virtual", "webflux");
        // 150 connections / 1 s hold every model at 150 TPS.
        assertThat(answers.get("slow-query").verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        // CPU-bound and one round: twice the throughput, but nothing says how much of it a fresh JVM would keep.
        assertThat(answers.get("thread-name").verdict()).isEqualTo(Verdict.UNDECIDED);
        assertThat(said(answers.get("thread-name"))).contains("CPU-bound");
    }

    @Test
    void aStartThatTrainedTheStartUpCacheIsNotTheModelsStartUpCost() {
        WorkloadAnswer answer = answerOf(
                List.of(round("mvc-virtual", "block", 1, 496.0, Map.of("serverStart", "training", "stages", Map.of("ready", 26.5, "verify", 0.5, "wall", 60.0))),
                        round("mvc-virtual", "block", 2, 497.0, Map.of("serverStart", "cache", "stages", Map.of("ready", 4.6, "verify", 0.4, "wall", 40.0)))),
                rounds("webflux", "block", Map.of("serverStart", "cold", "stages", Map.of("ready", 6.0, "verify", 0.2, "wall", 41.0)), 495.0, 496.0));

        assertThat(said(answer)).contains("first correct answer mvc-virtual 5.0 s (cache), webflux 6.2 s (cold), starts that trained the start-up cache left out");
    }

    @Test
    void aPitfallThatFiredIsNamedWithItsModel() {
        // 300 of 1,000 requests timed out on mvc-virtual: the errors rule fires on the cell's own figures.
        List<CellResult> cells = new ArrayList<>(rounds("mvc-platform", "slow-query", Map.of("requests", 1_000, "ok", 1_000), 150.0));
        cells.addAll(rounds("mvc-virtual", "slow-query", Map.of("requests", 1_000, "ok", 700, "errors", Map.of("timeout", 300)), 100.0));

        assertThat(said(answerOf(cells))).contains("Pitfalls observed: errors on mvc-virtual.");
    }

    @Test
    void pinningIsNamedWithTheFrameItPinnedAtMostOften() {
        List<CellResult> cells = new ArrayList<>(rounds("mvc-platform", "block-query", Map.of(), 200.0));
        cells.addAll(rounds("mvc-virtual", "block-query", Map.of("serverJdk", "21", "jfrEvents", Map.of("jdk.VirtualThreadPinned", 480,
                "jdk.VirtualThreadPinned at com.mysql.cj.NativeSession.execSQL", 470, "jdk.VirtualThreadPinned at app.Cache.get", 10)), 240.0));

        assertThat(said(answerOf(cells))).contains("Pitfalls observed: pinning on mvc-virtual (pinned at com.mysql.cj.NativeSession.execSQL).");
    }

    @Test
    void theSummaryOpensWithTheAnswerLinkedToItsTables(@TempDir Path folder) {
        List<CellResult> cells = new ArrayList<>(rounds("mvc-platform", "slow-query", Map.of(), 298.0, 300.0, 299.0));
        cells.addAll(rounds("webflux", "slow-query", Map.of(), 372.0, 375.0, 371.0));

        String summary = SummaryMarkdown.render(folder, RUN, cells);

        assertThat(summary.indexOf("## Answer")).isPositive().isLessThan(summary.indexOf("## slow-query"));
        assertThat(summary).contains("**slow-query** — Pick webflux").contains("([slow-query](#slow-query))");
        assertThat(ReportData.json(ReportData.build(folder, RUN, cells))).contains("\"verdict\" : \"pick\"");
    }

    private static Map<String, Object> spike(double recoveryS, long errors) {
        Map<String, Object> spike = new LinkedHashMap<>(Map.of("shape", "spike", "factor", 3, "atS", 20, "lengthS", 10, "baselineP99Ms", 98.0,
                "peakP99Ms", 2_951.0, "errorsDuring", errors, "requestsDuring", 6_000, "windowLeftS", 8));
        if (recoveryS >= 0) {
            spike.put("recoveryS", recoveryS);
        }
        return Map.of("shapeFigures", spike);
    }

    @Test
    void aSpikeIsNoCapacityToPickOnItSaysEachModelsErrorsAndWayBack() {
        WorkloadAnswer answer = answerOf(rounds("mvc-platform", "block", spike(4, 0), 410.0),
                rounds("mvc-virtual", "block", spike(-1, 12), 900.0));

        assertAnswer(answer, Verdict.UNDECIDED, "No pick on throughput: the load changed inside the window (spike 3x for 10s at 20s)",
                "Spike 3x for 10 s at 20 s: mvc-platform 0 errors of 6,000 requests during it, p99 98 ms before, up to 2951 ms, back in 4 s",
                "mvc-virtual 12 errors of 6,000 requests during it", "not back within the 8 s left", "Not measured here: ramp and soak load");
    }

    @Test
    void aRampIsNoCapacityToPickOnItSaysWhereEachModelsThroughputStoppedRising() {
        // block, 1 s a request, ramped from 50 to 400 VUs: platform threads level off at their 200 threads, virtual ones do not
        Map<String, Object> capped = Map.of("shapeFigures", Map.of("shape", "ramp", "fromVus", 50, "toVus", 400, "overS", 20, "seconds", List.of(),
                "plateauTps", 200.0, "lagS", 1, "kneeVus", 208, "footP99Ms", 1_069.5, "p99DoubledVus", 400));
        Map<String, Object> rising = Map.of("shapeFigures", Map.of("shape", "ramp", "fromVus", 50, "toVus", 400, "overS", 20, "seconds", List.of(),
                "plateauTps", 399.0, "lagS", 1, "footP99Ms", 1_004.0));

        WorkloadAnswer answer = answerOf(rounds("mvc-platform", "block", capped, 170.0), rounds("mvc-virtual", "block", rising, 290.0));

        assertAnswer(answer, Verdict.UNDECIDED, "No pick on throughput: the load changed inside the window (ramp from 50 over 20s)",
                "Ramp from 50 to 400 VUs over 20 s: mvc-platform throughput stopped rising at ~208 VUs (plateau 200 TPS); p99 doubled",
                "mvc-virtual throughput rose with the load to the top (plateau 399 TPS at 400 VUs); p99 did not double",
                "Not measured here: spike and soak load");
    }

    @Test
    void aSoakSaysEachModelsSlopesBesideItsVerdict() {
        Map<String, Object> leaking = Map.of("shapeFigures", Map.of("shape", "soak",
                "rssMb", Map.of("perMinute", 103.4, "halfWidth", 9.9, "mean", 800.0, "points", 60),
                "p99Ms", Map.of("perMinute", 0.1, "halfWidth", 0.3, "mean", 20.0, "points", 60)));
        Map<String, Object> flat = Map.of("shapeFigures", Map.of("shape", "soak",
                "rssMb", Map.of("perMinute", 2.1, "halfWidth", 0.8, "mean", 400.0, "points", 60)));

        WorkloadAnswer answer = answerOf(rounds("mvc-platform", "block", leaking, 498.0, 499.0), rounds("mvc-virtual", "block", flat, 499.0, 498.5));

        assertAnswer(answer, Verdict.NO_DIFFERENCE, "Soak, slopes over the window's second half",
                "mvc-platform round 1: RSS +103.40 MB/min ± 9.90 (+12.9 %/min of 800.0 MB), p99 +0.10 ms/min", "mvc-virtual round 2: RSS +2.10 MB/min",
                "p99 not measured", "Pitfalls observed: memory-grows on mvc-platform.", "Not measured here: ramp and spike load (`--shape`); capacity");
    }

    @Test
    void aDecideKeptInTheRunFolderGivesEachModelsCapacityLinkedToIt(@TempDir Path folder) throws Exception {
        Path decide = Files.createDirectories(folder.resolve("20261207-031500-decide-block"));
        // as decide writes it (DecisionReport): the figures are the answer's to repeat, not to recompute
        Files.writeString(decide.resolve("decide.json"), """
                {"scenario": "block", "objective": {"p99Ms": 1000, "errorShare": 0.001, "text": "p99 <= 1s and errors under 0.1 %"},
                 "levels": [100, 300, 600], "models": [
                  {"model": "mvc-platform", "capacityVus": 100, "stop": "missed", "tps": 99.6, "p99Ms": 1010.2, "sentence": "…"},
                  {"model": "mvc-virtual", "capacityVus": 600, "stop": "last-level", "tps": 597.0, "p99Ms": 1012.0}],
                 "highest": "mvc-virtual", "verdict": "Highest capacity at the objective: mvc-virtual, 600 VUs, against 100 VUs for mvc-platform, the next."}
                """);
        List<CellResult> cells = new ArrayList<>(rounds("mvc-platform", "block", Map.of(), 200.0, 200.0));
        cells.addAll(rounds("mvc-virtual", "block", Map.of(), 499.0, 500.0));

        WorkloadAnswer answer = AnswerSection.answers(new CellFindings(folder), new RunFacts(RUN, cells), cells).getFirst();
        String summary = SummaryMarkdown.render(folder, RUN, cells);

        assertThat(said(answer)).contains("Capacity at the objective (p99 <= 1s and errors under 0.1 %): mvc-platform 100 VUs (99.6 TPS, p99 1010 ms), "
                        + "mvc-virtual at least 600 VUs (597.0 TPS, p99 1012 ms). Highest capacity at the objective: mvc-virtual")
                .doesNotContain("capacity at a latency objective");
        assertThat(summary).contains("([decide](20261207-031500-decide-block/decide.md))");
        assertThat(ReportData.json(ReportData.build(folder, RUN, cells))).contains("\"decide\" : \"20261207-031500-decide-block/decide.md\"");
    }
}
