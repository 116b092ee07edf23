package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CellOrderTest {
    private static final List<String> MODELS = List.of("mvc-platform", "mvc-virtual", "webflux");

    @Test
    void aFixedOrderIsThePlansOwn() {
        assertThat(CellOrder.FIXED.arrange(MODELS, 3, 1)).isEqualTo(MODELS);
    }

    @Test
    void aShuffledOrderIsThePlansModelsReproducedByItsSeedAndVariesBetweenRounds() {
        CellOrder order = new CellOrder.Shuffled(42);
        Set<String> firsts = new HashSet<>();
        Set<List<String>> orders = new HashSet<>();
        for (int round = 1; round <= 20; round++) {
            List<String> arranged = order.arrange(MODELS, round, 0);
            assertThat(arranged).containsExactlyInAnyOrderElementsOf(MODELS);
            assertThat(new CellOrder.Shuffled(42).arrange(MODELS, round, 0)).as("the same seed, the same order").isEqualTo(arranged);
            firsts.add(arranged.getFirst());
            orders.add(arranged);
        }
        // over 20 rounds every model leads at least once, and no single order repeats throughout
        assertThat(firsts).containsExactlyInAnyOrderElementsOf(MODELS);
        assertThat(orders).hasSizeGreaterThan(1);
    }

    @Test
    void aPlanShufflesByDefaultRecordsItsSeedAndTakesNoSeedWhenFixed() {
        Plan plan = PlanLoader.load("quick", Map.of());
        assertThat(plan.order()).isInstanceOf(CellOrder.Shuffled.class);
        PlanDocument recorded = PlanDocument.of(plan);
        assertThat(recorded.order()).isEqualTo("shuffled");
        assertThat(recorded.seed()).isEqualTo(((CellOrder.Shuffled) plan.order()).seed());
        assertThat(PlanLoader.load("quick", Map.of("seed", "7")).order()).isEqualTo(new CellOrder.Shuffled(7));
        assertThat(PlanLoader.load("quick", Map.of("order", "fixed")).order()).isEqualTo(CellOrder.FIXED);
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("order", "fixed", "seed", "7")))
                .hasMessage("seed applies to order: shuffled; order: fixed runs the plan's own order");
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("order", "random")))
                .hasMessage("order: unknown value 'random' (allowed: shuffled, fixed)");
    }
}
