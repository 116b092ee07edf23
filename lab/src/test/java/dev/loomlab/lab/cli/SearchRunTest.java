package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The plan a search runs: the contract's block by default, a service's own request mix when its plan has one. */
class SearchRunTest {
    private static Plan decidePlan(String... args) {
        CommandLine cli = Loomlab.commandLine();
        String[] all = new String[args.length + 1];
        all[0] = "decide";
        System.arraycopy(args, 0, all, 1, args.length);
        cli.parseArgs(all);
        DecideCommand decide = cli.getSubcommands().get("decide").getCommand();
        return SearchRun.plan(decide.options, "decide");
    }

    private static Path shopPlan(Path dir) throws Exception {
        Path plan = dir.resolve("shop.yaml");
        Files.writeString(plan, "name: shop\nrequests:\n  - name: product\n    path: /products/1\n");
        return plan;
    }

    @Test
    void theContractsPlanSearchesBlockInOneRound() {
        Plan plan = decidePlan("--models", "mvc-platform,mvc-virtual");

        assertThat(plan.scenarios()).extracting(s -> s.id()).containsExactly("block");
        assertThat(plan.rounds()).isEqualTo(1);
    }

    @Test
    void aPlanOfRequestsWithAJarSearchesItsOwnMixOnTheJar(@TempDir Path dir) throws Exception {
        // a file named .jar is enough to plan with: the platform model asks nothing of its manifest
        Path jar = Files.writeString(dir.resolve("shop.jar"), "");

        Plan plan = decidePlan("--plan", shopPlan(dir).toString(), "--app", jar.toString(), "--models", "app-platform");

        assertThat(plan.scenarios()).containsExactly(Scenarios.REQUESTS);
        assertThat(plan.models()).extracting(Model::id).containsExactly("app-platform");
        assertThat(plan.app()).isPresent();
    }

    @Test
    void aPlanOfRequestsWithoutAJarIsRefused(@TempDir Path dir) throws Exception {
        Path plan = shopPlan(dir);

        assertThatThrownBy(() -> decidePlan("--plan", plan.toString()))
                .isInstanceOf(PlanException.class)
                .hasMessage("requests go to a service of yours: decide starts it at each level from --app JAR");
    }
}
