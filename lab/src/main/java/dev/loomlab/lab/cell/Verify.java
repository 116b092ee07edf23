package dev.loomlab.lab.cell;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.server.ServerHandle;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.scenario.verify.Verification;
import java.util.List;
import java.util.Optional;

/**
 * The second stage: the server keeps the contract before anything is measured. A server the lab
 * started is checked on every scenario of the plan it serves (a fault in one is a fault of the
 * build), once per build in a run ({@link ContractChecks}); a target only on the cell's scenario. A service of the user's own, with the plan's requests, is checked on
 * those instead ({@link RequestCheck}).
 */
public final class Verify {
    private Verify() {
    }

    /** Empty when the cell may be measured; else why not (a broken contract fails it, an unserved scenario skips it). */
    public static Optional<Stop> contract(ServerHandle server, Cell cell, Plan plan) {
        if (!plan.requests().isEmpty()) {
            return RequestCheck.check(server.baseUrl(), plan.requests(), plan.tls())
                    .map(wrong -> Stop.failed("request check failed: " + wrong));
        }
        Model model = cell.model().orElse(null);
        return contract(server, cell, cell.target() ? List.of(cell.scenario())
                : plan.scenarios().stream().filter(s -> model.notServed(s).isEmpty()).toList());
    }

    /** The same on {@code scenarios}, which hold the cell's own. */
    static Optional<Stop> contract(ServerHandle server, Cell cell, List<Scenario> scenarios) {
        Scenario scenario = cell.scenario();
        Verification verification = new ContractVerifier().verify(server.baseUrl(), scenarios);
        if (!verification.passed()) {
            return Optional.of(Stop.failed("contract check failed: " + verification.failures().getFirst()));
        }
        return verification.notServed(scenario.id())
                .map(why -> Stop.skipped("the server does not serve " + scenario + " here: " + why));
    }
}
