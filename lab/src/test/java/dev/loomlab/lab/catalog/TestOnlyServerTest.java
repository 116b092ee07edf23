package dev.loomlab.lab.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.ceiling.Ceiling;
import dev.loomlab.lab.ceiling.PinnedCeiling;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server added by a descriptor alone (src/test/resources/catalog/test-only): the lab lists its
 * models, a plan accepts them, and the ceiling follows its descriptor — with no Java change.
 */
class TestOnlyServerTest {
    private static final Duration ONE_SECOND = Duration.ofSeconds(1);
    private static List<String> checkoutModels;

    @BeforeAll
    static void addTheTestOnlyServer() throws Exception {
        ServerCatalog.reload();
        checkoutModels = Model.idList();
        System.setProperty(ServerCatalog.EXTRA, Path.of(TestOnlyServerTest.class.getResource("/catalog").toURI()).toString());
        ServerCatalog.reload();
    }

    @AfterAll
    static void removeIt() {
        System.clearProperty(ServerCatalog.EXTRA);
        ServerCatalog.reload();
    }

    @Test
    void itsModelsAreListedAfterTheCheckoutsOnes() {
        List<String> after = new ArrayList<>(checkoutModels);
        after.addAll(List.of("test-only-pool", "test-only-virtual"));

        assertThat(Model.idList()).containsExactlyElementsOf(after);
        assertThat(Model.byId("test-only-pool").server()).isEqualTo("test-only");
    }

    @Test
    void aPlanAcceptsItsModels(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("test-only.yaml"), "name: test-only\nmodels: [test-only-pool, test-only-virtual]\n");

        Plan plan = PlanLoader.load(file.toString(), Map.of());

        assertThat(plan.models()).extracting(Model::id).containsExactly("test-only-pool", "test-only-virtual");
        assertThat(plan.jdksFor(Model.byId("test-only-pool"))).containsExactly((Integer) null);
    }

    @Test
    void itsRequestThreadsBoundTheCeilingWhateverTomcatThreadsSays() {
        Model pool = Model.byId("test-only-pool");

        Ceiling c = Ceiling.of(pool, Scenarios.BLOCK, ONE_SECOND, 500, 10, 150);

        assertThat(c.limitedBy()).isEqualTo("threads");
        assertThat(c.formula()).isEqualTo("min(500 VUs, 32 threads) / 1.000 s = 32.0 TPS");
        assertThat(pool.requestThreadsArgs(10)).as("the setting does not reach it").isEmpty();
    }

    @Test
    void itsCarrierRuleSetsThePinnedCeiling() {
        Model virtual = Model.byId("test-only-virtual");
        Ceiling vus = Ceiling.of(virtual, Scenarios.PINNED, ONE_SECOND, 500, 200, 150);

        Ceiling pinned = PinnedCeiling.apply(vus, virtual, Scenarios.PINNED, ONE_SECOND, 21, 2);

        assertThat(pinned.limitedBy()).isEqualTo("carriers");
        assertThat(pinned.tps()).isEqualTo(8.0);
    }

    @Test
    void itServesWhatItsDescriptorSays() {
        Model pool = Model.byId("test-only-pool");

        assertThat(pool.notServed(Scenarios.CPU)).hasValue("the test-only server burns no CPU on purpose");
        assertThat(pool.notServed(Scenarios.FAN_OUT_PARALLEL)).hasValue("the test-only server has no downstream client");
        assertThat(pool.served()).contains(Scenarios.BLOCK, Scenarios.PINNED).doesNotContain(Scenarios.CPU);
        assertThat(pool.defaultJdk()).isEqualTo(22);
        assertThat(pool.args()).containsExactly("--test.threads=platform");
    }
}
