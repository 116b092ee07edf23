package dev.loomlab.lab.cell;

import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.server.ServerHandle;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The contract checks of one run's servers. The first server of each build (a model on a JDK with a JDBC driver: what
 * a cell's label names) is checked on every scenario of the plan it serves: a fault in one is a fault of the build, and
 * fails every cell of it. Each later server of that build, the same jar on the same JDK with the same settings, is
 * checked on its own cell's scenario only: the rest was checked on its twin, and a cell of a plan of four scenarios
 * spent 0.59 s on its check where one of a single scenario spent 0.24 s.
 */
public final class ContractChecks {
    /** By build: why its whole contract failed, or empty when it held. */
    private final Map<String, Optional<String>> builds = new ConcurrentHashMap<>();

    /** Empty when the cell may be measured; else why not (a broken contract fails it, an unserved scenario skips it). */
    Optional<Stop> check(ServerHandle server, Cell cell, Plan plan) {
        if (!plan.requests().isEmpty() || cell.target()) {
            return Verify.contract(server, cell, plan);
        }
        String build = cell.label(plan.jdkAxis());
        Optional<String> whole = builds.get(build);
        if (whole == null) {
            Optional<Stop> outcome = Verify.contract(server, cell, plan);
            builds.putIfAbsent(build, outcome.filter(stop -> !stop.skipped()).map(Stop::reason));
            return outcome;
        }
        if (whole.isPresent()) {
            return Optional.of(Stop.failed(whole.get()));
        }
        return Verify.contract(server, cell, List.of(cell.scenario()));
    }
}
