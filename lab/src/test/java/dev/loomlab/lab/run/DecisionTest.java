package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The capacity at an objective, on search points whose answer is known. */
class DecisionTest {
    private static final Objective SLO = new Objective(Duration.ofSeconds(1), 0.001);
    private static final List<Integer> LEVELS = List.of(100, 200, 300, 400, 500);
    private static final Footprint COST = new Footprint(0.5, 310.0, 120.0);

    private static Saturation.Point level(int vus, double p99Ms, long errors) {
        return new Saturation.Point(vus, vus * 2.0, p99Ms / 2, p99Ms, errors, vus * 100L, vus * 2.0, "vus", COST);
    }

    /** A model's search as saturate runs it: its levels in order, stopped at the first that misses the objective. */
    private static Saturation.ModelResult searched(String model, Saturation.Point... levels) {
        List<Saturation.Point> points = new ArrayList<>();
        String stop = Saturation.LAST_LEVEL;
        for (Saturation.Point p : levels) {
            points.add(p);
            if (!SLO.meets(p)) {
                stop = SLO.missedBy(p).orElseThrow();
                break;
            }
        }
        return Saturation.analyse(model, points, SLO, stop);
    }

    private static Decision decide(Saturation.ModelResult... models) {
        return Decision.of("block", SLO, LEVELS, List.of(models));
    }

    @Test
    void theCapacityIsTheLastLevelMeetingBothTheP99AndTheErrorShare() {
        // 200 VUs: 10 errors of 20,000 requests, 0.05 %: under 0.1 %, it counts. 400 VUs: p99 1,200 ms, past 1 s.
        Decision d = decide(searched("mvc-platform", level(100, 200, 0), level(200, 400, 10), level(300, 900, 0), level(400, 1200, 0)));

        Decision.Capacity c = d.capacities().getFirst();
        assertThat(c.vus()).isEqualTo(300);
        assertThat(c.stop()).isEqualTo(Decision.Stop.MISSED);
        assertThat(c.at().tps()).isEqualTo(600.0);
        assertThat(d.sentence(c)).isEqualTo("mvc-platform meets the objective up to 300 VUs (600.0 TPS at p99 900 ms, 0.50 ms of CPU per"
                + " request); the next level missed it: p99 1200 ms passed the SLO of 1000 ms at 400 VUs.");
    }

    @Test
    void aLevelWithTwoTenthsOfAPercentOfErrorsMissesIt() {
        // 300 VUs: 60 errors of 30,000 requests, 0.2 %.
        Decision d = decide(searched("mvc-virtual", level(100, 200, 0), level(200, 300, 0), level(300, 300, 60)));

        assertThat(d.capacities().getFirst().vus()).isEqualTo(200);
        assertThat(d.capacities().getFirst().stopReason()).startsWith("60 errors (0.2 % of 30000 requests");
    }

    @Test
    void aModelThatNeverMeetsItHasNone() {
        Decision d = decide(searched("mvc-platform", level(100, 1500, 0)));

        Decision.Capacity c = d.capacities().getFirst();
        assertThat(c.vus()).isNull();
        assertThat(d.sentence(c)).isEqualTo("mvc-platform met the objective at no level (p99 1500 ms passed the SLO of 1000 ms at 100 VUs):"
                + " its capacity is below 100 VUs, the first level.");
        assertThat(DecisionReport.markdown(d)).contains("| mvc-platform | none | — | — | — | — | — | — | p99 1500 ms passed");
        assertThat(DecisionReport.json(d)).containsEntry("highest", null);
    }

    @Test
    void capacitiesOneLevelApartAreSaidAsSeenWithoutAWinner() {
        Decision d = decide(
                searched("mvc-platform", level(100, 200, 0), level(200, 300, 0), level(300, 1100, 0)),
                searched("mvc-virtual", level(100, 200, 0), level(200, 300, 0), level(300, 400, 0), level(400, 1100, 0)));

        assertThat(d.highest()).isEmpty();
        assertThat(d.verdict()).isEqualTo("mvc-virtual met the objective at 300 VUs, one level above mvc-platform (200 VUs): one round a level"
                + " can fall either side of the objective near it, so none is named; levels between them would say.");
    }

    @Test
    void noneAgainstTheFirstLevelIsOneLevelApartToo() {
        Decision d = decide(
                searched("mvc-platform", level(100, 1100, 0)),
                searched("mvc-virtual", level(100, 200, 0), level(200, 1100, 0)));

        assertThat(d.highest()).isEmpty();
    }

    @Test
    void theModelMoreThanOneLevelAboveTheOthersIsNamed() {
        Decision d = decide(
                searched("mvc-platform", level(100, 200, 0), level(200, 1100, 0)),
                searched("mvc-virtual", level(100, 200, 0), level(200, 200, 0), level(300, 200, 0), level(400, 200, 0), level(500, 200, 0)));

        assertThat(d.highest()).map(Decision.Capacity::model).contains("mvc-virtual");
        assertThat(d.verdict()).isEqualTo("Highest capacity at the objective: mvc-virtual, 500 VUs, against 100 VUs for mvc-platform, the next.");
        assertThat(d.capacities().get(1).stop()).isEqualTo(Decision.Stop.LAST_LEVEL);
        assertThat(d.sentence(d.capacities().get(1))).contains("at every level, up to 500 VUs, the last").contains("at least that");
    }

    @Test
    void modelsTiedAtTheTopMoreThanOneLevelAboveTheRestAreNamedTogether() {
        // block at 1 s: platform threads miss a 1.5 s p99 past their 200 threads; the others meet every level
        Saturation.Point[] every = {level(100, 200, 0), level(200, 200, 0), level(300, 200, 0), level(400, 200, 0), level(500, 200, 0)};
        Decision d = decide(searched("mvc-platform", level(100, 200, 0), level(200, 1100, 0)), searched("mvc-virtual", every),
                searched("webflux", every));

        assertThat(d.highest()).isEmpty();
        assertThat(d.top()).extracting(Decision.Capacity::model).containsExactly("mvc-virtual", "webflux");
        assertThat(d.verdict()).isEqualTo("Highest capacity at the objective: any of mvc-virtual, webflux, at least 500 VUs each, against 100 VUs"
                + " for mvc-platform, the next; the search does not separate them.");
    }

    @Test
    void aSearchCutShortByAFailedCellIsNotOutranked() {
        // mvc-platform met 100 VUs, then its cell at 200 failed: its capacity is at least 100, unknown above.
        Saturation.ModelResult failed = Saturation.analyse("mvc-platform", List.of(level(100, 200, 0)), SLO,
                "the cell at 200 VUs failed: the server did not start");
        Decision d = decide(failed,
                searched("mvc-virtual", level(100, 200, 0), level(200, 200, 0), level(300, 200, 0), level(400, 200, 0), level(500, 200, 0)));

        assertThat(d.capacities().getFirst().stop()).isEqualTo(Decision.Stop.FAILED);
        assertThat(d.highest()).isEmpty();
        assertThat(d.verdict()).contains("the search of mvc-platform stopped at a failed cell");
    }

    @Test
    void theTableSaysWhatTheCellDidNotRecord() {
        Saturation.Point noHeap = new Saturation.Point(100, 200, 100, 200, 0, 10_000, 200.0, "vus", new Footprint(0.25, 300.0, null));
        Decision d = Decision.of("requests", SLO, List.of(100), List.of(Saturation.analyse("app-platform", List.of(noHeap), SLO, Saturation.LAST_LEVEL)));

        assertThat(DecisionReport.markdown(d))
                .contains("| model | capacity at objective (VUs) | TPS there | p99 ms | errors % | CPU ms per request | RSS MB | heap MB | stopped because |")
                .contains("| app-platform | 100 | 200.0 | 200.0 | 0.00 | 0.25 | 300 | not recorded | reached the last level |")
                .contains("One model searched: nothing to compare.");
    }
}
